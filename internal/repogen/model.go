package repogen

import (
	"path"
	"strings"
)

// unit is the language-neutral model of one generated source module. It is
// rendered into one file (two for C: a .c and its .h). Names are stored in
// canonical snake_case and converted by each renderer. Calls name their target
// by the target's path at the time the call was written, so renaming or
// deleting the target leaves realistic dangling references behind.
type unit struct {
	Lang   string
	Path   string // primary path (the .c file for C)
	Salt   int    // stable per-unit choice of import styles
	Doc    string
	Consts []constDef
	Types  []typeDef
	Funcs  []funcDef
}

// constDef is a module-level integer constant.
type constDef struct {
	Name  string
	Value int
}

// typeDef is a class or struct with methods.
type typeDef struct {
	Name    string
	Doc     string
	Methods []funcDef
}

// funcDef is a function or method taking one integer and returning one.
type funcDef struct {
	Name    string
	Doc     string
	Private bool
	Mult    int
	Calls   []callRef
	Notes   []string
	Spaced  bool
}

// callRef is one call in a body. Import is the target unit's primary path,
// or "" for a call to the unit itself. Type is set for method calls.
type callRef struct {
	Import string
	Type   string
	Name   string
}

// clone returns a deep copy of u.
func (u *unit) clone() *unit {
	c := *u
	c.Consts = append([]constDef(nil), u.Consts...)
	c.Types = make([]typeDef, len(u.Types))
	for i, t := range u.Types {
		c.Types[i] = typeDef{Name: t.Name, Doc: t.Doc, Methods: cloneFuncs(t.Methods)}
	}
	c.Funcs = cloneFuncs(u.Funcs)
	return &c
}

func cloneFuncs(fs []funcDef) []funcDef {
	out := make([]funcDef, len(fs))
	for i, f := range fs {
		f.Calls = append([]callRef(nil), f.Calls...)
		f.Notes = append([]string(nil), f.Notes...)
		out[i] = f
	}
	return out
}

// dir returns the directory of the unit's primary file.
func (u *unit) dir() string { return path.Dir(u.Path) }

// stem returns the canonical snake_case stem of the unit's file name.
func (u *unit) stem() string { return stemOf(u.Path) }

// stemOf converts a file name of any generated language back to snake_case.
func stemOf(p string) string {
	base := path.Base(p)
	base = strings.TrimSuffix(base, path.Ext(base))
	return snake(base)
}

// snake converts PascalCase or camelCase to snake_case; snake input is kept.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		if r == '-' {
			r = '_'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// names returns every top-level name the unit defines (funcs, types, consts).
func (u *unit) names() map[string]bool {
	m := map[string]bool{}
	for _, f := range u.Funcs {
		m[f.Name] = true
	}
	for _, t := range u.Types {
		m[t.Name] = true
	}
	for _, c := range u.Consts {
		m[c.Name] = true
	}
	return m
}

// allFuncs returns pointers to every function and method body of the unit.
func (u *unit) allFuncs() []*funcDef {
	var out []*funcDef
	for i := range u.Funcs {
		out = append(out, &u.Funcs[i])
	}
	for i := range u.Types {
		for j := range u.Types[i].Methods {
			out = append(out, &u.Types[i].Methods[j])
		}
	}
	return out
}

// targets returns the distinct imported unit paths in first-use order.
func (u *unit) targets() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range u.allFuncs() {
		for _, c := range f.Calls {
			if c.Import != "" && !seen[c.Import] {
				seen[c.Import] = true
				out = append(out, c.Import)
			}
		}
	}
	return out
}

// callsTo returns the calls of u that target imp, deduplicated by symbol.
func (u *unit) callsTo(imp string) []callRef {
	seen := map[callRef]bool{}
	var out []callRef
	for _, f := range u.allFuncs() {
		for _, c := range f.Calls {
			if c.Import == imp && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// localizeCalls turns calls that target the unit's own path into local calls.
func (u *unit) localizeCalls() {
	for _, f := range u.allFuncs() {
		for i := range f.Calls {
			if f.Calls[i].Import == u.Path {
				f.Calls[i].Import = ""
			}
		}
	}
}

// exported returns the symbols other units may call: public functions and
// methods of types.
func (u *unit) exported() []callRef {
	var out []callRef
	for _, f := range u.Funcs {
		if !f.Private {
			out = append(out, callRef{Import: u.Path, Name: f.Name})
		}
	}
	for _, t := range u.Types {
		for _, m := range t.Methods {
			out = append(out, callRef{Import: u.Path, Type: t.Name, Name: m.Name})
		}
	}
	return out
}
