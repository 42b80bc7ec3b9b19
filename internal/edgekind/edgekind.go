// Package edgekind names the kinds of edge the graph holds (docs/design.md §7).
// Edge kinds are stored in snapshots, exported, filtered on (--kind) and
// told to the model, so they are written here once and everywhere else
// through these names. The package has no dependencies.
package edgekind

const (
	// Imports: a file imports another file.
	Imports = "imports"
	// Calls: a symbol (or a file's top level) calls a symbol.
	Calls = "calls"
	// References: a symbol uses another as a type or value without
	// calling it.
	References = "references"
	// Extends: a type extends (inherits from) another.
	Extends = "extends"
	// Implements: a type implements an interface or trait.
	Implements = "implements"
	// Contains: a module contains a file, a file or type its members.
	Contains = "contains"
	// Implicit: two files share a key no import states (an environment
	// variable, a route, a table), found by rules or by the model.
	Implicit = "implicit"
)

// All returns every kind, in the order lists and messages name them.
func All() []string {
	return []string{Imports, Calls, References, Extends, Implements, Contains, Implicit}
}
