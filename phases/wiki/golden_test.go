package wiki_test

import (
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/phases/wiki"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden module pages under testdata/golden")

// goldenCorpus is the pinned repository the golden pages are written
// from: go-git, which lgraph itself requires, so the module cache holds it
// wherever lgraph builds.
const goldenCorpus = "github.com/go-git/go-git/v5@v5.19.3"

// goldenModules are the pages kept: the example (an interface with
// two implementations, a test helper's comment that once led its page), a
// small codec, and a tree-diff package whose test files draw in ASCII.
var goldenModules = []string{"plumbing/format/idxfile", "plumbing/format/pktline", "utils/merkletrie"}

func moduleCache(t *testing.T) string {
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skipf("go env GOMODCACHE: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// TestGoldenPages indexes the pinned go-git release (copied into a new
// repository, one commit) offline and compares three module pages with the
// reviewed ones under testdata/golden; -update rewrites them.
func TestGoldenPages(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a real repository")
	}
	src := filepath.Join(moduleCache(t), filepath.FromSlash(goldenCorpus))
	if _, err := os.Stat(filepath.Join(src, "go.mod")); err != nil {
		t.Skipf("%s is not in the module cache (%s): run `go mod download %s`", goldenCorpus, src, goldenCorpus)
	}
	r := gittest.New(t)
	files := map[string]string{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		files[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r.Write(files)
	r.Commit("import " + goldenCorpus)
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", true)
	got := docs(t, ix)
	for _, mod := range goldenModules {
		name := filepath.Join("testdata", "golden", wiki.PagePath(mod))
		if *updateGolden {
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, []byte(got[mod]), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v: run go test ./phases/wiki -run TestGoldenPages -update", err)
		}
		if diff := cmp.Diff(string(want), got[mod]); diff != "" {
			t.Errorf("page of %s differs from %s (-golden +now); review, then -update:\n%s", mod, name, diff)
		}
	}
}
