package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

func self(line int, names, as []string) facts.Import {
	return facts.Import{Kind: facts.ImportSelf, Names: names, As: as, Reexport: true, Line: line}
}

// TestDefaultExports: each form of a module's default export says which
// declaration "default" is, or re-exports the import it names; a value
// that names no declaration, and an export inside a namespace, say nothing.
func TestDefaultExports(t *testing.T) {
	tests := []struct {
		name, src string
		want      []facts.Import
	}{
		{"function", "export default function f() {}\n", []facts.Import{self(1, []string{"f"}, []string{"default"})}},
		{"class", "export default class C {}\n", []facts.Import{self(1, []string{"C"}, []string{"default"})}},
		{"abstract class", "export default abstract class A {}\n", []facts.Import{self(1, []string{"A"}, []string{"default"})}},
		{"identifier", "function f() {}\nexport default f;\n", []facts.Import{self(2, []string{"f"}, []string{"default"})}},
		{"clause", "function f() {}\nconst k = 1\nexport { f as default, k as K, f };\n",
			[]facts.Import{self(3, []string{"f", "k"}, []string{"default", "K"})}},
		{"export =", "function f() {}\nexport = f;\n", []facts.Import{self(2, []string{"f"}, []string{"default"})}},
		{"imported", "import { x as y } from './b'\nexport default y;\n", []facts.Import{
			{Path: "./b", Names: []string{"x"}, As: []string{"y"}, Line: 1},
			{Path: "./b", Names: []string{"x"}, As: []string{"default"}, Reexport: true, Line: 2},
		}},
		{"default re-export", "export { default } from './d'\nexport { default as X } from './e'\n", []facts.Import{
			{Path: "./d", Names: []string{"default"}, Reexport: true, Line: 1},
			{Path: "./e", Names: []string{"default"}, As: []string{"X"}, Reexport: true, Line: 2},
		}},
		{"anonymous", "export default function () {}\nexport default class {}\nexport default { a: 1 }\n", nil},
		{"in a namespace", "declare module 'm' {\n  function f(): void\n  export default f;\n  export { f as g };\n}\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := extractT(t, TypeScript(), tt.src)
			if d := cmp.Diff(tt.want, f.Imports); d != "" {
				t.Errorf("imports (-want +got):\n%s", d)
			}
		})
	}
}

// TestModuleExports: module.exports = value is a CommonJS module's
// default export; a named function expression there is a symbol.
func TestModuleExports(t *testing.T) {
	src := `
function createApp() { return helper() }
module.exports = createApp
module.exports = function make() { return helper() }
module.exports = class Repo {}
const lib = require('./lib')
module.exports = lib
module.exports = () => 1
function helper() {}
exports = module.exports = createApp
module.exports = require('./lib/express')
`
	f := extractT(t, JavaScript(), src)
	want := []facts.Import{
		self(2, []string{"createApp"}, []string{"default"}),
		self(3, []string{"make"}, []string{"default"}),
		self(4, []string{"Repo"}, []string{"default"}),
		{Path: "./lib", Alias: "lib", Names: []string{"default"}, As: []string{"lib"}, Line: 5},
		{Path: "./lib", Names: []string{"default"}, Reexport: true, Line: 6},
		self(9, []string{"createApp"}, []string{"default"}),
		{Path: "./lib/express", Line: 10},
		{Path: "./lib/express", Names: []string{"default"}, Reexport: true, Line: 10},
		{Path: "./lib/express", Kind: "wildcard", Reexport: true, Line: 10},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
	wantSyms := []symLineRow{
		{"createApp", "createApp", facts.KindFunction, "", 1},
		{"make", "make", facts.KindFunction, "", 3},
		{"Repo", "Repo", facts.KindClass, "", 4},
		{"default", "default", facts.KindFunction, "", 7}, // module.exports = () => 1
		{"helper", "helper", facts.KindFunction, "", 8},
	}
	if d := cmp.Diff(wantSyms, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if r := findRef(f, "helper", "make"); r == nil {
		t.Errorf("no call of helper from make: %+v", f.Refs)
	}
}

// TestDefaultImports: every form that binds a module's default export
// imports the name "default", and the values it gives are of that name:
// a default import used as a class is @m|default.
func TestDefaultImports(t *testing.T) {
	src := `
import g, { x } from './d'
import h, * as ns from './e'
import { default as k } from './f'
import r = require('./r')
const c = require('./c')
export class Sub extends g {}
export function use() { const s = new h(); s.get(); const q = new c(); q.run(); k() }
`
	f := extractT(t, TypeScript(), src)
	want := []facts.Import{
		{Path: "./d", Alias: "g", Names: []string{"default", "x"}, As: []string{"g", ""}, Line: 1},
		{Path: "./e", Alias: "ns", Line: 2},
		{Path: "./e", Alias: "h", Names: []string{"default"}, As: []string{"h"}, Line: 2},
		{Path: "./f", Names: []string{"default"}, As: []string{"k"}, Line: 3},
		{Path: "./r", Alias: "r", Names: []string{"default"}, As: []string{"r"}, Line: 4},
		{Path: "./c", Alias: "c", Names: []string{"default"}, As: []string{"c"}, Line: 5},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
	if s := symbol(f, "Sub"); s == nil || !cmp.Equal(s.Extends, []string{"@./d|default"}) {
		t.Errorf("Sub extends %+v, want @./d|default", s)
	}
	for name, recv := range map[string]string{"get": "@./e|default()", "run": "@./c|default()"} {
		if r := findRef(f, name, "use"); r == nil || r.Recv != recv {
			t.Errorf("%s's receiver: %+v, want %s", name, r, recv)
		}
	}
}

func findRef(f *facts.File, name, from string) *facts.Ref {
	for i, r := range f.Refs {
		if r.Name == name && r.From == from {
			return &f.Refs[i]
		}
	}
	return nil
}
