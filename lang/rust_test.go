package lang

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/facts"
)

// Shared by the rust, ruby, c and cpp tests: compact rows to compare.

type rustSymRow struct {
	Name, Qualified, Kind, Parent string
	Line                          int
}

type rustRefRow struct {
	Name, Qualifier, Kind, From string
	Line                        int
}

func rustMustExtract(t *testing.T, spec *Spec, src string) *facts.File {
	t.Helper()
	f, err := NewParsers().Extract(context.Background(), spec, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func rustSymRows(f *facts.File) []rustSymRow {
	var out []rustSymRow
	for _, s := range f.Symbols {
		out = append(out, rustSymRow{s.Name, s.Qualified, s.Kind, s.Parent, s.Line})
	}
	return out
}

func rustRefRows(f *facts.File) []rustRefRow {
	var out []rustRefRow
	for _, r := range f.Refs {
		out = append(out, rustRefRow{r.Name, r.Qualifier, r.Kind, r.From, r.Line})
	}
	return out
}

func rustSymbolNamed(t *testing.T, f *facts.File, qual string) facts.Symbol {
	t.Helper()
	for _, s := range f.Symbols {
		if s.Qualified == qual {
			return s
		}
	}
	t.Fatalf("no symbol %q in %+v", qual, rustSymRows(f))
	return facts.Symbol{}
}

const rustSample = `//! Crate docs.
use std::collections::HashMap;
use crate::net::{Conn, Addr as A};

/// A point.
/// Second line.
#[derive(Debug, Clone)]
pub struct Point<T> {
    x: T,
    conn: Conn,
}

pub enum Shape { Circle(Radius), Square { side: Side } }

/** Drawable things. */
pub trait Draw: Base + fmt::Debug {
    fn draw(&self) -> Canvas;
    fn name() -> String { String::new() }
}

pub type Map = HashMap<String, Value>;
const MAX: usize = 10;
static mut COUNT: u32 = 0;

impl<T: Clone> Draw for Point<T> {
    fn draw(&self) -> Canvas {
        let c = Canvas::new();
        self.render(&c);
        helper::paint(c.clone());
        Self::origin();
        println!("{}", x);
        Canvas { w: 1 }
    }
}

impl Point<i32> {
    pub fn origin() -> Self { make().finish() }
}

impl fmt::Display for Remote {}

mod inner {
    use super::Point;
    fn f(p: Point<u8>) {}
    #[cfg(test)]
    mod tests {
        use super::*;
        use super::super::MAX;
        mod deep;
    }
}

mod sibling;
extern crate serde as sd;

fn main() {
    fn local() {}
    let v: Vec<Point<i32>> = Vec::new();
}
`

func TestRustSymbols(t *testing.T) {
	f := rustMustExtract(t, rustSpec(), rustSample)
	want := []rustSymRow{
		{"Point", "Point", facts.KindStruct, "", 8},
		{"Shape", "Shape", facts.KindEnum, "", 13},
		{"Draw", "Draw", facts.KindTrait, "", 16},
		{"draw", "Draw.draw", facts.KindMethod, "Draw", 17},
		{"name", "Draw.name", facts.KindMethod, "Draw", 18},
		{"Map", "Map", facts.KindType, "", 21},
		{"MAX", "MAX", facts.KindConst, "", 22},
		{"COUNT", "COUNT", facts.KindVar, "", 23},
		{"draw", "Point.draw", facts.KindMethod, "Point", 26},
		{"origin", "Point.origin", facts.KindMethod, "Point", 37},
		{"inner", "inner", facts.KindModule, "", 42},
		{"f", "inner.f", facts.KindFunction, "inner", 44},
		{"tests", "inner.tests", facts.KindModule, "inner", 46},
		{"main", "main", facts.KindFunction, "", 56},
	}
	if d := cmp.Diff(want, rustSymRows(f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}

	p := rustSymbolNamed(t, f, "Point")
	if p.Doc != "A point.\nSecond line." {
		t.Errorf("Point doc = %q", p.Doc)
	}
	if p.Signature != "pub struct Point<T>" || p.EndLine != 11 {
		t.Errorf("Point signature %q end %d", p.Signature, p.EndLine)
	}
	if d := cmp.Diff([]string{"Draw"}, p.Implements); d != "" {
		t.Errorf("Point implements: %s", d)
	}
	dr := rustSymbolNamed(t, f, "Draw")
	if dr.Doc != "Drawable things." {
		t.Errorf("Draw doc = %q", dr.Doc)
	}
	if d := cmp.Diff([]string{"Base", "fmt::Debug"}, dr.Extends); d != "" {
		t.Errorf("Draw extends: %s", d)
	}
	if s := rustSymbolNamed(t, f, "Draw.draw").Signature; s != "fn draw(&self) -> Canvas" {
		t.Errorf("Draw.draw signature %q", s)
	}
	if s := rustSymbolNamed(t, f, "Point.origin").Signature; s != "pub fn origin() -> Self" {
		t.Errorf("Point.origin signature %q", s)
	}
	if s := rustSymbolNamed(t, f, "MAX").Signature; s != "const MAX: usize = 10" {
		t.Errorf("MAX signature %q", s)
	}
}

func TestRustImports(t *testing.T) {
	f := rustMustExtract(t, rustSpec(), rustSample)
	want := []facts.Import{
		{Path: "std::collections::HashMap", Line: 2},
		{Path: "crate::net", Names: []string{"Conn", "Addr"}, Line: 3},
		{Path: "self::Point", Line: 43},
		// Inside inline mods, self/super are made relative to the file.
		{Path: "self::inner", Kind: "wildcard", Line: 47},
		{Path: "self::MAX", Line: 48},
		{Path: "self::inner::tests::deep", Kind: "mod", Line: 49},
		{Path: "self::sibling", Kind: "mod", Line: 53},
		{Path: "serde", Alias: "sd", Line: 54},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestRustUseForms(t *testing.T) {
	src := `use a::b::C;
use a::b::{C, D};
use a::b as c;
use a::*;
use crate::x::{y::Z, W, self, v::{P, Q}};
use ::std::io;
`
	f := rustMustExtract(t, rustSpec(), src)
	want := []facts.Import{
		{Path: "a::b::C", Line: 1},
		{Path: "a::b", Names: []string{"C", "D"}, Line: 2},
		{Path: "a::b", Alias: "c", Line: 3},
		{Path: "a", Kind: "wildcard", Line: 4},
		{Path: "crate::x", Names: []string{"W"}, Line: 5},
		{Path: "crate::x::y::Z", Line: 5},
		{Path: "crate::x::v", Names: []string{"P", "Q"}, Line: 5},
		{Path: "std::io", Line: 6},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestRustRefs(t *testing.T) {
	f := rustMustExtract(t, rustSpec(), rustSample)
	want := []rustRefRow{
		{"Conn", "", facts.RefReference, "Point", 10},
		{"Radius", "", facts.RefReference, "Shape", 13},
		{"Side", "", facts.RefReference, "Shape", 13},
		{"Base", "", facts.RefReference, "Draw", 16},
		{"Debug", "fmt", facts.RefReference, "Draw", 16},
		{"Canvas", "", facts.RefReference, "Draw.draw", 17},
		{"String", "", facts.RefReference, "Draw.name", 18},
		{"new", "String", facts.RefCall, "Draw.name", 18},
		{"HashMap", "", facts.RefReference, "Map", 21},
		{"String", "", facts.RefReference, "Map", 21},
		{"Value", "", facts.RefReference, "Map", 21},
		// impl Draw for Point: Point is in this file, so the trait goes to
		// Point.Implements instead of a reference, and T is a type parameter.
		{"Clone", "", facts.RefReference, "Point", 25},
		{"Canvas", "", facts.RefReference, "Point.draw", 26},
		{"new", "Canvas", facts.RefCall, "Point.draw", 27},
		{"render", "self", facts.RefCall, "Point.draw", 28},
		{"paint", "helper", facts.RefCall, "Point.draw", 29},
		{"clone", "c", facts.RefCall, "Point.draw", 29},
		{"origin", "Self", facts.RefCall, "Point.draw", 30},
		{"Canvas", "", facts.RefReference, "Point.draw", 32},
		{"finish", "?", facts.RefCall, "Point.origin", 37},
		{"make", "", facts.RefCall, "Point.origin", 37},
		// Remote is not in this file: the trait stays a reference from it.
		{"Display", "fmt", facts.RefReference, "Remote", 40},
		{"Remote", "", facts.RefReference, "Remote", 40},
		{"Point", "", facts.RefReference, "inner.f", 44},
		{"Vec", "", facts.RefReference, "main", 58},
		{"Point", "", facts.RefReference, "main", 58},
		{"new", "Vec", facts.RefCall, "main", 58},
	}
	if d := cmp.Diff(want, rustRefRows(f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestRustModBlockMembers(t *testing.T) {
	src := `pub mod outer {
    pub struct S;
    impl S { pub fn m(&self) { g(); } }
    pub mod x { pub fn f() {} }
}
`
	f := rustMustExtract(t, rustSpec(), src)
	want := []rustSymRow{
		{"outer", "outer", facts.KindModule, "", 1},
		{"S", "outer.S", facts.KindStruct, "outer", 2},
		{"m", "outer.S.m", facts.KindMethod, "outer.S", 3},
		{"x", "outer.x", facts.KindModule, "outer", 4},
		{"f", "outer.x.f", facts.KindFunction, "outer.x", 4},
	}
	if d := cmp.Diff(want, rustSymRows(f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]rustRefRow{{"g", "", facts.RefCall, "outer.S.m", 3}}, rustRefRows(f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestRustSyntaxError(t *testing.T) {
	src := `/// Kept.
fn ok() -> u32 { 1 }
struct Fine { a: u8 }
fn broken( { let = ; }
`
	f := rustMustExtract(t, rustSpec(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	got := rustSymRows(f)
	want := []rustSymRow{
		{"ok", "ok", facts.KindFunction, "", 2},
		{"Fine", "Fine", facts.KindStruct, "", 3},
	}
	if len(got) < 2 {
		t.Fatalf("symbols: %+v", got)
	}
	if d := cmp.Diff(want, got[:2]); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if f.Symbols[0].Doc != "Kept." {
		t.Errorf("doc = %q", f.Symbols[0].Doc)
	}
}

func TestRustModuleKeys(t *testing.T) {
	tests := []struct{ path, want string }{
		{"src/lib.rs", "crate"},
		{"src/main.rs", "crate"},
		{"src/a/mod.rs", "crate::a"},
		{"src/a/b.rs", "crate::a::b"},
		{"crates/core/src/lib.rs", "crate"},
		{"crates/core/src/net/tcp.rs", "crate::net::tcp"},
		{"a/src/b/src/c.rs", "crate::c"},
		{"tests/it.rs", "crate::tests::it"},
		{"build.rs", "crate::build"},
	}
	spec := rustSpec()
	for _, tt := range tests {
		if d := cmp.Diff([]string{tt.want}, spec.ModuleKeys(tt.path, nil, nil)); d != "" {
			t.Errorf("ModuleKeys(%q): %s", tt.path, d)
		}
	}
}

func TestRustImportCandidates(t *testing.T) {
	tests := []struct {
		imp  facts.Import
		from string
		want []string
	}{
		{facts.Import{Path: "crate::a::b::C"}, "src/x.rs", []string{"crate::a::b::C", "crate::a::b", "crate::a"}},
		{facts.Import{Path: "crate::a", Names: []string{"B", "C"}}, "src/x.rs", []string{"crate::a"}},
		{facts.Import{Path: "crate::C"}, "src/x.rs", []string{"crate::C"}},
		{facts.Import{Path: "crate::a", Kind: "wildcard"}, "src/lib.rs", []string{"crate::a"}},
		{facts.Import{Path: "self::c::D"}, "src/a/b.rs", []string{"crate::a::b::c::D", "crate::a::b::c", "crate::a::b", "crate::a"}},
		{facts.Import{Path: "self::c"}, "src/lib.rs", []string{"crate::c"}},
		{facts.Import{Path: "super::c::D"}, "src/a/b.rs", []string{"crate::a::c::D", "crate::a::c", "crate::a"}},
		{facts.Import{Path: "super::super::D"}, "src/a/b/c.rs", []string{"crate::a::D", "crate::a"}},
		{facts.Import{Path: "super::X"}, "src/a/mod.rs", []string{"crate::X"}},
		{facts.Import{Path: "super::X"}, "src/lib.rs", nil},
		{facts.Import{Path: "std::io::Read"}, "src/lib.rs", nil},
		{facts.Import{Path: "serde"}, "src/lib.rs", nil},
		{facts.Import{Path: "self::foo", Kind: "mod"}, "src/lib.rs", []string{"crate::foo"}},
		{facts.Import{Path: "self::foo", Kind: "mod"}, "src/a/mod.rs", []string{"crate::a::foo"}},
		{facts.Import{Path: "self::foo", Kind: "mod"}, "src/a/b.rs", []string{"crate::a::b::foo"}},
		{facts.Import{Path: "self::t::deep", Kind: "mod"}, "src/a.rs", []string{"crate::a::t::deep"}},
	}
	spec := rustSpec()
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, spec.ImportCandidates(tt.imp, tt.from, &Project{})); d != "" {
			t.Errorf("ImportCandidates(%+v, %q): %s", tt.imp, tt.from, d)
		}
	}
}
