package remote

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/pipeline"
)

// sourceFiles is a small repository whose files call across one another,
// so a pulled snapshot's edges and an update's re-resolution both matter.
var sourceFiles = map[string]string{
	"go.mod":          "module example.com/app\n\ngo 1.22\n",
	"util/strings.go": "package util\n\n// Upper shouts.\nfunc Upper(s string) string { return s + \"!\" }\n",
	"util/nums.go":    "package util\n\n// Twice doubles.\nfunc Twice(n int) int { return n * 2 }\n",
	"main.go":         "package main\n\nimport \"example.com/app/util\"\n\nfunc main() { println(util.Upper(\"hi\"), util.Twice(2)) }\n",
	"tool/app.py":     "import os\n\ndef run():\n    return os.environ.get(\"APP_MODE\")\n",
}

func producer() Producer {
	cfg := config.Default()
	return Producer{ConfigKey: cfg.OutputKey(), Versions: pipeline.Versions(llm.NewOffline(), &cfg)}
}

func openRemote(t *testing.T, dir string) *Remote {
	t.Helper()
	r, err := Open(context.Background(), "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func openStore(t *testing.T, dir string) *store.Store {
	t.Helper()
	s, err := store.Open(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// cloneOf makes a second repository holding origin's main.
func cloneOf(t *testing.T, origin *gittest.Repo) *gittest.Repo {
	t.Helper()
	c := gittest.New(t)
	c.Git("fetch", "-q", origin.Dir, "main")
	c.Git("reset", "-q", "--hard", "FETCH_HEAD")
	return c
}

func pull(t *testing.T, r *Remote, repoDir, storeDir string) (*PullReport, error) {
	t.Helper()
	repo, err := gitrepo.Open(repoDir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	head, err := repo.Head()
	if err != nil {
		t.Fatal(err)
	}
	return r.Pull(context.Background(), PullOptions{Store: openStore(t, storeDir), Repo: repo, Branch: "main", Head: head.Commit,
		Producer: producer(), Keep: 16})
}

func TestPushPullUpdateEqualsInit(t *testing.T) {
	ctx := context.Background()
	origin := gittest.New(t)
	origin.Write(sourceFiles)
	origin.Commit("first")
	ci := lgtest.New(t, origin.Dir)
	ci.MustRun(t, "init", false)
	r := openRemote(t, t.TempDir())

	first, err := r.Push(ctx, openStore(t, ci.StoreDir), "main")
	if err != nil {
		t.Fatal(err)
	}
	if first.Transfer.ObjectsMoved == 0 || first.Transfer.BytesMoved == 0 || !first.SnapshotNew || first.HeadSeq != 1 {
		t.Fatalf("first push moved nothing: %+v", first)
	}
	again, err := r.Push(ctx, openStore(t, ci.StoreDir), "main")
	if err != nil {
		t.Fatal(err)
	}
	if again.Transfer.BytesMoved != 0 || again.Transfer.ObjectsMoved != 0 || again.SnapshotNew || again.HeadSeq != 1 {
		t.Fatalf("second push of the same commit moved %+v, want nothing", again)
	}
	if again.Transfer.ObjectsSkipped != first.Transfer.ObjectsMoved {
		t.Errorf("second push found %d objects there, the first moved %d", again.Transfer.ObjectsSkipped, first.Transfer.ObjectsMoved)
	}
	if facts, err := r.remoteEntries(ctx, "facts"); err != nil || len(facts) != len(sourceFiles)-1 {
		t.Fatalf("%d facts entries on the remote, want one per code file (%v)", len(facts), err)
	}

	// A developer's clone, one commit ahead of CI, starts from the pull.
	dev := cloneOf(t, origin)
	dev.Write(map[string]string{"util/nums.go": "package util\n\n// Thrice triples.\nfunc Thrice(n int) int { return n * 3 }\n",
		"main.go": "package main\n\nimport \"example.com/app/util\"\n\nfunc main() { println(util.Upper(\"hi\"), util.Thrice(2)) }\n"})
	dev.Commit("second")
	devIx := lgtest.New(t, dev.Dir)
	rep, err := pull(t, r, dev.Dir, devIx.StoreDir)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Found || rep.Distance != 1 || rep.Commit != first.Commit || rep.Transfer.ObjectsMoved == 0 {
		t.Fatalf("pull: %+v", rep)
	}
	run := devIx.MustRun(t, "update", false)
	if run.From == nil || *run.From != first.Commit {
		t.Fatalf("update after pull started from %v, want the pulled %s", run.From, first.Commit)
	}
	if run.Changes.Modified != 2 {
		t.Errorf("update after pull changed %+v, want the 2 files of one commit", run.Changes)
	}
	fresh := lgtest.New(t, dev.Dir)
	fresh.MustRun(t, "init", false)
	if got, want := devIx.Export(t, "main"), fresh.Export(t, "main"); got != want {
		t.Fatalf("update after pull differs from init:\n--- update\n%s\n--- init\n%s", got, want)
	}
	devIx.CheckIndex(t, "main")

	// The same commit pulled into a third store exports what CI has.
	same := cloneOf(t, origin)
	sameIx := lgtest.New(t, same.Dir)
	if rep, err := pull(t, r, same.Dir, sameIx.StoreDir); err != nil || rep.Distance != 0 {
		t.Fatalf("pull at the pushed commit: %+v, %v", rep, err)
	}
	if got, want := sameIx.Export(t, "main"), ci.Export(t, "main"); got != want {
		t.Fatal("a pulled snapshot exports differently from the pushed one")
	}
	if run := sameIx.MustRun(t, "update", false); run.Outcome != store.OutcomeUpToDate {
		t.Errorf("update right after a pull at HEAD: %s, want %s", run.Outcome, store.OutcomeUpToDate)
	}
}

func TestPullRefusesCorruptObject(t *testing.T) {
	ctx := context.Background()
	origin := gittest.New(t)
	origin.Write(sourceFiles)
	origin.Commit("first")
	ci := lgtest.New(t, origin.Dir)
	ci.MustRun(t, "init", false)
	remoteDir := t.TempDir()
	r := openRemote(t, remoteDir)
	pushed, err := r.Push(ctx, openStore(t, ci.StoreDir), "main")
	if err != nil {
		t.Fatal(err)
	}
	s := openStore(t, ci.StoreDir)
	ref, _ := s.ReadRef("main")
	f, err := s.TableFile(ref.Tables[0])
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	// Flip one byte of every table object the remote holds.
	tables, err := filepath.Glob(filepath.Join(remoteDir, "objects", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	flipped := 0
	for _, p := range tables {
		if filepath.Base(p) == pushed.Manifest {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)/2] ^= 0xff
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		flipped++
	}
	if flipped == 0 {
		t.Fatal("no table object to corrupt")
	}
	dev := cloneOf(t, origin)
	devStore := t.TempDir()
	_, err = pull(t, r, dev.Dir, devStore)
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("pull of a corrupted table: %v, want ErrCorrupt", err)
	}
	if ref, err := openStore(t, devStore).ReadRef("main"); err != nil || ref != nil {
		t.Fatalf("a refused pull published %+v (%v)", ref, err)
	}

	// A corrupted manifest is refused too.
	manifest := filepath.Join(remoteDir, "objects", pushed.Manifest[:2], pushed.Manifest)
	if err := os.WriteFile(manifest, []byte(`{"format":7}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := pull(t, r, dev.Dir, devStore); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("pull of a corrupted manifest: %v, want ErrCorrupt", err)
	}
}

func TestConcurrentPushersBothLand(t *testing.T) {
	ctx := context.Background()
	remoteDir := t.TempDir()
	var stores []string
	var commits []string
	for i, extra := range []string{"a.go", "b.go"} {
		repo := gittest.New(t)
		repo.Write(sourceFiles)
		repo.Write(map[string]string{extra: "package main\n\nfunc extra" + string(rune('A'+i)) + "() {}\n"})
		commits = append(commits, repo.Commit("diverged"))
		ix := lgtest.New(t, repo.Dir)
		ix.MustRun(t, "init", false)
		stores = append(stores, ix.StoreDir)
	}
	reports := make([]*PushReport, len(stores))
	errs := make([]error, len(stores))
	var wg sync.WaitGroup
	for i, dir := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each pusher has its own connection, as two CI jobs would.
			r, err := Open(ctx, "file://"+remoteDir)
			if err != nil {
				errs[i] = err
				return
			}
			defer r.Close()
			reports[i], errs[i] = r.Push(ctx, openStore(t, dir), "main")
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	r := openRemote(t, remoteDir)
	heads, err := r.heads(ctx, "main")
	if err != nil {
		t.Fatal(err)
	}
	if len(heads) != 2 || heads[0].Manifest == heads[1].Manifest {
		t.Fatalf("two pushers left pointer entries %+v, want one for each", heads)
	}
	latest, err := r.LatestHead(ctx, "main")
	if err != nil || latest == nil || (latest.Manifest != reports[0].Manifest && latest.Manifest != reports[1].Manifest) {
		t.Fatalf("latest pointer %+v (%v) names neither push", latest, err)
	}
	for _, c := range commits {
		if ok, err := r.exists(ctx, snapshotKey(c, producer())); err != nil || !ok {
			t.Errorf("snapshot of %.12s missing after concurrent pushes (%v)", c, err)
		}
	}
}
