// Package python reads Python: a file's facts, parsed with
// tree-sitter-python (symbols with their annotated and inferred types,
// imports, calls with their receivers), the module keys a file answers
// to, and the package roots that pyproject.toml, setup.cfg, setup.py,
// the config and the tree itself declare.
package python

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns Python.
func Language() lang.Language { return language }

// language is Python: its grammar, rules and functions.
var language = &syntax.Language{
	Grammar: &syntax.Grammar{Name: lang.Python, Language: tsLanguage, Extract: extract, Decode: decodeSource},
	// Resolution in Python: a name is in scope only where it is defined or
	// imported; from m import a binds a, which may be a submodule; every
	// module-level import is an attribute of the module; a call on an untyped
	// receiver is not guessed at; a pytest fixture is passed by name.
	Rules: lang.Traits{
		SubmoduleSep: ".", NamespacePackages: true, NamesOnlyImports: true, ExternalNames: externalNames,
		ModuleImportsExported: true, NoMethodGuess: true, DirFacts: dirFacts, DirTokenMatters: dirTokenMatters, CalledClassValues: true, LocalDefSteps: true,
		Injected: fixtureName, InjectedDefault: pluginFixture,
	},
	Keys:       moduleKeys,
	Candidates: importCandidates,
	Project:    newProject,
}

func tsLanguage() *sitter.Language { return sitter.NewLanguage(tspython.Language()) }

// externalNames are the names an import of no repository module binds
// besides its path: import a.b binds a.
func externalNames(imp facts.Import) []string {
	if len(imp.Names) > 0 {
		return nil
	}
	first, _, _ := strings.Cut(imp.Path, ".")
	return []string{first}
}
