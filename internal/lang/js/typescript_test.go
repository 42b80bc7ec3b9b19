package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

const tsSample = `
import type { Config } from "./config";
import * as path from "path";
import legacy = require("./legacy");
export type { Options } from "./options";

/** A repository of items. */
export interface Repo<T> extends Store<T>, events.Emitter {
  get(id: ItemId): Promise<T>;
  readonly size: number;
}

export type Handler = (req: Request) => Response | null;

export enum Color { Red, Green }

@Injectable()
export abstract class Service<T extends Entity> extends BaseService<T> implements Repo<T>, api.Closer {
  private cache: Map<string, T> = new Map();
  constructor(private readonly cfg: Config) { super(cfg); }
  abstract load(id: ItemId): T;
  find(id: string): T;
  find(id: number): T;
  find(id: any): T { return this.cache.get(id) ?? this.load(id); }
}

export namespace Util {
  export const VERSION = "1";
  export function parse<K>(s: string): K { return JSON.parse(s) as K; }
}

declare module "express" {
  interface Request { user?: User }
}

export function overload(a: string): void;
export function overload(a: any) {}
declare function ambient(x: Ambient): void;
export const handler: Handler = async (req) => respond(req);
let state: State | undefined;
type Mapped<O> = { [P in keyof O]: Wrapper<O[P]> };
`

func TestTSSymbols(t *testing.T) {
	f := extractT(t, TypeScript(), tsSample)
	want := []symLineRow{
		{"Repo", "Repo", facts.KindInterface, "", 7},
		{"get", "Repo.get", facts.KindMethod, "Repo", 8},
		{"size", "Repo.size", facts.KindField, "Repo", 9},
		{"Handler", "Handler", facts.KindType, "", 12},
		{"Color", "Color", facts.KindEnum, "", 14},
		{"Service", "Service", facts.KindClass, "", 17},
		{"cache", "Service.cache", facts.KindField, "Service", 18},
		{"constructor", "Service.constructor", facts.KindMethod, "Service", 19},
		{"cfg", "Service.cfg", facts.KindField, "Service", 19},
		{"load", "Service.load", facts.KindMethod, "Service", 20},
		{"find", "Service.find", facts.KindMethod, "Service", 23},
		{"Util", "Util", facts.KindModule, "", 26},
		{"VERSION", "Util.VERSION", facts.KindConst, "Util", 27},
		{"parse", "Util.parse", facts.KindFunction, "Util", 28},
		{"express", "express", facts.KindModule, "", 31},
		{"Request", "express.Request", facts.KindInterface, "express", 32},
		{"user", "express.Request.user", facts.KindField, "express.Request", 32},
		{"overload", "overload", facts.KindFunction, "", 36},
		{"ambient", "ambient", facts.KindFunction, "", 37},
		{"handler", "handler", facts.KindFunction, "", 38},
		{"state", "state", facts.KindVar, "", 39},
		{"Mapped", "Mapped", facts.KindType, "", 40},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors = %d", f.SyntaxErrors)
	}

	repo := symbol(f, "Repo")
	if repo.Doc != "A repository of items." {
		t.Errorf("Repo doc = %q", repo.Doc)
	}
	if repo.Signature != "export interface Repo<T> extends Store<T>, events.Emitter" {
		t.Errorf("Repo signature = %q", repo.Signature)
	}
	if d := cmp.Diff([]string{"Store", "events.Emitter"}, repo.Extends); d != "" {
		t.Errorf("Repo extends: %s", d)
	}
	svc := symbol(f, "Service")
	if d := cmp.Diff([]string{"BaseService"}, svc.Extends); d != "" {
		t.Errorf("Service extends: %s", d)
	}
	if d := cmp.Diff([]string{"Repo", "api.Closer"}, svc.Implements); d != "" {
		t.Errorf("Service implements: %s", d)
	}
	if want := "export abstract class Service<T extends Entity> extends BaseService<T> implements Repo<T>, api.Closer"; svc.Signature != want {
		t.Errorf("Service signature = %q", svc.Signature)
	}
	sigs := map[string]string{
		"Repo.get":     "get(id: ItemId): Promise<T>",
		"Handler":      "export type Handler = (req: Request) => Response | null",
		"Color":        "export enum Color",
		"Service.load": "abstract load(id: ItemId): T",
		"Service.find": "find(id: any): T",
		"Util":         "export namespace Util",
		"overload":     "export function overload(a: any)",
		"ambient":      "declare function ambient(x: Ambient): void",
		"handler":      "export const handler: Handler = async (req) =>",
		"state":        "let state: State | undefined",
	}
	for q, want := range sigs {
		if s := symbol(f, q); s == nil || s.Signature != want {
			t.Errorf("%s signature = %+v, want %q", q, s, want)
		}
	}
}

func TestTSRefs(t *testing.T) {
	f := extractT(t, TypeScript(), tsSample)
	want := []refRow{
		{"Store", "", facts.RefReference, "Repo", 7},
		{"Emitter", "events", facts.RefReference, "Repo", 7},
		{"ItemId", "", facts.RefReference, "Repo.get", 8},
		{"Promise", "", facts.RefReference, "Repo.get", 8},
		{"Request", "", facts.RefReference, "Handler", 12},
		{"Response", "", facts.RefReference, "Handler", 12},
		{"Injectable", "", facts.RefCall, "Service", 16},
		{"Entity", "", facts.RefReference, "Service", 17},
		{"BaseService", "", facts.RefReference, "Service", 17},
		{"Repo", "", facts.RefReference, "Service", 17},
		{"Closer", "api", facts.RefReference, "Service", 17},
		{"Map", "", facts.RefReference, "Service", 18},
		{"Map", "", facts.RefCall, "Service", 18},
		{"Config", "", facts.RefReference, "Service.constructor", 19},
		{"BaseService", "", facts.RefCall, "Service.constructor", 19}, // super(cfg)
		{"ItemId", "", facts.RefReference, "Service.load", 20},
		{"get", "this.cache", facts.RefCall, "Service.find", 23},
		{"load", "this", facts.RefCall, "Service.find", 23},
		{"parse", "JSON", facts.RefCall, "Util.parse", 28},
		{"User", "", facts.RefReference, "express.Request", 32},
		{"Ambient", "", facts.RefReference, "ambient", 37},
		{"Handler", "", facts.RefReference, "handler", 38},
		{"respond", "", facts.RefCall, "handler", 38},
		{"State", "", facts.RefReference, "state", 39},
		{"Wrapper", "", facts.RefReference, "Mapped", 40},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestTSImports(t *testing.T) {
	f := extractT(t, TypeScript(), tsSample)
	want := []facts.Import{
		{Path: "./config", Names: []string{"Config"}, Line: 1},
		{Path: "path", Alias: "path", Line: 2},
		{Path: "./legacy", Alias: "legacy", Names: []string{"default"}, As: []string{"legacy"}, Line: 3},
		{Path: "./options", Names: []string{"Options"}, Reexport: true, Line: 4},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestTSXComponents(t *testing.T) {
	src := `
import { Button } from "./Button";

interface Props { title: string; items: Item[] }

/** Page renders a list. */
export function Page({ title, items }: Props) {
  const onClick = (e: MouseEvent) => track(e);
  return (
    <Layout title={title}>
      <Icons.Star size={2} />
      {items.map((i) => <Row key={i.id} item={i} />)}
      <Button onClick={onClick}>ok</Button>
      <span/>
    </Layout>
  );
}

export const List: React.FC<Props> = (props) => <ul>{props.items.length}</ul>;
`
	f := extractT(t, TSX(), src)
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors = %d", f.SyntaxErrors)
	}
	wantSyms := []symLineRow{
		{"Props", "Props", facts.KindInterface, "", 3},
		{"title", "Props.title", facts.KindField, "Props", 3},
		{"items", "Props.items", facts.KindField, "Props", 3},
		{"Page", "Page", facts.KindFunction, "", 6},
		{"onClick", "Page.onClick", facts.KindFunction, "Page", 7},
		{"List", "List", facts.KindFunction, "", 18},
	}
	if d := cmp.Diff(wantSyms, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if doc := symbol(f, "Page").Doc; doc != "Page renders a list." {
		t.Errorf("Page doc = %q", doc)
	}
	wantRefs := []refRow{
		{"Item", "", facts.RefReference, "Props", 3},
		{"Props", "", facts.RefReference, "Page", 6},
		{"MouseEvent", "", facts.RefReference, "Page.onClick", 7},
		{"track", "", facts.RefCall, "Page.onClick", 7},
		{"Layout", "", facts.RefCall, "Page", 9},
		{"Star", "Icons", facts.RefCall, "Page", 10},
		{"map", "items", facts.RefCall, "Page", 11},
		{"Row", "", facts.RefCall, "Page", 11},
		{"Button", "", facts.RefCall, "Page", 12},
		{"FC", "React", facts.RefReference, "List", 18},
		{"Props", "", facts.RefReference, "List", 18},
	}
	if d := cmp.Diff(wantRefs, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestTSSyntaxError(t *testing.T) {
	src := `
export interface Keep { a: number }
export class Svc { run(): void {} }
export function broken(x: number {
  return x +;
`
	f := extractT(t, TypeScript(), src)
	if f.SyntaxErrors == 0 {
		t.Fatal("want syntax errors")
	}
	got := langtest.SymLines[symLineRow](f)
	want := []symLineRow{
		{"Keep", "Keep", facts.KindInterface, "", 1},
		{"a", "Keep.a", facts.KindField, "Keep", 1},
		{"Svc", "Svc", facts.KindClass, "", 2},
		{"run", "Svc.run", facts.KindMethod, "Svc", 2},
	}
	if len(got) < len(want) {
		t.Fatalf("symbols = %+v", got)
	}
	if d := cmp.Diff(want, got[:len(want)]); d != "" {
		t.Errorf("symbols before the error (-want +got):\n%s", d)
	}
}

func TestTSSpecs(t *testing.T) {
	ts, tsx, js := TypeScript(), TSX(), JavaScript()
	if fam := [3]string{lang.FamilyOf(ts.Name()), lang.FamilyOf(tsx.Name()), lang.FamilyOf(js.Name())}; fam != [3]string{"js", "js", "js"} {
		t.Errorf("families = %q", fam)
	}
	if spec := lang.Get(tsx.Name()); tsx.Name() != "tsx" || spec.Extensions[0] != ".tsx" {
		t.Errorf("tsx spec = %+v", spec)
	}
	// The same source through all three grammars gives the same plain-JS facts.
	src := "import {a} from './a';\nexport function f() { a.b(); }\n"
	want := extractT(t, js, src)
	for _, s := range []lang.Language{ts, tsx} {
		if d := cmp.Diff(want, extractT(t, s, src)); d != "" {
			t.Errorf("%s differs from javascript (-js +%s):\n%s", s.Name(), s.Name(), d)
		}
	}
	keys := ts.ModuleKeys("web/src/index.tsx", nil, nil)
	if d := cmp.Diff([]string{"web/src/index.tsx", "web/src/index", "web/src"}, keys); d != "" {
		t.Errorf("tsx module keys: %s", d)
	}
	// TypeScript imports "./x.js" meaning x.ts.
	cands := ts.ImportCandidates(facts.Import{Path: "./x.js"}, "web/src/index.tsx", nil)
	if d := cmp.Diff([]string{"web/src/x.js", "web/src/x"}, cands); d != "" {
		t.Errorf("candidates: %s", d)
	}
}

// tsFunctionMembers declares functions through types rather than
// literals: interface members and class fields typed as functions, and
// consts whose declared type is callable.
const tsFunctionMembers = `
export interface Observer<T> {
  next: (value: T) => void
  error?: ((err: unknown) => void)
  readonly closed: boolean
  complete(): void
}

export class Scheduler {
  static now: () => number = Date.now
  handler = (e: Event) => this.on(e)
  private readonly onClose: (code: number) => void
  private timer: Timer | undefined
  on(e: Event) {}
}

export const pipe: { <A>(a: A): A; <A, B>(a: A, ab: (a: A) => B): B } = pipeImpl
export const id: <A>(a: A) => A = identity
export const config: { readonly debug: boolean } = load()
`

func TestTSFunctionMembers(t *testing.T) {
	f := extractT(t, TypeScript(), tsFunctionMembers)
	want := []symLineRow{
		{"Observer", "Observer", facts.KindInterface, "", 1},
		{"next", "Observer.next", facts.KindMethod, "Observer", 2},
		{"error", "Observer.error", facts.KindMethod, "Observer", 3},
		{"closed", "Observer.closed", facts.KindField, "Observer", 4},
		{"complete", "Observer.complete", facts.KindMethod, "Observer", 5},
		{"Scheduler", "Scheduler", facts.KindClass, "", 8},
		{"now", "Scheduler.now", facts.KindMethod, "Scheduler", 9},
		{"handler", "Scheduler.handler", facts.KindMethod, "Scheduler", 10},
		{"onClose", "Scheduler.onClose", facts.KindMethod, "Scheduler", 11},
		{"timer", "Scheduler.timer", facts.KindField, "Scheduler", 12},
		{"on", "Scheduler.on", facts.KindMethod, "Scheduler", 13},
		{"pipe", "pipe", facts.KindFunction, "", 16},
		{"id", "id", facts.KindFunction, "", 17},
		{"config", "config", facts.KindConst, "", 18},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	sigs := map[string]string{
		"Observer.next":     "next: (value: T) => void",
		"Scheduler.onClose": "private readonly onClose: (code: number) => void",
		"Scheduler.now":     "static now: () => number = Date.now",
	}
	for q, want := range sigs {
		if s := symbol(f, q); s == nil || s.Signature != want {
			t.Errorf("%s signature = %+v, want %q", q, s, want)
		}
	}
}

// TestTSDecoratedOverload checks that the overload signatures of a method
// whose implementation is decorated make no symbols of their own: the
// decorator stands between the last signature and the implementation
// (NestJS's Logger.error).
func TestTSDecoratedOverload(t *testing.T) {
	f := extractT(t, TypeScript(), `export class Logger {
  error(message: any, stack?: string): void;
  error(message: any, ...rest: [...any, string?]): void;
  @Logger.WrapBuffer
  error(message: any, ...rest: any[]) {}
  static error(message: any, context?: string): void;
  static error(
    message: any,
    stack?: string,
  ): void;
  @Logger.WrapBuffer
  static error(message: any, ...rest: any[]) {}
}
`)
	want := []symLineRow{
		{"Logger", "Logger", facts.KindClass, "", 1},
		{"error", "Logger.error", facts.KindMethod, "Logger", 5},
		{"error", "Logger.error", facts.KindMethod, "Logger", 12},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

// TestTSExportedClassDecorator checks that the calls in the decorators of
// an exported class, its arguments' among them, are the class's: tree-sitter
// puts them in the export statement, the checker in the class.
func TestTSExportedClassDecorator(t *testing.T) {
	f := extractT(t, TypeScript(), `import { Module, forwardRef } from "./common";
@Module({ imports: [forwardRef(() => Other)] })
export class AppModule {}
@Global()
export default class Core {}
`)
	want := []refRow{
		{"Module", "", facts.RefCall, "AppModule", 2},
		{"forwardRef", "", facts.RefCall, "AppModule", 2},
		{"Global", "", facts.RefCall, "Core", 4},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

// TestTSAwaitGenericCall checks calls written "await f<T>(...)", which
// tree-sitter parses as a call of the await: the called name is still a
// call reference, and a local holding its result still has its type
// (NestJS's Injector: await this.loadInstance<Controller>(...)).
func TestTSAwaitGenericCall(t *testing.T) {
	f := extractT(t, TypeScript(), `class Injector {
  async loadController(w: Wrapper) {
    await this.loadInstance<Controller>(
      w,
    );
    const made = await this.factory.create<Controller>(w);
    made.init();
  }
}
`)
	want := []refRow{
		{"Wrapper", "", facts.RefReference, "Injector.loadController", 2},
		{"loadInstance", "this", facts.RefCall, "Injector.loadController", 3},
		{"Controller", "", facts.RefReference, "Injector.loadController", 3},
		{"create", "this.factory", facts.RefCall, "Injector.loadController", 6},
		{"Controller", "", facts.RefReference, "Injector.loadController", 6},
		{"init", "made", facts.RefCall, "Injector.loadController", 7},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
	for _, r := range f.Refs {
		if r.Name == "init" && r.Recv != "this.factory.create()" {
			t.Errorf("made.init() receiver = %q, want the chain of this.factory.create()", r.Recv)
		}
	}
}
