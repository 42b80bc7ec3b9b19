// Package ruby reads Ruby: a file's facts, parsed with tree-sitter-ruby
// (modules, classes, methods and constants, require and require_relative,
// and calls with the types of their receivers), and the keys a file
// answers to.
package ruby

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsruby "github.com/tree-sitter/tree-sitter-ruby/bindings/go"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Ruby.
func Language() lang.Language { return language }

// language is Ruby: its grammar, rules and functions.
var language = &syntax.Language{
	Grammar: &syntax.Grammar{Name: lang.Ruby, Language: rubyGrammar, Extract: extract},
	// Resolution in Ruby: every class and module of the program is in reach; a
	// constant is found in the modules and classes lexically around it; a bare
	// name inside a class may be a method of self.
	Rules:      lang.Traits{Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, Nesting: lang.NestConstants},
	Keys:       moduleKeys,
	Candidates: importCandidates,
}

func rubyGrammar() *sitter.Language { return sitter.NewLanguage(tsruby.Language()) }
