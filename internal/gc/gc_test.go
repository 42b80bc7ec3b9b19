package gc_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/gc"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
)

var files = map[string]string{
	"app/util.py": "def helper():\n    return 1\n",
	"app/main.py": "from app.util import helper\n\n\ndef run():\n    helper()\n",
	"app/a.py":    "from app.util import helper\n\n\ndef a():\n    helper()\n",
	"app/b.py":    "from app.util import helper\n\n\ndef b():\n    return helper()\n",
	"lib/x.py":    "def x():\n    return 'x'\n",
}

func collect(t *testing.T, s *store.Store, live func(*store.Ref) bool) *gc.Report {
	t.Helper()
	rep, err := gc.Run(context.Background(), gc.Options{Store: s, Live: live, KeepRuns: 100})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func except(branch string) func(*store.Ref) bool {
	return func(r *store.Ref) bool { return r.Branch != branch }
}

// TestReadersBesideGC: a reader that opened a snapshot gc then removes
// keeps reading it; a reader that read a ref but had not opened its tables
// yet finds the branch gone (not an error) if gc removed it, and its
// tables whole if gc kept it.
func TestReadersBesideGC(t *testing.T) {
	r := gittest.New(t)
	r.Write(files)
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)
	r.Git("checkout", "-q", "-b", "gone")
	r.Write(map[string]string{"lib/y.py": "from lib.x import x\n\n\ndef y():\n    x()\n"})
	r.Commit("gone")
	ix.MustRun(t, "update", false)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	goneRef, open, err := s.LoadPublished("gone")
	if err != nil || open == nil {
		t.Fatal(err)
	}
	defer open.Close()
	mainRef, err := s.ReadRef("main")
	if err != nil || mainRef == nil {
		t.Fatal(err)
	}

	rep := collect(t, s, except("gone"))
	if len(rep.RefsRemoved) != 1 || rep.Tables.Removed == 0 {
		t.Fatalf("gc removed refs %v and %d tables; want gone's", rep.RefsRemoved, rep.Tables.Removed)
	}
	if f := open.Files.Get("lib/y.py"); f == nil || len(f.Res.Edges) == 0 {
		t.Fatalf("the snapshot a reader held open lost lib/y.py: %+v", f)
	}
	if _, err := s.OpenSnapshot(goneRef); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("open the removed ref's tables: %v, want not-exist", err)
	}
	if ref, snap, err := s.LoadPublished("gone"); err != nil || ref != nil || snap != nil {
		t.Fatalf("load the removed branch: ref %v, err %v; want none and no error", ref, err)
	}
	snap, err := s.OpenSnapshot(mainRef)
	if err != nil {
		t.Fatalf("a ref read before gc lost its tables: %v", err)
	}
	defer snap.Close()
	if snap.Files.Get("app/util.py") == nil {
		t.Fatal("main's snapshot lost app/util.py")
	}
	ix.CheckIndex(t, "main")
}

func TestGCBusyBesideWriter(t *testing.T) {
	_, _, s := indexedStore(t)
	c, err := cache.Open(context.Background(), s.CacheDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	before := s.Size()
	_, err = gc.Run(context.Background(), gc.Options{Store: s, Live: except("main"), KeepRuns: 1})
	if !errors.Is(err, store.ErrBusy) {
		t.Fatalf("gc beside a writer: %v, want ErrBusy", err)
	}
	if ref, _ := s.ReadRef("main"); ref == nil || s.Size() != before {
		t.Fatal("gc beside a writer changed the store")
	}
}

// stoppedRun indexes files with a fake paid model, then stops an update
// on its budget: its model results are in the cache, in no snapshot.
func stoppedRun(t *testing.T) (*lgtest.Indexer, *llmtest.Server, *store.Run) {
	t.Helper()
	r := gittest.New(t)
	r.Write(files)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	ix := lgtest.New(t, r.Dir)
	p, err := llm.NewOpenAI(llm.Config{BaseURL: srv.BaseURL(), Model: "gpt-4o-mini", APIKey: "sk-test",
		Retries: 1, MaxConcurrency: 1, JSONSchema: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ix.LLM, ix.Config.LLM.Provider, ix.Config.LLM.BaseURL, ix.Config.LLM.MaxConcurrency = p, "openai", srv.BaseURL(), 1
	ix.MustRun(t, "init", false)
	r.Write(map[string]string{
		"app/util.py": "def helper():\n    return 2\n", "app/a.py": files["app/a.py"] + "\n# a2\n",
		"app/b.py": files["app/b.py"] + "\n# b2\n", "lib/x.py": "def x():\n    return 'y'\n",
	})
	r.Commit("change")
	ix.Config.LLM.BudgetTokens = llm.ReplyReserve + 200 // the first request fits, the second does not
	stopped, err := ix.Run(context.Background(), "update", false)
	if !errors.Is(err, llm.ErrBudget) || stopped.Outcome != store.OutcomeBudgetStopped {
		t.Fatalf("update with a small budget: %v, %+v", err, stopped)
	}
	ix.Config.LLM.BudgetTokens = 0
	return ix, srv, stopped
}

// TestGCKeepsWhatAStoppedRunPaidFor: the model results of a run stopped
// on its budget are in no snapshot yet; gc keeps them, so the rerun after
// gc sends no prompt twice.
func TestGCKeepsWhatAStoppedRunPaidFor(t *testing.T) {
	ix, srv, _ := stoppedRun(t)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	rep := collect(t, s, func(*store.Ref) bool { return true })
	if rep.Cache.PaidKept == 0 || rep.Cache.PaidKeptReason == "" {
		t.Fatalf("gc kept no model result of the stopped run: %+v", rep.Cache)
	}
	ix.MustRun(t, "update", false)
	noPromptTwice(t, srv)
	// Once published, nothing is pending: a second gc removes the results
	// no snapshot uses (the init's summaries of the changed files).
	if rep := collect(t, s, func(*store.Ref) bool { return true }); rep.Cache.PaidKept != 0 || rep.Cache.Removed == 0 {
		t.Fatalf("gc after the rerun published: %+v", rep.Cache)
	}
}

// TestGCKeepsPaidResultsBehindADamagedEntry: when the stopped run's ledger
// entry cannot be read, gc cannot tell it was unfinished: it warns, naming
// the file, and keeps what a model was paid for rather than guess.
func TestGCKeepsPaidResultsBehindADamagedEntry(t *testing.T) {
	ix, srv, stopped := stoppedRun(t)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(s.Dir, "runs", fmt.Sprintf("%08d.json", stopped.ID))
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var warned []string
	rep, err := gc.Run(context.Background(), gc.Options{Store: s, Live: func(*store.Ref) bool { return true }, KeepRuns: 100,
		Warn: func(w string) { warned = append(warned, w) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], file) || !cmp.Equal(rep.Warnings, warned) {
		t.Fatalf("warnings %q (report %q), want one naming %s", warned, rep.Warnings, file)
	}
	if rep.Cache.PaidKept == 0 || !strings.Contains(rep.Cache.PaidKeptReason, file) {
		t.Fatalf("gc did not keep the paid results behind the damaged entry: %+v", rep.Cache)
	}
	ix.MustRun(t, "update", false)
	noPromptTwice(t, srv)
}

func noPromptTwice(t *testing.T, srv *llmtest.Server) {
	t.Helper()
	seen := map[string]bool{}
	for _, req := range srv.Requests() {
		prompt := llmtest.PromptText(req.Chat)
		if seen[prompt] {
			t.Fatalf("a prompt was sent twice (paid again after gc): %.200q", prompt)
		}
		seen[prompt] = true
	}
}

// TestGCOverADamagedCache: a cache badger cannot open is moved aside and
// replaced by an empty one; gc then claims no model result kept (they
// went with the old cache) and says they will be paid for again.
func TestGCOverADamagedCache(t *testing.T) {
	ix, _, _ := stoppedRun(t)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := filepath.Glob(filepath.Join(s.CacheDir(), "*.sst"))
	if err != nil || len(tables) == 0 {
		t.Fatalf("no cache tables (%v)", err)
	}
	for _, name := range tables {
		if err := os.Truncate(name, 10); err != nil {
			t.Fatal(err)
		}
	}
	var warned []string
	rep, err := gc.Run(context.Background(), gc.Options{Store: s, Live: func(*store.Ref) bool { return true }, KeepRuns: 100,
		Warn: func(w string) { warned = append(warned, w) }})
	if err != nil {
		t.Fatalf("gc over a damaged cache: %v", err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], s.CacheDir()+".corrupt-") || !strings.Contains(warned[0], "paid for again") {
		t.Fatalf("warnings %q, want one saying where the cache went and that its results are paid again", warned)
	}
	if rep.Cache.PaidKept != 0 || rep.Cache.PaidKeptReason != "" || rep.Cache.Kept != 0 {
		t.Fatalf("gc claims results kept from a cache it replaced: %+v", rep.Cache)
	}
	ix.MustRun(t, "update", false)
}

// indexedStore commits files, indexes them and opens the store.
func indexedStore(t *testing.T) (*gittest.Repo, *lgtest.Indexer, *store.Store) {
	t.Helper()
	r := gittest.New(t)
	r.Write(files)
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	return r, ix, s
}
