package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
)

// tsTyped declares types every way the extractor reads them.
const tsTyped = `
import { Subscriber, Scheduler as Sched } from "./Subscriber";
import * as Obs from "./Observable";
import Def from "./def";

export class Action<T> extends Obs.Base<T> implements Sched {
  private pending: Subscriber<T> | undefined;
  static readonly now = new Clock();
  view = makeView();
  items: Subscriber<T>[] = [];
  partial: Partial<Sched>;
  constructor(private readonly scheduler: Sched, public work?: Work, readonly f: () => View, plain = 1) { super(); }
  async run(s: Subscriber<T>): Promise<Result> { return null as any; }
  get clock(): Clock { return Action.now; }
  self(): this { return this; }
}

export interface Config {
  target: Obs.Observable<number>;
  readonly timeout?: number | null;
  factory(): Action<number>;
}

export function makeView(): View { return new View(); }
export const defaultConfig: Config = load();
export const started = new Action(null);
export const made = makeView();
class Clock {}
class View {}
`

func TestTSSymbolTypes(t *testing.T) {
	f := extractT(t, TypeScript(), tsTyped)
	got := map[string]string{}
	kinds := map[string]string{}
	for _, s := range f.Symbols {
		got[s.Qualified] = s.Type
		kinds[s.Qualified] = s.Kind
	}
	want := map[string]string{
		"Action.pending":     facts.TypeApply("@./Subscriber|Subscriber", []string{facts.TypeParam(0)}), // Subscriber<T>, T the class's
		"Action.now":         "Clock()",
		"Action.view":        "makeView()",
		"Action.items":       facts.Wrapped(facts.TypeApply("@./Subscriber|Subscriber", []string{facts.TypeParam(0)})), // an array wraps its elements
		"Action.partial":     "@./Subscriber|Scheduler",
		"Action.scheduler":   "@./Subscriber|Scheduler",
		"Action.work":        "Work",
		"Action.run":         "Result",
		"Action.clock":       "Clock",
		"Action.self":        "this",
		"Config.target":      "@./Observable|Observable",
		"Config.timeout":     facts.NotRepo,
		"Config.factory":     "Action",
		"makeView":           "View",
		"defaultConfig":      "Config",
		"started":            "Action()",
		"made":               "makeView()",
		"Action.constructor": "",
	}
	for q, w := range want {
		if got[q] != w {
			t.Errorf("%s: Type %q, want %q", q, got[q], w)
		}
	}
	for _, q := range []string{"Action.pending", "Action.scheduler", "Action.work", "Config.target"} {
		if kinds[q] != facts.KindField {
			t.Errorf("%s: kind %q, want field", q, kinds[q])
		}
	}
	// A parameter property of a function type is called as a method is:
	// this.f() gives a View.
	if kinds["Action.f"] != facts.KindMethod || got["Action.f"] != "View" {
		t.Errorf("Action.f: kind %q, Type %q; want a method giving View", kinds["Action.f"], got["Action.f"])
	}
	if _, ok := got["Action.plain"]; ok {
		t.Error("a constructor parameter without a modifier is no field")
	}
	var ext, impl []string
	for _, s := range f.Symbols {
		if s.Qualified == "Action" {
			ext, impl = s.Extends, s.Implements
		}
	}
	if d := cmp.Diff([]string{"@./Observable|Base"}, ext); d != "" {
		t.Errorf("extends (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"@./Subscriber|Scheduler"}, impl); d != "" {
		t.Errorf("implements (-want +got):\n%s", d)
	}
}

// tsReceivers calls methods on receivers of every kind.
const tsReceivers = `
import { Subscriber, make } from "./Subscriber";
import * as Obs from "./Observable";

class Box { take(): Subscriber { return null; } }

export function run(s: Subscriber, maybe: Subscriber | null, loose, cb: () => Box, ...rest: Subscriber[]) {
  s.next();
  maybe!.next();
  loose.next();
  rest.push(s);
  const box = new Box();
  box.take().next();
  const made = make();
  made.next();
  const { inner } = s;
  inner.next();
  (loose as Box).take();
  cb().take();
  const either = loose ?? s;
  either.next();
  const pick = loose ? s : new Box();
  pick.take();
  Obs.of(1).pipe();
  Subscriber.create();
  Object.keys(s);
  console.log("x");
  "a,b".split(",");
  [1, 2].map(String);
  for (const each of rest) { each.next(); }
}

export function scheduled(this: Box) { this.take(); }
`

func TestTSReceivers(t *testing.T) {
	f := extractT(t, TypeScript(), tsReceivers)
	var got []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && r.Qualifier != "" {
			got = append(got, r.Qualifier+"."+r.Name+" "+r.Recv)
		}
	}
	want := []string{
		"s.next @./Subscriber|Subscriber",
		"maybe.next @./Subscriber|Subscriber",
		"loose.next ?",
		"rest.push -",
		"box.take Box()",
		"?.next Box().take()",
		"made.next @./Subscriber|make()",
		"inner.next @./Subscriber|Subscriber.inner",
		"?.take Box",
		"?.take Box",
		"either.next @./Subscriber|Subscriber",
		"pick.take Box()",
		"Obs.of ",
		"?.pipe @./Observable|of()",
		"Subscriber.create @./Subscriber|Subscriber",
		"Object.keys -",
		"console.log -",
		"?.split -",
		"?.map -",
		"each.next ?",
		"this.take Box",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
}

func TestTSImportForms(t *testing.T) {
	src := `
import Def, * as ns from "./a";
import { x as y, z } from "./b";
export { y, z as zz };
export { w as v } from "./c";
export * from "./d";
export default y;
`
	f := extractT(t, TypeScript(), src)
	want := []facts.Import{
		{Path: "./a", Alias: "ns", Line: 1},
		{Path: "./a", Alias: "Def", Names: []string{"default"}, As: []string{"Def"}, Line: 1},
		{Path: "./b", Names: []string{"x", "z"}, As: []string{"y", ""}, Line: 2},
		{Path: "./b", Names: []string{"x", "z"}, As: []string{"y", "zz"}, Reexport: true, Line: 3},
		{Path: "./c", Names: []string{"w"}, As: []string{"v"}, Reexport: true, Line: 4},
		{Path: "./d", Reexport: true, Kind: "wildcard", Line: 5},
		{Path: "./b", Names: []string{"x"}, As: []string{"default"}, Reexport: true, Line: 6},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

// tsBounded calls methods on values typed only by a type parameter: the
// checker resolves them on the constraint.
const tsBounded = `
import { Base } from "./base";

class Local { m(): void {} }

export function direct<T extends Base>(x: T) { x.m(); }
export function chained<U extends Local, T extends U>(x: T) { x.m(); }
export function loop<T extends U, U extends T>(x: T) { x.m(); }
export function free<T>(x: T) { x.m(); }
export function primitive<T extends string>(x: T) { x.trim(); }
export class Holder<T extends Local> {
  item: T;
  run(): void { this.item.m(); }
  shadow<T extends Base>(x: T) { x.m(); }
}
`

func TestTSTypeParamBounds(t *testing.T) {
	f := extractT(t, TypeScript(), tsBounded)
	var got []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && r.Qualifier != "" {
			got = append(got, r.Qualifier+"."+r.Name+" "+r.Recv)
		}
	}
	want := []string{
		"x.m @./base|Base",
		"x.m Local",
		"x.m ?",
		"x.m ?",
		"x.trim -",
		"this.item.m ",
		"x.m @./base|Base",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("receivers (-want +got):\n%s", d)
	}
	// A member typed by its class's constrained parameter is that
	// parameter applied to its constraint: the argument a use of Holder
	// gives, else Local.
	for _, s := range f.Symbols {
		if want := facts.TypeApply(facts.TypeParam(0), []string{"Local"}); s.Qualified == "Holder.item" && s.Type != want {
			t.Errorf("Holder.item: type %q, want %q (its type parameter, else its constraint)", s.Type, want)
		}
	}
}

// TestTSGenericAliases: a generic alias's Type names its own type
// parameters without a constraint by position (facts.TypeParam), bare or
// as an array's elements, and so does a member of a generic class; a use
// of a generic with a type argument that may be a repository type (or the
// class's own parameter) applies it (facts.TypeApply), while one whose
// arguments are all outside or untold (Box<number>) stays the generic's
// chain.
func TestTSGenericAliases(t *testing.T) {
	f := extractT(t, TypeScript(), `
import { User } from "./user"
import * as Arr from "./Array"

export type Maybe<T> = T | null | undefined
export type List<A> = readonly A[]
export type NonEmpty<A> = readonly [A, ...Array<A>]
export type Pair<K, V> = Map<K, V>
export type Bounded<T extends User> = T
export class Box<T> { value!: T }

export class Svc<T> {
  user: Maybe<User> = null
  many: Arr.NonEmptyReadonlyArray<User>
  nums: Box<number>
  own: Box<T>
}
`)
	got := map[string]string{}
	for _, s := range f.Symbols {
		got[s.Qualified] = s.Type
	}
	want := map[string]string{
		"Maybe":    facts.TypeParam(0),
		"List":     facts.Wrapped(facts.TypeParam(0)),
		"NonEmpty": facts.Wrapped(facts.TypeParam(0)),
		"Pair":     facts.Wrapped(facts.TypeParam(1)),
		"Bounded":  "@./user|User",
		"Svc.user": facts.TypeApply("Maybe", []string{"@./user|User"}),
		"Svc.many": facts.TypeApply("@./Array|NonEmptyReadonlyArray", []string{"@./user|User"}),
		"Svc.nums": "Box",
		"Svc.own":  facts.TypeApply("Box", []string{facts.TypeParam(0)}), // Svc's own T, which a use of Svc gives
	}
	for q, w := range want {
		if got[q] != w {
			t.Errorf("%s: Type %q, want %q", q, got[q], w)
		}
	}
}
