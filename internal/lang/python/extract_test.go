package python

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// symRow is a symbol row of the tables (langtest.Syms).
type symRow langtest.Sym

const testSrc = `"""Service module."""
import os.path, sys as system
from typing import Dict, List as L
from . import models
from ..core.base import *
from .util import (helper,
    other as o)
import app.config as cfg

MAX_RETRIES = 3
_cache: Dict[str, "Item"] = {}
a, b = 1, 2
x = y = None
MAX_RETRIES = 4

try:
    import json
    HAVE_JSON = True
except ImportError:
    HAVE_JSON = False


# Decorated service.
@register
@app.route("/svc")
class Service(base.Service, Mixin, Generic[T], metaclass=Meta):
    """Serve things.

    Longer description
      indented.
    """

    timeout: float = 1.0

    def __init__(self, store: "models.Store", *args, **kw) -> None:
        super().__init__(*args)
        self.store = store
        self._load()

    @property
    async def items(self) -> L[Item]:
        """Items."""
        data = os.path.join(self.root, "x")
        res = helper(data).strip()
        print(len(data))
        return [Item(d) for d in res]

    class Meta:
        ordering = ["name"]


def make(kind: str = "x") -> Service:
    def inner(v: Item):
        return Service.build(v)
    class Local(Base):
        pass
    return inner


type Alias = dict[str, Item]
`

func TestPythonExtractSymbols(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []symRow{
		{"MAX_RETRIES", "MAX_RETRIES", facts.KindConst, "", 10, 10},
		{"_cache", "_cache", facts.KindVar, "", 11, 11},
		{"a", "a", facts.KindVar, "", 12, 12},
		{"b", "b", facts.KindVar, "", 12, 12},
		{"x", "x", facts.KindVar, "", 13, 13},
		{"y", "y", facts.KindVar, "", 13, 13},
		{"HAVE_JSON", "HAVE_JSON", facts.KindConst, "", 18, 18},
		{"Service", "Service", facts.KindClass, "", 26, 49},
		{"timeout", "Service.timeout", facts.KindField, "Service", 33, 33},
		{"__init__", "Service.__init__", facts.KindMethod, "Service", 35, 38},
		{"store", "Service.store", facts.KindField, "Service", 37, 37},
		{"items", "Service.items", facts.KindField, "Service", 41, 46},
		{"Meta", "Service.Meta", facts.KindClass, "Service", 48, 49},
		{"ordering", "Service.Meta.ordering", facts.KindField, "Service.Meta", 49, 49},
		{"make", "make", facts.KindFunction, "", 52, 57},
		{"inner", "make.inner", facts.KindFunction, "make", 53, 54},
		{"Local", "make.Local", facts.KindClass, "make", 55, 56},
		{"Alias", "Alias", facts.KindType, "", 60, 60},
	}
	if diff := cmp.Diff(want, langtest.Syms[symRow](f)); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors = %d", f.SyntaxErrors)
	}
}

func TestPythonExtractDetails(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	type detail struct {
		Signature, Doc string
		Extends        []string
	}
	got := map[string]detail{}
	for _, s := range f.Symbols {
		if _, dup := got[s.Qualified]; !dup {
			got[s.Qualified] = detail{s.Signature, s.Doc, s.Extends}
		}
	}
	want := map[string]detail{
		"MAX_RETRIES": {Signature: "MAX_RETRIES"},
		"_cache":      {Signature: `_cache: Dict[str, "Item"]`},
		"a":           {Signature: "a, b"},
		"b":           {Signature: "a, b"},
		"x":           {Signature: "x"},
		"y":           {Signature: "x"},
		"HAVE_JSON":   {Signature: "HAVE_JSON"},
		"Service": {
			Signature: "class Service(base.Service, Mixin, Generic[T], metaclass=Meta)",
			Doc:       "Serve things.\n\nLonger description\n  indented.",
			// Names the module does not bind come from its one star import.
			Extends: []string{"@..core.base|base.Service", "@..core.base|Mixin", "@..core.base|Generic"},
		},
		"Service.timeout":       {Signature: "timeout: float = 1.0"},
		"Service.__init__":      {Signature: `def __init__(self, store: "models.Store", *args, **kw) -> None`},
		"Service.store":         {Signature: "self.store = store"},
		"Service.items":         {Signature: "async def items(self) -> L[Item]", Doc: "Items."},
		"Service.Meta":          {Signature: "class Meta"},
		"Service.Meta.ordering": {Signature: `ordering = ["name"]`},
		"make":                  {Signature: `def make(kind: str = "x") -> Service`},
		"make.inner":            {Signature: "def inner(v: Item)"},
		"make.Local":            {Signature: "class Local(Base)", Extends: []string{"@..core.base|Base"}},
		"Alias":                 {Signature: "type Alias = dict[str, Item]"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("details (-want +got):\n%s", diff)
	}
}

func TestPythonExtractImports(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []facts.Import{
		{Path: "os.path", Line: 2},
		{Path: "sys", Alias: "system", Line: 2},
		{Path: "typing", Names: []string{"Dict", "List"}, As: []string{"", "L"}, Line: 3},
		{Path: ".", Names: []string{"models"}, Line: 4},
		{Path: "..core.base", Kind: "wildcard", Line: 5},
		{Path: ".util", Names: []string{"helper", "other"}, As: []string{"", "o"}, Line: 6},
		{Path: "app.config", Alias: "cfg", Line: 8},
		{Path: "json", Line: 17},
	}
	if diff := cmp.Diff(want, f.Imports); diff != "" {
		t.Errorf("imports (-want +got):\n%s", diff)
	}
}

func TestPythonExtractRefs(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	call, ref := facts.RefCall, facts.RefReference
	want := []facts.Ref{
		{Name: "Dict", Kind: ref, From: "_cache", Line: 11},
		{Name: "Item", Kind: ref, From: "_cache", Line: 11},
		{Name: "register", Kind: call, Line: 24},
		{Name: "route", Qualifier: "app", Kind: call, Line: 25},
		{Name: "Service", Qualifier: "base", Kind: ref, From: "Service", Line: 26},
		{Name: "Mixin", Kind: ref, From: "Service", Line: 26},
		{Name: "Generic", Kind: ref, From: "Service", Line: 26},
		{Name: "T", Kind: ref, From: "Service", Line: 26},
		{Name: "Meta", Kind: ref, From: "Service", Line: 26},
		{Name: "Store", Qualifier: "models", Kind: ref, From: "Service.__init__", Line: 35},
		{Name: "__init__", Qualifier: "super", Kind: call, From: "Service.__init__", Line: 36},
		{Name: "_load", Qualifier: "self", Kind: call, From: "Service.__init__", Line: 38},
		{Name: "L", Kind: ref, From: "Service.items", Line: 41},
		{Name: "Item", Kind: ref, From: "Service.items", Line: 41},
		{Name: "join", Qualifier: "os.path", Kind: call, From: "Service.items", Line: 43},
		{Name: "strip", Qualifier: "?", Kind: call, From: "Service.items", Line: 44, Recv: "helper()"},
		{Name: "helper", Kind: call, From: "Service.items", Line: 44},
		{Name: "Item", Kind: call, From: "Service.items", Line: 46},
		{Name: "Service", Kind: ref, From: "make", Line: 52},
		{Name: "Item", Kind: ref, From: "make.inner", Line: 53},
		{Name: "build", Qualifier: "Service", Kind: call, From: "make.inner", Line: 54},
		{Name: "Base", Kind: ref, From: "make.Local", Line: 55},
		{Name: "Item", Kind: ref, From: "Alias", Line: 60},
	}
	if diff := cmp.Diff(want, f.Refs); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
}

func TestPythonExtractBuiltinShadowed(t *testing.T) {
	f := langtest.Extract(t, Language(), "from fs import open\n\ndef format(x):\n    return open(x), format(x), len(x)\n")
	var got []string
	for _, r := range f.Refs {
		got = append(got, r.Name)
	}
	if diff := cmp.Diff([]string{"open", "format"}, got); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
}

func TestPythonExtractSyntaxError(t *testing.T) {
	src := `LIMIT = 5

class Good(Base):
    def ok(self):
        return helper()

def broken(:
    pass
`
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	want := []symRow{
		{"LIMIT", "LIMIT", facts.KindConst, "", 1, 1},
		{"Good", "Good", facts.KindClass, "", 3, 5},
		{"ok", "Good.ok", facts.KindMethod, "Good", 4, 5},
	}
	syms := langtest.Syms[symRow](f)
	if len(syms) < len(want) {
		t.Fatalf("symbols = %+v", syms)
	}
	if diff := cmp.Diff(want, syms[:len(want)]); diff != "" {
		t.Errorf("symbols before the error (-want +got):\n%s", diff)
	}
}

func TestPythonCleandoc(t *testing.T) {
	cases := []struct{ in, want string }{
		{"One line.", "One line."},
		{"  Padded.  ", "Padded."},
		{"\n    First.\n\n    Second\n      more.\n    ", "First.\n\nSecond\n  more."},
		{"Sum.\n\n        Body.\n        ", "Sum.\n\nBody."},
	}
	for _, c := range cases {
		if got := cleandoc(c.in); got != c.want {
			t.Errorf("pyCleandoc(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPythonModuleKeys(t *testing.T) {
	cases := []struct {
		path string
		want []string
	}{
		{"pkg/sub/mod.py", []string{"pkg.sub.mod"}},
		{"pkg/sub/__init__.py", []string{"pkg.sub"}},
		{"pkg/sub/mod.pyi", []string{"pkg.sub.mod"}},
		{"pkg/__init__.pyi", []string{"pkg"}},
		{"setup.py", []string{"setup"}},
		{"__init__.py", nil},
		{"src/pkg/mod.py", []string{"src.pkg.mod", "pkg.mod"}},
		{"src/pkg/__init__.py", []string{"src.pkg", "pkg"}},
		{"lib/util.py", []string{"lib.util", "util"}},
		{"src/__init__.py", []string{"src"}},
		{"libs/util.py", []string{"libs.util"}},
		{"scripts/run", nil},
	}
	spec := Language()
	for _, c := range cases {
		got := spec.ModuleKeys(c.path, &facts.File{}, &lang.Project{})
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ModuleKeys(%q) (-want +got):\n%s", c.path, diff)
		}
	}
}

func TestPythonImportCandidates(t *testing.T) {
	cases := []struct {
		from string
		imp  facts.Import
		want []string
	}{
		{"pkg/sub/m.py", facts.Import{Path: "a.b", Names: []string{"x"}}, []string{"a.b"}},
		{"pkg/sub/m.py", facts.Import{Path: "os"}, []string{"os"}},
		{"pkg/sub/m.py", facts.Import{Path: ".", Names: []string{"x"}}, []string{"pkg.sub"}},
		{"pkg/sub/m.py", facts.Import{Path: ".x"}, []string{"pkg.sub.x"}},
		{"pkg/sub/m.py", facts.Import{Path: "..y"}, []string{"pkg.y"}},
		{"pkg/sub/m.py", facts.Import{Path: "..", Names: []string{"z"}}, []string{"pkg"}},
		{"pkg/sub/m.py", facts.Import{Path: "...top"}, []string{"top"}},
		{"pkg/sub/m.py", facts.Import{Path: "....far"}, nil},
		{"pkg/sub/__init__.py", facts.Import{Path: ".x"}, []string{"pkg.sub.x"}},
		{"pkg/sub/__init__.py", facts.Import{Path: "..y", Kind: "wildcard"}, []string{"pkg.y"}},
		{"m.py", facts.Import{Path: ".x"}, []string{"x"}},
		{"m.py", facts.Import{Path: ".", Names: []string{"x"}}, nil},
		{"m.py", facts.Import{Path: "..x"}, nil},
		{"src/pkg/m.py", facts.Import{Path: ".x"}, []string{"src.pkg.x", "pkg.x"}},
		{"src/pkg/m.py", facts.Import{Path: "."}, []string{"src.pkg", "pkg"}},
		{"lib/pkg/sub/m.py", facts.Import{Path: "..y"}, []string{"lib.pkg.y", "pkg.y"}},
		{"src/pkg/m.py", facts.Import{Path: "..x"}, []string{"src.x", "x"}},
		{"src/pkg/m.py", facts.Import{Path: "...x"}, []string{"x"}},
		{"src/pkg/m.py", facts.Import{Path: "pkg.other"}, []string{"pkg.other"}},
	}
	spec := Language()
	for _, c := range cases {
		got := spec.ImportCandidates(c.imp, c.from, &lang.Project{})
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ImportCandidates(%q from %q) (-want +got):\n%s", c.imp.Path, c.from, diff)
		}
	}
}

// TestPythonBasesAsChains: a base the module imports is written as its
// chain, readable from other files; local, builtin and unbound names stay
// as written.
func TestPythonBasesAsChains(t *testing.T) {
	src := "import pkg.mod\nimport pkg.other as po\nfrom .sub.base import Base\nfrom . import models\n\n\n" +
		"class Local:\n    pass\n\n\n" +
		"class A(Base, Local, Exception, Unbound):\n    pass\n\n\n" +
		"class B(pkg.mod.Thing, po.Other, models.Model):\n    pass\n\n\n" +
		"def f(Base):\n    class C(Base):\n        pass\n"
	f := langtest.Extract(t, Language(), src)
	got := map[string][]string{}
	for _, s := range f.Symbols {
		if s.Kind == facts.KindClass {
			got[s.Qualified] = s.Extends
		}
	}
	want := map[string][]string{
		"Local": nil,
		"A":     {"@.sub.base|Base", "Local", "Exception", "Unbound"},
		"B":     {"@pkg.mod|Thing", "@pkg.other|Other", "@.models|Model"},
		"f.C":   {"Base"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bases (-want +got):\n%s", diff)
	}
}

// TestPythonSelfAfterComment: a comment at the head of a parameter list
// (def initialize(  # type: ignore) leaves self the first parameter, so
// the attributes the method assigns are the class's.
func TestPythonSelfAfterComment(t *testing.T) {
	src := "from tornado import ioloop\n\n\nclass C:\n    def initialize(  # type: ignore\n        self, x: int = 10\n    ) -> None:\n" +
		"        self.cb = ioloop.PeriodicCallback(self.tick, 1000)\n"
	f := langtest.Extract(t, Language(), src)
	for _, s := range f.Symbols {
		if s.Qualified == "C.cb" {
			if want := "@tornado.ioloop|PeriodicCallback()"; s.Type != want {
				t.Errorf("C.cb type %q, want %q", s.Type, want)
			}
			return
		}
	}
	t.Errorf("no field C.cb in %v", langtest.Syms[symRow](f))
}
