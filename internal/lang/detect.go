package lang

import (
	"path"
	"sort"
	"strings"
)

// Spec is what lgraph knows of a language without its grammar: enough to
// tell which files are written in it.
type Spec struct {
	// Name is the language's name (Go, Python, ...).
	Name string
	// Family groups languages whose files may import each other
	// (FamilyJS, FamilyC). Resolution never crosses families.
	Family string
	// Extensions are file name suffixes including the dot (".py"), lower case.
	Extensions []string
	// Interpreters are the program names a shebang line may name ("python3").
	Interpreters []string
}

// specs is every language lgraph indexes.
var specs = []*Spec{
	{Name: Go, Family: FamilyGo, Extensions: []string{".go"}},
	{Name: Python, Family: FamilyPython, Extensions: []string{".py", ".pyi"}, Interpreters: []string{"python", "python3", "python2"}},
	{Name: JavaScript, Family: FamilyJS, Extensions: []string{".js", ".jsx", ".mjs", ".cjs"}, Interpreters: []string{"node"}},
	{Name: TypeScript, Family: FamilyJS, Extensions: []string{".ts", ".mts", ".cts"}, Interpreters: []string{"ts-node"}},
	{Name: TSX, Family: FamilyJS, Extensions: []string{".tsx"}},
	{Name: Java, Family: FamilyJava, Extensions: []string{".java"}},
	{Name: Rust, Family: FamilyRust, Extensions: []string{".rs"}},
	{Name: Ruby, Family: FamilyRuby, Extensions: []string{".rb", ".rake"}, Interpreters: []string{"ruby"}},
	{Name: C, Family: FamilyC, Extensions: []string{".c", ".h"}},
	{Name: CPP, Family: FamilyC, Extensions: []string{".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".h++", ".c++"}},
	{Name: CSharp, Family: FamilyCSharp, Extensions: []string{".cs"}},
	{Name: PHP, Family: FamilyPHP, Extensions: []string{".php"}, Interpreters: []string{"php"}},
}

// The lookup tables of specs.
var (
	byName   = map[string]*Spec{}
	byExt    = map[string]*Spec{}
	byInterp = map[string]*Spec{}
	names    []string
)

func init() {
	for _, s := range specs {
		byName[s.Name] = s
		names = append(names, s.Name)
		for _, e := range s.Extensions {
			byExt[e] = s
		}
		for _, i := range s.Interpreters {
			byInterp[i] = s
		}
	}
	sort.Strings(names)
}

// Names lists the language names, sorted.
func Names() []string { return names }

// Get returns the spec of a language by name, nil for an unknown one (and
// for ProjectFile).
func Get(name string) *Spec { return byName[name] }

// FamilyOf is the family of a language, "" for an unknown one.
func FamilyOf(name string) string {
	if s := byName[name]; s != nil {
		return s.Family
	}
	return ""
}

// ByExtension returns the language of a path from its extension, or nil.
func ByExtension(p string) *Spec {
	base := strings.ToLower(path.Base(p))
	// Longest suffix first so ".d.ts" style suffixes could be supported.
	for i := 0; i < len(base); i++ {
		if base[i] != '.' {
			continue
		}
		if s, ok := byExt[base[i:]]; ok {
			return s
		}
	}
	return nil
}

// NeedsContent reports whether Detect needs the file's first bytes to decide:
// only files without a known extension and without any dot can be scripts
// with a shebang.
func NeedsContent(p string) bool {
	return ByExtension(p) == nil && !strings.Contains(path.Base(p), ".")
}

// Detect returns the language of a file from its path and, for extensionless
// files, its shebang line; nil when the file is not code lgraph knows.
func Detect(p string, head []byte) *Spec {
	if s := ByExtension(p); s != nil {
		return s
	}
	if !NeedsContent(p) {
		return nil
	}
	return byInterp[shebangInterpreter(head)]
}

// shebangInterpreter returns the program a "#!" line runs, looking through
// "/usr/bin/env", with any version suffix kept ("python3").
func shebangInterpreter(head []byte) string {
	if len(head) < 2 || head[0] != '#' || head[1] != '!' {
		return ""
	}
	line := string(head[2:])
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return ""
	}
	prog := path.Base(fields[0])
	if prog == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") {
				return path.Base(f)
			}
		}
		return ""
	}
	return prog
}
