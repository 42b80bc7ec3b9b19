package lang

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// oldSpec is a language not yet moved to its own package.
type oldSpec struct {
	Name             string
	Family           string
	Extensions       []string
	Interpreters     []string
	Grammar          func() *sitter.Language
	Extract          func(root *sitter.Node, src []byte) *facts.File
	Repair           func(src []byte) []byte
	ModuleKeys       func(path string, f *facts.File, p *Project) []string
	ImportCandidates func(imp facts.Import, from string, p *Project) []string
	StdMethods       map[string]bool
	Traits           Traits
	Project          func(in ProjectInput) ProjectReader
}

type oldLanguage struct {
	s *oldSpec
	g *syntax.Grammar
}

func (l oldLanguage) Name() string { return l.s.Name }
func (l oldLanguage) NewParser() (Parser, error) {
	p, err := l.g.NewParser()
	if err != nil {
		return nil, err
	}
	return p, nil
}
func (l oldLanguage) ModuleKeys(path string, f *facts.File, p *Project) []string {
	return l.s.ModuleKeys(path, f, p)
}
func (l oldLanguage) ImportCandidates(imp facts.Import, from string, p *Project) []string {
	return l.s.ImportCandidates(imp, from, p)
}
func (l oldLanguage) Traits() *Traits {
	t := l.s.Traits
	t.StdMethods = l.s.StdMethods
	return &t
}
func (l oldLanguage) NewProjectReader(in ProjectInput) ProjectReader {
	if l.s.Project == nil {
		return nil
	}
	return l.s.Project(in)
}

func wrap(s *oldSpec) Language {
	return oldLanguage{s: s, g: &syntax.Grammar{Name: s.Name, Language: s.Grammar, Extract: s.Extract, Repair: s.Repair}}
}

// Builtin lists the languages still defined in this package.
func Builtin() []Language {
	var out []Language
	for _, s := range []*oldSpec{
		goSpec(), pythonSpec(), javascriptSpec(), typescriptSpec(), tsxSpec(),
		javaSpec(), rustSpec(), rubySpec(), cSpec(), cppSpec(), csharpSpec(), phpSpec(),
	} {
		out = append(out, wrap(s))
	}
	return out
}
