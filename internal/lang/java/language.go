// Package java reads Java: a file's facts, parsed with tree-sitter-java
// (declarations, imports, and calls with the declared or inferred types
// of their receivers and arguments), and the module keys of its packages
// and classes.
package java

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Java.
func Language() lang.Language { return language }

// language is Java: its grammar, rules and functions.
var language = &syntax.Language{
	Grammar: &syntax.Grammar{Name: lang.Java, Language: javaGrammar, Extract: extract},
	// Resolution in Java: a package's types see each other and every type of the
	// program; a class body's scope holds its inherited members; constructors are
	// named after their class; every receiver the extractor could type is typed,
	// and no other is guessed at.
	Rules: lang.Traits{
		Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, MemberScopes: true,
		NamedConstructors: true, TypedReceivers: true,
	},
	Keys:       moduleKeys,
	Candidates: importCandidates,
}

func javaGrammar() *sitter.Language { return sitter.NewLanguage(tsjava.Language()) }
