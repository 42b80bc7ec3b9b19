// Package lang knows the languages lgraph indexes: how to recognise a file,
// which tree-sitter grammar parses it, how to pull facts out of the tree, and
// how its imports map onto repository files.
//
// Each language lives in its own file and registers a Spec in Registry. The
// rest of lgraph only talks to Spec.
package lang

import (
	"path"
	"sort"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// Spec describes one language.
type Spec struct {
	// Name is the language id used in nodes ("go", "python", "typescript", ...).
	Name string
	// Family groups languages whose files may import each other (javascript and
	// typescript are "js"; c and cpp are "c"). Resolution never crosses families.
	Family string
	// Extensions are file name suffixes including the dot (".py"), lower case.
	Extensions []string
	// Interpreters are the program names a shebang line may name ("python3").
	Interpreters []string
	// Grammar returns the tree-sitter language. It is called once per parser.
	Grammar func() *sitter.Language
	// Extract pulls the facts out of a parsed tree. It must be a pure function
	// of src: no clocks, no maps iterated into output, no global state.
	Extract func(root *sitter.Node, src []byte) *facts.File
	// Repair, when set, is tried on a file that parsed with errors: it
	// returns a copy of src rewritten byte for byte (offsets unchanged) so
	// that the grammar can parse it, or nil. The tree with fewer errors is
	// kept; Extract always reads text from the original src.
	Repair func(src []byte) []byte
	// ModuleKeys returns the keys under which the file at path can be imported
	// (for Python "pkg.mod"; for JS "src/util" for src/util.ts; for Go the
	// package import path). Keys are compared verbatim with ImportCandidates.
	ModuleKeys func(path string, f *facts.File, p *Project) []string
	// ImportCandidates returns, best first, the module keys an import written
	// in the file at from may refer to. The first key that some file defines wins.
	ImportCandidates func(imp facts.Import, from string, p *Project) []string
	// StdMethods are method names of the language's standard types
	// (Rust unwrap, clone, iter, len...): a call of one on a receiver whose
	// type is unknown is never guessed onto a repository method by name.
	StdMethods map[string]bool
}

// Project and TSConfig live in facts, so that packages reading snapshots
// need not link the grammars.
type (
	Project     = facts.Project
	TSConfig    = facts.TSConfig
	RustPackage = facts.RustPackage
	JSPackage   = facts.JSPackage
)

// Registry is the set of known languages, looked up by extension and name.
type Registry struct {
	byName   map[string]*Spec
	byExt    map[string]*Spec
	byInterp map[string]*Spec
	names    []string
}

// NewRegistry builds a registry of the given specs.
func NewRegistry(specs ...*Spec) *Registry {
	r := &Registry{byName: map[string]*Spec{}, byExt: map[string]*Spec{}, byInterp: map[string]*Spec{}}
	for _, s := range specs {
		r.byName[s.Name] = s
		r.names = append(r.names, s.Name)
		for _, e := range s.Extensions {
			r.byExt[e] = s
		}
		for _, i := range s.Interpreters {
			r.byInterp[i] = s
		}
	}
	sort.Strings(r.names)
	return r
}

// Default returns the registry of every language lgraph supports.
func Default() *Registry {
	return NewRegistry(
		goSpec(), pythonSpec(), javascriptSpec(), typescriptSpec(), tsxSpec(),
		javaSpec(), rustSpec(), rubySpec(), cSpec(), cppSpec(), csharpSpec(), phpSpec(),
	)
}

// Names lists the registered language names, sorted.
func (r *Registry) Names() []string { return r.names }

// Get returns the spec of a language by name.
func (r *Registry) Get(name string) *Spec { return r.byName[name] }

// ByExtension returns the language of a path from its extension, or nil.
func (r *Registry) ByExtension(p string) *Spec {
	base := strings.ToLower(path.Base(p))
	// Longest suffix first so ".d.ts" style suffixes could be supported.
	for i := 0; i < len(base); i++ {
		if base[i] != '.' {
			continue
		}
		if s, ok := r.byExt[base[i:]]; ok {
			return s
		}
	}
	return nil
}

// NeedsContent reports whether Detect needs the file's first bytes to decide:
// only files without a known extension and without any dot can be scripts
// with a shebang.
func (r *Registry) NeedsContent(p string) bool {
	return r.ByExtension(p) == nil && !strings.Contains(path.Base(p), ".")
}

// Detect returns the language of a file from its path and, for extensionless
// files, its shebang line; nil when the file is not code lgraph knows.
func (r *Registry) Detect(p string, head []byte) *Spec {
	if s := r.ByExtension(p); s != nil {
		return s
	}
	if !r.NeedsContent(p) {
		return nil
	}
	return r.byInterp[shebangInterpreter(head)]
}

// shebangInterpreter returns the program a "#!" line runs, looking through
// "/usr/bin/env", with any version suffix kept ("python3").
func shebangInterpreter(head []byte) string {
	if len(head) < 2 || head[0] != '#' || head[1] != '!' {
		return ""
	}
	line := string(head[2:])
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return ""
	}
	prog := path.Base(fields[0])
	if prog == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") {
				return path.Base(f)
			}
		}
		return ""
	}
	return prog
}
