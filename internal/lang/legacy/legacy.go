package legacy

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
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
	ModuleKeys       func(path string, f *facts.File, p *lang.Project) []string
	ImportCandidates func(imp facts.Import, from string, p *lang.Project) []string
	StdMethods       map[string]bool
	Traits           lang.Traits
	Project          func(in lang.ProjectInput) lang.ProjectReader
}

type oldLanguage struct {
	s *oldSpec
	g *syntax.Grammar
}

func (l oldLanguage) Name() string                    { return l.s.Name }
func (l oldLanguage) NewParser() (lang.Parser, error) { return l.g.NewParser() }
func (l oldLanguage) ModuleKeys(path string, f *facts.File, p *lang.Project) []string {
	return l.s.ModuleKeys(path, f, p)
}
func (l oldLanguage) ImportCandidates(imp facts.Import, from string, p *lang.Project) []string {
	return l.s.ImportCandidates(imp, from, p)
}
func (l oldLanguage) Traits() *lang.Traits {
	t := l.s.Traits
	t.StdMethods = l.s.StdMethods
	return &t
}
func (l oldLanguage) NewProjectReader(in lang.ProjectInput) lang.ProjectReader {
	if l.s.Project == nil {
		return nil
	}
	return l.s.Project(in)
}

func wrap(s *oldSpec) lang.Language {
	return oldLanguage{s: s, g: &syntax.Grammar{Name: s.Name, Language: s.Grammar, Extract: s.Extract, Repair: s.Repair}}
}

// Languages lists the languages still defined in this package.
func Languages() []lang.Language {
	var out []lang.Language
	for _, s := range []*oldSpec{
		cSpec(), cppSpec(),
	} {
		out = append(out, wrap(s))
	}
	return out
}
