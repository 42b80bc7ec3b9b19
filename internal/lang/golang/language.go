// Package golang reads Go: a file's facts, parsed with tree-sitter-go,
// the packages its imports name, and the go.mod files that root them.
package golang

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Go.
func Language() lang.Language { return language{} }

type language struct{}

// grammar parses Go files.
var grammar = &syntax.Grammar{Name: lang.Go, Language: tsLanguage, Extract: extract}

func tsLanguage() *sitter.Language { return sitter.NewLanguage(tsgo.Language()) }

// traits are the rules resolution follows in Go: a package is a
// directory, whose files see each other; an import binds the package
// clause's name; _test.go files are seen by tests only.
var traits = lang.Traits{
	Reach: lang.Reach{Dir: true}, TestOnly: isTest, PackageClauseBinds: true, ExternalNames: externalNames,
	UnusedImportsLink: true, DirectoryPackages: true, TypeConversions: true,
}

func (language) Name() string                    { return lang.Go }
func (language) NewParser() (lang.Parser, error) { return grammar.NewParser() }
func (language) Traits() *lang.Traits            { return &traits }

func (language) ModuleKeys(p string, f *facts.File, pr *lang.Project) []string {
	return moduleKeys(p, f, pr)
}

// ImportCandidates: a Go import path is the module key of its package.
func (language) ImportCandidates(imp facts.Import, _ string, _ *lang.Project) []string {
	return []string{imp.Path}
}

func (language) NewProjectReader(in lang.ProjectInput) lang.ProjectReader { return newProject(in) }
