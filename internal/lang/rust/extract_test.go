package rust

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// The rows the tables list (see langtest).
type (
	symLineRow langtest.SymLine
	refRow     langtest.Ref
)

const sample = `//! Crate docs.
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
	f := langtest.Extract(t, Language(), sample)
	want := []symLineRow{
		{"Point", "Point", facts.KindStruct, "", 8},
		{"x", "Point.x", facts.KindField, "Point", 9},
		{"conn", "Point.conn", facts.KindField, "Point", 10},
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
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}

	p := langtest.Symbol(t, f, "Point")
	if p.Doc != "A point.\nSecond line." {
		t.Errorf("Point doc = %q", p.Doc)
	}
	if p.Signature != "pub struct Point<T>" || p.EndLine != 11 {
		t.Errorf("Point signature %q end %d", p.Signature, p.EndLine)
	}
	if d := cmp.Diff([]string{"Draw"}, p.Implements); d != "" {
		t.Errorf("Point implements: %s", d)
	}
	dr := langtest.Symbol(t, f, "Draw")
	if dr.Doc != "Drawable things." {
		t.Errorf("Draw doc = %q", dr.Doc)
	}
	if d := cmp.Diff([]string{"Base", "fmt::Debug"}, dr.Extends); d != "" {
		t.Errorf("Draw extends: %s", d)
	}
	if s := langtest.Symbol(t, f, "Draw.draw").Signature; s != "fn draw(&self) -> Canvas" {
		t.Errorf("Draw.draw signature %q", s)
	}
	if s := langtest.Symbol(t, f, "Point.origin").Signature; s != "pub fn origin() -> Self" {
		t.Errorf("Point.origin signature %q", s)
	}
	if s := langtest.Symbol(t, f, "MAX").Signature; s != "const MAX: usize = 10" {
		t.Errorf("MAX signature %q", s)
	}
}

func TestRustImports(t *testing.T) {
	f := langtest.Extract(t, Language(), sample)
	want := []facts.Import{
		// use a::b::C imports the name C of a::b; the module itself is bound
		// to no name ("_").
		{Path: "std::collections", Alias: "_", Names: []string{"HashMap"}, Line: 2},
		{Path: "crate::net", Alias: "_", Names: []string{"Conn", "Addr"}, As: []string{"", "A"}, Line: 3},
		// A path naming a module that no use binds (fmt::Debug, helper::paint)
		// is an import of that module too.
		{Path: "fmt", Alias: "fmt", Kind: "path", Line: 16},
		{Path: "helper", Alias: "helper", Kind: "path", Line: 29},
		// Inside inline mods, self/super are made relative to the file.
		{Path: "self", Alias: "_", Names: []string{"Point"}, Line: 43},
		{Path: "self::inner", Kind: "wildcard", Line: 47},
		{Path: "self", Alias: "_", Names: []string{"MAX"}, Line: 48},
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
use crate::x::{y::Z, W, self, v::{P, Q as R}};
use ::std::io;
pub use crate::inner::{Exported, Other as Renamed};
pub(crate) use self::m::*;
use std::io::{self, Write};
pub extern crate grep_cli as cli;
use serde;
`
	f := langtest.Extract(t, Language(), src)
	want := []facts.Import{
		{Path: "a::b", Alias: "_", Names: []string{"C"}, Line: 1},
		{Path: "a::b", Alias: "_", Names: []string{"C", "D"}, Line: 2},
		{Path: "a", Alias: "_", Names: []string{"b"}, As: []string{"c"}, Line: 3},
		{Path: "a", Kind: "wildcard", Line: 4},
		{Path: "crate::x", Alias: "_", Names: []string{"W"}, Line: 5},
		{Path: "crate", Alias: "_", Names: []string{"x"}, Line: 5},
		{Path: "crate::x::y", Alias: "_", Names: []string{"Z"}, Line: 5},
		{Path: "crate::x::v", Alias: "_", Names: []string{"P", "Q"}, As: []string{"", "R"}, Line: 5},
		{Path: "std", Alias: "_", Names: []string{"io"}, Line: 6},
		// pub and pub(crate) uses re-export what they import.
		{Path: "crate::inner", Alias: "_", Names: []string{"Exported", "Other"}, As: []string{"", "Renamed"}, Reexport: true, Line: 7},
		{Path: "self::m", Kind: "wildcard", Reexport: true, Line: 8},
		{Path: "std::io", Alias: "_", Names: []string{"Write"}, Line: 9},
		{Path: "std", Alias: "_", Names: []string{"io"}, Line: 9},
		{Path: "grep_cli", Alias: "cli", Reexport: true, Line: 10},
		{Path: "serde", Line: 11},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

// recvRow is a reference with the receiver chain the extractor gave it.
type recvRow struct {
	Name, Qualifier, Recv, Kind, From string
	Line                              int
}

func recvRows(f *facts.File) []recvRow {
	var out []recvRow
	for _, r := range f.Refs {
		out = append(out, recvRow{r.Name, r.Qualifier, r.Recv, r.Kind, r.From, r.Line})
	}
	return out
}

func TestRustRefs(t *testing.T) {
	f := langtest.Extract(t, Language(), sample)
	call, ref := facts.RefCall, facts.RefReference
	want := []recvRow{
		{"Conn", "", "", ref, "Point", 10},
		{"Radius", "", "", ref, "Shape", 13},
		{"Side", "", "", ref, "Shape", 13},
		{"Base", "", "", ref, "Draw", 16},
		{"Debug", "fmt", "", ref, "Draw", 16},
		{"Canvas", "", "", ref, "Draw.draw", 17},
		{"String", "", "", ref, "Draw.name", 18},
		// String is a standard type: nothing of the repository is called.
		{"new", "String", facts.NotRepo, call, "Draw.name", 18},
		{"HashMap", "", "", ref, "Map", 21},
		{"String", "", "", ref, "Map", 21},
		{"Value", "", "", ref, "Map", 21},
		// impl Draw for Point: Point is in this file, so the trait goes to
		// Point.Implements instead of a reference, and T is a type parameter.
		{"Clone", "", "", ref, "Point", 25},
		{"Canvas", "", "", ref, "Point.draw", 26},
		{"new", "Canvas", "Canvas", call, "Point.draw", 27},
		{"render", "self", "", call, "Point.draw", 28},
		{"paint", "helper", "", call, "Point.draw", 29},
		// c is a local: its type is what Canvas::new() returns.
		{"clone", "c", "Canvas.new()", call, "Point.draw", 29},
		{"origin", "Self", "", call, "Point.draw", 30},
		{"Canvas", "", "", ref, "Point.draw", 32},
		{"finish", "?", "make()", call, "Point.origin", 37},
		{"make", "", "", call, "Point.origin", 37},
		// Remote is not in this file: the trait stays a reference from it.
		{"Display", "fmt", "", ref, "Remote", 40},
		{"Remote", "", "", ref, "Remote", 40},
		{"Point", "", "", ref, "inner.f", 44},
		{"Vec", "", "", ref, "main", 58},
		{"Point", "", "", ref, "main", 58},
		{"new", "Vec", facts.NotRepo, call, "main", 58},
	}
	if d := cmp.Diff(want, recvRows(f)); d != "" {
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
	f := langtest.Extract(t, Language(), src)
	want := []symLineRow{
		{"outer", "outer", facts.KindModule, "", 1},
		{"S", "outer.S", facts.KindStruct, "outer", 2},
		{"m", "outer.S.m", facts.KindMethod, "outer.S", 3},
		{"x", "outer.x", facts.KindModule, "outer", 4},
		{"f", "outer.x.f", facts.KindFunction, "outer.x", 4},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]refRow{{"g", "", facts.RefCall, "outer.S.m", 3}}, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestRustSyntaxError(t *testing.T) {
	src := `/// Kept.
fn ok() -> u32 { 1 }
struct Fine { a: u8 }
fn broken( { let = ; }
`
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	got := langtest.SymLines[symLineRow](f)
	want := []symLineRow{
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
