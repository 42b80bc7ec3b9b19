package freshness

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/inventory"
)

// fixture is a real repository indexed the way the inventory phase indexes
// a commit, with the inputs Check needs.
type fixture struct {
	t     testing.TB
	git   *gittest.Repo // nil for repositories gittest did not make
	home  string
	repo  *gitrepo.Repo
	rules inventory.Rules
	snap  *snapshot.Snapshot
	head  gitrepo.Head
	cache string
}

func newFixture(t testing.TB, git *gittest.Repo, cfg config.Config) *fixture {
	t.Helper()
	f := openFixture(t, git.Dir, git.Home, cfg)
	f.git = git
	return f
}

// openFixture indexes the repository in dir; home is the HOME git uses.
func openFixture(t testing.TB, dir, home string, cfg config.Config) *fixture {
	t.Helper()
	repo, err := gitrepo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	f := &fixture{t: t, home: home, repo: repo, rules: inventory.NewRules(&cfg),
		cache: filepath.Join(t.TempDir(), "stat-cache")}
	f.index()
	return f
}

// index builds the snapshot of HEAD as the inventory phase would: regular
// candidate files whose blob passes the language rules.
func (f *fixture) index() {
	f.t.Helper()
	head, err := f.repo.Head()
	if err != nil {
		f.t.Fatal(err)
	}
	tree, err := f.repo.Tree(head.Commit)
	if err != nil {
		f.t.Fatal(err)
	}
	entries, err := gitrepo.Walk(context.Background(), tree)
	if err != nil {
		f.t.Fatal(err)
	}
	snap := snapshot.New()
	for _, e := range entries {
		if !f.rules.Candidate(e) {
			continue
		}
		data, err := f.repo.ReadBlob(e.Blob)
		if err != nil {
			f.t.Fatal(err)
		}
		info := inventory.Describe(data)
		if f.rules.Language(e.Path, info) == "" || f.rules.SkipReason(nil, e.Path, info) != "" {
			continue
		}
		snap.Files.Set(&snapshot.File{Path: e.Path, Blob: e.Blob, SHA256: info.SHA256, Size: info.Size})
	}
	f.snap, f.head = snap, head
}

// isCode is readview's rule: what the inventory would index, judged on the
// working-tree bytes.
func (f *fixture) isCode(p string, size int64, head func() []byte) bool {
	if !f.rules.Candidate(gitrepo.Entry{Path: p, Mode: filemode.Regular}) || size > f.rules.MaxBytes {
		return false
	}
	info := inventory.Describe(head())
	info.Size = size
	return f.rules.Language(p, info) != ""
}

func (f *fixture) getenv(k string) string {
	switch k {
	case "HOME":
		return f.home
	case "GIT_CONFIG_NOSYSTEM":
		return "1"
	case "GIT_CONFIG_GLOBAL":
		return "/dev/null"
	}
	return os.Getenv(k)
}

// check runs Check against HEAD with the fixture's stat cache, on the
// snapshot held in memory and on the same snapshot read from tables (as a
// published one is, through its leaf index): both must give one answer.
func (f *fixture) check() Block {
	f.t.Helper()
	b := f.checkSnap(f.snap)
	if bt := f.checkSnap(f.tableSnap()); !reflect.DeepEqual(b, bt) {
		f.t.Fatalf("from tables: %+v\nfrom memory: %+v", bt, b)
	}
	return b
}

func (f *fixture) checkSnap(snap *snapshot.Snapshot) Block {
	f.t.Helper()
	head, err := f.repo.Head()
	if err != nil {
		f.t.Fatal(err)
	}
	ref := &store.Ref{Branch: f.head.Branch, Commit: f.head.Commit}
	b, err := Check(context.Background(), Input{Repo: f.repo, Head: head, Ref: ref, Snap: snap,
		Candidate: f.rules.Candidate, StatCache: f.cache, IsCode: f.isCode, RulesKey: "test", Getenv: f.getenv})
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// tableSnap is the fixture's snapshot written to tables (in memory) and
// opened as a published snapshot is.
func (f *fixture) tableSnap() *snapshot.Snapshot {
	f.t.Helper()
	es := []snapshot.Entry{{Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(f.snap)}}
	for _, file := range f.snap.Files.All() {
		es = append(es, snapshot.Entry{Key: snapshot.FileKey(file.Path), Value: snapshot.EncodeRecord(file)})
		es = append(es, snapshot.GenericEntries(file)...)
	}
	s, err := snapshot.Open(snapshot.NewMemKV(es), nil)
	if err != nil {
		f.t.Fatal(err)
	}
	return s
}

// gitStale is what git itself says differs from HEAD (git diff HEAD, and
// untracked files it does not ignore), narrowed to the paths lgraph
// indexes or would index: the oracle Check must agree with.
func (f *fixture) gitStale() []string {
	f.t.Helper()
	var paths []string
	paths = append(paths, lines(f.git.Git("diff", "--name-only", "HEAD"))...)
	paths = append(paths, lines(f.git.Git("ls-files", "--others", "--exclude-standard"))...)
	out := []string{}
	for _, p := range paths {
		if f.snap.Files.Get(p) != nil {
			out = append(out, p)
			continue
		}
		abs := filepath.Join(f.git.Dir, p)
		fi, err := os.Lstat(abs)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if f.isCode(p, fi.Size(), func() []byte { return head(abs) }) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

func writeFile(t testing.TB, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
