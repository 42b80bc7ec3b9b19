package explicit

import "testing"

// TestPythonContainersAcrossModules: a function, method or field another
// module annotates as a container of one repository type (list[Foo],
// Iterator[Foo], Optional[Sequence[Foo]], tuple[Foo, ...]) gives an
// element to a loop or an index here, which cannot read that annotation;
// a mapping's loop takes its keys, and a repository class iterated gives
// no guess.
func TestPythonContainersAcrossModules(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/foo.py": "from typing import Iterator, Optional, Sequence\n\n\nclass Foo:\n    def run(self):\n        pass\n\n\n" +
			"class Bag:\n    def __iter__(self):\n        return iter([])\n\n\n" +
			"class Store:\n    def __init__(self):\n        self.foos: list[Foo] = []\n\n" +
			"    def all(self) -> Iterator[Foo]:\n        yield Foo()\n\n" +
			"    def maybe(self) -> Optional[Sequence[Foo]]:\n        return None\n\n\n" +
			"def items() -> list[Foo]:\n    return []\n\n\ndef fixed() -> tuple[Foo, ...]:\n    return ()\n\n\n" +
			"def table() -> dict[Foo, str]:\n    return {}\n\n\ndef bag() -> Bag:\n    return Bag()\n",
		"pkg/use.py": "from pkg.foo import Store, bag, fixed, items, table\n\n\n" +
			"def loop():\n    for x in items():\n        x.run()\n\n\n" +
			"def index():\n    xs = items()\n    xs[0].run()\n\n\n" +
			"def method(s: Store):\n    for x in s.all():\n        x.run()\n\n\n" +
			"def field(s: Store):\n    return [x.run() for x in s.foos]\n\n\n" +
			"def optional(s: Store):\n    for x in s.maybe() or []:\n        pass\n    for y in s.maybe():\n        y.run()\n\n\n" +
			"def ellipsis():\n    for x in fixed():\n        x.run()\n\n\n" +
			"def keys():\n    for k in table():\n        k.run()\n\n\n" +
			"def classes():\n    for b in bag():\n        b.run()\n",
	})
	check(t, got, []string{
		"pkg/use.py#loop -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#index -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#method -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#field -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#optional -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#ellipsis -> pkg/foo.py#Foo.run [calls type]",
	}, []string{
		"pkg/use.py#keys -> pkg/foo.py#Foo.run",
		"pkg/use.py#classes -> pkg/foo.py#Foo.run",
	})
}
