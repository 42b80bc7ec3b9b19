package explicit

import "testing"

// TestPythonGenericDescriptors: a class attribute annotated D[X], where D
// is a class of the same module whose __get__ returns its type variable,
// is an X on an instance (scrapy's Crawler.engine:
// _LateAttribute[ExecutionEngine]), here and in another module; a generic
// class without such a __get__ is itself.
func TestPythonGenericDescriptors(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/engine.py":   "class Engine:\n    def crawl(self):\n        pass\n",
		"pkg/crawler.py": "from __future__ import annotations\n\nfrom typing import Any, Generic, TypeVar, overload\n\nfrom pkg.engine import Engine\n\n" +
			"_T = TypeVar('_T')\n\n\nclass Late(Generic[_T]):\n" +
			"    @overload\n    def __get__(self, instance: None, owner: Any) -> Late[_T]: ...\n" +
			"    @overload\n    def __get__(self, instance: object, owner: Any) -> _T: ...\n" +
			"    def __get__(self, instance, owner) -> Late[_T] | _T:\n        return getattr(instance, '_x')\n\n" +
			"    def crawl(self):\n        pass\n\n\n" +
			"class Box(Generic[_T]):\n    def crawl(self):\n        pass\n\n\n" +
			"class Crawler:\n    engine: Late[Engine] = Late()\n    boxed: Box[Engine] = Box()\n\n" +
			"    def run(self):\n        self.engine.crawl()\n        self.boxed.crawl()\n",
		"pkg/use.py": "from pkg.crawler import Crawler\n\n\ndef use(c: Crawler):\n    c.engine.crawl()\n",
	})
	check(t, got, []string{
		"pkg/crawler.py#Crawler.run -> pkg/engine.py#Engine.crawl [calls type]",
		"pkg/use.py#use -> pkg/engine.py#Engine.crawl [calls type]",
		"pkg/crawler.py#Crawler.run -> pkg/crawler.py#Box.crawl [calls type]",
	}, []string{
		"pkg/crawler.py#Crawler.run -> pkg/crawler.py#Late.crawl",
		"pkg/use.py#use -> pkg/crawler.py#Late.crawl",
	})
}
