// Package nodeid owns the node ids of the graph (docs/design.md §7): it is the one
// place that builds them and the one place that splits them.
//
//	file:PATH                  a file
//	sym:PATH#Qualified.Name    a symbol ("~2", "~3" for later definitions of
//	                           a qualified name already used in the file)
//	mod:DIR                    a directory module ("." for the root)
//
// In PATH (and DIR), "%" is written "%25" and "#" "%23", so the first "#"
// of a symbol id always ends its path: git allows "#" in a file name
// (docs/#notes.py) and a qualified name may hold "#" too (TypeScript
// private members). Ids are stored in snapshots and exported, so this
// encoding is part of the store format.
//
// The package has no dependencies: readers, phases and the model provider
// all use it.
package nodeid

import (
	"strconv"
	"strings"
)

// Prefixes of the three kinds of id.
const (
	FilePrefix   = "file:"
	SymbolPrefix = "sym:"
	ModulePrefix = "mod:"
)

// Node kinds, as exports and answers name them.
const (
	KindFile   = "file"
	KindSymbol = "symbol"
	KindModule = "module"
)

// File is the id of the file at path p.
func File(p string) string { return FilePrefix + escape(p) }

// Module is the id of the directory module dir ("." for the root).
func Module(dir string) string { return ModulePrefix + escape(dir) }

// Symbol is the id of the nth definition (1-based; 0 is taken as 1) of the
// qualified name q in the file at path p.
func Symbol(p, q string, nth int) string {
	id := SymbolPrefix + escape(p) + "#" + q
	if nth > 1 {
		id += "~" + strconv.Itoa(nth)
	}
	return id
}

// Symbols returns the ids of a file's n definitions in source order, where
// qualified(i) is the qualified name of the i-th: a name already used by an
// earlier definition gets "~2", "~3", … in the order they appear.
func Symbols(p string, n int, qualified func(i int) string) []string {
	ids := make([]string, n)
	seen := make(map[string]int, n)
	head := SymbolPrefix + escape(p) + "#"
	for i := range ids {
		q := qualified(i)
		seen[q]++
		ids[i] = head + q
		if nth := seen[q]; nth > 1 {
			ids[i] += "~" + strconv.Itoa(nth)
		}
	}
	return ids
}

// ID is a node id taken apart.
type ID struct {
	// Kind is KindFile, KindSymbol or KindModule.
	Kind string
	// Path is the file's path (file and symbol ids) or the module's
	// directory, unescaped.
	Path string
	// Name is a symbol's qualified name, without its "~N".
	Name string
	// Nth is a symbol's definition number: 1 for the first, N for "~N".
	Nth int
}

// String builds the id again: Parse(id).String() == id for every id this
// package built.
func (n ID) String() string {
	switch n.Kind {
	case KindFile:
		return File(n.Path)
	case KindModule:
		return Module(n.Path)
	case KindSymbol:
		return Symbol(n.Path, n.Name, n.Nth)
	}
	return ""
}

// Parse splits an id. ok is false for a string that is no id this package
// builds: an unknown prefix, a symbol id without "#" or with an empty
// name, or a "%" in the path that is not "%25" or "%23".
func Parse(id string) (ID, bool) {
	switch {
	case strings.HasPrefix(id, FilePrefix):
		p, ok := unescape(id[len(FilePrefix):])
		return ID{Kind: KindFile, Path: p}, ok
	case strings.HasPrefix(id, ModulePrefix):
		p, ok := unescape(id[len(ModulePrefix):])
		return ID{Kind: KindModule, Path: p}, ok
	case strings.HasPrefix(id, SymbolPrefix):
		raw, name, found := strings.Cut(id[len(SymbolPrefix):], "#")
		p, ok := unescape(raw)
		if !found || !ok || name == "" {
			return ID{}, false
		}
		name, nth := splitNth(name)
		return ID{Kind: KindSymbol, Path: p, Name: name, Nth: nth}, true
	}
	return ID{}, false
}

// PathOf returns the file path of a file or symbol id, "" for any other
// string (a module id included). It allocates only for a path that holds
// an escape.
func PathOf(id string) string {
	var raw string
	switch {
	case strings.HasPrefix(id, FilePrefix):
		raw = id[len(FilePrefix):]
	case strings.HasPrefix(id, SymbolPrefix):
		var found bool
		if raw, _, found = strings.Cut(id[len(SymbolPrefix):], "#"); !found {
			return ""
		}
	default:
		return ""
	}
	p, ok := unescape(raw)
	if !ok {
		return ""
	}
	return p
}

// NameOf returns a symbol id's qualified name, without its "~N" ("" for
// any other string).
func NameOf(id string) string {
	n, ok := Parse(id)
	if !ok || n.Kind != KindSymbol {
		return ""
	}
	return n.Name
}

// IsFile reports whether id is a file id.
func IsFile(id string) bool { return strings.HasPrefix(id, FilePrefix) }

// IsSymbol reports whether id is a symbol id.
func IsSymbol(id string) bool { return strings.HasPrefix(id, SymbolPrefix) }

// IsModule reports whether id is a module id.
func IsModule(id string) bool { return strings.HasPrefix(id, ModulePrefix) }

// splitNth splits a trailing "~N" (N >= 2, no leading zero) off a symbol
// id's name. Only digits count: a C++ destructor "T.~T" keeps its "~".
func splitNth(name string) (string, int) {
	i := strings.LastIndexByte(name, '~')
	if i <= 0 || i+1 == len(name) || name[i+1] == '0' {
		return name, 1
	}
	n, err := strconv.Atoi(name[i+1:])
	if err != nil || n < 2 || strconv.Itoa(n) != name[i+1:] {
		return name, 1
	}
	return name[:i], n
}

// escape writes "%" as "%25" and "#" as "%23".
func escape(p string) string {
	if !strings.ContainsAny(p, "%#") {
		return p
	}
	var b strings.Builder
	b.Grow(len(p) + 8)
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '%':
			b.WriteString("%25")
		case '#':
			b.WriteString("%23")
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String()
}

// unescape reverses escape; ok is false for a "%" escape doesn't write,
// and for a bare "#" (escape never leaves one).
func unescape(s string) (string, bool) {
	if !strings.ContainsAny(s, "%#") {
		return s, true
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '#':
			return "", false
		case s[i] != '%':
			b.WriteByte(s[i])
		case strings.HasPrefix(s[i:], "%25"):
			b.WriteByte('%')
			i += 2
		case strings.HasPrefix(s[i:], "%23"):
			b.WriteByte('#')
			i += 2
		default:
			return "", false
		}
	}
	return b.String(), true
}
