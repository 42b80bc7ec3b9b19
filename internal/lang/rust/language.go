// Package rust reads Rust: a file's facts, parsed with tree-sitter-rust
// (items, impls and traits, use declarations, and calls with the types of
// their receivers), the module paths a file answers to within its crate,
// and the Cargo.toml files that name the crates.
package rust

import (
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Rust.
func Language() lang.Language { return language() }

// language is Rust: its grammar, rules and functions.
var language = sync.OnceValue(func() *syntax.Language {
	return &syntax.Language{
		Grammar: &syntax.Grammar{Name: lang.Rust, Language: rustGrammar, Extract: extract},
		// Resolution in Rust: a name is in scope only where it is defined or used;
		// use a::b may name a module; a call of a standard method on a receiver of
		// unknown type is not guessed at.
		Rules:      lang.Traits{SubmoduleSep: "::", StdMethods: vocab().stdMethods},
		Keys:       moduleKeys,
		Candidates: importCandidates,
		Project:    newRustProject,
	}
})

func rustGrammar() *sitter.Language { return sitter.NewLanguage(tsrust.Language()) }
