package repogen

import (
	"path"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// Supported language names.
const (
	LangGo         = lang.Go
	LangPython     = lang.Python
	LangJavaScript = lang.JavaScript
	LangTypeScript = lang.TypeScript
	LangJava       = lang.Java
	LangRust       = lang.Rust
	LangRuby       = lang.Ruby
	LangC          = lang.C
)

// DefaultLanguages is used when Options.Languages is empty.
var DefaultLanguages = []string{LangGo, LangPython, LangTypeScript, LangJava}

// fileOut is one rendered file.
type fileOut struct {
	Path    string
	Content string
}

// langSpec describes where a language's units live and how they render.
type langSpec struct {
	root   string                   // directory holding the language's packages
	file   func(stem string) string // file name for a snake_case stem
	render func(u *unit, module string) []fileOut
}

// langRoots maps each language to the directory holding its packages.
var langRoots = map[string]string{
	LangGo: "internal", LangPython: "app", LangTypeScript: "web/src", LangJavaScript: "frontend/src",
	LangJava: "src/main/java/com/example/gen", LangRust: "rust/src", LangRuby: "lib", LangC: "native/src",
}

// langs holds the spec of every supported language.
var langs = map[string]*langSpec{
	LangGo:         {root: langRoots[LangGo], file: snakeFile(".go"), render: renderGo},
	LangPython:     {root: langRoots[LangPython], file: snakeFile(".py"), render: renderPython},
	LangTypeScript: {root: langRoots[LangTypeScript], file: camelFile(".ts"), render: renderTS},
	LangJavaScript: {root: langRoots[LangJavaScript], file: camelFile(".js"), render: renderJS},
	LangJava:       {root: langRoots[LangJava], file: pascalFile(".java"), render: renderJava},
	LangRust:       {root: langRoots[LangRust], file: snakeFile(".rs"), render: renderRust},
	LangRuby:       {root: langRoots[LangRuby], file: snakeFile(".rb"), render: renderRuby},
	LangC:          {root: langRoots[LangC], file: snakeFile(".c"), render: renderC},
}

func snakeFile(ext string) func(string) string {
	return func(s string) string { return s + ext }
}

func camelFile(ext string) func(string) string {
	return func(s string) string { return camel(s) + ext }
}

func pascalFile(ext string) func(string) string {
	return func(s string) string { return pascal(s) + ext }
}

// unitPaths returns every path a unit with primary path p renders to.
func unitPaths(lang, p string) []string {
	if lang == LangC {
		return []string{p, headerOf(p)}
	}
	return []string{p}
}

// headerOf maps a .c path to its .h path.
func headerOf(p string) string { return strings.TrimSuffix(p, ".c") + ".h" }

// relDirs returns the directory components of p below the language root.
func relDirs(lang, p string) []string {
	rel := strings.TrimPrefix(path.Dir(p), langRoots[lang])
	rel = strings.Trim(rel, "/")
	if rel == "" {
		return nil
	}
	return strings.Split(rel, "/")
}

// relPath returns the relative path from directory fromDir to file to, in the
// "./x" or "../y/z" form used by JS imports.
func relPath(fromDir, to string) string {
	from := strings.Split(fromDir, "/")
	tgt := strings.Split(to, "/")
	i := 0
	for i < len(from) && i < len(tgt)-1 && from[i] == tgt[i] {
		i++
	}
	var parts []string
	for j := i; j < len(from); j++ {
		parts = append(parts, "..")
	}
	parts = append(parts, tgt[i:]...)
	if len(parts) == 0 || parts[0] != ".." {
		return "./" + strings.Join(parts, "/")
	}
	return strings.Join(parts, "/")
}

// styleBit returns a stable pseudo-random bit for an (importer, target) pair.
func styleBit(salt int, target string, bit uint) bool {
	h := uint32(salt)*2654435761 + 17
	for i := 0; i < len(target); i++ {
		h = h*16777619 ^ uint32(target[i])
	}
	h ^= h >> 13
	return (h>>bit)&1 == 1
}
