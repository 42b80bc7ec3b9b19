package python

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

func TestPythonModuleKeysUnderRoots(t *testing.T) {
	pr := &lang.Project{PythonRoots: map[string]string{
		"localstack-core": "", "lib/impl": "mypkg", "extra/sub": "mypkg.sub", "nested/src": "",
	}}
	cases := []struct {
		path string
		want []string
	}{
		{"localstack-core/localstack/config.py", []string{"localstack-core.localstack.config", "localstack.config"}},
		{"localstack-core/localstack/aws/__init__.py", []string{"localstack-core.localstack.aws", "localstack.aws"}},
		{"localstack-core/top.py", []string{"localstack-core.top", "top"}},
		{"localstack-core/__init__.py", []string{"localstack-core"}},
		{"lib/impl/__init__.py", []string{"lib.impl", "impl", "mypkg"}},
		{"lib/impl/m.py", []string{"lib.impl.m", "impl.m", "mypkg.m"}},
		{"lib/impl.py", []string{"lib.impl", "impl"}},
		{"extra/sub/deep/m.py", []string{"extra.sub.deep.m", "mypkg.sub.deep.m"}},
		{"nested/src/pkg/m.py", []string{"nested.src.pkg.m", "pkg.m"}},
		{"other/pkg/m.py", []string{"other.pkg.m"}},
	}
	spec := Language()
	for _, c := range cases {
		got := spec.ModuleKeys(c.path, &facts.File{}, pr)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ModuleKeys(%q) (-want +got):\n%s", c.path, diff)
		}
	}
}

// TestPythonExtractLocals checks the calls the extractor leaves out because
// Python's scoping says where they go: a parameter, a local variable or a
// closure's variable is not a definition of its name, and a literal, a local
// holding one, *args, **kwargs and a builtin type have builtin methods. An
// alias from a from-import is reported under its local name (Import.As
// maps it). Every name of the builtins module counts as a builtin.
func TestPythonExtractLocals(t *testing.T) {
	src := `from .util import helper as h, Thing as T
from werkzeug.utils import redirect as _wz_redirect
import json


def run(cb, items, *args, **kw):
    cb()
    local = make()
    local()
    local.go()
    d = {}
    d.update(kw)
    kw.get("x")
    args.count(1)
    ", ".join(items)
    s = "-".join(items)
    s.upper()
    b":".join(items)
    obj.__dict__.update({})
    str.join(",", items)
    object.__setattr__(obj, "a", 1)
    h(1)
    T.build()
    json.dumps(d)
    def inner():
        pass
    inner()
    for f in items:
        f()
    with open(x) as fh:
        fh.read()
    [g() for g in items]
    (lambda q: q())(1)
    mixed = {}
    mixed = other()
    mixed.pop()
    helper2()
    _wz_redirect()
    compile(d, "f", "exec")
    Exception.__init__(d)
    raise ValueError(d)


def uses_global():
    global cb
    cb()


def outer():
    fn = get()
    def nested():
        fn()
    return nested


def late():
    return L(1)


from .util import Later as L
`
	f := langtest.Extract(t, Language(), src)
	var got []string
	for _, r := range f.Refs {
		if r.Kind != facts.RefCall {
			continue
		}
		s := r.From + ": " + r.Name
		if r.Qualifier != "" {
			s = r.From + ": " + r.Qualifier + "." + r.Name
		}
		got = append(got, s)
	}
	want := []string{
		"run: make",
		"run: local.go",
		"run: h", // the resolver maps an alias through Import.As
		"run: T.build",
		"run: json.dumps",
		"run: inner",
		"run: fh.read",
		"run: other",
		"run: mixed.pop",
		"run: helper2",
		"run: _wz_redirect", // an absolute import may leave the repository: kept as written
		"uses_global: cb",
		"outer: get",
		"late: L",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("call refs (-want +got):\n%s", diff)
	}
}

// TestPythonExtractOverloads checks that @overload stubs give way to the
// implementation that follows them, which keeps the plain id, and that
// stubs without one (a .pyi file) stay.
func TestPythonExtractOverloads(t *testing.T) {
	f := langtest.Extract(t, Language(), `import typing as t
from typing import overload


class C:
    @t.overload
    def get(self, k: int) -> int: ...
    @typing.overload
    def get(self, k: str) -> str: ...
    def get(self, k):
        return k


@overload
def load(x: int) -> int: ...
@overload
def load(x: str) -> str: ...


@overload
def conv(x: int) -> int: ...
def conv(x):
    return x
`)
	var got []string
	for _, s := range f.Symbols {
		got = append(got, fmt.Sprintf("%s:%d", s.Qualified, s.Line))
	}
	want := []string{"C:5", "C.get:10", "load:15", "load:17", "conv:22"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
}
