package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

func TestTSRepair(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"variance", "interface S<in out A, out E = never, in R> {}", "interface S<       A,     E = never,    R> {}"},
		{"variance with extends", "type F<out A extends B> = A", "type F<    A extends B> = A"},
		{"not variance", "for (const k in obj) f(a < out, b)", ""},
		{"call signatures", "type F = {\n  <A>(a: A): B<A>\n  // doc\n  <A, B>(a: A, b: B): C\n  (x: X): Y\n}",
			"type F = {\n  <A>(a: A): B<A>\n  // doc\n ;<A, B>(a: A, b: B): C\n ;(x: X): Y\n}"},
		{"after a deeper line", "type F = {\n  <A>(\n    a: A\n  ): Effect<A>\n  <B>(b: B): B\n}",
			"type F = {\n  <A>(\n    a: A\n  ): Effect<A>\n ;<B>(b: B): B\n}"},
		{"arrow continuation", "const f =\n  <K>(o: Order<K>) =>\n  (self: K) => self", ""},
		{"argument list", "f(\n  a,\n  (b) => b\n)", ""},
		{"escaped backtick", "type M = `use \\`x\\``", "type M = `use   x  `"},
		{"escaped backslash", "const s = \"\\\\\" + `a`", ""},
		{"export type star", "export type * from './a'", "export      * from './a'"},
	} {
		got := string(tsRepair([]byte(c.src)))
		if got != c.want {
			t.Errorf("%s: tsRepair(%q)\n got %q\nwant %q", c.name, c.src, got, c.want)
		}
		if len(got) != 0 && len(got) != len(c.src) {
			t.Errorf("%s: repaired length %d, source %d", c.name, len(got), len(c.src))
		}
	}
}

// tsEffectStyle is code in the style of effect's sources, which
// tree-sitter-typescript 0.23 cannot parse as written.
const tsEffectStyle = `
export interface Effect<out A, out E = never, out R = never> {
  readonly _A: A
}

/**
 * Maps the value.
 */
export const map: {
  /** data-last */
  <A, B>(f: (a: A) => B): <E, R>(self: Effect<A, E, R>) => Effect<B, E, R>
  /** data-first */
  <A, E, R, B>(self: Effect<A, E, R>, f: (a: A) => B): Effect<B, E, R>
} = dual(2, (self, f) => flatMap(self, (a) => succeed(f(a))))

export const succeed = <A>(a: A): Effect<A> => make(a)
`

func TestTSRepairedExtraction(t *testing.T) {
	f := extractT(t, TypeScript(), tsEffectStyle)
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors = %d", f.SyntaxErrors)
	}
	want := []symLineRow{
		{"Effect", "Effect", facts.KindInterface, "", 1},
		{"_A", "Effect._A", facts.KindField, "Effect", 2},
		{"map", "map", facts.KindFunction, "", 8},
		{"succeed", "succeed", facts.KindFunction, "", 15},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	// Text comes from the source as written, not from the repaired copy.
	if s := symbol(f, "Effect").Signature; s != "export interface Effect<out A, out E = never, out R = never>" {
		t.Errorf("Effect signature = %q", s)
	}
	if d := symbol(f, "map").Doc; d != "Maps the value." {
		t.Errorf("map doc = %q", d)
	}
	var calls []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			calls = append(calls, r.From+"->"+r.Name)
		}
	}
	// f is a parameter: calling it is no reference to a definition.
	if d := cmp.Diff([]string{"map->dual", "map->flatMap", "map->succeed", "succeed->make"}, calls); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}
