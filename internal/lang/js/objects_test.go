package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
)

// tsObjects passes and assigns object literals whose member functions do
// not type their parameters.
const tsObjects = `
import { Source } from "./types";
import * as ns from "./ns";

export const identity = <A>(a: A): A => a;

export const fixed: Source = {
  subscribe(observer) { observer.next(1); },
  other: (o) => o.error(),
};

export function make(): Source {
  return { subscribe(observer) { observer.complete(); } };
}

export function calls(local: Wrapper) {
  wrap({ subscribe(observer) { observer.next(2); } });
  new ReadableStream({ start(controller) { controller.close(); } });
  local.add(0, { run: (ctx) => ctx.go() });
  ns.make({ nested: { run(ctx) { ctx.stop(); } } });
  const anon = { run(ctx) { ctx.lost(); } };
  const table: Record<string, Source> = { a: { subscribe(o) { o.gone(); } } };
}
`

// TestTSObjectMemberChains: a function in an object literal gets, for an
// undeclared parameter, the chain of that member's parameter in the
// object's contextual type (facts.Argument for a call's argument,
// facts.Declared of the member); an outside type's members are outside;
// an object with no contextual type, or a container's, tells nothing.
// A generic function's own type parameters are not outside type names.
func TestTSObjectMemberChains(t *testing.T) {
	f := extractT(t, TypeScript(), tsObjects)
	var params string
	for _, s := range f.Symbols {
		if s.Qualified == "identity" {
			params = s.Params
		}
	}
	if params != "" {
		t.Errorf("identity's Params = %q, want none (A is its type parameter)", params)
	}
	var got []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && r.Qualifier != "" {
			got = append(got, r.Qualifier+"."+r.Name+" "+r.Recv)
		}
	}
	want := []string{
		"observer.next @./types|Source.subscribe^=/0",
		"o.error @./types|Source.other^=/0",
		"observer.complete @./types|Source.subscribe^=/0",
		"observer.next wrap^0.subscribe^=/0",
		"controller.close ReadableStream^0.start^=/0",
		"local.add Wrapper",
		"ctx.go Wrapper.add^1.run^=/0",
		"ns.make ",
		"ctx.stop @./ns|make^0.nested.run^=/0",
		"ctx.lost ?",
		"o.gone ?",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}
