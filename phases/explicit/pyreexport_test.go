package explicit

import "testing"

// pyPackageReexports is Flask's package __init__: it re-exports a
// submodule (from . import json as json) and a class of another submodule
// (from .wrappers import Response as Response); tests reach both through
// the package.
var pyPackageReexports = map[string]string{
	"src/flask/__init__.py":      "from . import json as json\nfrom .wrappers import Response as Response\n",
	"src/flask/json/__init__.py": "def dumps(obj):\n    return ''\n",
	"src/flask/wrappers.py":      "class Response:\n    def close(self):\n        pass\n",
	"tests/test_json.py": "import flask\nfrom flask import json\n\n\n" +
		"def test_package():\n    flask.json.dumps(1)\n    flask.Response().close()\n\n\n" +
		"def test_name():\n    json.dumps(1)\n",
}

// TestPythonPackageReexportsSubmodule: a name reached through a package
// that re-exports a submodule (flask.json.dumps) or a submodule's class
// (flask.Response) lands on its definition.
func TestPythonPackageReexportsSubmodule(t *testing.T) {
	got := resolveAll(t, nil, pyPackageReexports)
	check(t, got,
		[]string{
			"tests/test_json.py#test_package -> src/flask/json/__init__.py#dumps [calls import]",
			"tests/test_json.py#test_package -> src/flask/wrappers.py#Response [calls import]",
			"tests/test_json.py#test_package -> src/flask/wrappers.py#Response.close [calls type]",
			"tests/test_json.py#test_name -> src/flask/json/__init__.py#dumps [calls import]",
		}, nil)
}
