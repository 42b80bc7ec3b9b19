package explicit

import (
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
)

// rustWorkspace has two member crates that both define a module `util`
// with a function `trim`, and a binary crate that depends on one of them.
var rustWorkspace = &lang.Project{Rust: map[string]lang.RustPackage{
	"":         {Name: "app", Lib: "app", Roots: []string{"app/main.rs"}},
	"crates/a": {Name: "crate-a", Lib: "crate_a"},
	"crates/b": {Name: "crate-b", Lib: "crate_b"},
}}

// TestRustCrateIsTheFilesOwn: crate:: in a member crate reaches that
// crate's module, never the same-named module of another member; another
// member is reached by its crate name.
func TestRustCrateIsTheFilesOwn(t *testing.T) {
	got := resolveAll(t, rustWorkspace, map[string]string{
		"crates/a/src/lib.rs":  "pub mod util;\npub use crate::util::trim;\n\npub fn run() { crate::util::trim(); }\n",
		"crates/a/src/util.rs": "pub fn trim() {}\n",
		"crates/b/src/lib.rs":  "mod util;\nuse crate::util::trim;\n\nfn go() { trim(); }\n",
		"crates/b/src/util.rs": "pub fn trim() {}\n",
		"app/main.rs":          "mod flags;\nuse crate_a::trim;\n\nfn main() { trim(); flags::parse(); }\n",
		"app/flags.rs":         "pub fn parse() {}\n",
	})
	check(t, got,
		[]string{
			"crates/a/src/lib.rs#run -> crates/a/src/util.rs#trim [calls import]",
			"crates/b/src/lib.rs#go -> crates/b/src/util.rs#trim [calls import]",
			"app/main.rs#main -> crates/a/src/util.rs#trim [calls import]",
			"app/main.rs#main -> app/flags.rs#parse [calls import]",
			"app/main.rs -> crates/a/src/lib.rs [imports ]",
		},
		[]string{"crates/a/src/lib.rs#run -> crates/b", "crates/b/src/lib.rs#go -> crates/a", "app/main.rs#main -> crates/b"})
	for _, e := range got {
		if e == "crates/a/src/lib.rs -> crates/b/src/util.rs [imports ]" || e == "crates/b/src/lib.rs -> crates/a/src/util.rs [imports ]" {
			t.Errorf("import across crates: %s", e)
		}
	}
}

// TestRustUnwrapNeverLandsInTheRepository: unwrap on a Result or Option
// is the standard one even though the repository defines an unwrap;
// `?` and unwrap reach the wrapped value, whose methods resolve by type.
func TestRustUnwrapNeverLandsInTheRepository(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/query.rs": "pub struct Query;\nimpl Query {\n    pub fn unwrap(self) -> Query { self }\n}\n",
		"src/store.rs": "pub struct Store { next: Option<Store> }\n" +
			"impl Store {\n    pub fn open() -> Result<Store, String> { todo!() }\n    pub fn sync(&self) {}\n}\n",
		"src/main.rs": "mod query;\nmod store;\nuse crate::store::Store;\n\n" +
			"fn run() -> Result<(), String> {\n    let s = Store::open()?;\n    s.sync();\n" +
			"    Store::open().unwrap().sync();\n    s.next.unwrap();\n    let e: Option<u8> = None;\n    e.unwrap();\n" +
			"    mystery().unwrap();\n    Ok(())\n}\n",
	})
	check(t, got,
		[]string{
			"src/main.rs#run -> src/store.rs#Store.open [calls type]",
			"src/main.rs#run -> src/store.rs#Store.sync [calls type]",
		},
		[]string{"-> src/query.rs#Query.unwrap"})
}

// TestRustStdMethodsAreNotGuessed: a standard method name called on a
// value of unknown type is not guessed onto the one repository method of
// that name; on a value of a known repository type it resolves by type;
// on a value of a type out of scope (Whatever) nothing is guessed.
func TestRustStdMethodsAreNotGuessed(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/seq.rs": "pub struct Seq;\nimpl Seq {\n    pub fn len(&self) -> usize { 0 }\n    pub fn rank(&self) -> u8 { 0 }\n}\n",
		"src/lib.rs": "mod seq;\nuse crate::seq::Seq;\n\n" +
			"fn f(s: &Seq, w: Whatever) {\n    s.len();\n    w.len();\n    let g = |v| {\n        v.len();\n        v.rank();\n        v.iter().len();\n    };\n}\n",
	})
	check(t, got,
		[]string{
			"src/lib.rs#f -> src/seq.rs#Seq.len [calls type]",
			// a name no standard type has may still be guessed, and says so
			"src/lib.rs#f -> src/seq.rs#Seq.rank [calls name]",
		},
		[]string{"src/seq.rs#Seq.len [calls name]"})
}

// TestRustFieldsAndGetters: self.field.m() resolves through the field's
// declared type; a getter that shares its name with a field is what a
// call reaches.
func TestRustFieldsAndGetters(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/conn.rs": "pub struct Conn { start: usize }\nimpl Conn {\n    pub fn start(&self) -> Pos { Pos }\n    pub fn close(&self) {}\n}\n" +
			"pub struct Pos;\nimpl Pos {\n    pub fn show(&self) {}\n}\n",
		"src/lib.rs": "mod conn;\nuse crate::conn::Conn;\n\npub struct Server { conn: Conn }\n\n" +
			"impl Server {\n    fn stop(&self) {\n        self.conn.close();\n        self.conn.start().show();\n    }\n}\n",
	})
	check(t, got,
		[]string{
			"src/lib.rs#Server.stop -> src/conn.rs#Conn.close [calls type]",
			"src/lib.rs#Server.stop -> src/conn.rs#Conn.start [calls type]",
			"src/lib.rs#Server.stop -> src/conn.rs#Pos.show [calls type]",
		},
		[]string{"-> src/conn.rs#Conn.start~2"})
}

// TestRustTraitBoundsAndImpls: a call through a value of a generic type
// reaches its bound trait's method; a type's trait impl in its own file
// makes the trait's provided methods its own.
func TestRustTraitBoundsAndImpls(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/matcher.rs": "pub trait Matcher {\n    fn find(&self);\n    fn is_match(&self) { self.find() }\n}\n" +
			"pub struct Re;\nimpl Matcher for Re {\n    fn find(&self) {}\n}\n",
		"src/lib.rs": "mod matcher;\nuse crate::matcher::{Matcher, Re};\n\n" +
			"fn search<M: Matcher>(m: M) { m.find(); }\nfn direct(r: Re) { r.find(); r.is_match(); }\n",
	})
	check(t, got,
		[]string{
			"src/lib.rs#search -> src/matcher.rs#Matcher.find [calls type]",
			"src/lib.rs#direct -> src/matcher.rs#Re.find [calls type]",
			"src/lib.rs#direct -> src/matcher.rs#Matcher.is_match [calls type]",
		}, nil)
}

// TestRustOwnMethodsOfStandardNames: a repository type's own pop or iter
// gives what it declares (a Frame, a ClassIter), where a standard
// collection's gives its values (an Item of a Vec<Item>).
func TestRustOwnMethodsOfStandardNames(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/lib.rs": "pub struct Frame;\nimpl Frame {\n    pub fn class(self) -> Class { Class }\n}\n" +
			"pub struct Class;\nimpl Class {\n    pub fn negate(&mut self) {}\n    pub fn iter(&self) -> ClassIter { ClassIter }\n}\n" +
			"pub struct ClassIter;\nimpl ClassIter {\n    pub fn done(&self) -> bool { true }\n}\n" +
			"pub struct Item;\nimpl Item {\n    pub fn size(&self) -> u8 { 0 }\n}\n" +
			"pub struct Stack { items: Vec<Item> }\n" +
			"impl Stack {\n    fn pop(&self) -> Option<Frame> { None }\n" +
			"    fn run(&self) {\n        let mut cls = self.pop().unwrap().class();\n        cls.negate();\n" +
			"        cls.iter().done();\n        for it in self.items.iter() { it.size(); }\n    }\n}\n",
	})
	check(t, got,
		[]string{
			"src/lib.rs#Stack.run -> src/lib.rs#Frame.class [calls type]",
			"src/lib.rs#Stack.run -> src/lib.rs#Class.negate [calls type]",
			"src/lib.rs#Stack.run -> src/lib.rs#ClassIter.done [calls type]",
			"src/lib.rs#Stack.run -> src/lib.rs#Item.size [calls type]",
		},
		nil)
}
