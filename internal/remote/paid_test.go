package remote

import (
	"context"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
	"github.com/lgraph/lgraph/pipeline"
)

// modelIndexer indexes with the openai provider against srv, an
// OpenAI-compatible server on a loopback port.
func modelIndexer(t *testing.T, dir string, srv *llmtest.Server) *lgtest.Indexer {
	t.Helper()
	p, err := llm.NewOpenAI(llm.Config{BaseURL: srv.BaseURL(), Model: "gpt-4o-mini", APIKey: "sk-test-remote",
		Retries: 2, MaxConcurrency: 2, JSONSchema: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ix := lgtest.New(t, dir)
	ix.LLM = p
	ix.Config.LLM.Provider = "openai"
	ix.Config.LLM.BaseURL = srv.BaseURL()
	return ix
}

// TestModelResultsNotPaidTwice: a squash-merged change was summarized by
// CI on its feature branch; a clone of main, whose nearest snapshot is
// from before the change, pulls and updates without one model call.
func TestModelResultsNotPaidTwice(t *testing.T) {
	ctx := context.Background()
	srv := llmtest.NewServer(t)
	origin := gittest.New(t)
	origin.Write(sourceFiles)
	origin.Commit("first")
	ci := modelIndexer(t, origin.Dir, srv)
	ci.MustRun(t, "init", false)
	r := openRemote(t, t.TempDir())
	if _, err := r.Push(ctx, openStore(t, ci.StoreDir), "main"); err != nil {
		t.Fatal(err)
	}
	change := map[string]string{"util/nums.go": "package util\n\n// Thrice triples a number.\nfunc Thrice(n int) int { return n * 3 }\n"}
	origin.Git("checkout", "-q", "-b", "feature")
	origin.Write(change)
	origin.Commit("feature work")
	ci.MustRun(t, "update", false)
	if _, err := r.Push(ctx, openStore(t, ci.StoreDir), "feature"); err != nil {
		t.Fatal(err)
	}

	dev := gittest.New(t)
	dev.Git("fetch", "-q", origin.Dir, "main")
	dev.Git("reset", "-q", "--hard", "FETCH_HEAD")
	dev.Write(change)
	dev.Commit("squash-merge feature")
	devIx := modelIndexer(t, dev.Dir, srv)
	repo, err := gitrepo.Open(dev.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	head, _ := repo.Head()
	cfg := devIx.Config
	rep, err := r.Pull(ctx, PullOptions{Store: openStore(t, devIx.StoreDir), Repo: repo, Branch: "main", Head: head.Commit,
		Producer: Producer{ConfigKey: cfg.OutputKey(), Versions: pipeline.Versions(devIx.LLM, &cfg)}, Keep: 16})
	if err != nil || !rep.Found || rep.Distance != 1 {
		t.Fatalf("pull: %+v, %v", rep, err)
	}
	before := srv.Calls()
	run := devIx.MustRun(t, "update", false)
	if run.Changes.Modified != 1 || run.Outcome != "published" {
		t.Fatalf("update after pull: %+v", run)
	}
	if n := srv.Calls() - before; n != 0 || run.Tokens.Prompt+run.Tokens.Completion != 0 {
		t.Fatalf("the clone paid %d model calls (%+v tokens) for results CI had paid for", n, run.Tokens)
	}
}
