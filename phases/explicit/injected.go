package explicit

import (
	"path"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Values a framework passes to parameters by name (Traits.Injected): a
// pytest fixture reaches def test_x(app) from the test's module or a
// conftest.py above it, and no annotation says so. Each such value is an
// index entry under its name (kindInjected), so that a lookup of one
// (facts.Injected + name) asks narrow keys, the name in each file pytest
// looks in: editing a fixture in a conftest.py re-resolves exactly the
// files that looked it up there, and adding one nearer to a test
// re-resolves the test.

// kindInjected marks an index entry for a value a framework passes by
// name: Name is that name, Type the value's chain, Qualified the
// definition that makes it. Like an alias it is no symbol and has no
// node, and only lookups of injected values see it (selectDefs).
const kindInjected = "injected"

// injectedKinds asks a lookup for injected values only.
var injectedKinds = map[string]bool{kindInjected: true}

// kindPlugin marks an index entry, under pluginsName, for a module a file
// names for the framework to load (facts.ImportPlugin, pytest_plugins):
// Type is the module as written. The values that module injects reach
// what the listing file's own reach.
const kindPlugin = "plugin"

// pluginsName is the name plugin entries are indexed under: no identifier,
// so no reference asks for it.
const pluginsName = "<plugins>"

// pluginKinds asks a lookup for plugin entries only.
var pluginKinds = map[string]bool{kindPlugin: true}

// lookupOnly are the entry kinds only a lookup asking for that kind sees.
var lookupOnly = map[string]bool{kindInjected: true, kindPlugin: true}

// maxPluginDepth bounds how far plugins that list plugins are followed.
const maxPluginDepth = 3

// injected calls add for each top-level definition of a file whose value
// a framework passes by name, with that name.
func injected(f *snapshot.File, t *lang.Traits, add func(name string, s facts.Symbol)) {
	if t.Injected == nil {
		return
	}
	for _, s := range f.Facts.Symbols {
		if s.Parent != "" {
			continue
		}
		if name, ok := t.Injected(s); ok {
			add(name, s)
		}
	}
}

// plugins calls add for each module a file names for the framework to
// load, where the language injects values by name.
func plugins(f *snapshot.File, t *lang.Traits, add func(module string)) {
	if t.Injected == nil {
		return
	}
	for _, imp := range f.Facts.Imports {
		if imp.Kind == facts.ImportPlugin {
			add(imp.Path)
		}
	}
}

// injectedValue is the type of the value passed by name to a parameter
// of a definition in the file at from: the nearest injected value of that
// name, in from itself, then in conftest.py of its directory and of each
// directory above, each file before the plugins it lists; else the framework's own value of the name
// (Traits.InjectedDefault), evaluated as if imported in from.
func (r *resolver) injectedValue(from, name string, depth int) (*def, typeState) {
	for _, p := range injectionFiles(from) {
		if d, ok := r.injectedIn(p, name, 0); ok {
			return r.typeOf(d, depth)
		}
	}
	if r.traits.InjectedDefault != nil {
		if chain, ok := r.traits.InjectedDefault(name); ok {
			return r.evalChain(chainCtx{path: from}, chain, depth+1)
		}
	}
	return nil, typeUnknown
}

// injectedIn is the value of a name a file injects itself, else one of
// the plugin modules it lists (localstack's tests/conftest.py lists
// localstack.testing.pytest.fixtures) or theirs.
func (r *resolver) injectedIn(p, name string, depth int) (*def, bool) {
	topLevel := func(d def) bool { return d.Parent == "" }
	if cands := r.filterIn(name, []string{p}, injectedKinds, topLevel); len(cands) > 0 {
		return cands[0], true
	}
	if depth >= maxPluginDepth {
		return nil, false
	}
	for _, c := range r.filterIn(pluginsName, []string{p}, pluginKinds, topLevel) {
		for _, m := range r.moduleFiles(c.Type, p) {
			if d, ok := r.injectedIn(m, name, depth+1); ok {
				return d, true
			}
		}
	}
	return nil, false
}

// injectionFiles are the files pytest takes the fixtures of a test module
// at p from, nearest first.
func injectionFiles(p string) []string {
	out := []string{p}
	for dir := path.Dir(p); ; dir = path.Dir(dir) {
		c := "conftest.py"
		if dir != "." && dir != "/" {
			c = dir + "/conftest.py"
		}
		if c != p {
			out = append(out, c)
		}
		if dir == "." || dir == "/" {
			return out
		}
	}
}
