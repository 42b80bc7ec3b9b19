// Package ruby reads Ruby: a file's facts, parsed with tree-sitter-ruby
// (modules, classes, methods and constants, require and require_relative,
// and calls with the types of their receivers), and the keys a file
// answers to.
package ruby

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsruby "github.com/tree-sitter/tree-sitter-ruby/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Ruby.
func Language() lang.Language { return language{} }

type language struct{}

// grammar parses Ruby files.
var grammar = &syntax.Grammar{Name: lang.Ruby, Language: rubyGrammar, Extract: extract}

func rubyGrammar() *sitter.Language { return sitter.NewLanguage(tsruby.Language()) }

// traits are the rules resolution follows in Ruby: every class and module
// of the program is in reach; a constant is found in the modules and
// classes lexically around it; a bare name inside a class may be a method
// of self.
var traits = lang.Traits{Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, Nesting: lang.NestConstants}

func (language) Name() string                    { return lang.Ruby }
func (language) NewParser() (lang.Parser, error) { return grammar.NewParser() }
func (language) Traits() *lang.Traits            { return &traits }

func (language) ModuleKeys(p string, f *facts.File, pr *lang.Project) []string {
	return moduleKeys(p, f, pr)
}

func (language) ImportCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	return importCandidates(imp, from, pr)
}

// NewProjectReader returns nil: Ruby resolution reads no project file.
func (language) NewProjectReader(lang.ProjectInput) lang.ProjectReader { return nil }
