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

// injectedValue is the type of the value passed by name to a parameter
// of a definition in the file at from: the nearest injected value of that
// name, in from itself, then in conftest.py of its directory and of each
// directory above; else the framework's own value of the name
// (Traits.InjectedDefault), evaluated as if imported in from.
func (r *resolver) injectedValue(from, name string, depth int) (*def, typeState) {
	for _, p := range injectionFiles(from) {
		cands := r.filterIn(name, []string{p}, injectedKinds, func(d def) bool { return d.Parent == "" })
		if len(cands) > 0 {
			return r.typeOf(cands[0], depth)
		}
	}
	if r.traits.InjectedDefault != nil {
		if chain, ok := r.traits.InjectedDefault(name); ok {
			return r.evalChain(chainCtx{path: from}, chain, depth+1)
		}
	}
	return nil, typeUnknown
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
