// Package cfamily reads C and C++ with one extractor (the C++ constructs,
// classes, namespaces, templates and new, switched on for C++): a file's
// facts, parsed with tree-sitter-c or tree-sitter-cpp, what a quoted
// include may name (the including file's directory, then the configured
// include directories), and the keys a file answers to: its path.
package cfamily

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"
	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// C returns C.
func C() lang.Language { return c }

// CPP returns C++.
func CPP() lang.Language { return cpp }

var (
	c = newLanguage(&syntax.Grammar{Name: lang.C, Language: cLanguage, Extract: func(root *sitter.Node, src []byte) *facts.File {
		return extractBest(root, src, false)
	}}, false)
	cpp = newLanguage(&syntax.Grammar{Name: lang.CPP, Language: cppLanguage, Extract: func(root *sitter.Node, src []byte) *facts.File {
		return extractBest(root, src, true)
	}}, true)
)

// newLanguage is C or C++: they differ in their grammar only.
// Resolution in C and C++: every definition of the program is in reach; a
// name is found in the namespaces and classes around it and those the file
// uses; a bare name inside a class may be a member of this; a typedef has
// its target's members. A C++ member call on a receiver of unknown type
// lands only on a method whose name one class of the project declares
// (UniqueOnUnknownReceiver): such receivers are mostly typed by a template
// parameter (ctx.begin() in a template taking ParseContext& ctx), and of
// several classes' methods of that name the one in the caller's file is
// seldom the one an instantiation calls (fmt: begin, end, on_error, size).
func newLanguage(g *syntax.Grammar, cpp bool) *syntax.Language {
	return &syntax.Language{
		Grammar: g,
		Rules: lang.Traits{Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, Nesting: lang.NestAll, TypedefMembers: true,
			ProjectFacts: projectFacts, ScopeFacts: scopeFacts, UniqueOnUnknownReceiver: cpp},
		Keys:       moduleKeys,
		Candidates: importCandidates,
		Project:    newProject,
	}
}

func cLanguage() *sitter.Language { return sitter.NewLanguage(tsc.Language()) }

func cppLanguage() *sitter.Language { return sitter.NewLanguage(tscpp.Language()) }
