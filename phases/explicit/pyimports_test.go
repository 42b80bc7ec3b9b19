package explicit

import "testing"

// TestPythonImportBindsPackage: "import pkg.app" binds pkg, the package,
// so pkg.Err() reaches what pkg/__init__.py re-exports; "from pkg import
// util" and then util.uri.decode() reaches the submodule util/uri.py that
// util/__init__.py does not import.
func TestPythonImportBindsPackage(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py":      "from pkg.errors import Err\nfrom pkg.app import App\n",
		"pkg/errors.py":        "class Err(Exception):\n    pass\n",
		"pkg/app.py":           "class App:\n    pass\n",
		"pkg/asgi/__init__.py": "",
		"pkg/asgi/app.py":      "import pkg.app\n\n\nclass App(pkg.app.App):\n    def fail(self):\n        raise pkg.Err()\n",
		"pkg/util/__init__.py": "from pkg.util.misc import helper\n",
		"pkg/util/misc.py":     "def helper():\n    pass\n",
		"pkg/util/uri.py":      "def decode():\n    pass\n",
		"pkg/request.py":       "from pkg import util\n\n\ndef query():\n    util.helper()\n    util.uri.decode()\n",
	})
	check(t, got, []string{
		"pkg/asgi/app.py#App -> pkg/app.py#App [extends import]",
		"pkg/asgi/app.py#App.fail -> pkg/errors.py#Err [calls import]",
		"pkg/request.py#query -> pkg/util/misc.py#helper [calls import]",
		"pkg/request.py#query -> pkg/util/uri.py#decode [calls import]",
		"pkg/request.py -> pkg/util/uri.py [imports ]",
	}, nil)
}

// TestPythonImportInFunctionBindsNoPackage: "import pkg.app" inside a
// function binds pkg in that function only: another function's pkg.Err()
// names nothing (tornado's define_logging_options imports tornado.options
// so, and its local options must not be read through the package).
func TestPythonImportInFunctionBindsNoPackage(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "from pkg.errors import Err\n",
		"pkg/errors.py":   "class Err(Exception):\n    pass\n",
		"pkg/app.py":      "class App:\n    pass\n",
		"use.py":          "def late():\n    import pkg.app\n\n    return pkg.app.App()\n\n\ndef other():\n    raise pkg.Err()\n",
	})
	check(t, got, []string{"use.py#late -> pkg/app.py#App [calls import]"}, []string{"use.py#other ->"})
}
