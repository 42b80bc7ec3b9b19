package explicit

import "testing"

// TestPythonLoopsThroughElementKeepers: a loop over sorted(xs),
// reversed(xs), list(xs), iter(xs) or tuple(xs) takes an element of xs,
// as one over xs does, also through enumerate and .items(); a module that
// binds such a name itself gets no guess.
func TestPythonLoopsThroughElementKeepers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/foo.py":      "class Foo:\n    def run(self):\n        pass\n\n\ndef table() -> dict[str, Foo]:\n    return {}\n",
		"pkg/use.py": "from pkg.foo import Foo, table\n\n\n" +
			"def backwards(items: list[Foo]):\n    for x in reversed(items):\n        x.run()\n\n\n" +
			"def ordered(items: set[Foo]):\n    return [x.run() for x in sorted(items, key=id)]\n\n\n" +
			"def pairs(d: dict[str, Foo]):\n    for k, v in sorted(d.items()):\n        v.run()\n\n\n" +
			"def counted(items: list[Foo]):\n    for i, x in enumerate(list(iter(items))):\n        x.run()\n\n\n" +
			"def copied(items: tuple[Foo, ...]):\n    for x in tuple(items):\n        x.run()\n",
		"pkg/shadow.py": "from pkg.foo import Foo\n\n\ndef sorted(xs):\n    return [len(xs)]\n\n\n" +
			"def shadowed(items: list[Foo]):\n    for x in sorted(items):\n        x.run()\n",
	})
	check(t, got, []string{
		"pkg/use.py#backwards -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#ordered -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#pairs -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#counted -> pkg/foo.py#Foo.run [calls type]",
		"pkg/use.py#copied -> pkg/foo.py#Foo.run [calls type]",
	}, []string{
		"pkg/shadow.py#shadowed -> pkg/foo.py#Foo.run",
	})
}
