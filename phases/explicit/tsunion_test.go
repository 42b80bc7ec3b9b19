package explicit

import "testing"

// TestTSUnionAliasCalls: a method called on a value of a union alias
// reaches every member's method of that name, as the checker answers: a
// field's, a parameter's and an importing file's value; a member alias
// that is itself a union gives its members'; a method two members inherit
// from one base is one edge; null and outside members, and members without
// the method, add nothing. An intersection, and a union written inline,
// keep its first member's.
func TestTSUnionAliasCalls(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/ast.ts": "export class Base {\n  walk(): void {}\n}\n" +
			"export class Literal extends Base {\n  toJSON(): object { return {} }\n}\n" +
			"export class Union extends Base {\n  toJSON(): object { return {} }\n}\n" +
			"export class Suspend {\n  toJSON(): object { return {} }\n  walk(): void {}\n}\n" +
			"export class Plain {\n  other(): void {}\n}\n" +
			"export type Leaf = Literal | Union | null\n" +
			"export type AST = Leaf | Suspend | Date | undefined\n" +
			"export type Both = Literal & Plain\n" +
			"export class Holder {\n  constructor(readonly type: AST, readonly both: Both) {}\n" +
			"  json(): object { return this.type.toJSON() }\n  walk(): void { this.type.walk() }\n  mixed(): object { return this.both.toJSON() }\n}\n",
		"src/use.ts": "import type { AST, Leaf } from './ast'\nimport { Literal, Union } from './ast'\n\n" +
			"export function show(ast: AST): object {\n  return ast.toJSON()\n}\n" +
			"export function leaf(l: Leaf): object {\n  return l.toJSON()\n}\n" +
			"export function inline(x: Literal | Union): object {\n  return x.toJSON()\n}\n",
	})
	check(t, got,
		[]string{
			"src/ast.ts#Holder.json -> src/ast.ts#Literal.toJSON [calls type]",
			"src/ast.ts#Holder.json -> src/ast.ts#Union.toJSON [calls type]",
			"src/ast.ts#Holder.json -> src/ast.ts#Suspend.toJSON [calls type]",
			"src/ast.ts#Holder.walk -> src/ast.ts#Base.walk [calls type]",
			"src/ast.ts#Holder.walk -> src/ast.ts#Suspend.walk [calls type]",
			"src/ast.ts#Holder.mixed -> src/ast.ts#Literal.toJSON [calls type]",
			"src/use.ts#show -> src/ast.ts#Literal.toJSON [calls type]",
			"src/use.ts#show -> src/ast.ts#Union.toJSON [calls type]",
			"src/use.ts#show -> src/ast.ts#Suspend.toJSON [calls type]",
			"src/use.ts#leaf -> src/ast.ts#Literal.toJSON [calls type]",
			"src/use.ts#leaf -> src/ast.ts#Union.toJSON [calls type]",
			"src/use.ts#inline -> src/ast.ts#Literal.toJSON [calls type]",
		},
		[]string{
			"src/use.ts#leaf -> src/ast.ts#Suspend.toJSON",
			"src/ast.ts#Holder.mixed -> src/ast.ts#Plain",
			"src/ast.ts#Holder.walk -> src/ast.ts#Plain",
		})
}

// TestTSInlineUnionLocals: a method called on a parameter or variable
// declared with an inline union of repository types reaches each member's
// method; an instanceof test narrows it to one class, and an inner
// function's parameter of the same name hides it.
func TestTSInlineUnionLocals(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/ast.ts": "export class Literal {\n  toJSON(): object { return {} }\n}\n" +
			"export class Union {\n  toJSON(): object { return {} }\n}\n",
		"src/use.ts": "import { Literal, Union } from './ast'\n\n" +
			"export function param(x: Literal | Union | null): object {\n  return x!.toJSON()\n}\n" +
			"export function variable(v: unknown): object {\n  const y: Union | Literal = v as Union\n  return y.toJSON()\n}\n" +
			"export function narrowed(x: Literal | Union): object {\n  if (x instanceof Literal) {\n    return x.toJSON()\n  }\n  return {}\n}\n" +
			"export function hidden(x: Literal | Union): void {\n  const f = (x: Union) => x.toJSON()\n  f(new Union())\n}\n",
	})
	check(t, got,
		[]string{
			"src/use.ts#param -> src/ast.ts#Literal.toJSON [calls type]",
			"src/use.ts#param -> src/ast.ts#Union.toJSON [calls type]",
			"src/use.ts#variable -> src/ast.ts#Literal.toJSON [calls type]",
			"src/use.ts#variable -> src/ast.ts#Union.toJSON [calls type]",
			"src/use.ts#narrowed -> src/ast.ts#Literal.toJSON [calls type]",
			"src/use.ts#hidden.f -> src/ast.ts#Union.toJSON [calls type]",
		},
		[]string{
			"src/use.ts#narrowed -> src/ast.ts#Union.toJSON",
			"src/use.ts#hidden.f -> src/ast.ts#Literal.toJSON",
		})
}

// TestTSUnionFieldsAndResults: a class field, a constructor's parameter
// property, an interface's property and a method's result declared with an
// inline union of repository types (also a promise of one, awaited) reach
// each member's method.
func TestTSUnionFieldsAndResults(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/ast.ts": "export class Literal {\n  toJSON(): object { return {} }\n}\n" +
			"export class Union {\n  toJSON(): object { return {} }\n}\n",
		"src/use.ts": "import { Literal, Union } from './ast'\n\n" +
			"export interface Holder {\n  held: Literal | Union\n}\n" +
			"export class User {\n  node: Literal | Union = new Literal()\n" +
			"  constructor(private readonly other: Union | Literal, readonly holder: Holder) {}\n" +
			"  field(): object { return this.node.toJSON() }\n" +
			"  param(): object { return this.other.toJSON() }\n" +
			"  held(): object { return this.holder.held.toJSON() }\n" +
			"  pick(): Literal | Union | undefined { return undefined }\n" +
			"  result(): object | undefined { return this.pick()?.toJSON() }\n" +
			"  async load(): Promise<Literal | Union> { return new Literal() }\n" +
			"  async loaded(): Promise<object> { return (await this.load()).toJSON() }\n}\n",
	})
	var want []string
	for _, from := range []string{"field", "param", "held", "result", "loaded"} {
		for _, to := range []string{"Literal", "Union"} {
			want = append(want, "src/use.ts#User."+from+" -> src/ast.ts#"+to+".toJSON [calls type]")
		}
	}
	check(t, got, want, nil)
}

// TestTSIntersectionMembers: a method called on a field declared with an
// intersection is the first member's that declares it: the second's when
// the first has none, never both.
func TestTSIntersectionMembers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/server.ts": "export abstract class Server {\n  shared(): void {}\n}\n" +
			"export interface Strategy {\n  close(): void\n  shared(): void\n}\n",
		"src/app.ts": "import { Server, Strategy } from './server'\n\n" +
			"export class App {\n  private server: Server & Strategy\n" +
			"  stop(): void { this.server.close() }\n  both(): void { this.server.shared() }\n}\n",
	})
	check(t, got,
		[]string{
			"src/app.ts#App.stop -> src/server.ts#Strategy.close [calls type]",
			"src/app.ts#App.both -> src/server.ts#Server.shared [calls type]",
		},
		[]string{"src/app.ts#App.both -> src/server.ts#Strategy.shared"})
}
