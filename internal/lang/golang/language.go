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
func Language() lang.Language { return language }

// language is Go: its grammar, rules and functions.
var language = &syntax.Language{
	Grammar: &syntax.Grammar{Name: lang.Go, Language: tsLanguage, Extract: extract},
	// Resolution in Go: a package is a directory, whose files see each other; an
	// import binds the package clause's name; _test.go files are seen by tests
	// only.
	Rules: lang.Traits{
		Reach: lang.Reach{Dir: true}, TestOnly: isTest, PackageClauseBinds: true, ExternalNames: externalNames,
		UnusedImportsLink: true, DirectoryPackages: true, TypeConversions: true, TypedefMembers: true, FuncValueResults: true,
	},
	Keys:       moduleKeys,
	Candidates: candidates,
	Project:    newProject,
}

func tsLanguage() *sitter.Language { return sitter.NewLanguage(tsgo.Language()) }

// candidates: a Go import path is the module key of its package.
func candidates(imp facts.Import, _ string, _ *lang.Project) []string { return []string{imp.Path} }
