package csharp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// The rows the tables list (see langtest).
type (
	symRow langtest.Sym
	refRow langtest.Ref
)

const testSrc = `using System;
using System.Collections.Generic;
using Json = Newtonsoft.Json;
using static System.Math;

namespace Acme.Core
{
    /// <summary>
    /// A widget.
    /// </summary>
    [Serializable]
    public class Widget<T> : WidgetBase<T>, IDisposable, IComparable<Widget<T>> where T : class
    {
        public const int Max = 3;
        private readonly List<string> _names = new();
        public string Name { get; set; }

        /// Makes one.
        public Widget(int x) : base(x) { }

        public Result Run(Options opts)
        {
            this.Helper();
            Console.WriteLine("x");
            a.b.C(1);
            var w = new Widget<Item>(2);
            Get().Then();
            base.Dispose();
            Convert<Item>(opts);
            opts?.Apply();
            return null;
        }

        public int Count => _names.Count;

        public delegate void Handler(object sender, EventArgs e);

        public struct Point : IEquatable<Point> { public int X; }

        public interface IShape : IDrawable { double Area(); }

        public enum Color { Red, Green }

        public record Person(string Name) : Entity(Name), IPerson;
    }
}
`

func TestCSharpExtractSymbols(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	if f.Package != "Acme.Core" {
		t.Errorf("package %q", f.Package)
	}
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors %d", f.SyntaxErrors)
	}
	want := []symRow{
		{"Acme.Core", "Acme.Core", facts.KindModule, "", 6, 46},
		{"Widget", "Widget", facts.KindClass, "", 11, 45},
		{"Max", "Widget.Max", facts.KindConst, "Widget", 14, 14},
		{"_names", "Widget._names", facts.KindField, "Widget", 15, 15},
		{"Name", "Widget.Name", facts.KindField, "Widget", 16, 16},
		{"Widget", "Widget.Widget", facts.KindMethod, "Widget", 19, 19},
		{"Run", "Widget.Run", facts.KindMethod, "Widget", 21, 32},
		{"Count", "Widget.Count", facts.KindField, "Widget", 34, 34},
		{"Handler", "Widget.Handler", facts.KindType, "Widget", 36, 36},
		{"Point", "Widget.Point", facts.KindStruct, "Widget", 38, 38},
		{"X", "Widget.Point.X", facts.KindField, "Widget.Point", 38, 38},
		{"IShape", "Widget.IShape", facts.KindInterface, "Widget", 40, 40},
		{"Area", "Widget.IShape.Area", facts.KindMethod, "Widget.IShape", 40, 40},
		{"Color", "Widget.Color", facts.KindEnum, "Widget", 42, 42},
		{"Red", "Widget.Color.Red", facts.KindConst, "Widget.Color", 42, 42},
		{"Green", "Widget.Color.Green", facts.KindConst, "Widget.Color", 42, 42},
		{"Person", "Widget.Person", facts.KindClass, "Widget", 44, 44},
		{"Name", "Widget.Person.Name", facts.KindField, "Widget.Person", 44, 44},
	}
	if d := cmp.Diff(want, langtest.Syms[symRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}

	w := langtest.Symbol(t, f, "Widget")
	if w.Doc != "A widget." {
		t.Errorf("doc %q", w.Doc)
	}
	if want := "[Serializable] public class Widget<T> : WidgetBase<T>, IDisposable, IComparable<Widget<T>> where T : class"; w.Signature != want {
		t.Errorf("signature %q", w.Signature)
	}
	if d := cmp.Diff([]string{"WidgetBase"}, w.Extends); d != "" {
		t.Errorf("extends: %s", d)
	}
	if d := cmp.Diff([]string{"IDisposable", "IComparable"}, w.Implements); d != "" {
		t.Errorf("implements: %s", d)
	}
	ctor := langtest.Symbol(t, f, "Widget.Widget")
	if ctor.Doc != "Makes one." || ctor.Signature != "public Widget(int x) : base(x)" {
		t.Errorf("ctor doc %q sig %q", ctor.Doc, ctor.Signature)
	}
	if s := langtest.Symbol(t, f, "Widget.Count"); s.Signature != "public int Count" {
		t.Errorf("Count sig %q", s.Signature)
	}
	if s := langtest.Symbol(t, f, "Widget.IShape.Area"); s.Signature != "double Area()" {
		t.Errorf("Area sig %q", s.Signature)
	}
	if s := langtest.Symbol(t, f, "Widget.Max"); s.Signature != "public const int Max" {
		t.Errorf("Max sig %q", s.Signature)
	}
	if s := langtest.Symbol(t, f, "Widget.Point"); s.Extends != nil || !cmp.Equal(s.Implements, []string{"IEquatable"}) {
		t.Errorf("struct bases %v %v", s.Extends, s.Implements)
	}
	if s := langtest.Symbol(t, f, "Widget.IShape"); !cmp.Equal(s.Extends, []string{"IDrawable"}) || s.Implements != nil {
		t.Errorf("interface bases %v %v", s.Extends, s.Implements)
	}
	if s := langtest.Symbol(t, f, "Widget.Person"); !cmp.Equal(s.Extends, []string{"Entity"}) || !cmp.Equal(s.Implements, []string{"IPerson"}) {
		t.Errorf("record bases %v %v", s.Extends, s.Implements)
	}
}

func TestCSharpExtractImports(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []facts.Import{
		{Path: "System", Kind: "wildcard", Line: 1},
		{Path: "System.Collections.Generic", Kind: "wildcard", Line: 2},
		{Path: "Newtonsoft", Names: []string{"Json"}, As: []string{"Json"}, Line: 3},
		{Path: "System", Names: []string{"Math"}, Kind: "static", Line: 4},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestCSharpExtractRefs(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	call, ref := facts.RefCall, facts.RefReference
	want := []refRow{
		{"SerializableAttribute", "", ref, "Widget", 11},
		{"WidgetBase", "", ref, "Widget", 12},
		{"IDisposable", "", ref, "Widget", 12},
		{"IComparable", "", ref, "Widget", 12},
		{"Widget", "", ref, "Widget", 12},
		{"List", "", ref, "Widget._names", 15},
		{"WidgetBase", "base", call, "Widget.Widget", 19},
		{"Result", "", ref, "Widget.Run", 21},
		{"Options", "", ref, "Widget.Run", 21},
		{"Helper", "this", call, "Widget.Run", 23},
		{"WriteLine", "Console", call, "Widget.Run", 24},
		{"C", "a.b", call, "Widget.Run", 25},
		{"Widget", "", call, "Widget.Run", 26},
		{"Item", "", ref, "Widget.Run", 26},
		{"Get", "", call, "Widget.Run", 27},
		{"Then", "?", call, "Widget.Run", 27},
		{"Dispose", "base", call, "Widget.Run", 28},
		{"Convert", "", call, "Widget.Run", 29},
		{"Item", "", ref, "Widget.Run", 29},
		{"Apply", "opts", call, "Widget.Run", 30},
		{"EventArgs", "", ref, "Widget.Handler", 36},
		{"IEquatable", "", ref, "Widget.Point", 38},
		{"Point", "", ref, "Widget.Point", 38},
		{"IDrawable", "", ref, "Widget.IShape", 40},
		{"Entity", "", ref, "Widget.Person", 44},
		{"IPerson", "", ref, "Widget.Person", 44},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestCSharpExtractFileScopedNamespace(t *testing.T) {
	src := `namespace Acme.Files;

using Acme.Core;

public static class Helpers
{
    public static string Pad(this string s) => s.PadLeft(2);
    static void Local() { int Inner() => 1; Inner(); }
}

interface IRepo<TItem> where TItem : IEntity { TItem Find(Guid id); }
`
	f := langtest.Extract(t, Language(), src)
	if f.Package != "Acme.Files" {
		t.Errorf("package %q", f.Package)
	}
	want := []symRow{
		{"Acme.Files", "Acme.Files", facts.KindModule, "", 1, 1},
		{"Helpers", "Helpers", facts.KindClass, "", 5, 9},
		{"Pad", "Helpers.Pad", facts.KindMethod, "Helpers", 7, 7},
		{"Local", "Helpers.Local", facts.KindMethod, "Helpers", 8, 8},
		{"Inner", "Helpers.Local.Inner", facts.KindFunction, "Helpers.Local", 8, 8},
		{"IRepo", "IRepo", facts.KindInterface, "", 11, 11},
		{"Find", "IRepo.Find", facts.KindMethod, "IRepo", 11, 11},
	}
	if d := cmp.Diff(want, langtest.Syms[symRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if s := langtest.Symbol(t, f, "Helpers.Pad"); s.Signature != "public static string Pad(this string s)" {
		t.Errorf("Pad sig %q", s.Signature)
	}
	call, ref := facts.RefCall, facts.RefReference
	wantRefs := []refRow{
		{"PadLeft", "s", call, "Helpers.Pad", 7},
		{"Inner", "", call, "Helpers.Local", 8},
		{"IEntity", "", ref, "IRepo", 11},
		{"Guid", "", ref, "IRepo.Find", 11},
	}
	if d := cmp.Diff(wantRefs, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]facts.Import{{Path: "Acme.Core", Kind: "wildcard", Line: 3}}, f.Imports); d != "" {
		t.Errorf("imports: %s", d)
	}
}

func TestCSharpExtractWideBodyDocs(t *testing.T) {
	var b strings.Builder
	b.WriteString("class Wide {\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "    /// <summary>\n    /// Doc %d.\n    /// </summary>\n    // not doc: a plain comment breaks nothing below\n    public void M%d() { }\n", i, i)
	}
	b.WriteString("}\n")
	f := langtest.Extract(t, Language(), b.String())
	if len(f.Symbols) != 41 {
		t.Fatalf("%d symbols", len(f.Symbols))
	}
	for i := 0; i < 40; i++ {
		// The plain // comment sits between the /// block and the method, so
		// the walk stops there: no doc.
		if s := f.Symbols[i+1]; s.Name != fmt.Sprintf("M%d", i) || s.Doc != "" || s.Line != 5*i+6 {
			t.Errorf("symbol %d = %+v", i, s)
		}
	}
	g := langtest.Extract(t, Language(), strings.ReplaceAll(b.String(), "    // not doc: a plain comment breaks nothing below\n", ""))
	for i := 0; i < 40; i++ {
		if s := g.Symbols[i+1]; s.Doc != fmt.Sprintf("Doc %d.", i) || s.Line != 4*i+5 {
			t.Errorf("symbol %d = %+v", i, s)
		}
	}
}

func TestCSharpExtractSyntaxError(t *testing.T) {
	src := `namespace N {
    class Good {
        void Ok() { Run(); }
    }
    class Broken {
        void Bad( {
`
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	got := langtest.Syms[symRow](f)
	if len(got) < 3 {
		t.Fatalf("symbols %+v", got)
	}
	want := []symRow{
		{"N", "N", facts.KindModule, "", 1, 7},
		{"Good", "Good", facts.KindClass, "", 2, 4},
		{"Ok", "Good.Ok", facts.KindMethod, "Good", 3, 3},
	}
	if d := cmp.Diff(want, got[:3], cmp.FilterPath(func(p cmp.Path) bool {
		return p.Last().String() == ".EndLine" && p.Index(-2).String() == "[0]"
	}, cmp.Ignore())); d != "" {
		t.Errorf("symbols before the error (-want +got):\n%s", d)
	}
}

// Extraction never panics on truncated input and never emits nameless symbols.
func TestCSharpTruncated(t *testing.T) { langtest.Truncated(t, Language(), testSrc) }

func TestCSharpKindIDs(t *testing.T) {
	langtest.CheckKindIDs(t, language.Grammar, testSrc)
}

func TestCSharpModuleKeys(t *testing.T) {
	f := langtest.Extract(t, Language(), "namespace A.B { class X {} }\nnamespace A.B { class Y {} }\nnamespace C { namespace D { } }\n")
	if d := cmp.Diff([]string{"A.B", "C", "C.D"}, Language().ModuleKeys("src/X.cs", f, nil)); d != "" {
		t.Errorf("ModuleKeys (-want +got):\n%s", d)
	}
	if got := Language().ModuleKeys("Program.cs", &facts.File{}, nil); got != nil {
		t.Errorf("ModuleKeys without namespace = %v", got)
	}
}

func TestCSharpImportCandidates(t *testing.T) {
	tests := []struct {
		imp  facts.Import
		want []string
	}{
		{facts.Import{Path: "Acme.Core", Kind: "wildcard"}, []string{"Acme.Core"}},
		{facts.Import{Path: "Newtonsoft", Names: []string{"Json"}, As: []string{"Json"}}, []string{"Newtonsoft"}},
		{facts.Import{Path: "System", Names: []string{"Math"}, Kind: "static"}, []string{"System"}},
		{facts.Import{}, nil},
	}
	for _, tt := range tests {
		got := Language().ImportCandidates(tt.imp, "src/X.cs", nil)
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ImportCandidates(%+v) (-want +got):\n%s", tt.imp, d)
		}
	}
}
