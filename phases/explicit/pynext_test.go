package explicit

import "testing"

// TestPythonNextOfFilteredGenerator: next() of a generator (parenthesized
// or the call's only argument) that yields
// the values an isinstance() test passes (next((p for p in plugins if
// isinstance(p, DIPlugin)), None), litestar's way of finding its plugin
// of a kind) is of the tested class, and one testing no class an element
// of what it loops over (a list[Other] here); a generator testing another
// name, or looping over an untyped value, tells nothing.
func TestPythonNextOfFilteredGenerator(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"app/__init__.py": "",
		"app/plugins.py": "class DIPlugin:\n    def typed_init(self):\n        pass\n\n\n" +
			"class Other:\n    def typed_init(self):\n        pass\n",
		"app/use.py": "from app.plugins import DIPlugin, Other\n\n\n" +
			"def find(plugins, dep):\n    plugin = next((p for p in plugins if isinstance(p, DIPlugin) and p.ok(dep)), None)\n" +
			"    if plugin:\n        plugin.typed_init()\n\n\n" +
			"def other_name(plugins, q):\n    plugin = next((p for p in plugins if isinstance(q, DIPlugin)), None)\n    plugin.typed_init()\n\n\n" +
			"def untested(plugins):\n    plugin = next((p for p in plugins), None)\n    plugin.typed_init()\n\n\n" +
			"def typed(others: list[Other]):\n    if found := next((o for o in others if o), None):\n        found.typed_init()\n\n\n" +
			"def bare(plugins):\n    next(p for p in plugins if isinstance(p, DIPlugin)).typed_init()\n",
	})
	check(t, got, []string{
		"app/use.py#find -> app/plugins.py#DIPlugin.typed_init [calls type]",
		"app/use.py#typed -> app/plugins.py#Other.typed_init [calls type]",
		"app/use.py#bare -> app/plugins.py#DIPlugin.typed_init [calls type]",
	}, []string{
		"app/use.py#other_name -> app/plugins.py#DIPlugin.typed_init [calls type]",
		"app/use.py#untested -> app/plugins.py#DIPlugin.typed_init [calls type]",
	})
}

// TestPythonComprehensionElements: a comprehension that yields its loop
// variable holds what an isinstance() test of its if clause gives it, or
// an element of what it loops over: a loop over a list comprehension, and
// over an attribute another module set to tuple() of a filtered generator
// (litestar's PluginRegistry.serialization), takes that class; one that
// yields something else tells nothing.
func TestPythonComprehensionElements(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"app/__init__.py": "",
		"app/plugins.py": "class SerializationPlugin:\n    def create(self):\n        pass\n\n\n" +
			"class Registry:\n    def __init__(self, plugins):\n" +
			"        self.serialization = tuple(p for p in plugins if isinstance(p, SerializationPlugin))\n" +
			"        self.names = [p.name for p in plugins if isinstance(p, SerializationPlugin)]\n",
		"app/use.py": "from app.plugins import Registry, SerializationPlugin\n\n\n" +
			"def registry(reg: Registry):\n    for p in reg.serialization:\n        p.create()\n\n\n" +
			"def listed(xs):\n    found = [x for x in xs if isinstance(x, SerializationPlugin)]\n    for f in found:\n        f.create()\n\n\n" +
			"def other(reg: Registry):\n    for n in reg.names:\n        n.create()\n",
	})
	check(t, got, []string{
		"app/use.py#registry -> app/plugins.py#SerializationPlugin.create [calls type]",
		"app/use.py#listed -> app/plugins.py#SerializationPlugin.create [calls type]",
	}, []string{
		"app/use.py#other -> app/plugins.py#SerializationPlugin.create [calls type]",
	})
}
