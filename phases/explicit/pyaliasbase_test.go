package explicit

import "testing"

// TestPythonAliasedBases: a class whose base is a module-level alias of a
// class (scrapy's `_Base = Handler[Response]` under TYPE_CHECKING and
// `_Base = Handler` otherwise, then `class HttpxHandler(_Base)`) inherits
// from the class the alias names, through another alias and a dotted
// name too; a name a call assigns, or one a function binds, is no alias.
func TestPythonAliasedBases(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/base.py": "from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\n\n" +
			"class Handler(Generic[T]):\n    def __init__(self, crawler):\n        self.crawler = crawler\n\n" +
			"    def headers(self):\n        return {}\n\n\ndef make():\n    return Handler(None)\n",
		"pkg/httpx.py": "from typing import TYPE_CHECKING\n\nfrom pkg import base\nfrom pkg.base import Handler, make\n\n" +
			"if TYPE_CHECKING:\n    _Base = Handler[bytes]\nelse:\n    _Base = Handler\n\nSecond = _Base\nDotted = base.Handler\nMade = make()\n\n\n" +
			"class HttpxHandler(_Base):\n    def __init__(self, crawler):\n        super().__init__(crawler)\n        self.headers()\n\n\n" +
			"class Other(Second):\n    def run(self):\n        return self.headers()\n\n\n" +
			"class Third(Dotted):\n    def run(self):\n        return self.headers()\n\n\n" +
			"class Fourth(Made):\n    def run(self):\n        return self.headers()\n\n\n" +
			"def scoped():\n    _Base = object\n\n    class Local(_Base):\n        def run(self):\n            return self.headers()\n\n    return Local\n",
		"pkg/other.py": "from pkg.httpx import _Base\n\n\nclass Elsewhere(_Base):\n    def run(self):\n        return self.headers()\n",
	})
	check(t, got, []string{
		"pkg/other.py#Elsewhere.run -> pkg/base.py#Handler.headers [calls type]",
		"pkg/httpx.py#HttpxHandler.__init__ -> pkg/base.py#Handler.__init__ [calls type]",
		"pkg/httpx.py#HttpxHandler.__init__ -> pkg/base.py#Handler.headers [calls type]",
		"pkg/httpx.py#Other.run -> pkg/base.py#Handler.headers [calls type]",
		"pkg/httpx.py#Third.run -> pkg/base.py#Handler.headers [calls type]",
		"pkg/httpx.py#HttpxHandler -> pkg/base.py#Handler [extends import]",
		"pkg/httpx.py#Other -> pkg/base.py#Handler [extends import]",
		"pkg/httpx.py#Third -> pkg/base.py#Handler [extends import]",
	}, []string{
		"pkg/httpx.py#Fourth.run -> pkg/base.py#Handler.headers",
		"pkg/httpx.py#Fourth -> pkg/base.py#Handler",
		"pkg/httpx.py#scoped.Local.run -> pkg/base.py#Handler.headers",
	})
}
