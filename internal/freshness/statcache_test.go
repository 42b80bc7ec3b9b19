package freshness

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
)

// cacheData is a whole stat table decoded, for tests.
type cacheData struct {
	RulesKey string
	Files    []fileEntry
	Dirs     []dirEntry
}

func encodeCache(d cacheData) []byte {
	var w tableWriter
	for _, f := range d.Files {
		w.file(f.path, f.facts)
	}
	for _, l := range d.Dirs {
		w.dir(l.path, l.listing)
	}
	return w.bytes(d.RulesKey)
}

func decodeCache(raw []byte) (cacheData, error) {
	t, err := parseTable(raw)
	if err != nil {
		return cacheData{}, err
	}
	out := cacheData{RulesKey: t.rulesKey}
	for i := range t.files {
		p, f := t.fileAt(i, true)
		out.Files = append(out.Files, fileEntry{p, f})
	}
	for i := range t.dirs {
		out.Dirs = append(out.Dirs, dirEntry{t.dirPath(i), t.dirAt(i)})
	}
	return out, nil
}

var sampleKey = statKey{Size: 12, Mtime: 1700000000123456789, Ctime: -5, Inode: 42}

func sampleCache() cacheData {
	return cacheData{
		RulesKey: "inventory-1/abc",
		Files: []fileEntry{
			{"a/b.go", fileFacts{Key: sampleKey, HasSum: true, Sum: [32]byte{1, 2, 3}}},
			{"c.py", fileFacts{Key: statKey{Size: 1 << 40}, HasCode: true, Code: true}},
			{"d", fileFacts{Key: statKey{Size: 3}, HasCode: true}},
		},
		Dirs: []dirEntry{
			{"", &dirListing{Key: statKey{Mtime: 9}, Ignore: [16]byte{7}, Gitignore: true, Dirs: []string{"a", "sub"}, Files: []listedFile{{Name: "c.py", Checked: true}, {Name: "d"}}}},
			{"sub", &dirListing{Key: statKey{Inode: 3}, Nested: true, Dirs: []string{}, Files: []listedFile{}}},
		},
	}
}

var allowEntries = cmp.AllowUnexported(fileEntry{}, dirEntry{})

func TestStatCacheRoundTrip(t *testing.T) {
	in := sampleCache()
	got, err := decodeCache(encodeCache(in))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, got, allowEntries); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
}

// TestStatCacheDamage: any truncation, any changed byte and any other
// format decode to an error (an empty cache), never to wrong entries; so
// do entries out of path order, which a lookup's search would miss.
func TestStatCacheDamage(t *testing.T) {
	data := encodeCache(sampleCache())
	for cut := 0; cut < len(data); cut++ {
		if _, err := decodeCache(data[:cut]); err == nil {
			t.Fatalf("a %d-byte prefix of %d decoded", cut, len(data))
		}
	}
	for i := range data {
		for _, bit := range []byte{1, 0x80} {
			bad := slices.Clone(data)
			bad[i] ^= bit
			if _, err := decodeCache(bad); err == nil {
				t.Fatalf("byte %d flipped (bit %x) decoded", i, bit)
			}
		}
	}
	for _, foreign := range []string{"", "{\"json\":1}", "LGSTAT1\n\x01\x02abc"} {
		if _, err := decodeCache([]byte(foreign)); err == nil {
			t.Fatalf("%q decoded", foreign)
		}
	}
	unsorted := sampleCache()
	unsorted.Files[0], unsorted.Files[1] = unsorted.Files[1], unsorted.Files[0]
	if _, err := decodeCache(encodeCache(unsorted)); err == nil {
		t.Fatal("a table with files out of order decoded")
	}
}

// TestStatCacheRulesKey: verdicts made under other rules are dropped, hashes
// are kept, and the table written next holds no old verdict.
func TestStatCacheRulesKey(t *testing.T) {
	name := filepath.Join(t.TempDir(), "cache")
	if err := os.WriteFile(name, encodeCache(sampleCache()), 0o644); err != nil {
		t.Fatal(err)
	}
	c := loadStatCache(name, "inventory-1/other", time.Now())
	if f := c.facts("c.py", statKey{Size: 1 << 40}); f.HasCode {
		t.Fatalf("verdict from other rules kept: %+v", f)
	}
	if f := c.facts("a/b.go", sampleKey); !f.HasSum {
		t.Fatalf("hash dropped with the rules: %+v", f)
	}
	c.save()
	c = loadStatCache(name, "inventory-1/other", time.Now())
	if f := c.facts("c.py", statKey{Size: 1 << 40}); f.HasCode {
		t.Fatalf("verdict from other rules written again: %+v", f)
	}
	c = loadStatCache(name, "inventory-1/abc", time.Now())
	if f := c.facts("a/b.go", sampleKey); !f.HasSum || f.Sum != [32]byte{1, 2, 3} {
		t.Fatalf("hash lost on rewrite: %+v", f)
	}
}

// TestUntrackedCache: directories whose stat data and ignore rules are
// unchanged are not listed again; a new file, a changed .gitignore, a
// changed info/exclude or global excludes file are seen at once.
func TestUntrackedCache(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "")
	r := gittest.New(t)
	r.Write(map[string]string{"a/b/c/deep.py": "x = 1\n", "top.py": "z = 1\n", ".gitignore": "*.tmp\n", "a/.gitignore": "gen/\n"})
	r.Commit("base")
	r.Write(map[string]string{"a/b/other.py": "y = 1\n", "a/gen/g.py": "g = 1\n", "a/b/c/x.tmp": "t\n"})
	dir := r.Dir
	age(t, dir, time.Now().Add(-time.Hour))
	cacheFile := filepath.Join(t.TempDir(), "cache")
	scan := func() ([]string, int) {
		t.Helper()
		idx, err := readGitIndex(filepath.Join(dir, ".git"))
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		for i := range idx.len() {
			set[idx.path(i)] = true
		}
		idx.close()
		cache := loadStatCache(cacheFile, "k", time.Now())
		s := &scanner{top: dir, cache: cache, tracked: func(p []byte) bool { return set[string(p)] }}
		env := func(k string) string {
			if k == "HOME" {
				return r.Home
			}
			return ""
		}
		s.dir("", nil, repoIgnores(dir, filepath.Join(dir, ".git"), filepath.Join(dir, ".git"), env))
		cache.save()
		slices.Sort(s.out)
		return s.out, s.listed
	}
	const dirs = 4 // top, a, a/b, a/b/c (a/gen is ignored)
	steps := []struct {
		name   string
		do     func()
		want   []string
		listed int
	}{
		{"cold", func() {}, []string{"a/b/other.py"}, dirs},
		{"warm", func() {}, []string{"a/b/other.py"}, 0},
		{"new file deep down", func() { r.Write(map[string]string{"a/b/c/new.py": "n\n"}) }, []string{"a/b/c/new.py", "a/b/other.py"}, 1},
		{"racy listing is not kept", func() {}, []string{"a/b/c/new.py", "a/b/other.py"}, 1},
		{"aged: every mtime moved", func() { age(t, dir, time.Now().Add(-time.Hour)) }, []string{"a/b/c/new.py", "a/b/other.py"}, dirs},
		{"warm again", func() {}, []string{"a/b/c/new.py", "a/b/other.py"}, 0},
		{"nested .gitignore edited in place", func() {
			r.Write(map[string]string{"a/.gitignore": "b/c/\n"})
		}, []string{"a/b/other.py", "a/gen/g.py"}, 3}, // a, a/b and a/gen; no longer a/b/c
		{"info/exclude", func() { r.Write(map[string]string{".git/info/exclude": "other.py\n"}) }, []string{"a/gen/g.py"}, 4},
		{"global excludes", func() { writeFile(t, filepath.Join(r.Home, ".config/git/ignore"), []byte("g.py\n")) }, nil, 4},
		{"untracked once tracked", func() {
			r.Git("rm", "-q", "--cached", "top.py")
		}, []string{"top.py"}, 0},
		{"an ignored file force-added", func() {
			r.Write(map[string]string{"a/b/x.tmp": "t\n"})
			r.Git("add", "-f", "a/b/x.tmp")
			age(t, dir, time.Now().Add(-time.Hour))
		}, []string{"top.py"}, dirs},
		{"and untracked again: ignored", func() { r.Git("rm", "-q", "--cached", "a/b/x.tmp") }, []string{"top.py"}, 0},
	}
	for _, st := range steps {
		st.do()
		got, listed := scan()
		if diff := cmp.Diff(st.want, got); diff != "" {
			t.Fatalf("%s: untracked (-want +got):\n%s", st.name, diff)
		}
		if listed != st.listed {
			t.Fatalf("%s: listed %d directories, want %d", st.name, listed, st.listed)
		}
	}
}

// age sets every file and directory of the working tree to an old
// modification time, as if written long before the read.
func age(t testing.TB, dir string, when time.Time) {
	t.Helper()
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.Mode()&os.ModeSymlink != 0 {
			return err
		}
		return os.Chtimes(p, when, when)
	})
	if err != nil {
		t.Fatal(err)
	}
}
