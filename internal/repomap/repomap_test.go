package repomap_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repomap"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/tokens"
)

// fixture: core.base is used by everything; web.render only by web/app;
// db.query only by db/jobs; a test calls base too.
var fixture = map[string]string{
	"core/base.py":       "def base(x):\n    return x\n\n\ndef unused():\n    return 0\n",
	"web/render.py":      "from core.base import base\n\n\ndef render(page):\n    return base(page)\n",
	"web/app.py":         "from web.render import render\nfrom core.base import base\n\n\ndef serve():\n    return render(base(1))\n",
	"db/query.py":        "from core.base import base\n\n\ndef query(sql):\n    return base(sql)\n",
	"db/jobs.py":         "from db.query import query\n\n\ndef nightly():\n    return query('x')\n",
	"tests/test_base.py": "from core.base import base\n\n\ndef test_base():\n    assert base(1) == 1\n",
}

func open(t *testing.T) *snapshot.Snapshot {
	t.Helper()
	return lgtest.IndexedView(t, fixture).Snap
}

func names(a *repomap.Answer) []string {
	type ranked struct {
		name string
		rank float64
	}
	var all []ranked
	for _, f := range a.Files {
		for _, d := range f.Defs {
			all = append(all, ranked{d.Name, d.Rank})
		}
	}
	// best first, as the map chose them
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if all[j].rank > all[i].rank {
				all[i], all[j] = all[j], all[i]
			}
		}
	}
	var out []string
	for _, r := range all {
		out = append(out, r.name)
	}
	return out
}

// TestMapRanksTheMostUsedFirst: the definition everything calls ranks
// first and its file leads; test definitions are left out.
func TestMapRanksTheMostUsedFirst(t *testing.T) {
	snap := open(t)
	a, err := repomap.Build(context.Background(), snap, repomap.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := names(a)
	if len(got) == 0 || got[0] != "base" || a.Files[0].Path != "core/base.py" {
		t.Errorf("ranked %v, first file %s: want base in core/base.py first", got, a.Files[0].Path)
	}
	if strings.Contains(strings.Join(got, " "), "test_base") {
		t.Errorf("a test definition is in the map: %v", got)
	}
	if a.Shown != a.Total || a.Total != 6 {
		t.Errorf("shown %d of %d, want all 6", a.Shown, a.Total)
	}
}

// TestMapFocus: focused on db/jobs.py, what it uses (query) outranks
// what only web uses (render), and jobs' own definitions are left out.
func TestMapFocus(t *testing.T) {
	snap := open(t)
	a, err := repomap.Build(context.Background(), snap, repomap.Options{Focus: []string{"db/jobs.py"}})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(names(a), " ")
	if strings.Index(got, "query") > strings.Index(got, "render") || strings.Contains(got, "nightly") {
		t.Errorf("focused on db/jobs.py: %s", got)
	}
	plain, _ := repomap.Build(context.Background(), snap, repomap.Options{})
	if p := strings.Join(names(plain), " "); p == got {
		t.Errorf("focus changed nothing: %s", p)
	}
}

// TestMapBudget: at every budget the map costs what it says, no more
// than allowed, and shows more as the budget grows; modules too.
func TestMapBudget(t *testing.T) {
	snap := open(t)
	count := tokens.New().Count
	prev := -1
	for _, budget := range []int{300, 1024} {
		for _, modules := range []bool{false, true} {
			a, err := repomap.Build(context.Background(), snap, repomap.Options{Budget: budget, Modules: modules})
			if err != nil {
				t.Fatal(err)
			}
			if got := count(repomap.Text(a)); got != a.Budget.Used || got > budget {
				t.Errorf("budget %d modules %v: costs %d, says %d", budget, modules, got, a.Budget.Used)
			}
			if modules && (a.Level != "module" || len(a.Modules) == 0 || a.Modules[0].Module != "core") {
				t.Errorf("modules: %+v", a.Modules)
			}
			if !modules {
				if a.Shown < prev {
					t.Errorf("budget %d shows %d, a smaller one %d", budget, a.Shown, prev)
				}
				prev = a.Shown
			}
		}
	}
	if _, err := repomap.Build(context.Background(), snap, repomap.Options{Budget: 10}); err == nil {
		t.Error("budget 10 accepted")
	}
}
