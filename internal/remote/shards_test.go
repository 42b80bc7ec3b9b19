package remote

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/pipeline"
)

// runShard runs shard s of the repository at dir into a fresh store and
// uploads it.
func runShard(t *testing.T, r *Remote, dir, storeDir string, s Shard) (*pipeline.FactsReport, *ShardPushReport) {
	t.Helper()
	ctx := context.Background()
	repo, err := gitrepo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	st := openStore(t, storeDir)
	cfg := config.Default()
	facts, err := pipeline.Facts(ctx, pipeline.Options{Repo: repo, Store: st, Config: &cfg, Langs: all.Registry()}, s.Holds)
	if err != nil {
		t.Fatal(err)
	}
	up, err := r.PushShard(ctx, st, ShardPush{Commit: facts.Commit, Producer: producer(), Shard: s, Keys: facts.Keys})
	if err != nil {
		t.Fatal(err)
	}
	return facts, up
}

func fetchShards(t *testing.T, r *Remote, storeDir, commit string) *ShardFetchReport {
	t.Helper()
	rep, err := r.FetchShards(context.Background(), openStore(t, storeDir), commit, producer(), false)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func explicitCounts(run *store.Run) (parsed, hits int) {
	for _, p := range run.Phases {
		if p.Name == "explicit" {
			return p.Extra["parsed"], p.Extra["cache_hits"]
		}
	}
	return -1, -1
}

func TestShardsAssembleWithoutParsing(t *testing.T) {
	origin := gittest.New(t)
	origin.Write(sourceFiles)
	origin.Commit("first")
	r := openRemote(t, t.TempDir())
	codeFiles := len(sourceFiles) - 1 // go.mod is a project file
	seen, commit := 0, ""
	for i := 1; i <= 3; i++ {
		facts, up := runShard(t, r, cloneOf(t, origin).Dir, t.TempDir(), Shard{i, 3})
		if facts.Parsed != facts.Files || len(facts.Keys) != facts.Files {
			t.Errorf("shard %d/3: %d files, %d parsed, %d keys", i, facts.Files, facts.Parsed, len(facts.Keys))
		}
		if facts.Resolved != 0 {
			t.Errorf("shard %d/3 resolved %d files; the assembling init resolves them", i, facts.Resolved)
		}
		if facts.Files > 0 && up.Transfer.BytesMoved == 0 {
			t.Errorf("shard %d/3 uploaded nothing for %d files", i, facts.Files)
		}
		seen += facts.Files
		commit = facts.Commit
	}
	if seen != codeFiles {
		t.Fatalf("the 3 shards parsed %d files, the tree has %d code files", seen, codeFiles)
	}
	// A shard run again, from a fresh clone and store, uploads nothing.
	_, again := runShard(t, r, cloneOf(t, origin).Dir, t.TempDir(), Shard{2, 3})
	if again.Transfer.BytesMoved != 0 || again.Transfer.ObjectsMoved != 0 {
		t.Errorf("shard 2/3 run again moved %+v, want nothing", again.Transfer)
	}

	asm := lgtest.New(t, cloneOf(t, origin).Dir)
	rep := fetchShards(t, r, asm.StoreDir, commit)
	if len(rep.Shards) != 3 || rep.Fetched != codeFiles || rep.Refused != 0 {
		t.Fatalf("fetch: %+v", rep)
	}
	if parsed, hits := explicitCounts(asm.MustRun(t, "init", false)); parsed != 0 || hits != codeFiles {
		t.Fatalf("the assembling init parsed %d files and found %d in the cache, want 0 and %d", parsed, hits, codeFiles)
	}
	plain := lgtest.New(t, origin.Dir)
	plain.MustRun(t, "init", false)
	if got, want := asm.Export(t, "main"), plain.Export(t, "main"); got != want {
		t.Fatalf("the assembled export differs from a plain init's:\n%s\n---\n%s", got, want)
	}
}

// A facts entry or shard list whose bytes do not hash to its name is
// refused, never stored: its file is parsed, and the graph is the same.
func TestShardFetchRefusesCorrupt(t *testing.T) {
	origin := gittest.New(t)
	origin.Write(sourceFiles)
	origin.Commit("first")
	dir := t.TempDir()
	r := openRemote(t, dir)
	facts, _ := runShard(t, r, origin.Dir, t.TempDir(), Shard{1, 1})
	entries, err := filepath.Glob(filepath.Join(dir, "cache", "facts", "*"))
	if err != nil || len(entries) != facts.Files {
		t.Fatalf("%d facts entries on the remote, want %d (%v)", len(entries), facts.Files, err)
	}
	data, err := os.ReadFile(entries[0])
	if err != nil {
		t.Fatal(err)
	}
	// Same length, other bytes: a damaged disk or a forged object.
	data[len(data)/2] ^= 1
	if err := os.WriteFile(entries[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	asm := lgtest.New(t, origin.Dir)
	rep := fetchShards(t, r, asm.StoreDir, facts.Commit)
	if rep.Refused != 1 || rep.Fetched != facts.Files-1 {
		t.Fatalf("fetch: %+v, want 1 refused and %d fetched", rep, facts.Files-1)
	}
	if parsed, _ := explicitCounts(asm.MustRun(t, "init", false)); parsed != 1 {
		t.Fatalf("the assembling init parsed %d files, want the refused one alone", parsed)
	}
	plain := lgtest.New(t, origin.Dir)
	plain.MustRun(t, "init", false)
	if asm.Export(t, "main") != plain.Export(t, "main") {
		t.Fatal("the assembled export differs from a plain init's")
	}

	// A damaged shard list is refused whole: nothing is fetched from it.
	lists, err := filepath.Glob(filepath.Join(dir, "shards", "*", "*", "*"))
	if err != nil || len(lists) != 1 {
		t.Fatalf("shard names: %v %v", lists, err)
	}
	_, sum, _ := parseShardName(filepath.Base(lists[0]))
	obj := filepath.Join(dir, filepath.FromSlash(objectKey(sum)))
	if err := os.WriteFile(obj, []byte(`{"commit":"forged"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	rep = fetchShards(t, r, t.TempDir(), facts.Commit)
	if rep.Refused != 1 || rep.Fetched != 0 || len(rep.Shards) != 0 {
		t.Fatalf("fetch from a damaged list: %+v", rep)
	}
}
