// Package lang knows the languages lgraph indexes, in two halves.
//
// The reader's half needs no grammar: the language names and families
// (names.go), how a file's language is detected from its name or shebang
// (Detect, ByExtension, NeedsContent), which files are tests (IsTestPath)
// and which are the project files resolution reads (IsProjectFile).
// Readers (readview, query, answer, the inventory's rules) import this
// package alone and link no tree-sitter code.
//
// The writer's half is the Language interface: how a file becomes facts
// (NewParser), which module keys a file answers to and which an import
// may mean (ModuleKeys, ImportCandidates), the rules resolution follows
// (Traits), and how the family's project files become project settings
// (NewProjectReader). Each language lives in its own package under
// internal/lang (golang, python, java, csharp, php, ruby, rust, cfamily,
// js), which holds its grammar, extractor and project-file reader and
// provides its Language by filling a syntax.Language, the one
// implementation for tree-sitter grammars. Their shared tree-sitter
// helpers are in internal/lang/syntax, their shared test helper in
// internal/lang/langtest, and internal/lang/all registers them for the
// writer. Language packages never import each other.
//
// Resolution never asks a language's name: each language declares its
// rules as named Traits (where a bare name reaches, what an import binds,
// how members and constructors are found), so a rule is read in one place
// and a new language states which rules it follows.
package lang
