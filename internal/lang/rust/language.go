// Package rust reads Rust: a file's facts, parsed with tree-sitter-rust
// (items, impls and traits, use declarations, and calls with the types of
// their receivers), the module paths a file answers to within its crate,
// and the Cargo.toml files that name the crates.
package rust

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Rust.
func Language() lang.Language { return language{} }

type language struct{}

// grammar parses Rust files.
var grammar = &syntax.Grammar{Name: lang.Rust, Language: rustGrammar, Extract: extract}

func rustGrammar() *sitter.Language { return sitter.NewLanguage(tsrust.Language()) }

// traits are the rules resolution follows in Rust: a name is in scope only
// where it is defined or used; use a::b may name a module; a call of a
// standard method on a receiver of unknown type is not guessed at.
var traits = lang.Traits{SubmoduleSep: "::", StdMethods: stdMethods}

func (language) Name() string                    { return lang.Rust }
func (language) NewParser() (lang.Parser, error) { return grammar.NewParser() }
func (language) Traits() *lang.Traits            { return &traits }

func (language) ModuleKeys(p string, f *facts.File, pr *lang.Project) []string {
	return moduleKeys(p, f, pr)
}

func (language) ImportCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	return importCandidates(imp, from, pr)
}

func (language) NewProjectReader(in lang.ProjectInput) lang.ProjectReader { return newRustProject(in) }
