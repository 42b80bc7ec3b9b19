package cfamily

import (
	"path"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// ids are the per-grammar lookup data of the C family walk (kind names
// and field ids differ between the C and C++ grammars).
type ids struct {
	*syntax.Table
	fDeclarator uint16
}

func idsOf(l *sitter.Language) *ids {
	g := syntax.NewTable(l)
	return &ids{Table: g, fDeclarator: g.Field("declarator")}
}

// grammarIDs are the ids of both grammars, read once.
var grammarIDs = sync.OnceValue(func() struct{ c, cpp *ids } {
	return struct{ c, cpp *ids }{
		idsOf(cLanguage()),
		idsOf(cppLanguage()),
	}
})

type scope struct {
	qual   string
	kind   byte // 'n' namespace, 'c' class/struct/union/enum, 'f' function, 'v' var/typedef, 't' template
	tpLen  int
	tmpl   *sitter.Node // for 't': the template_declaration
	hidden bool         // 't' scopes do not change From
}

type extractor struct {
	src     []byte
	g       *ids
	cpp     bool
	f       *facts.File
	scopes  []scope
	fnDepth int
	tparams []string
	// tdefaults are the chains of the template parameters' default
	// types, "" for none (templateParamChain).
	tdefaults []string
	skipAt    uint   // start byte of a type_identifier that is a definition name
	guard     string // name of the last #ifndef (include guard detection)
	newTypes  uint   // start byte of the type of the current new_expression
	// locals are the variables of the open blocks of the current function
	// with their type chains, innermost last.
	locals syntax.Locals
	// vals are the same variables' value types (argTypes).
	vals valueTypes
	// conditions are the file's function templates with an enable_if
	// condition, by qualified name and parameters (markComplementary).
	conditions map[string][]sfinaeOverload
	// instances are the file's class template instantiations (instance).
	instances []facts.Ref
	// macroDefs are the file's function-like macros (globalMacros).
	macroDefs []macroDef
}

func extract(root *sitter.Node, src []byte, g *ids, cpp bool) *facts.File {
	x := &extractor{src: src, g: g, cpp: cpp, f: &facts.File{}, skipAt: ^uint(0), newTypes: ^uint(0)}
	c := root.Walk()
	defer c.Close()
	x.walk(c, "")
	x.f.NamespaceMacros = append(x.f.NamespaceMacros, globalMacros(x.macroDefs)...)
	if cpp {
		x.f.Sites = append(callSites(x.f.Refs), x.instances...)
	}
	return x.f
}

func (x *extractor) walk(c *sitter.TreeCursor, parentKind string) {
	n := c.Node()
	kind := x.g.Kind(n)
	block := x.fnDepth > 0 && blocks[kind]
	if block {
		x.locals.Push()
		x.vals.Push()
	}
	descend, pushed := x.enter(n, kind, c, parentKind)
	if descend && c.GotoFirstChild() {
		for {
			x.walk(c, kind)
			if !c.GotoNextSibling() {
				break
			}
		}
		c.GotoParent()
	}
	if pushed {
		top := x.scopes[len(x.scopes)-1]
		x.scopes = x.scopes[:len(x.scopes)-1]
		x.tparams = x.tparams[:top.tpLen]
		x.tdefaults = x.tdefaults[:top.tpLen]
		if top.kind == 'f' {
			x.fnDepth--
			x.locals.Pop()
			x.vals.Pop()
		}
	}
	if block {
		x.locals.Pop()
		x.vals.Pop()
	}
}

// scope is the Qualified name of the innermost named scope and its kind
// (the From of references).
func (x *extractor) scope() (string, byte) {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if !x.scopes[i].hidden {
			return x.scopes[i].qual, x.scopes[i].kind
		}
	}
	return "", 0
}

// outer is the innermost scope that definitions nest in: namespaces,
// classes and functions, not the variable or typedef whose type a struct
// is declared in (typedef struct S {..} T: S is not T.S).
func (x *extractor) outer() (string, byte) {
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if s := x.scopes[i]; !s.hidden && s.kind != 'v' {
			return s.qual, s.kind
		}
	}
	return "", 0
}

func (x *extractor) push(qual string, kind byte) {
	x.scopes = append(x.scopes, scope{qual: qual, kind: kind, tpLen: len(x.tparams)})
	if kind == 'f' {
		x.fnDepth++
	}
}

// template returns the template_declaration directly around n, if any.
func (x *extractor) template(parentKind string) *sitter.Node {
	if parentKind == "template_declaration" && len(x.scopes) > 0 {
		return x.scopes[len(x.scopes)-1].tmpl
	}
	return nil
}

func moduleKeys(p string, f *facts.File, pr *lang.Project) []string { return []string{p} }

func importCandidates(imp facts.Import, from string, p *lang.Project) []string {
	var dirs []string
	if p != nil {
		dirs = p.IncludeDirs
	}
	var out []string
	add := func(k string) {
		for _, o := range out {
			if o == k {
				return
			}
		}
		out = append(out, k)
	}
	switch imp.Kind {
	case "local":
		add(path.Clean(path.Join(path.Dir(from), imp.Path)))
		for _, d := range dirs {
			add(path.Join(d, imp.Path))
		}
		add(path.Clean(imp.Path))
	case "system":
		for _, d := range dirs {
			add(path.Join(d, imp.Path))
		}
	}
	return out
}

// project reads no file: the C family's settings are the configured
// include directories and the namespace macros its code files define.
type project struct {
	includeDirs []string
	code        map[string]string
}

func newProject(in lang.ProjectInput) lang.ProjectReader { return project{in.IncludeDirs, in.Code} }

// Read takes nothing: no file is the C family's project file.
func (project) Read(string, []byte) {}

// Finish writes Project.IncludeDirs and Project.NamespaceMacros.
func (r project) Finish(pr *lang.Project) {
	pr.IncludeDirs = r.includeDirs
	pr.NamespaceMacros = namespaceMacros(r.code)
}
