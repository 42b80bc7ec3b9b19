package query

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// TestIndexedEqualsScan indexes a generated repository in six languages,
// then updates it commit by commit (so the snapshot is a base table with
// delta layers over it), and asks every question of every file and of a
// sample of symbols and names twice: from the published snapshot's
// indexes, and by scanning the same records with no index. The answers
// must be equal.
func TestIndexedEqualsScan(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{
		Files: 120, Seed: 5, Languages: []string{"go", "python", "typescript", "java", "javascript", "rust"},
	})
	if err != nil {
		t.Fatal(err)
	}
	ix := lgtest.New(t, repo.Dir())
	ix.MustRun(t, "init", true)
	rnd := rand.New(rand.NewSource(5))
	for i := 0; i < 3; i++ {
		if _, err := repo.RandomCommit(rnd); err != nil {
			t.Fatal(err)
		}
		branch := ix.MustRun(t, "update", false).Branch
		t.Run("commit"+string(rune('1'+i)), func(t *testing.T) { compareIndexed(t, ix.StoreDir, branch, rnd) })
	}
}

func compareIndexed(t *testing.T, storeDir, branch string, rnd *rand.Rand) {
	s, err := store.Open(storeDir, false)
	if err != nil {
		t.Fatal(err)
	}
	ref, snap, err := s.LoadPublished(branch)
	if err != nil || snap == nil {
		t.Fatalf("load %s: %v", branch, err)
	}
	defer snap.Close()
	if len(ref.Tables) < 2 {
		t.Fatalf("the update published %d table(s): the test wants delta layers over a base", len(ref.Tables))
	}
	// The scan reads the same tables through a second snapshot, so that
	// the indexed side never sees a record the scan decoded in full.
	_, other, err := s.LoadPublished(branch)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	scan := other.Clone() // the same records, no index
	if scan.Index != nil {
		t.Fatal("a clone kept the tables' indexes")
	}
	stale := func(p string) (bool, string) {
		if len(p)%3 == 0 {
			return true, "update"
		}
		return false, ""
	}
	indexed, scanned := New(snap, stale), New(scan, stale)
	same := func(what string, got, want any) {
		t.Helper()
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s: indexed answer differs from the scan (-scan +indexed):\n%s", what, diff)
		}
	}
	var symbols []string
	names := map[string]bool{}
	for p, f := range scan.Files.All() {
		id := nodeid.File(p)
		same("deps "+p, indexed.Deps(id), scanned.Deps(id))
		same("rdeps "+p, indexed.RDeps(id), scanned.RDeps(id))
		same("impact "+p, indexed.Impact(id, DefaultDepth), scanned.Impact(id, DefaultDepth))
		same("show "+p, indexed.ShowFile(id), scanned.ShowFile(id))
		if f.Facts == nil {
			continue
		}
		ids := snapshot.SymbolIDs(p, f.Facts.Symbols)
		for i, sym := range f.Facts.Symbols {
			symbols = append(symbols, ids[i])
			names[sym.Qualified], names[lastSegment(sym.Qualified)] = true, true
			if _, tail, ok := strings.Cut(sym.Qualified, "."); ok {
				names[tail] = true // a middle suffix: "B.c" of "A.B.c"
			}
		}
	}
	if len(symbols) < 200 {
		t.Fatalf("only %d symbols: the generated repository is too small to test anything", len(symbols))
	}
	for _, i := range rnd.Perm(len(symbols))[:200] {
		id := symbols[i]
		same("callers "+id, indexed.Callers(id), scanned.Callers(id))
		same("callees "+id, indexed.Callees(id), scanned.Callees(id))
		same("show "+id, indexed.ShowSymbol(id), scanned.ShowSymbol(id))
		same("impact "+id, indexed.Impact(id, 2), scanned.Impact(id, 2))
	}
	var texts []string
	for n := range names {
		texts = append(texts, n)
	}
	texts = append(texts, "", "x", "get", "GET", "Handle", "hdl", "src/", ".go", "nosuchnamezzz", "ÄÖ", "sym:nosuch#x")
	resolved := 0
	for _, text := range texts {
		gotID, gotErr := indexed.ResolveSymbol(text)
		wantID, wantErr := scanned.ResolveSymbol(text)
		same("resolve "+text, errText(gotErr)+gotID, errText(wantErr)+wantID)
		if wantErr == nil {
			resolved++
		}
		if len(text) > 2 && rnd.Intn(4) > 0 {
			continue // search a quarter of the names, and every odd text
		}
		same("search words "+text, indexed.SearchText(text), scanned.SearchText(text))
		for _, limit := range []int{DefaultLimit, 0} {
			same("search "+text, indexed.Search(text, limit), scanned.Search(text, limit))
			if lower := strings.ToLower(text); lower != text {
				same("search "+lower, indexed.Search(lower, limit), scanned.Search(lower, limit))
			}
		}
	}
	if resolved == 0 {
		t.Fatal("no name resolved: the comparison tested only refusals")
	}
	if err := indexed.Err(); err != nil {
		t.Fatal(err)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error() + ": "
}
