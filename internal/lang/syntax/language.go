package syntax

import (
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// Language is lang.Language for a language read with a tree-sitter
// grammar: each language package fills one with its grammar, its traits
// and its functions.
type Language struct {
	// Grammar parses the language's files (NewParser); its Name is the
	// language's.
	*Grammar
	// Rules are the rules resolution follows in the language (Traits).
	Rules lang.Traits
	// Keys is ModuleKeys.
	Keys func(path string, f *facts.File, p *lang.Project) []string
	// Candidates is ImportCandidates.
	Candidates func(imp facts.Import, from string, p *lang.Project) []string
	// Project, when set, returns the reader of the family's project files.
	Project func(in lang.ProjectInput) lang.ProjectReader
}

// Name is the language's name.
func (l *Language) Name() string { return l.Grammar.Name }

// Traits are the language's rules.
func (l *Language) Traits() *lang.Traits { return &l.Rules }

// ModuleKeys are the keys the file at path can be imported under.
func (l *Language) ModuleKeys(path string, f *facts.File, p *lang.Project) []string {
	return l.Keys(path, f, p)
}

// ImportCandidates are the module keys an import may mean, best first.
func (l *Language) ImportCandidates(imp facts.Import, from string, p *lang.Project) []string {
	return l.Candidates(imp, from, p)
}

// NewProjectReader returns the family's project reader, nil for none.
func (l *Language) NewProjectReader(in lang.ProjectInput) lang.ProjectReader {
	if l.Project == nil {
		return nil
	}
	return l.Project(in)
}
