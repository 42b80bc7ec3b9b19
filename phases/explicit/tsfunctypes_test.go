package explicit

import "testing"

// TestTSFunctionTypedMembersAndTuples: a parameter property declared with
// a function type (effect's Suspend: constructor(readonly f: () => AST))
// is called as a method is, and its call gives its result, a union
// alias's members included (this.f().toJSON() and const ast = this.f();
// ast.toJSON(): 22 edges on effect); a class field and an interface
// property of a function type whose result is an inline union give every
// member too. A tuple of one element type, a rest element's included
// (readonly [Span, ...Array<Span>], a non-empty array), holds elements of
// that type; a pair of two types holds neither.
func TestTSFunctionTypedMembersAndTuples(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/ast.ts": "export type AST = Lit | Un\nexport class Lit {\n  toJSON() { return 1 }\n}\nexport class Un {\n  toJSON() { return 2 }\n}\n" +
			"export class Span {\n  toJSON() { return 3 }\n}\n",
		"src/suspend.ts": "import { AST, Lit, Un, Span } from './ast'\n" +
			"export class Suspend {\n  constructor(readonly f: () => AST, readonly spans: readonly [Span, ...Array<Span>], readonly pair: [Lit, Span]) {}\n" +
			"  toJSON() {\n    const ast = this.f()\n    return ast.toJSON()\n  }\n" +
			"  all() {\n    return this.spans.map((s) => s.toJSON())\n  }\n" +
			"  first() {\n    return this.pair.map((p) => p.toJSON())\n  }\n}\n" +
			"export class Lazy {\n  make: () => Lit | Un = () => new Lit()\n  run() {\n    return this.make().toJSON()\n  }\n}\n",
	})
	check(t, got,
		[]string{
			"src/suspend.ts#Suspend.toJSON -> src/ast.ts#Lit.toJSON [calls type]",
			"src/suspend.ts#Suspend.toJSON -> src/ast.ts#Un.toJSON [calls type]",
			"src/suspend.ts#Suspend.toJSON -> src/suspend.ts#Suspend.f [calls type]",
			"src/suspend.ts#Suspend.all -> src/ast.ts#Span.toJSON [calls type]",
			"src/suspend.ts#Lazy.run -> src/ast.ts#Lit.toJSON [calls type]",
			"src/suspend.ts#Lazy.run -> src/ast.ts#Un.toJSON [calls type]",
		},
		[]string{"src/suspend.ts#Suspend.first -> src/ast.ts", "src/suspend.ts#Lazy.run -> src/suspend.ts#Suspend.toJSON"})
}

// TestTSGenericClassMembers: on a value of a generic class or interface
// used with type arguments (Repository<User>, Box<User>), a member typed
// by its type parameter is of the argument: a field, a method's result, a
// promise of it or null (await repo.findOne(1)), an array of it, and a
// member typed by the class itself applied to the parameter (inner:
// Box<T>), and a callback's parameter the method declares with it
// (each(fn: (item: T) => void)); a constrained parameter (Keyed<T extends
// Base>) is the argument on a Keyed<User> and its constraint inside the
// class.
func TestTSGenericClassMembers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/repo.ts": "export interface Repository<T> {\n  findOne(id: number): Promise<T | null>\n  all(): T[]\n  readonly first: T\n  each(fn: (item: T, i: number) => void): void\n}\n" +
			"export class Box<T> {\n  value!: T\n  get(): T { return this.value }\n  inner!: Box<T>\n}\n",
		"src/user.ts": "export class Base {\n  id() { return 0 }\n}\nexport class User extends Base {\n  name() { return 1 }\n}\n" +
			"export class Keyed<T extends Base> {\n  key!: T\n  show() { return this.key.id() }\n}\n",
		"src/svc.ts": "import { Repository, Box } from './repo'\nimport { User, Keyed } from './user'\n" +
			"export class Svc {\n  constructor(private readonly users: Repository<User>, private box: Box<User>, private keyed: Keyed<User>) {}\n" +
			"  async a() { const u = await this.users.findOne(1); return u!.name() }\n" +
			"  b() { return this.users.all().map((u) => u.name()) }\n" +
			"  c() { return this.box.value.name() }\n  d() { return this.box.get().name() }\n" +
			"  e() { return this.box.inner.get().name() }\n  f() { return this.users.first.name() }\n" +
			"  g() { this.users.each((u) => u.name()) }\n  h() { return this.keyed.key.name() }\n}\n",
	})
	var want []string
	for _, m := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		want = append(want, "src/svc.ts#Svc."+m+" -> src/user.ts#User.name [calls type]")
	}
	want = append(want, "src/user.ts#Keyed.show -> src/user.ts#Base.id [calls type]")
	check(t, got, want, nil)
}

// TestTSAliasTypedCallbacks: a callback parameter a method declares
// through a generic function type alias takes the alias's type
// arguments: those the receiver's generic was used with (on(cb:
// Handler<T>) on a Stream<User>), and those written at the declaration
// (listen(cb: Listener<User>)).
func TestTSAliasTypedCallbacks(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/stream.ts": "export type Handler<T> = (value: T, index: number) => void\n" +
			"export type Listener<E> = (event: E) => void\n" +
			"export class Stream<T> {\n  on(cb: Handler<T>): void {}\n}\n",
		"src/user.ts": "export class User {\n  name() { return 1 }\n}\n",
		"src/bus.ts": "import type { Listener } from './stream'\nimport { User } from './user'\n" +
			"export class Bus {\n  listen(cb: Listener<User>): void {}\n}\n",
		"src/svc.ts": "import { Stream } from './stream'\nimport { Bus } from './bus'\nimport { User } from './user'\n" +
			"export function viaReceiver(s: Stream<User>) {\n  s.on((u) => u.name())\n}\n" +
			"export function viaDeclaration(b: Bus) {\n  b.listen((e) => e.name())\n}\n",
	})
	check(t, got, []string{
		"src/svc.ts#viaReceiver -> src/user.ts#User.name [calls type]",
		"src/svc.ts#viaDeclaration -> src/user.ts#User.name [calls type]",
	}, nil)
}
