// Package lgtest runs lgraph's pipeline in-process for tests and
// benchmarks: index a repository into a store, export its graph.
package lgtest

import (
	"bytes"
	"context"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/graph"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/wiki"
	"github.com/lgraph/lgraph/pipeline"
)

// Indexer indexes one repository into one store.
type Indexer struct {
	RepoDir  string
	StoreDir string
	Config   config.Config
	Langs    *lang.Registry
	// DryRun makes runs report what they would do and publish nothing.
	DryRun bool
	// LLM is the summary provider passed to the pipeline; nil means offline.
	LLM llm.Provider
}

// New returns an indexer with default config and a fresh store in a temp dir.
func New(t testing.TB, repoDir string) *Indexer {
	return &Indexer{RepoDir: repoDir, StoreDir: t.TempDir(), Config: config.Default(), Langs: all.Registry()}
}

// Run runs init (full) or update and returns the ledger entry.
func (ix *Indexer) Run(ctx context.Context, command string, full bool) (*store.Run, error) {
	repo, err := gitrepo.Open(ix.RepoDir)
	if err != nil {
		return nil, err
	}
	defer repo.Close()
	s, err := store.Open(ix.StoreDir, true)
	if err != nil {
		return nil, err
	}
	cfg := ix.Config
	return pipeline.Run(ctx, pipeline.Options{Repo: repo, Store: s, Config: &cfg, Langs: ix.Langs, LLM: ix.LLM, Command: command, Full: full, DryRun: ix.DryRun})
}

// MustRun is Run that fails the test on error.
func (ix *Indexer) MustRun(t testing.TB, command string, full bool) *store.Run {
	t.Helper()
	r, err := ix.Run(context.Background(), command, full)
	if err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	return r
}

// Export returns the jsonl export of the published snapshot of branch.
// CheckIndex fails the test when a branch's published index has drifted
// from the entries its records derive.
func (ix *Indexer) CheckIndex(t testing.TB, branch string) {
	t.Helper()
	s, ref := ix.PublishedRef(t, branch)
	if err := pipeline.CheckIndex(s, ref, ix.Langs); err != nil {
		t.Fatal(err)
	}
	snap, err := s.OpenSnapshot(ref)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	model := "offline"
	if ix.LLM != nil {
		model = ix.LLM.ID()
	}
	if err := wiki.CheckInputs(snap, ix.Config.Wiki.Modules, model); err != nil {
		t.Fatal(err)
	}
}

func (ix *Indexer) Export(t testing.TB, branch string) string {
	t.Helper()
	snap := ix.Published(t, branch)
	defer snap.Close()
	var buf bytes.Buffer
	if err := graph.Write(&buf, graph.Build(snap), "jsonl"); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// PublishedRef opens the store and reads branch's ref, failing the test
// when there is none.
func (ix *Indexer) PublishedRef(t testing.TB, branch string) (*store.Store, *store.Ref) {
	t.Helper()
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := s.ReadRef(branch)
	if err != nil || ref == nil {
		t.Fatalf("read ref %s: %v", branch, err)
	}
	return s, ref
}

// Published opens the published snapshot of branch, failing the test when
// there is none. The caller closes it.
func (ix *Indexer) Published(t testing.TB, branch string) *snapshot.Snapshot {
	t.Helper()
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	_, snap, err := s.LoadPublished(branch)
	if err != nil || snap == nil {
		t.Fatalf("load %s: %v (snapshot %v)", branch, err, snap != nil)
	}
	return snap
}

// IndexedView commits files as one commit of a new repository, indexes it
// with init and opens the published view as every read does: the fixture
// of tests that exercise a read on a real store.
func IndexedView(t *testing.T, files map[string]string) *readview.View {
	t.Helper()
	repo := gittest.New(t)
	repo.Write(files)
	repo.Commit("base")
	ix := New(t, repo.Dir)
	ix.MustRun(t, "init", true)
	e, err := readview.OpenEnv(readview.Location{RepoDir: repo.Dir, StoreDir: ix.StoreDir}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Repo.Close() })
	v, err := readview.Open(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
