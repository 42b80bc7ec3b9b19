package explicit

import "testing"

// pyDecorated decorates defs every way a framework does: a
// functools.wraps wrapper, decorators typed F -> F (a TypeVar) and
// Callable[P, R] -> Callable[P, R], an untyped one returning its argument,
// a route decorator of an application instance, and in a class a
// property, a cached_property, a classmethod, a staticmethod and a
// wrapped method.
var pyDecorated = map[string]string{
	"lib/thing.py": "class Thing:\n    def m(self):\n        pass\n",
	"lib/deco.py": "import functools\nfrom typing import Callable, ParamSpec, TypeVar\n\n" +
		"F = TypeVar('F', bound=Callable)\nP = ParamSpec('P')\nR = TypeVar('R')\n\n\n" +
		"def wrapping(f):\n    @functools.wraps(f)\n    def wrapper(*a, **k):\n        return f(*a, **k)\n    return wrapper\n\n\n" +
		"def typed(f: F) -> F:\n    return f\n\n\n" +
		"def ptyped(f: Callable[P, R]) -> Callable[P, R]:\n    return f\n\n\n" +
		"def ident(f):\n    return f\n",
	"lib/api.py": "import functools\nfrom lib.deco import wrapping, typed, ptyped, ident\nfrom lib.thing import Thing\n\n\n" +
		"class App:\n    def route(self, rule):\n        def deco(f):\n            return f\n        return deco\n\n\n" +
		"app = App()\n\n\n" +
		"@wrapping\ndef w() -> Thing:\n    return Thing()\n\n\n" +
		"@typed\ndef t() -> Thing:\n    return Thing()\n\n\n" +
		"@ptyped\ndef pt() -> Thing:\n    return Thing()\n\n\n" +
		"@ident\ndef i() -> Thing:\n    return Thing()\n\n\n" +
		"@app.route('/')\ndef index() -> Thing:\n    return Thing()\n\n\n" +
		"class Svc:\n    @property\n    def p(self) -> Thing:\n        return Thing()\n\n" +
		"    @functools.cached_property\n    def cp(self) -> Thing:\n        return Thing()\n\n" +
		"    @classmethod\n    def make(cls) -> 'Svc':\n        return cls()\n\n" +
		"    @staticmethod\n    def helper() -> Thing:\n        return Thing()\n\n" +
		"    @wrapping\n    def wm(self) -> Thing:\n        return Thing()\n\n" +
		"    def run(self):\n        pass\n",
	"app/use.py": "from lib.api import w, t, pt, i, index, Svc\n\n\n" +
		"def wrapped():\n    w().m()\n\n\ndef typevar():\n    t().m()\n\n\ndef paramspec():\n    pt().m()\n\n\n" +
		"def untyped():\n    i().m()\n\n\ndef route():\n    index().m()\n\n\n" +
		"def prop():\n    Svc().p.m()\n\n\ndef cached():\n    Svc().cp.m()\n\n\n" +
		"def classmethod_():\n    Svc.make().run()\n\n\ndef staticmethod_():\n    Svc.helper().m()\n\n\n" +
		"def method():\n    Svc().wm().m()\n",
}

// TestPythonDecoratedDefs: a call of a decorated def lands on the def and
// its result has the def's declared type, whatever the decorator (they
// return their argument or a wrapper of it); a property and a
// cached_property read on an instance are their getter's result; class-
// and static methods called through the class reach their defs.
func TestPythonDecoratedDefs(t *testing.T) {
	got := resolveAll(t, nil, pyDecorated)
	const thingM = " -> lib/thing.py#Thing.m [calls type]"
	check(t, got,
		[]string{
			"app/use.py#wrapped -> lib/api.py#w [calls import]", "app/use.py#wrapped" + thingM,
			"app/use.py#typevar -> lib/api.py#t [calls import]", "app/use.py#typevar" + thingM,
			"app/use.py#paramspec -> lib/api.py#pt [calls import]", "app/use.py#paramspec" + thingM,
			"app/use.py#untyped -> lib/api.py#i [calls import]", "app/use.py#untyped" + thingM,
			"app/use.py#route -> lib/api.py#index [calls import]", "app/use.py#route" + thingM,
			"app/use.py#prop" + thingM,
			"app/use.py#cached" + thingM,
			"app/use.py#classmethod_ -> lib/api.py#Svc.make [calls type]",
			"app/use.py#classmethod_ -> lib/api.py#Svc.run [calls type]",
			"app/use.py#staticmethod_ -> lib/api.py#Svc.helper [calls type]", "app/use.py#staticmethod_" + thingM,
			"app/use.py#method -> lib/api.py#Svc.wm [calls type]", "app/use.py#method" + thingM,
			"lib/api.py -> lib/api.py#App.route [calls type]",
		},
		[]string{
			"app/use.py#prop -> lib/api.py#Svc.p",
			"app/use.py#cached -> lib/api.py#Svc.cp",
		})
}
