package explicit

import "testing"

// pyLocalImports imports one local name in two methods, each from its own
// module, the way Flask's test_client and test_cli_runner do: the name is
// bound in the function that imports it, not in the file.
var pyLocalImports = map[string]string{
	"pkg/__init__.py": "",
	"pkg/testing.py": "class Client:\n    def __init__(self, app):\n        pass\n\n\n" +
		"class Runner:\n    def __init__(self, app):\n        pass\n",
	"pkg/app.py": "class App:\n    client_class = None\n    runner_class = None\n\n" +
		"    def test_client(self):\n        cls = self.client_class\n        if cls is None:\n" +
		"            from .testing import Client as cls\n        return cls(self)\n\n" +
		"    def test_runner(self):\n        cls = self.runner_class\n        if cls is None:\n" +
		"            from .testing import Runner as cls\n        return cls(self)\n\n" +
		"    def plain(self):\n        from .testing import Client\n        return Client(self)\n",
}

// TestPythonFunctionLocalImports: an import inside a function binds its
// names in that function only, so each method's cls(...) reaches the
// class its own import names.
func TestPythonFunctionLocalImports(t *testing.T) {
	got := resolveAll(t, nil, pyLocalImports)
	check(t, got,
		[]string{
			"pkg/app.py#App.test_client -> pkg/testing.py#Client [calls import]",
			"pkg/app.py#App.test_runner -> pkg/testing.py#Runner [calls import]",
			"pkg/app.py#App.plain -> pkg/testing.py#Client [calls import]",
		},
		[]string{
			"pkg/app.py#App.test_client -> pkg/testing.py#Runner",
			"pkg/app.py#App.test_runner -> pkg/testing.py#Client",
		})
}
