package lang

import (
	"path"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// Project and its parts live in facts, so that packages reading snapshots
// need not import lang.
type (
	Project     = facts.Project
	TSConfig    = facts.TSConfig
	RustPackage = facts.RustPackage
	JSPackage   = facts.JSPackage
)

// projectRules name, per family, the files its resolution settings come
// from: project files, indexed as ProjectFile (base names; a pattern is
// matched with path.Match), and code files read as project files too.
var projectRules = []struct {
	family string
	files  []string
	code   []string
}{
	{FamilyGo, []string{"go.mod"}, nil},
	{FamilyJS, []string{"package.json", "tsconfig.json", "jsconfig.json", "tsconfig.*.json", "jsconfig.*.json"}, nil},
	{FamilyPython, []string{"pyproject.toml", "setup.cfg"}, []string{"setup.py"}},
	{FamilyRust, []string{"Cargo.toml"}, nil},
}

// IsProjectFile reports whether a file's base name marks a project file,
// indexed as ProjectFile.
func IsProjectFile(base string) bool {
	fam, code := projectFamily(base)
	return fam != "" && !code
}

// ProjectFamily is the family whose project reader reads a file of this
// base name (a project file, or code such as setup.py), "" for none.
func ProjectFamily(base string) string {
	fam, _ := projectFamily(base)
	return fam
}

func projectFamily(base string) (family string, code bool) {
	for _, r := range projectRules {
		for _, pat := range r.files {
			if matchName(pat, base) {
				return r.family, false
			}
		}
		for _, pat := range r.code {
			if matchName(pat, base) {
				return r.family, true
			}
		}
	}
	return "", false
}

func matchName(pattern, name string) bool {
	if !strings.Contains(pattern, "*") {
		return pattern == name
	}
	ok, _ := path.Match(pattern, name)
	return ok
}

// ProjectDir is the directory of a repository path, "" for the root.
func ProjectDir(p string) string {
	if dir := path.Dir(p); dir != "." {
		return dir
	}
	return ""
}

// A ProjectReader gathers one family's resolution settings from its
// project files. The explicit phase hands it, in path order, every file
// of the tree whose base name has its family as ProjectFamily, then
// calls Finish once.
type ProjectReader interface {
	// Read takes one file. A file that does not parse contributes
	// nothing rather than failing the run.
	Read(p string, data []byte)
	// Finish writes what was read into pr.
	Finish(pr *Project)
}

// ProjectInput is what a ProjectReader may know besides the files it
// reads.
type ProjectInput struct {
	// Has reports whether the tree holds a file.
	Has func(p string) bool
	// ImportRoots are the extra Python import roots of the config
	// (import_roots), repository-relative directories.
	ImportRoots []string
	// IncludeDirs are the extra C/C++ include directories of the config
	// (include_dirs), repository-relative.
	IncludeDirs []string
	// Code holds what each code file of the family tells the reader
	// (Traits.ProjectFacts), by path.
	Code map[string]string
	// Dirs holds, by directory, how many of the family's code files tell
	// the reader each token (Traits.DirFacts).
	Dirs map[string]Tally
}

// Tally counts, for one directory, the code files that tell each token
// (Traits.DirFacts).
type Tally map[string]int
