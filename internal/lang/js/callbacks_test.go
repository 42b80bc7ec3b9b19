package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
)

// tsCallbacks declares callees with typed parameters and passes them
// callbacks whose parameters are not typed.
const tsCallbacks = `
import { Context } from "./context";
import { Handler } from "./types";

export type Middleware<E> = (c: Context<E>, next: () => void) => Promise<void>;
export type Either = Middleware<number> | ((s: string) => void);

export interface Routes {
  (handler: Handler): App;
  (path: string, ...handlers: [Handler, Middleware<number>]): App;
}

export class App {
  get(path: string, handler: Handler): this { return this; }
  use(...handlers: Middleware<number>[]): this { return this; }
  on(path: string, cb: (c: Context, n: number) => void): void {}
  untyped(a, b) {}
}

const app = new App();

export function setup(local: App) {
  app.get("/", (c) => c.text("hi"));
  app.use(async (c, next) => { c.json(1); }, ctx => ctx.text("x"));
  local.on("/x", function (c, n) { c.text("on"); });
  app.get("/", (c: Context) => c.body());
  unknownThing.get("/", (c) => c.text("no"));
}
`

// TestTSCallbackChains: callees record their parameters' types (Params),
// a function type's own parameters inline, a type alias of a function
// type (or of a union holding one) its parameters; an untyped callback
// parameter's chain names the callee, the argument and the parameter.
func TestTSCallbackChains(t *testing.T) {
	f := extractT(t, TypeScript(), tsCallbacks)
	params := map[string]string{}
	for _, s := range f.Symbols {
		params[s.Qualified] = s.Params
	}
	wantParams := map[string]string{
		"Middleware":  "(" + facts.TypeApply("@./context|Context", []string{"$0"}) + ",?)",
		"Either":      "",
		"App":         "",
		"Routes":      "(@./types|Handler,@./types|Handler,Middleware)",
		"App.get":     "(-,@./types|Handler)",
		"App.use":     "(Middleware...)",
		"App.on":      "(-,=>@./context|Context;-)",
		"App.untyped": "",
		"app":         "",
		"setup":       "(App)",
	}
	if d := cmp.Diff(wantParams, params); d != "" {
		t.Errorf("params (-want +got):\n%s", d)
	}
	var got []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && r.Qualifier != "" {
			got = append(got, r.Qualifier+"."+r.Name+" "+r.Recv)
		}
	}
	want := []string{
		"app.get ",
		"c.text app.get^1/0",
		"app.use ",
		"c.json app.use^0/0",
		"ctx.text app.use^1/0",
		"local.on App",
		"c.text App.on^1/0",
		"app.get ",
		"c.body @./context|Context",
		"unknownThing.get ",
		"c.text ?",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}

// TestTSTypeArgumentCallbacks: a function passed to a call with explicit
// type arguments takes its parameters' types from the last of them that is
// a function type with as many parameters (effect's dual<DataLast,
// DataFirst>(2, (self, f) => self.modify(f)), where dual declares its
// argument with the type parameter DataFirst); without one of that arity,
// or with one that declares no type, the callee's parameter types it as
// before.
func TestTSTypeArgumentCallbacks(t *testing.T) {
	f := extractT(t, TypeScript(), `
import { dual } from "./Function"
import type * as Ref from "./Ref"

export const modify = dual<
  <A, B>(f: (a: A) => B) => (self: Ref.Ref<A>) => B,
  <A, B>(self: Ref.Ref<A>, f: (a: A) => B) => B
>(2, (self, f) => self.modify(f))

export const get = dual<(self: Ref.Ref<number>) => number, (self: Ref.Ref<number>) => number>(1, (self) => self.get())

export const set = dual<(s: string) => void, (a, b) => void>(2, (self, v) => self.set(v))

export const run = dual<number, string>(2, (self, v) => self.run(v))
`)
	var got []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && r.Qualifier != "" {
			got = append(got, r.Qualifier+"."+r.Name+" "+r.Recv)
		}
	}
	want := []string{
		"self.modify @./Ref|Ref",
		"self.get @./Ref|Ref",
		"self.set @./Function|dual^1/0",
		"self.run @./Function|dual^1/0",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}
