package explicit

import "testing"

// TestPythonTwinDefinitions: a module defines a name twice, in the two
// arms of a try/except ImportError or of an if/else (a class in one, a
// function in the other). A call of the name, in the module or through
// an import, reaches both, whichever the installed packages pick at run
// time.
func TestPythonTwinDefinitions(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/compat.py": "try:\n    import pygments\n\n    def highlight(text):\n        return pygments.highlight(text)\n" +
			"except ImportError:\n    pygments = None\n\n    def highlight(text):\n        return text\n\n\n" +
			"def render(text):\n    return highlight(text)\n",
		"pkg/client.py": "from pkg.compat import pygments\n\nif pygments is not None:\n    class Client:\n        pass\nelse:\n" +
			"    def Client(*args):\n        raise ImportError('pygments')\n",
		"use.py": "from pkg.compat import highlight\nfrom pkg.client import Client\n\n\ndef show():\n    highlight('x')\n    Client()\n",
	})
	check(t, got, []string{
		"pkg/compat.py#render -> pkg/compat.py#highlight [calls scope]",
		"pkg/compat.py#render -> pkg/compat.py#highlight~2 [calls scope]",
		"use.py#show -> pkg/compat.py#highlight [calls import]",
		"use.py#show -> pkg/compat.py#highlight~2 [calls import]",
		"use.py#show -> pkg/client.py#Client [calls import]",
		"use.py#show -> pkg/client.py#Client~2 [calls import]",
	}, nil)
}
