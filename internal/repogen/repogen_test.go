package repogen

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	git "github.com/go-git/go-git/v5"
	"github.com/google/go-cmp/cmp"
)

func TestNewCountsAndExtras(t *testing.T) {
	r := newRepo(t, Options{Files: 300, Seed: 7, Languages: allLanguages})
	if n := len(r.Files()); n < 300 || n > 320 {
		t.Errorf("got %d files, want about 300", n)
	}
	var cfg map[string]any
	if err := json.Unmarshal([]byte(r.Read("config/settings.json")), &cfg); err != nil {
		t.Errorf("settings.json: %v", err)
	}
	if !strings.Contains(r.Read("assets/logo.bin"), "\x00") {
		t.Errorf("logo.bin has no NUL byte")
	}
	if !strings.HasPrefix(r.Read("README.md"), "# ") {
		t.Errorf("README.md has no title")
	}
	if r.Read("go.mod") != "module example.com/gen\n\ngo 1.21\n" {
		t.Errorf("go.mod = %q", r.Read("go.mod"))
	}
	checkConsistent(t, r)
}

func TestNewDefaultsAndErrors(t *testing.T) {
	r := newRepo(t, Options{Files: 40, Seed: 1, ModulePath: "example.org/x"})
	for _, lang := range DefaultLanguages {
		if len(r.st.sortedUnits(lang)) == 0 {
			t.Errorf("no %s units with default languages", lang)
		}
	}
	if !strings.HasPrefix(r.Read("go.mod"), "module example.org/x\n") {
		t.Errorf("go.mod ignores ModulePath: %q", r.Read("go.mod"))
	}
	if _, err := New(t.TempDir(), Options{Files: 10, Languages: []string{"cobol"}}); err == nil {
		t.Errorf("unknown language accepted")
	}
	if _, err := New(r.Dir(), Options{Files: 10}); err == nil {
		t.Errorf("New over an existing repository succeeded")
	}
}

func TestDeterminism(t *testing.T) {
	run := func(seed int64) []string {
		r := newRepo(t, Options{Files: 250, Seed: seed, Languages: allLanguages})
		hashes := []string{headHash(t, r)}
		for _, c := range randomCommits(t, r, seed+1, 30) {
			hashes = append(hashes, c.Hash)
		}
		c, err := r.TouchFiles(5, rand.New(rand.NewSource(seed)))
		if err != nil {
			t.Fatal(err)
		}
		return append(hashes, c.Hash)
	}
	a, b := run(3), run(3)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("same seed gave different commits (-a +b):\n%s", diff)
	}
	if c := run(4); c[0] == a[0] {
		t.Errorf("different seeds gave the same initial commit %s", a[0])
	}
}

// checkGoGitClean asserts go-git sees a clean worktree and index.
func checkGoGitClean(t *testing.T, r *Repo) {
	t.Helper()
	repo, err := git.PlainOpen(r.Dir())
	if err != nil {
		t.Fatal(err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	st, err := wt.Status()
	if err != nil {
		t.Fatal(err)
	}
	if !st.IsClean() {
		t.Errorf("go-git status not clean:\n%s", st)
	}
}

// headHash returns the hash HEAD points to.
func headHash(t testing.TB, r *Repo) string {
	t.Helper()
	_, h, err := r.git.head()
	if err != nil {
		t.Fatal(err)
	}
	return h.String()
}

func TestRandomCommitSequence(t *testing.T) {
	r := newRepo(t, Options{Files: 300, Seed: 11, Languages: allLanguages})
	kinds := map[string]int{}
	for i, c := range randomCommits(t, r, 12, 50) {
		if c.Hash == "" || c.Message == "" || len(c.Ops) == 0 || len(c.Ops) > 5 {
			t.Fatalf("commit %d: bad %+v", i, c)
		}
		for _, op := range c.Ops {
			kinds[strings.Fields(op)[0]]++
		}
		checkConsistent(t, r)
	}
	for _, k := range []string{"add", "modify", "delete", "rename", "remove", "move", "duplicate", "revert"} {
		if kinds[k] == 0 {
			t.Errorf("no %q edit in 50 commits: %v", k, kinds)
		}
	}
	if kinds["comment"]+kinds["whitespace"] == 0 {
		t.Errorf("no cosmetic edit in 50 commits: %v", kinds)
	}
	checkGoGitClean(t, r)
	if out := gitCLI(t, r.Dir(), "status", "--porcelain"); out != "" {
		t.Errorf("git status not clean:\n%s", out)
	}
	gitCLI(t, r.Dir(), "fsck", "--strict")
	if n := strings.Count(gitCLI(t, r.Dir(), "log", "--format=%H"), "\n"); n != 51 {
		t.Errorf("git log has %d commits, want 51", n)
	}
}

func TestExplicitCommit(t *testing.T) {
	r := newRepo(t, Options{Files: 30, Seed: 5, Languages: []string{LangGo}})
	goFile := filesWithExt(r, ".go")[0]
	c, err := r.Commit("scripted",
		WriteFile("docs/a.txt", "hello\n"),
		Rename(goFile, "moved/x.go"),
		Remove("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"write docs/a.txt", "rename " + goFile + " -> moved/x.go", "delete README.md"}
	if diff := cmp.Diff(want, c.Ops); diff != "" {
		t.Errorf("ops (-want +got):\n%s", diff)
	}
	if r.Read("docs/a.txt") != "hello\n" || r.Read(goFile) != "" || r.Read("moved/x.go") == "" || r.Read("README.md") != "" {
		t.Errorf("ops not applied")
	}
	checkConsistent(t, r)
	before := headHash(t, r)
	for _, ops := range [][]Op{{Remove("nope")}, {Rename("docs/a.txt", "go.mod")}, {WriteFile("../x", "")}, {WriteFile("docs", "")}} {
		if _, err := r.Commit("bad", ops...); err == nil {
			t.Errorf("ops %v accepted", ops)
		}
	}
	if headHash(t, r) != before {
		t.Errorf("failed commit moved HEAD")
	}
	randomCommits(t, r, 1, 10)
	checkConsistent(t, r)
}

func TestTouchFiles(t *testing.T) {
	r := newRepo(t, Options{Files: 200, Seed: 9, Languages: allLanguages})
	before := repoFiles(r)
	c, err := r.TouchFiles(12, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for p, content := range repoFiles(r) {
		if before[p] != content {
			changed++
			if !strings.Contains(content, "Revision ") {
				t.Errorf("%s changed without the revision comment", p)
			}
		}
	}
	if changed != 12 || len(c.Ops) != 12 || len(repoFiles(r)) != len(before) {
		t.Errorf("changed %d files with %d ops, want 12", changed, len(c.Ops))
	}
	checkConsistent(t, r)
	if _, err := r.TouchFiles(100000, rand.New(rand.NewSource(1))); err == nil {
		t.Errorf("touching more files than exist succeeded")
	}
}

func TestCheckout(t *testing.T) {
	r := newRepo(t, Options{Files: 120, Seed: 2, Languages: allLanguages})
	main, _ := r.Branch()
	base := repoFiles(r)
	if err := r.Checkout("feature", true); err != nil {
		t.Fatal(err)
	}
	randomCommits(t, r, 3, 5)
	feature := repoFiles(r)
	if err := r.Checkout(main, false); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(base, repoFiles(r)); diff != "" {
		t.Fatalf("back on %s the files differ:\n%s", main, diff)
	}
	checkConsistent(t, r)
	randomCommits(t, r, 4, 3)
	if err := r.Checkout("feature", false); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(feature, repoFiles(r)); diff != "" {
		t.Fatalf("back on feature the files differ:\n%s", diff)
	}
	checkConsistent(t, r)
	randomCommits(t, r, 5, 3)
	checkConsistent(t, r)
	if err := r.Checkout("feature", true); err == nil {
		t.Errorf("creating an existing branch succeeded")
	}
	if err := r.Checkout("missing", false); err == nil {
		t.Errorf("checking out a missing branch succeeded")
	}
	if out := gitCLI(t, r.Dir(), "status", "--porcelain"); out != "" {
		t.Errorf("git status not clean:\n%s", out)
	}
}

func TestCheckoutExternalBranch(t *testing.T) {
	r := newRepo(t, Options{Files: 60, Seed: 8, Languages: []string{LangPython}})
	gitCLI(t, r.Dir(), "branch", "ext")
	delete(r.saved, "ext")
	if err := r.Checkout("ext", false); err != nil {
		t.Fatal(err)
	}
	checkConsistent(t, r)
	randomCommits(t, r, 1, 5)
	checkConsistent(t, r)
}
