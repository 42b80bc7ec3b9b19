// Package csharp reads C#: a file's facts, parsed with tree-sitter-c-sharp
// (namespaces, types and members, usings, and calls with the types of
// their receivers), and the namespaces a file answers to.
package csharp

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns C#.
func Language() lang.Language { return language{} }

type language struct{}

// grammar parses C# files.
var grammar = &syntax.Grammar{Name: lang.CSharp, Language: csharpGrammar, Extract: extract}

func csharpGrammar() *sitter.Language { return sitter.NewLanguage(tscsharp.Language()) }

// traits are the rules resolution follows in C#: a simple name is found
// in the enclosing types (their other partial parts and bases too), the
// namespaces the file declares and their parents, then what a using
// opens; a using names a namespace, never a file; base names the base
// type; a call on a receiver of unknown type lands only on a method unique
// in the project.
var traits = lang.Traits{
	Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, NamespaceScopes: true,
	ImportsNamespaces: true, NoReexports: true, BaseQualifier: "base", PartialTypes: true,
	TypeNamedMembers: true, UnfoundIsExternal: true, UniqueOnUnknownReceiver: true,
}

func (language) Name() string                    { return lang.CSharp }
func (language) NewParser() (lang.Parser, error) { return grammar.NewParser() }
func (language) Traits() *lang.Traits            { return &traits }

func (language) ModuleKeys(p string, f *facts.File, pr *lang.Project) []string {
	return moduleKeys(p, f, pr)
}

func (language) ImportCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	return importCandidates(imp, from, pr)
}

// NewProjectReader returns nil: C# resolution reads no project file.
func (language) NewProjectReader(lang.ProjectInput) lang.ProjectReader { return nil }
