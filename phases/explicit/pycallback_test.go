package explicit

import "testing"

// pyCallbacks is a framework whose API declares its callbacks' parameter
// types with Callable[...] (inline, through Optional, on a method reached
// by inheritance and on a module function, through a type alias of
// either spelling imported from another module), and a user module in another
// package that passes lambdas, defs by name and decorated defs.
var pyCallbacks = map[string]string{
	"fw/__init__.py": "from .app import App, register\n",
	"fw/http.py":     "class Request:\n    def json(self):\n        return {}\n\n\nclass Other:\n    def json(self):\n        return []\n",
	"fw/types.py":    "from typing import Callable\nfrom .http import Request\n\nHandler = Callable[[Request], None]\ntype Hook = Callable[[int, Request], None]\n",
	"fw/base.py": "from typing import Callable, Optional\nfrom .http import Request\nfrom .types import Handler, Hook\n\n\nclass Base:\n" +
		"    def use(self, h: Handler, k: 'Hook'):\n        pass\n\n" +
		"    def on_request(self, f: Callable[[Request], None]) -> None:\n        pass\n\n" +
		"    def add_handler(self, h: Optional[Callable[[Request, int], None]] = None, *, name=None):\n        pass\n",
	"fw/app.py": "import typing as t\nfrom .base import Base\nfrom .http import Request\n\n\nclass App(Base):\n    pass\n\n\n" +
		"def register(path: str, view: t.Callable[[Request], object]):\n    pass\n",
	"web/views.py": "from fw import App, register\n\napp = App()\n\n\n" +
		"def viaLambda():\n    app.add_handler(lambda req, n: req.json())\n\n\n" +
		"def viaName():\n    def handler(req):\n        return req.json()\n    register('/x', handler)\n\n\n" +
		"@app.on_request\ndef decorated(req):\n    req.json()\n\n\n" +
		"def viaLocal():\n    a = App()\n    a.on_request(lambda r: r.json())\n\n\n" +
		"def viaAlias():\n    app.use(lambda r: r.json(), None)\n\n\n" +
		"def viaHook():\n    app.use(None, lambda n, r: r.json())\n\n\n" +
		"def declared():\n    app.add_handler(lambda req: req.json(), 1)\n\n\n" +
		"def keyword():\n    app.add_handler(name=lambda req: req.json())\n\n\n" +
		"def byKeyword():\n    app.add_handler(h=lambda req, n: req.json())\n\n\n" +
		"def nameByKeyword():\n    def on_x(req):\n        return req.json()\n    register('/x', view=on_x)\n\n\n" +
		"def unknownKeyword():\n    register('/x', other=lambda req: req.json())\n\n\n" +
		"def unrelated():\n    def cb(req):\n        return req.json()\n    print(cb)\n",
}

// TestPythonCallbackParameters: a lambda, a def passed by name in its own
// scope and a def under a decorator take their unannotated parameters'
// types from the Callable the callee declares, across files and through
// inheritance, passed by position or by keyword; a keyword the callee
// declares no Callable for (a keyword-only parameter without annotation,
// a name it has no parameter of) and a def passed to nothing declared are
// not typed, and Other.json is never a candidate.
func TestPythonCallbackParameters(t *testing.T) {
	got := resolveAll(t, nil, pyCallbacks)
	check(t, got,
		[]string{
			"web/views.py#viaLambda -> fw/http.py#Request.json [calls type]",
			"web/views.py#viaName.handler -> fw/http.py#Request.json [calls type]",
			"web/views.py#decorated -> fw/http.py#Request.json [calls type]",
			"web/views.py#viaLocal -> fw/http.py#Request.json [calls type]",
			"web/views.py#declared -> fw/http.py#Request.json [calls type]",
			"web/views.py#viaAlias -> fw/http.py#Request.json [calls type]",
			"web/views.py#viaHook -> fw/http.py#Request.json [calls type]",
			"web/views.py#byKeyword -> fw/http.py#Request.json [calls type]",
			"web/views.py#nameByKeyword.on_x -> fw/http.py#Request.json [calls type]",
		},
		[]string{"Other.json", "web/views.py#keyword -> fw/http.py#Request.json", "web/views.py#unrelated.cb -> fw/http.py#Request.json",
			"web/views.py#unknownKeyword -> fw/http.py#Request.json"})
}
