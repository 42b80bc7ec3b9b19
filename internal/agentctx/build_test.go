package agentctx_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/agentctx"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/tokens"
)

var fixture = map[string]string{
	"app/util.py": `import os


def helper(x):
    """Help the app."""
    key = os.environ["APP_KEY"]
    return x + len(key)


class Base:
    def get(self):
        return helper(1)
`,
	"app/main.py": `from app.util import helper, Base


class Server(Base):
    def get(self):
        return helper(2)


def run():
    helper(3)
    helper(4)
`,
	"cli/run.py": `from app.util import helper


def main():
    print(helper(5))
`,
	"tests/test_util.py": `from app.util import helper


def test_helper():
    assert helper(1) > 1
`,
	"app/cfg.py": "import os\nKEY = os.environ[\"APP_KEY\"]\n",
}

// open indexes the fixture and opens a view and index on it.
func open(t *testing.T) (*readview.View, *query.Index) {
	t.Helper()
	v := lgtest.IndexedView(t, fixture)
	return v, query.New(v.Snap, v.Staleness)
}

func build(t *testing.T, v *readview.View, ix *query.Index, target string, budget int) *agentctx.Answer {
	t.Helper()
	id, err := ix.ResolveWrittenTarget(target)
	if err != nil {
		t.Fatal(err)
	}
	a, err := agentctx.Build(context.Background(), v, ix, id, agentctx.Options{Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestContextOfSymbol: the exact source lines, every call site with its
// lines, the test and the coupling, all within the default budget.
func TestContextOfSymbol(t *testing.T) {
	v, ix := open(t)
	a := build(t, v, ix, "helper", 0)
	if a.Source == nil || a.Source.From != agentctx.FromBlob || a.Source.StartLine != 4 || a.Source.EndLine != 7 ||
		a.Source.Text != strings.Join(strings.Split(fixture["app/util.py"], "\n")[3:7], "\n")+"\n" {
		t.Errorf("source %+v", a.Source)
	}
	if a.Signature != "def helper(x)" || a.Doc != "Help the app." || a.Module != "app" {
		t.Errorf("header: signature %q doc %q module %q", a.Signature, a.Doc, a.Module)
	}
	var sites []string
	for _, c := range a.Callers {
		sites = append(sites, c.Caller.Path+":"+c.Caller.Name)
		if !strings.Contains(c.Text, "helper(") {
			t.Errorf("call site %s:%d shows no call:\n%s", c.Caller.Path, c.Line, c.Text)
		}
	}
	want := "app/main.py:Server.get app/main.py:run app/util.py:Base.get cli/run.py:main tests/test_util.py:test_helper app/main.py:run"
	if strings.Join(sites, " ") != want {
		t.Errorf("call sites\n %s\nwant\n %s", strings.Join(sites, " "), want)
	}
	if len(a.Tests) != 1 || a.Tests[0].Name != "test_helper" {
		t.Errorf("tests %+v", a.Tests)
	}
	if len(a.Couplings) != 1 || a.Couplings[0].Key != "env:APP_KEY" || strings.Join(a.Couplings[0].Files, ",") != "app/cfg.py" {
		t.Errorf("couplings %+v", a.Couplings)
	}
	if len(a.Omitted) != 0 {
		t.Errorf("omitted %+v from the default budget", a.Omitted)
	}
}

// TestContextBudget: at every budget the rendered answer costs what it
// says and no more than allowed, a larger budget keeps at least as much,
// and what is left out is counted.
func TestContextBudget(t *testing.T) {
	v, ix := open(t)
	count := tokens.New().Count
	prev := -1
	for _, budget := range []int{300, 340, 380, 420, 600, 4000} {
		a := build(t, v, ix, "helper", budget)
		text := agentctx.Text(a)
		if got := count(text); got != a.Budget.Used || got > budget {
			t.Errorf("budget %d: text costs %d, answer says %d", budget, got, a.Budget.Used)
		}
		kept := len(a.Callers) + len(a.Tests) + len(a.Couplings)
		if a.Source != nil {
			kept++
		}
		left := 0
		for _, o := range a.Omitted {
			left += o.Count
		}
		if kept+left != 9 {
			t.Errorf("budget %d: kept %d, omitted %d, want 9 parts in all", budget, kept, left)
		}
		if kept < prev {
			t.Errorf("budget %d kept %d parts, a smaller one kept %d", budget, kept, prev)
		}
		if budget < 380 && left == 0 {
			t.Errorf("budget %d left nothing out:\n%s", budget, text)
		}
		prev = kept
	}
}

// TestContextOfFileAndLine: a file answers with its text, definitions
// and dependents; path:line with the symbol around the line.
func TestContextOfFileAndLine(t *testing.T) {
	v, ix := open(t)
	f := build(t, v, ix, "app/util.py", 0)
	if f.Source == nil || f.Source.StartLine != 1 || f.Source.Text != fixture["app/util.py"] {
		t.Errorf("file source %+v", f.Source)
	}
	var defs, deps []string
	for _, s := range f.Callees {
		defs = append(defs, s.Name)
	}
	for _, d := range f.Dependents {
		deps = append(deps, d.Path)
	}
	if strings.Join(defs, ",") != "helper,Base,Base.get" || strings.Join(deps, ",") != "app/cfg.py,app/main.py,cli/run.py,tests/test_util.py" {
		t.Errorf("definitions %v, dependents %v", defs, deps)
	}
	l := build(t, v, ix, "app/main.py:6", 0)
	if l.Target.Name != "Server.get" || len(l.Callees) != 1 || l.Callees[0].Signature != "def helper(x)" {
		t.Errorf("path:line answered %s with callees %+v", l.Target.Name, l.Callees)
	}
}
