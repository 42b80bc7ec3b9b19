package cfamily

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

const cppSample = `#include "shape.hpp"
#include <vector>

namespace geo {

/// A drawable shape.
class Shape : public Base, protected util::Named<Shape> {
public:
    Shape();
    virtual ~Shape();
    virtual double area() const = 0;
    void draw(Canvas &c) { c.paint(); this->mark(); }
    struct Cache { int hits; };
private:
    std::vector<Point> points;
};

double Shape::perimeter() const {
    auto *p = new Segment(1, 2);
    std::sort(points.begin(), points.end());
    util::log::write("x");
    return helper<int>(p);
}

// Largest of two.
template <typename T>
T largest(T a, T b) { return a > b ? a : b; }

template <class K, class V> class Table { K key; V value; Row row; };

using Registry = std::map<Key, Shape *>;
enum class Kind : int { Circle, Square };
int Shape::count = 0;

} // namespace geo

namespace a::b { void nested() {} }

namespace {
void hidden() { Table<int, int> t; }
}

bool operator==(const geo::Shape &l, const geo::Shape &r) { return true; }

int main() {
    geo::Shape s;
    return 0;
}
`

func TestCppSymbols(t *testing.T) {
	f := langtest.Extract(t, CPP(), cppSample)
	want := []symLineRow{
		{"geo", "geo", facts.KindModule, "", 4},
		{"Shape", "geo.Shape", facts.KindClass, "geo", 7},
		{"Shape", "geo.Shape.Shape", facts.KindMethod, "geo.Shape", 9},
		{"~Shape", "geo.Shape.~Shape", facts.KindMethod, "geo.Shape", 10},
		{"area", "geo.Shape.area", facts.KindMethod, "geo.Shape", 11},
		{"draw", "geo.Shape.draw", facts.KindMethod, "geo.Shape", 12},
		{"Cache", "geo.Shape.Cache", facts.KindStruct, "geo.Shape", 13},
		{"hits", "geo.Shape.Cache.hits", facts.KindField, "geo.Shape.Cache", 13},
		{"points", "geo.Shape.points", facts.KindField, "geo.Shape", 15},
		{"perimeter", "geo.Shape.perimeter", facts.KindMethod, "geo.Shape", 18},
		{"largest", "geo.largest", facts.KindFunction, "geo", 27},
		{"Table", "geo.Table", facts.KindClass, "geo", 29},
		{"key", "geo.Table.key", facts.KindField, "geo.Table", 29},
		{"value", "geo.Table.value", facts.KindField, "geo.Table", 29},
		{"row", "geo.Table.row", facts.KindField, "geo.Table", 29},
		{"Registry", "geo.Registry", facts.KindType, "geo", 31},
		{"Kind", "geo.Kind", facts.KindEnum, "geo", 32},
		{"count", "geo.Shape.count", facts.KindVar, "geo.Shape", 33},
		{"b", "a.b", facts.KindModule, "a", 37},
		{"nested", "a.b.nested", facts.KindFunction, "a.b", 37},
		{"hidden", "hidden", facts.KindFunction, "", 40},
		{"operator==", "operator==", facts.KindFunction, "", 43},
		{"main", "main", facts.KindFunction, "", 45},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	sh := langtest.Symbol(t, f, "geo.Shape")
	if sh.Doc != "A drawable shape." || sh.Signature != "class Shape : public Base, protected util::Named<Shape>" {
		t.Errorf("Shape: doc %q sig %q", sh.Doc, sh.Signature)
	}
	if d := cmp.Diff([]string{"Base", "util::Named"}, sh.Extends); d != "" {
		t.Errorf("Shape extends: %s", d)
	}
	lg := langtest.Symbol(t, f, "geo.largest")
	if lg.Doc != "Largest of two." || lg.Signature != "T largest(T a, T b)" {
		t.Errorf("largest: doc %q sig %q", lg.Doc, lg.Signature)
	}
	if s := langtest.Symbol(t, f, "geo.Shape.area").Signature; s != "virtual double area() const = 0" {
		t.Errorf("area signature %q", s)
	}
}

func TestCppImports(t *testing.T) {
	f := langtest.Extract(t, CPP(), cppSample)
	want := []facts.Import{
		{Path: "shape.hpp", Kind: "local", Line: 1},
		{Path: "vector", Kind: "system", Line: 2},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestCppRefs(t *testing.T) {
	f := langtest.Extract(t, CPP(), cppSample)
	const per = "geo.Shape.perimeter"
	want := []refRow{
		{"Base", "", facts.RefReference, "geo.Shape", 7},
		{"Named", "util", facts.RefReference, "geo.Shape", 7},
		{"Shape", "", facts.RefReference, "geo.Shape", 7},
		{"Canvas", "", facts.RefReference, "geo.Shape.draw", 12},
		{"paint", "c", facts.RefCall, "geo.Shape.draw", 12},
		{"mark", "this", facts.RefCall, "geo.Shape.draw", 12},
		{"vector", "std", facts.RefReference, "geo.Shape", 15},
		{"Point", "", facts.RefReference, "geo.Shape", 15},
		{"Segment", "", facts.RefCall, per, 19},
		{"sort", "std", facts.RefCall, per, 20},
		{"begin", "points", facts.RefCall, per, 20},
		{"end", "points", facts.RefCall, per, 20},
		{"write", "util::log", facts.RefCall, per, 21},
		{"helper", "", facts.RefCall, per, 22},
		// T, K and V are template parameters, not references.
		{"Row", "", facts.RefReference, "geo.Table", 29},
		{"map", "std", facts.RefReference, "geo.Registry", 31},
		{"Key", "", facts.RefReference, "geo.Registry", 31},
		{"Shape", "", facts.RefReference, "geo.Registry", 31},
		{"Table", "", facts.RefReference, "hidden", 40},
		{"Shape", "geo", facts.RefReference, "operator==", 43},
		{"Shape", "geo", facts.RefReference, "operator==", 43},
		{"Shape", "geo", facts.RefReference, "main", 46},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestCppNewQualified(t *testing.T) {
	src := "void f() { auto a = new ns::Widget(); auto b = new Box<int>(); auto c = new Plain; int d = static_cast<int>(a); }\n"
	f := langtest.Extract(t, CPP(), src)
	want := []refRow{
		{"Widget", "ns", facts.RefCall, "f", 1},
		{"Box", "", facts.RefCall, "f", 1},
		{"Plain", "", facts.RefCall, "f", 1},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestCppSyntaxError(t *testing.T) {
	src := `namespace n {
class Good { void m() {} };
}
class Broken { void x( { ; 
`
	f := langtest.Extract(t, CPP(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	got := langtest.SymLines[symLineRow](f)
	want := []symLineRow{
		{"n", "n", facts.KindModule, "", 1},
		{"Good", "n.Good", facts.KindClass, "n", 2},
		{"m", "n.Good.m", facts.KindMethod, "n.Good", 2},
	}
	if len(got) < 3 {
		t.Fatalf("symbols: %+v", got)
	}
	if d := cmp.Diff(want, got[:3]); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

func TestCppSpecSharesFamily(t *testing.T) {
	c, cpp := C(), CPP()
	if fc, fcpp := lang.FamilyOf(c.Name()), lang.FamilyOf(cpp.Name()); fc != "c" || fcpp != "c" {
		t.Errorf("families %q %q", fc, fcpp)
	}
	imp := facts.Import{Path: "a.h", Kind: "local"}
	if d := cmp.Diff([]string{"src/a.h", "a.h"}, cpp.ImportCandidates(imp, "src/x.cpp", nil)); d != "" {
		t.Errorf("cpp candidates: %s", d)
	}
	if d := cmp.Diff([]string{"src/x.hpp"}, cpp.ModuleKeys("src/x.hpp", nil, nil)); d != "" {
		t.Errorf("cpp keys: %s", d)
	}
}

func TestCppConversionOperator(t *testing.T) {
	src := "class A {\n  explicit operator bool() const { return true; }\n  operator int();\n};\nA::operator int() { return 1; }\n"
	f := langtest.Extract(t, CPP(), src)
	want := []symLineRow{
		{"A", "A", facts.KindClass, "", 1},
		{"operator bool", "A.operator bool", facts.KindMethod, "A", 2},
		{"operator int", "A.operator int", facts.KindMethod, "A", 3},
		{"operator int", "A.operator int", facts.KindMethod, "A", 5},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

// leveldbOptions is a header of a C++ project in leveldb's shape: .h, and
// nothing but a namespace tells it from C.
const leveldbOptions = `#include <stddef.h>
#include "leveldb/export.h"

namespace leveldb {

class Cache;

// Options to control the behavior of a database.
struct LEVELDB_EXPORT Options {
  // Create an Options object with default values for all fields.
  Options();

  const Comparator* comparator;
  bool create_if_missing = false;
};

}  // namespace leveldb
`

// TestCppHeaderOptions: such a header has C++ syntax (so the inventory
// reads it as C++), and read as C++ its Options is a symbol in the
// namespace, with its constructor; the C grammar reads the namespace as a
// function and loses Options.
func TestCppHeaderOptions(t *testing.T) {
	if !lang.HasCPPSyntax([]byte(leveldbOptions)) {
		t.Fatal("the header has no C++ syntax: it would be read as C")
	}
	f := langtest.Extract(t, CPP(), leveldbOptions)
	opts := langtest.Symbol(t, f, "leveldb.Options")
	if opts.Kind != facts.KindStruct || opts.Line != 9 {
		t.Errorf("leveldb.Options: kind %s line %d, want struct at 9", opts.Kind, opts.Line)
	}
	langtest.Symbol(t, f, "leveldb.Options.Options")
}

// TestBlankTypeMacros: an export macro between struct and the name of a
// type being defined is blanked (same length); a capitalised struct tag
// before a variable stays.
func TestBlankTypeMacros(t *testing.T) {
	cases := []struct{ src, want string }{
		{"struct LEVELDB_EXPORT Options {\n", "struct                Options {\n"},
		{"class Q_CORE_EXPORT QObject : public Base\n", "class               QObject : public Base\n"},
		{"class FMT_API EXPORT_X Buf final {\n", "class                  Buf final {\n"},
		{"class DLL_API Widget\n{\n", "class         Widget\n{\n"},
		{"struct MY_TAG var;\n", "struct MY_TAG var;\n"},
		{"struct MY_TAG *p = 0;\n", "struct MY_TAG *p = 0;\n"},
		{"struct A::B c;\n", "struct A::B c;\n"},
	}
	for _, c := range cases {
		got, _ := blankTypeMacros([]byte(c.src))
		if string(got) != c.want {
			t.Errorf("blankTypeMacros(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}
