package freshness

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gittest"
)

// TestCheckFollowsGitConversion: files checked out with CRLF under text,
// eol and core.autocrlf are fresh while their stat data no longer vouches
// for them, and an edit is stale, as git diff HEAD says after git's own
// conversion; a file whose attributes leave it out (-text keeps its bytes
// as they are) is judged by them.
func TestCheckFollowsGitConversion(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "")
	r := gittest.New(t)
	r.Git("config", "core.autocrlf", "true")
	r.Write(map[string]string{
		".gitattributes": "*.py text eol=crlf\nraw/*.py -text\n",
		"a.py":           "def a():\n    pass\n",
		"b.py":           "def b():\n    pass\n",
		"raw/c.py":       "def c():\n    pass\n",
		"web/d.js":       "function d() {}\n",
	})
	r.Commit("base")
	f := newFixture(t, r, config.Default())
	put := func(p, s string) {
		writeFile(t, filepath.Join(r.Dir, p), []byte(s))
		future := time.Now().Add(time.Hour) // stat data git's index cannot vouch for
		os.Chtimes(filepath.Join(r.Dir, p), future, future)
	}
	steps := []struct {
		name string
		do   func()
		want []string
	}{
		{"checked out with CRLF", func() {
			put("a.py", "def a():\r\n    pass\r\n")
			put("b.py", "def b():\r\n    pass\r\n")
			put("web/d.js", "function d() {}\r\n")
		}, []string{}},
		{"an edit", func() { put("b.py", "def b2():\r\n    pass\r\n") }, []string{"b.py"}},
		{"-text keeps CRLF as bytes", func() { put("raw/c.py", "def c():\r\n    pass\r\n") }, []string{"b.py", "raw/c.py"}},
	}
	for _, s := range steps {
		s.do()
		got := f.check()
		if diff := cmp.Diff(s.want, got.StalePaths); diff != "" {
			t.Fatalf("%s (-want +got):\n%s", s.name, diff)
		}
		if diff := cmp.Diff(f.gitStale(), got.StalePaths); diff != "" {
			t.Fatalf("%s: git disagrees (-git +lgraph):\n%s", s.name, diff)
		}
	}
}
