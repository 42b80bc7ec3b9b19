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
// js), which holds its grammar and extractor and implements Language;
// their shared tree-sitter helpers are in internal/lang/syntax, and
// internal/lang/all registers them. Language packages never import each
// other.
package lang
