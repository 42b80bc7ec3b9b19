package lang

import (
	"fmt"
	"sort"
)

// Registry is the set of languages the writer indexes, by name. The
// package internal/lang/all builds the one with every language.
type Registry struct {
	byName map[string]Language
	names  []string
	// family holds the first registered language of each family: it reads
	// the family's project files.
	family map[string]Language
}

// NewRegistry builds a registry of the given languages. Each must be one
// Get knows.
func NewRegistry(langs ...Language) *Registry {
	r := &Registry{byName: map[string]Language{}, family: map[string]Language{}}
	for _, l := range langs {
		spec := Get(l.Name())
		if spec == nil {
			panic(fmt.Sprintf("lang: %q has no spec", l.Name()))
		}
		r.byName[spec.Name] = l
		r.names = append(r.names, spec.Name)
		if r.family[spec.Family] == nil {
			r.family[spec.Family] = l
		}
	}
	sort.Strings(r.names)
	return r
}

// Names lists the registered language names, sorted.
func (r *Registry) Names() []string { return r.names }

// Get returns a language by name, nil when it is not registered.
func (r *Registry) Get(name string) Language { return r.byName[name] }

// ProjectReaders returns a reader of each family's project files that
// has any, by family; in is what every reader may use, dirs each family's
// directory tallies (ProjectInput.Dirs).
func (r *Registry) ProjectReaders(in ProjectInput, dirs map[string]map[string]Tally) map[string]ProjectReader {
	out := map[string]ProjectReader{}
	for fam, l := range r.family {
		fin := in
		fin.Code = codeOf(in.Code, fam)
		fin.Dirs = dirs[fam]
		if pr := l.NewProjectReader(fin); pr != nil {
			out[fam] = pr
		}
	}
	return out
}

// codeOf is what the code files tell their family's reader, without the
// files whose extension names another family (a Python script without
// one stays).
func codeOf(code map[string]string, family string) map[string]string {
	out := make(map[string]string, len(code))
	for p, text := range code {
		if s := ByExtension(p); s == nil || s.Family == family {
			out[p] = text
		}
	}
	return out
}
