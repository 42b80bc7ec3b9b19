package java

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

const testSrc = `package com.acme.app;

import java.util.List;
import java.util.*;
import static org.junit.Assert.assertEquals;
import static com.acme.util.Strings.*;

/**
 * A service.
 * Second line.
 */
@Deprecated
public class Service<T> extends Base<T> implements Runnable, java.io.Serializable {
    public static final int MAX = 10;
    private List<String> names, others;

    /** Makes one. */
    public Service(int x) {
        super(x);
    }

    @Override
    public void run() {
        this.helper(1);
        a.b.c();
        Helper h = new Helper<T>(names);
        foo().bar();
        super.run();
        Outer.this.go();
        list.forEach(Printer::print);
    }

    private <U> U convert(Class<U> type) throws IOException {
        return type.cast(null);
    }

    interface Listener extends EventListener, Comparable<Listener> {
        int LIMIT = 3;
        void on(Event e);
    }

    enum Color implements Named {
        RED, GREEN;
        String label() { return name(); }
    }

    record Point(int x, int y) implements Shape {}

    @interface Marker { String value(); }
}
`

func TestJavaExtractSymbols(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	if f.Package != "com.acme.app" {
		t.Errorf("package %q", f.Package)
	}
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors %d", f.SyntaxErrors)
	}
	want := []symRow{
		{"Service", "Service", facts.KindClass, "", 12, 50},
		{"MAX", "Service.MAX", facts.KindConst, "Service", 14, 14},
		{"names", "Service.names", facts.KindField, "Service", 15, 15},
		{"others", "Service.others", facts.KindField, "Service", 15, 15},
		{"Service", "Service.Service", facts.KindMethod, "Service", 18, 20},
		{"run", "Service.run", facts.KindMethod, "Service", 22, 31},
		{"convert", "Service.convert", facts.KindMethod, "Service", 33, 35},
		{"Listener", "Service.Listener", facts.KindInterface, "Service", 37, 40},
		{"LIMIT", "Service.Listener.LIMIT", facts.KindConst, "Service.Listener", 38, 38},
		{"on", "Service.Listener.on", facts.KindMethod, "Service.Listener", 39, 39},
		{"Color", "Service.Color", facts.KindEnum, "Service", 42, 45},
		{"RED", "Service.Color.RED", facts.KindConst, "Service.Color", 43, 43},
		{"GREEN", "Service.Color.GREEN", facts.KindConst, "Service.Color", 43, 43},
		{"label", "Service.Color.label", facts.KindMethod, "Service.Color", 44, 44},
		{"Point", "Service.Point", facts.KindClass, "Service", 47, 47},
		{"Marker", "Service.Marker", facts.KindInterface, "Service", 49, 49},
		{"value", "Service.Marker.value", facts.KindMethod, "Service.Marker", 49, 49},
	}
	if d := cmp.Diff(want, langtest.Syms[symRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}

	svc := langtest.Symbol(t, f, "Service")
	if svc.Doc != "A service.\nSecond line." {
		t.Errorf("doc %q", svc.Doc)
	}
	if want := "@Deprecated public class Service<T> extends Base<T> implements Runnable, java.io.Serializable"; svc.Signature != want {
		t.Errorf("signature %q", svc.Signature)
	}
	if d := cmp.Diff([]string{"Base"}, svc.Extends); d != "" {
		t.Errorf("extends: %s", d)
	}
	if d := cmp.Diff([]string{"Runnable", "java.io.Serializable"}, svc.Implements); d != "" {
		t.Errorf("implements: %s", d)
	}
	ctor := langtest.Symbol(t, f, "Service.Service")
	if ctor.Doc != "Makes one." || ctor.Signature != "public Service(int x)" {
		t.Errorf("ctor doc %q sig %q", ctor.Doc, ctor.Signature)
	}
	if s := langtest.Symbol(t, f, "Service.run"); s.Doc != "" || s.Signature != "@Override public void run()" {
		t.Errorf("run doc %q sig %q", s.Doc, s.Signature)
	}
	if s := langtest.Symbol(t, f, "Service.MAX"); s.Signature != "public static final int MAX" {
		t.Errorf("MAX sig %q", s.Signature)
	}
	if s := langtest.Symbol(t, f, "Service.Listener.on"); s.Signature != "void on(Event e)" {
		t.Errorf("on sig %q", s.Signature)
	}
	if d := cmp.Diff([]string{"EventListener", "Comparable"}, langtest.Symbol(t, f, "Service.Listener").Extends); d != "" {
		t.Errorf("interface extends: %s", d)
	}
	if d := cmp.Diff([]string{"Named"}, langtest.Symbol(t, f, "Service.Color").Implements); d != "" {
		t.Errorf("enum implements: %s", d)
	}
	if d := cmp.Diff([]string{"Shape"}, langtest.Symbol(t, f, "Service.Point").Implements); d != "" {
		t.Errorf("record implements: %s", d)
	}
}

func TestJavaExtractImports(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []facts.Import{
		{Path: "java.util.List", Line: 3},
		{Path: "java.util", Kind: "wildcard", Line: 4},
		{Path: "org.junit.Assert.assertEquals", Kind: "static", Line: 5},
		{Path: "com.acme.util.Strings", Kind: "static", Line: 6},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestJavaExtractRefs(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	call, ref := facts.RefCall, facts.RefReference
	want := []refRow{
		{"Deprecated", "", ref, "Service", 12},
		{"Base", "", ref, "Service", 13},
		{"Runnable", "", ref, "Service", 13},
		{"Serializable", "java.io", ref, "Service", 13},
		{"List", "", ref, "Service.names", 15},
		{"String", "", ref, "Service.names", 15},
		{"Base", "super", call, "Service.Service", 19},
		{"Override", "", ref, "Service.run", 22},
		{"helper", "this", call, "Service.run", 24},
		{"c", "a.b", call, "Service.run", 25},
		{"Helper", "", ref, "Service.run", 26},
		{"Helper", "", call, "Service.run", 26},
		{"foo", "", call, "Service.run", 27},
		{"bar", "?", call, "Service.run", 27},
		{"run", "super", call, "Service.run", 28},
		{"go", "Outer.this", call, "Service.run", 29},
		{"forEach", "list", call, "Service.run", 30},
		{"print", "Printer", ref, "Service.run", 30},
		// Type variables T and U are not references.
		{"Class", "", ref, "Service.convert", 33},
		{"IOException", "", ref, "Service.convert", 33},
		{"cast", "type", call, "Service.convert", 34},
		{"EventListener", "", ref, "Service.Listener", 37},
		{"Comparable", "", ref, "Service.Listener", 37},
		{"Listener", "", ref, "Service.Listener", 37},
		{"Event", "", ref, "Service.Listener.on", 39},
		{"Named", "", ref, "Service.Color", 42},
		{"String", "", ref, "Service.Color.label", 44},
		{"name", "", call, "Service.Color.label", 44},
		{"Shape", "", ref, "Service.Point", 47},
		{"String", "", ref, "Service.Marker.value", 49},
	}
	// The record Point's x/y have primitive types; no refs.
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestJavaExtractLocalsAndAnonymous(t *testing.T) {
	src := `class A {
    static final Comparator<B> CMP = new Comparator<B>() {
        public int compare(B x, B y) { return x.k() - y.k(); }
    };
    void m() {
        class Local { void inner() { util.Run.go(); } }
        Runnable r = () -> this.n();
        var v = new Local();
    }
    A(int v) { this(v, 0); }
}
`
	f := langtest.Extract(t, Language(), src)
	wantSyms := []symRow{
		{"A", "A", facts.KindClass, "", 1, 11},
		{"CMP", "A.CMP", facts.KindConst, "A", 2, 4},
		{"m", "A.m", facts.KindMethod, "A", 5, 9},
		{"A", "A.A", facts.KindMethod, "A", 10, 10},
	}
	if d := cmp.Diff(wantSyms, langtest.Syms[symRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	call, ref := facts.RefCall, facts.RefReference
	wantRefs := []refRow{
		{"Comparator", "", ref, "A.CMP", 2},
		{"B", "", ref, "A.CMP", 2},
		{"Comparator", "", call, "A.CMP", 2},
		{"B", "", ref, "A.CMP", 2},
		{"B", "", ref, "A.CMP", 3},
		{"B", "", ref, "A.CMP", 3},
		{"k", "x", call, "A.CMP", 3},
		{"k", "y", call, "A.CMP", 3},
		{"go", "util.Run", call, "A.m", 6},
		{"Runnable", "", ref, "A.m", 7},
		{"n", "this", call, "A.m", 7},
		{"Local", "", call, "A.m", 8},
		{"A", "this", call, "A.A", 10},
	}
	if d := cmp.Diff(wantRefs, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

// A body with more than 32 members is iterated with a cursor; docs and
// order must be the same.
func TestJavaExtractWideBody(t *testing.T) {
	var b strings.Builder
	b.WriteString("class Wide {\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "    /** Doc %d. */\n    @Override\n    void m%d() { f%d(); }\n", i, i, i)
	}
	b.WriteString("}\n")
	f := langtest.Extract(t, Language(), b.String())
	if len(f.Symbols) != 41 || len(f.Refs) != 80 {
		t.Fatalf("%d symbols, %d refs", len(f.Symbols), len(f.Refs))
	}
	for i := 0; i < 40; i++ {
		s := f.Symbols[i+1]
		want := symRow{fmt.Sprintf("m%d", i), fmt.Sprintf("Wide.m%d", i), facts.KindMethod, "Wide", 3*i + 3, 3*i + 4}
		if d := cmp.Diff(want, langtest.Syms[symRow](&facts.File{Symbols: []facts.Symbol{s}})[0]); d != "" {
			t.Errorf("symbol %d (-want +got):\n%s", i, d)
		}
		if s.Doc != fmt.Sprintf("Doc %d.", i) {
			t.Errorf("doc %d = %q", i, s.Doc)
		}
		if r := f.Refs[2*i+1]; r.Name != fmt.Sprintf("f%d", i) || r.From != s.Qualified {
			t.Errorf("ref %d = %+v", i, r)
		}
	}
}

func TestJavaExtractSyntaxError(t *testing.T) {
	src := `package p;

class Good {
    void ok() { run(); }
}

class Broken {
    void bad( { 
`
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	got := langtest.Syms[symRow](f)
	if len(got) < 2 {
		t.Fatalf("symbols %+v", got)
	}
	want := []symRow{
		{"Good", "Good", facts.KindClass, "", 3, 5},
		{"ok", "Good.ok", facts.KindMethod, "Good", 4, 4},
	}
	if d := cmp.Diff(want, got[:2]); d != "" {
		t.Errorf("symbols before the error (-want +got):\n%s", d)
	}
	if f.Package != "p" {
		t.Errorf("package %q", f.Package)
	}
}

func TestJavaKindIDs(t *testing.T) {
	langtest.CheckKindIDs(t, language.Grammar, testSrc)
}

func TestJavaModuleKeys(t *testing.T) {
	tests := []struct {
		path, pkg string
		want      []string
	}{
		{"src/main/java/com/acme/App.java", "com.acme", []string{"com.acme.App", "com.acme"}},
		{"App.java", "", []string{"App"}},
		{"x/y/Util.java", "org.x", []string{"org.x.Util", "org.x"}},
	}
	for _, tt := range tests {
		got := Language().ModuleKeys(tt.path, &facts.File{Package: tt.pkg}, nil)
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ModuleKeys(%q, %q) (-want +got):\n%s", tt.path, tt.pkg, d)
		}
	}
}

func TestJavaImportCandidates(t *testing.T) {
	tests := []struct {
		imp  facts.Import
		want []string
	}{
		{facts.Import{Path: "com.acme.App"}, []string{"com.acme.App"}},
		{facts.Import{Path: "com.acme", Kind: "wildcard"}, []string{"com.acme"}},
		{facts.Import{Path: "com.acme.App.run", Kind: "static"}, []string{"com.acme.App.run", "com.acme.App"}},
		{facts.Import{Path: "com.acme.App", Kind: "static"}, []string{"com.acme.App", "com.acme"}},
		{facts.Import{Path: ""}, nil},
	}
	for _, tt := range tests {
		got := Language().ImportCandidates(tt.imp, "src/X.java", nil)
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ImportCandidates(%+v) (-want +got):\n%s", tt.imp, d)
		}
	}
}

// The module keys of a file and the candidates of an import of it agree.
func TestJavaKeysMatchImports(t *testing.T) {
	lib := langtest.Extract(t, Language(), "package com.acme.util;\npublic class Strings { public static String pad(String s) { return s; } }\n")
	keys := Language().ModuleKeys("src/com/acme/util/Strings.java", lib, nil)
	user := langtest.Extract(t, Language(), testSrc)
	imp := user.Imports[3]
	cands := Language().ImportCandidates(imp, "src/com/acme/app/Service.java", nil)
	if len(cands) == 0 || !strings.Contains(strings.Join(keys, "|"), cands[0]) {
		t.Errorf("keys %v do not meet candidates %v", keys, cands)
	}
}

// Extraction never panics on truncated input and never emits nameless symbols.
func TestJavaTruncated(t *testing.T) { langtest.Truncated(t, Language(), testSrc) }
