package lang

import "github.com/lgraph/lgraph/internal/facts"

// Language is the writer's side of one language: how its files become
// facts and how its imports and names find their definitions. Each
// package under internal/lang implements it for its languages (with the
// tree-sitter grammar inside); internal/lang/all lists them.
type Language interface {
	// Name is the language's name; Get(Name()) is its detection data.
	Name() string
	// NewParser returns a parser of the language's files. A parser is
	// used by one goroutine at a time; Parsers pools them.
	NewParser() (Parser, error)
	// ModuleKeys returns the keys under which the file at path can be
	// imported (for Python "pkg.mod"; for JS "src/util" for src/util.ts;
	// for Go the package import path). Keys are compared verbatim with
	// ImportCandidates.
	ModuleKeys(path string, f *facts.File, p *Project) []string
	// ImportCandidates returns, best first, the module keys an import
	// written in the file at from may refer to. The first key that some
	// file defines wins.
	ImportCandidates(imp facts.Import, from string, p *Project) []string
	// Traits are the rules of the language that resolution follows.
	Traits() *Traits
	// NewProjectReader returns a reader of the family's project files,
	// or nil when the language's resolution reads none.
	NewProjectReader(in ProjectInput) ProjectReader
}

// Parser turns a file's bytes into its facts.
type Parser interface {
	// Extract parses src and returns its facts: a pure function of src,
	// so that facts can be cached by blob. Syntax errors do not fail:
	// the parser recovers and counts them in the facts.
	Extract(src []byte) (*facts.File, error)
	// Close frees the parser.
	Close()
}
