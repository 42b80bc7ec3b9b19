// Package csharp reads C#: a file's facts, parsed with tree-sitter-c-sharp
// (namespaces, types and members, usings, and calls with the types of
// their receivers), and the namespaces a file answers to.
package csharp

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns C#.
func Language() lang.Language { return language }

// language is C#: its grammar, rules and functions.
var language = &syntax.Language{
	Grammar: &syntax.Grammar{Name: lang.CSharp, Language: csharpGrammar, Extract: extract},
	// Resolution in C#: a simple name is found in the enclosing types (their
	// other partial parts and bases too), the namespaces the file declares and
	// their parents, then what a using opens; a using names a namespace, never a
	// file; base names the base type; a call on a receiver of unknown type lands
	// only on a method unique in the project.
	Rules: lang.Traits{
		Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, NamespaceScopes: true,
		ImportsNamespaces: true, NoReexports: true, BaseQualifier: "base", PartialTypes: true,
		TypeNamedMembers: true, UnfoundIsExternal: true, UniqueOnUnknownReceiver: true,
	},
	Keys:       moduleKeys,
	Candidates: importCandidates,
}

func csharpGrammar() *sitter.Language { return sitter.NewLanguage(tscsharp.Language()) }
