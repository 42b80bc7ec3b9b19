package js

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// localCalls calls module-level functions and, under the same names,
// parameters and local variables of every binding form.
const localCalls = `
import { map, filter, reduce } from "./array";

export function run(map, { filter }, [reduce], ...rest) {
  map(1); filter(2); reduce(3); rest(4);
  const f = (x) => x;
  for (const [g, h] of pairs()) { g(); h(); }
  try { risky(); } catch ({ handle }) { handle(); }
  if (ok) { let later = pick(); later(); }
  function inner() { return f(5); }
  inner();
  return outer();
}

export const cb = (each) => items.forEach((item) => each(item, map(item)));
const named = function recur(n) { return n ? recur(n - 1) : done(); };
const Local = makeClass();
export function build() { return new Local(); }
class Base {}
function make(Base) { return new Base(); }
`

func TestJSLocalCalls(t *testing.T) {
	f := extractT(t, JavaScript(), localCalls)
	var got []string
	for _, r := range f.Refs {
		got = append(got, r.From+"->"+strings.TrimPrefix(r.Qualifier+"."+r.Name, "."))
	}
	want := []string{
		"run->pairs", "run->risky", "run->pick",
		"run.inner->f", // f is a function bound in run: a symbol, so a reference
		"run->inner", "run->outer",
		"cb->items.forEach", "cb->map", // map is the import here: no parameter shadows it
		"named->done",
		"Local->makeClass",
		"build->Local", // Local is module-level, not a local of build
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestJSCalleeForms(t *testing.T) {
	src := `
class Sub extends ns.Base {
  constructor() { super(1); this.close!(); }
}
function go(obj) { obj!.run!(); fn!(); }
`
	f := extractT(t, TypeScript(), src)
	want := []refRow{
		{"Base", "ns", "reference", "Sub", 1},
		{"Base", "ns", "call", "Sub.constructor", 2},
		{"close", "this", "call", "Sub.constructor", 2},
		{"run", "obj", "call", "go", 4},
		{"fn", "", "call", "go", 4},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}
