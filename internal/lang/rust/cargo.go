package rust

import (
	"bufio"
	"bytes"
	"path"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// parseCargoToml reads the parts of a Cargo.toml that place files in
// crates. ok is false for a file without [package] (a virtual workspace
// manifest), which roots no crate. It reads TOML line by line: the keys it
// needs are plain strings in a few tables, and a manifest it cannot follow
// costs precision, not a failed run.
func parseCargoToml(data []byte) (pkg lang.RustPackage, ok bool) {
	var table []string
	var multi string // the closing quotes of an open multi-line string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if multi != "" {
			if strings.Count(line, multi)%2 == 1 {
				multi = ""
			}
			continue
		}
		if strings.HasPrefix(line, "[") {
			table = cargoTable(line)
			if len(table) == 1 && table[0] == "package" {
				ok = true
			}
			continue
		}
		key, value, found := strings.Cut(line, "=")
		if !found || strings.HasPrefix(line, "#") {
			continue
		}
		key, value = strings.Trim(strings.TrimSpace(key), `"'`), strings.TrimSpace(value)
		for _, q := range []string{`"""`, `'''`} {
			if strings.HasPrefix(value, q) && strings.Count(value, q) == 1 {
				multi = q
			}
		}
		setCargoKey(&pkg, table, key, value)
	}
	if pkg.Lib == "" {
		pkg.Lib = strings.ReplaceAll(pkg.Name, "-", "_")
	}
	sort.Strings(pkg.Roots)
	return pkg, ok && pkg.Name != ""
}

// set records one key = value line of a table.
func setCargoKey(pkg *lang.RustPackage, table []string, key, value string) {
	if len(table) == 0 {
		return
	}
	s := cargoString(value)
	head, last := table[0], table[len(table)-1]
	switch {
	case len(table) == 1 && head == "package" && key == "name":
		pkg.Name = s
	case len(table) == 1 && head == "package" && key == "build" && s != "":
		pkg.Roots = append(pkg.Roots, s)
	case len(table) == 1 && head == "lib" && key == "name":
		pkg.Lib = s
	case len(table) == 1 && head == "lib" && key == "path":
		pkg.LibPath = path.Clean(s)
	case len(table) == 1 && (head == "bin" || head == "test" || head == "example" || head == "bench") && key == "path":
		pkg.Roots = append(pkg.Roots, path.Clean(s))
	case cargoDeps(last):
		// [dependencies] alias = { package = "name", ... }
		if pkgName := cargoInline(value, "package"); pkgName != "" {
			addCargoDep(pkg, key, pkgName)
		}
	case len(table) >= 2 && cargoDeps(table[len(table)-2]) && key == "package":
		// [dependencies.alias] package = "name"
		addCargoDep(pkg, last, s)
	}
}

func addCargoDep(pkg *lang.RustPackage, local, name string) {
	if pkg.Deps == nil {
		pkg.Deps = map[string]string{}
	}
	pkg.Deps[strings.ReplaceAll(local, "-", "_")] = name
}

func cargoDeps(table string) bool {
	return table == "dependencies" || table == "dev-dependencies" || table == "build-dependencies"
}

// cargoTable splits a table header ([a.b], [[bin]], [target.'cfg(x)'.dependencies])
// into its keys.
func cargoTable(line string) []string {
	line = strings.Trim(line, "[] \t")
	if i := strings.Index(line, "]"); i >= 0 {
		line = line[:i] // a trailing comment
	}
	var out []string
	var cur strings.Builder
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '"' || c == '\'':
			quote = c
		case c == '.':
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// cargoString is the value of a one-line string (or "" for anything else).
func cargoString(v string) string {
	if len(v) < 2 || (v[0] != '"' && v[0] != '\'') {
		return ""
	}
	if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
		return v[1 : 1+end]
	}
	return ""
}

// cargoInline is a string key of an inline table ({ package = "x", ... }).
func cargoInline(v, key string) string {
	if !strings.HasPrefix(v, "{") {
		return ""
	}
	for _, part := range strings.Split(strings.Trim(v, "{} "), ",") {
		k, val, ok := strings.Cut(part, "=")
		if ok && strings.TrimSpace(k) == key {
			return cargoString(strings.TrimSpace(val))
		}
	}
	return ""
}

// project reads the package each Cargo.toml declares, by directory.
type project struct{ packages map[string]lang.RustPackage }

func newRustProject(lang.ProjectInput) lang.ProjectReader { return &project{} }

// Read takes a Cargo.toml; a workspace manifest without [package] roots
// no crate.
func (r *project) Read(p string, data []byte) {
	if pkg, ok := parseCargoToml(data); ok {
		if r.packages == nil {
			r.packages = map[string]lang.RustPackage{}
		}
		r.packages[lang.ProjectDir(p)] = pkg
	}
}

// Finish writes Project.Rust.
func (r *project) Finish(pr *lang.Project) { pr.Rust = r.packages }
