// Package java reads Java: a file's facts, parsed with tree-sitter-java
// (declarations, imports, and calls with the declared or inferred types
// of their receivers and arguments), and the module keys of its packages
// and classes.
package java

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Java.
func Language() lang.Language { return language{} }

type language struct{}

// grammar parses Java files.
var grammar = &syntax.Grammar{Name: lang.Java, Language: javaGrammar, Extract: extract}

func javaGrammar() *sitter.Language { return sitter.NewLanguage(tsjava.Language()) }

// traits are the rules resolution follows in Java: a package's types see
// each other and every type of the program; a class body's scope holds
// its inherited members; constructors are named after their class; every
// receiver the extractor could type is typed, and no other is guessed at.
var traits = lang.Traits{
	Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, MemberScopes: true,
	NamedConstructors: true, TypedReceivers: true,
}

func (language) Name() string                    { return lang.Java }
func (language) NewParser() (lang.Parser, error) { return grammar.NewParser() }
func (language) Traits() *lang.Traits            { return &traits }

func (language) ModuleKeys(p string, f *facts.File, pr *lang.Project) []string {
	return moduleKeys(p, f, pr)
}

func (language) ImportCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	return importCandidates(imp, from, pr)
}

// NewProjectReader returns nil: Java resolution reads no project file.
func (language) NewProjectReader(lang.ProjectInput) lang.ProjectReader { return nil }
