package rust

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// types maps each symbol's qualified name to its Type.
func types(f *facts.File) map[string]string {
	out := map[string]string{}
	for _, s := range f.Symbols {
		out[s.Qualified] = s.Type
	}
	return out
}

// recvs maps "line:name" of each call to its receiver chain.
func recvs(f *facts.File) map[string]string {
	out := map[string]string{}
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			out[strconv.Itoa(r.Line)+":"+r.Name] = r.Recv
		}
	}
	return out
}

// TestRustSymbolTypes: fields carry their declared types and functions
// their result types, written so that other files can evaluate them: an
// imported name with its import path, a standard type as NotRepo, Option
// and Result (and collections) as wrappers of what they hold, pointers as
// what they point to, dyn/impl Trait and bounded generics as the trait.
func TestRustSymbolTypes(t *testing.T) {
	src := `use crate::conn::Conn;
use std::path::PathBuf;
use std::sync::Arc;
use super::matcher::Matcher as M;

pub struct Server<W: Matcher> {
    conn: Conn,
    path: PathBuf,
    name: String,
    shared: Arc<Inner>,
    next: Option<Box<Server<W>>>,
    all: Vec<Conn>,
    by_name: std::collections::HashMap<String, Conn>,
    writer: W,
    matcher: Box<dyn M>,
    raw: &'static [u8],
    pair: (u8, u8),
}

struct Inner;

impl<W: Matcher> Server<W> {
    pub fn new() -> Self { todo!() }
    fn open() -> Result<Self, Error> { todo!() }
    fn conn(&self) -> &Conn { &self.conn }
    fn maybe(&self) -> Option<Conn> { None }
    fn io() -> std::io::Result<Inner> { todo!() }
    fn iter(&self) -> impl Iterator<Item = u8> { todo!() }
    fn done(&self) {}
    fn assoc(&self) -> W::Output { todo!() }
    fn generic<T>(&self) -> T { todo!() }
}

const LIMIT: usize = 3;
static DEFAULT: Inner = Inner;
`
	got := types(langtest.Extract(t, Language(), src))
	want := map[string]string{
		"Server": "", "Inner": "", "LIMIT": facts.NotRepo, "DEFAULT": "Inner",
		// the field and the method conn (a getter) have the same type
		"Server.conn":    "@crate::conn|Conn",
		"Server.path":    facts.NotRepo,
		"Server.name":    facts.NotRepo,
		"Server.shared":  "Inner",
		"Server.next":    "-Server",
		"Server.all":     "-@crate::conn|Conn",
		"Server.by_name": facts.NotRepo,
		"Server.writer":  "Matcher",
		"Server.matcher": "@super::matcher|Matcher",
		"Server.raw":     facts.NotRepo,
		"Server.pair":    facts.NotRepo,
		"Server.new":     "Self",
		"Server.open":    "-Self",
		"Server.maybe":   "-@crate::conn|Conn",
		"Server.io":      "-Inner",
		"Server.iter":    facts.NotRepo,
		"Server.done":    facts.NotRepo,
		"Server.assoc":   "",
		"Server.generic": "",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
}

// TestRustFieldSharingAMethodName: a private field and its getter share a
// qualified name; the getter keeps the plain node id, so the field is
// listed after every other symbol.
func TestRustFieldSharingAMethodName(t *testing.T) {
	src := "struct M {\n    start: usize,\n    end: usize,\n}\nimpl M {\n    fn start(&self) -> usize { self.start }\n}\n"
	f := langtest.Extract(t, Language(), src)
	var got []string
	for _, s := range f.Symbols {
		got = append(got, s.Kind+" "+s.Qualified)
	}
	want := []string{"struct M", "field M.end", "method M.start", "field M.start"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

// TestRustLocalTypes: a call on a local names the local's declared or
// inferred type; `?`, unwrap and Some(x) patterns reach the wrapped value;
// a local never stands for an item of the same name.
func TestRustLocalTypes(t *testing.T) {
	src := `use crate::store::Store;
fn run<M: Matcher>(cfg: &Config, m: M, items: &[Item], opt: Option<Store>) -> Result<(), E> {
    let s = Store::new();
    s.get();
    let t: Store = make();
    t.put();
    let u = Store { x: 1 };
    u.del();
    let o = Store::open("p")?;
    o.sync();
    let w = Store::open("p").unwrap();
    w.sync();
    cfg.load();
    m.find();
    for it in items.iter() { it.size(); }
    if let Some(st) = opt { st.flush(); }
    match cfg.lookup() { Some(found) => found.touch(), None => {} }
    let cl = |a| a.poke();
    cl(1);
    let s = s.child();
    s.leaf();
    "x".to_string();
    let d = Store::default();
    d.reset();
    unknown.thing();
    items[0].size();
    Error::Io(e).with_path();
    let z = Kind::Empty;
    z.describe();
    let q = Shape::Rect { w: 1 };
    q.area();
    Ok(())
}
`
	got := recvs(langtest.Extract(t, Language(), src))
	want := map[string]string{
		"3:new": "@crate::store|Store", "4:get": "@crate::store|Store.new()",
		"5:make": "", "6:put": "@crate::store|Store",
		"8:del":  "@crate::store|Store",
		"9:open": "@crate::store|Store", "10:sync": "@crate::store|Store.open().?",
		"11:open": "@crate::store|Store", "11:unwrap": "@crate::store|Store.open()", "12:sync": "@crate::store|Store.open().?",
		"13:load": "Config",
		"14:find": "Matcher",
		"15:iter": "-Item", "15:size": "Item",
		"16:flush":  "@crate::store|Store",
		"17:lookup": "Config", "17:touch": "Config.lookup().?",
		// a closure's parameter has no known type; cl is a local, not a function
		"18:poke": facts.Unknown,
		// shadowing: the new s is the child of the old one
		"20:child": "@crate::store|Store.new()", "21:leaf": "@crate::store|Store.new().child()",
		"22:to_string": facts.NotRepo,
		"23:default":   "@crate::store|Store", "24:reset": "@crate::store|Store",
		"25:thing": facts.Unknown,
		"26:size":  "Item",
		// an enum variant (or associated constant) is a value of its type
		"27:Io": "Error", "27:with_path": "Error",
		"29:describe": "Kind",
		"31:area":     "Shape",
		"32:Ok":       "",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}

// TestRustSelfAndPaths: self and its fields are left to the resolver;
// Type::f() names the type, Self::f() the enclosing type; a module path
// names the module an import would (and is imported as such); standard
// paths reach nothing of the repository.
func TestRustSelfAndPaths(t *testing.T) {
	src := `use std::io;
use crate::util;
mod inner { pub fn f() {} }
impl Worker {
    fn go(&self) {
        self.step();
        self.conf.load();
        Self::helper();
        crate::messages::set(true);
        util::trim();
        util::deep::trim();
        io::Error::new();
        std::process::exit(1);
        inner::f();
        grep_searcher::Searcher::new();
        Kind::Other::make();
    }
}
`
	f := langtest.Extract(t, Language(), src)
	var got []recvRow
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			got = append(got, recvRow{r.Name, r.Qualifier, r.Recv, r.Kind, r.From, r.Line})
		}
	}
	c := facts.RefCall
	want := []recvRow{
		{"step", "self", "", c, "Worker.go", 6},
		{"load", "self.conf", "", c, "Worker.go", 7},
		{"helper", "Self", "", c, "Worker.go", 8},
		{"set", "crate::messages", "", c, "Worker.go", 9},
		{"trim", "util", "", c, "Worker.go", 10},
		{"trim", "crate::util::deep", "", c, "Worker.go", 11},
		{"new", "io::Error", facts.NotRepo, c, "Worker.go", 12},
		{"exit", "std::process", facts.NotRepo, c, "Worker.go", 13},
		{"f", "inner", "inner", c, "Worker.go", 14},
		{"new", "grep_searcher::Searcher", "@grep_searcher|Searcher", c, "Worker.go", 15},
		{"make", "Kind::Other", "Kind.Other", c, "Worker.go", 16},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
	var paths []string
	for _, imp := range f.Imports {
		if imp.Kind == "path" {
			paths = append(paths, imp.Path)
		}
	}
	if d := cmp.Diff([]string{"crate::messages", "crate::util::deep"}, paths); d != "" {
		t.Errorf("path imports (-want +got):\n%s", d)
	}
}

// TestRustGenericBounds: a value of a generic type is a value of its
// bound trait, from the parameter list or the where clause; a type bound
// only by standard traits is a standard value.
func TestRustGenericBounds(t *testing.T) {
	src := `fn a<S: Sink + Send>(s: S) { s.write(); }
fn b<T>(t: T) where T: Searcher { t.search(); }
fn c<P: AsRef<Path>>(p: P) { p.as_ref(); }
fn d<X>(x: X) { x.go(); }
fn e(w: impl Writer, v: &dyn Visit) { w.put(); v.visit(); }
`
	got := recvs(langtest.Extract(t, Language(), src))
	want := map[string]string{
		"1:write": "Sink", "2:search": "Searcher", "3:as_ref": facts.NotRepo,
		"4:go": facts.Unknown, "5:put": "Writer", "5:visit": "Visit",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}

// TestRustClosureParams: the parameter of a closure passed to an
// iterator or Option method is one of the receiver's values; a closure
// given anything else (map_err's error) has an unknown parameter.
func TestRustClosureParams(t *testing.T) {
	src := `fn f(items: &[Item], o: Option<Conn>, res: Result<Conn, E>) {
    items.iter().map(|m| m.start()).count();
    items.iter().filter(|&m| m.valid());
    o.map(|c| c.close());
    items.sort_by(|a, b| a.rank_against(b));
    items.iter().enumerate().map(|(i, m)| m.start());
    res.map_err(|e| e.kind());
}
`
	got := recvs(langtest.Extract(t, Language(), src))
	want := map[string]string{
		"2:iter": "-Item", "2:map": "-Item", "2:count": facts.NotRepo, "2:start": "Item",
		"3:iter": "-Item", "3:filter": "-Item", "3:valid": "Item",
		"4:map": "-Conn", "4:close": "Conn",
		"5:sort_by": "-Item", "5:rank_against": "Item",
		// a tuple pattern takes an unknown type
		"6:iter": "-Item", "6:enumerate": "-Item", "6:map": facts.NotRepo, "6:start": facts.Unknown,
		"7:map_err": "-Conn", "7:kind": facts.Unknown,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}

// TestRustCallsInMacros: the calls in the arguments of the standard
// expression macros are calls of the function that holds them, with the
// receivers' types known as outside a macro; other macros' token trees
// and macros with no call stay unread.
func TestRustCallsInMacros(t *testing.T) {
	src := `fn run(p: &Parser, out: &mut Out) -> fmt::Result {
    assert!(p.ready());
    assert_eq!(p.offset(), 0, "used {} times", p.uses());
    let v = vec![Item::new(1), make()];
    write!(out, "{}", p.name())?;
    debug_assert!(check(
        p.depth(),
    ));
    my_macro!(p.hidden());
    println!("{}", 1);
    assert_eq!(p.char(), 'x');
    assert_eq!(p.all(), vec![lit(1), format!("{}", p.last())]);
    Ok(())
}
`
	got := recvs(langtest.Extract(t, Language(), src))
	want := map[string]string{
		"2:ready": "Parser", "3:offset": "Parser", "3:uses": "Parser",
		"4:new": "Item", "4:make": "", "5:name": "Parser",
		"6:check": "", "7:depth": "Parser",
		// char is a primitive type's name to a token tree
		"11:char": "Parser",
		// a macro in a macro's arguments is read too
		"12:all": "Parser", "12:lit": "", "12:last": "Parser",
		"13:Ok": "",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}

// TestRustStandardNamesOnRepositoryValues: iter, pop or get on a value of
// a type the extractor cannot see is a Same step (the resolver decides
// whether the type has its own); on a standard collection it keeps the
// collection's values, as before.
func TestRustStandardNamesOnRepositoryValues(t *testing.T) {
	src := `fn run(&self, items: Vec<Item>) {
    let f = self.pop().unwrap();
    f.class();
    for r in f.iter() { r.start(); }
    for it in items.iter() { it.size(); }
}
`
	got := recvs(langtest.Extract(t, Language(), src))
	want := map[string]string{
		"2:pop": "", "2:unwrap": "self.=pop()",
		"3:class": "self.=pop().?",
		"4:iter":  "self.=pop().?", "4:start": "self.=pop().?.=iter().?",
		"5:iter": "-Item", "5:size": "Item",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}

// TestRustEnumVariantBindings: a match arm's (or if let's) binding of a
// one-value tuple variant of an enum the file declares has the variant's
// field type, named by the enum (E::V, m::E::V) or by Self.
func TestRustEnumVariantBindings(t *testing.T) {
	src := `pub enum Class { Unicode(ClassUnicode), Bytes(Box<ClassBytes>), Pair(A, B) }
impl Class {
    fn negate(&mut self) {
        match *self {
            Class::Unicode(ref mut x) => x.negate(),
            Self::Bytes(ref mut x) => x.negate(),
            Class::Pair(a, _) => a.flip(),
        }
        if let hir::Class::Unicode(u) = other() { u.fold(); }
    }
}
`
	got := recvs(langtest.Extract(t, Language(), src))
	want := map[string]string{
		"5:negate": "ClassUnicode", "6:negate": "ClassBytes", "7:flip": facts.Unknown,
		"9:other": "", "9:fold": "ClassUnicode",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}
