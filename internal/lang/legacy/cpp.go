package legacy

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// cppSpec shares the C family extractor in c.go (cfam*), with the C++
// constructs (classes, namespaces, templates, new) switched on.
func cppSpec() *oldSpec {
	return &oldSpec{
		Name: "cpp", Family: "c", Extensions: []string{".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".h++", ".c++"}, Interpreters: []string{},
		Grammar: cppLanguage,
		Extract: func(root *sitter.Node, src []byte) *facts.File {
			return cfamExtractBest(root, src, true)
		},
		ModuleKeys:       cfamModuleKeys,
		ImportCandidates: cfamImportCandidates,
		Traits:           lang.Traits{Reach: lang.Reach{Dir: true, Project: true}, ImplicitThis: true, Nesting: lang.NestAll, TypedefMembers: true},
		Project:          newCfamProject,
	}
}

func cppLanguage() *sitter.Language { return sitter.NewLanguage(tscpp.Language()) }
