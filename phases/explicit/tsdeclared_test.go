package explicit

import "testing"

// TestTSDeclaredFunctionTypes: a function literal takes its undeclared
// parameters' types from the function type it is assigned to: a const's
// annotation, an arrow's declared result, or the declared result of the
// function that returns it (hono's GetConnInfo and MiddlewareHandler).
func TestTSDeclaredFunctionTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/context.ts": "export class Context<E = any> {\n  text(s: string): Response { return new Response(s) }\n" +
			"  notFound(): Response { return new Response('') }\n}\n",
		"src/types.ts": "import { Context } from './context'\n\nexport type Next = () => Promise<void>\n" +
			"export type MiddlewareHandler<E = any> = (c: Context<E>, next: Next) => Promise<Response | void>\n" +
			"export type GetConnInfo = (c: Context) => string\n",
		"src/mw.ts": "import { MiddlewareHandler, GetConnInfo } from './types'\n\n" +
			"export const info: GetConnInfo = (c) => {\n  c.text('i')\n  return ''\n}\n" +
			"export const notFound = (): MiddlewareHandler => async (c) => {\n  c.notFound()\n}\n" +
			"export const cors = (origin: string): MiddlewareHandler => {\n  return async function cors(c, next) {\n    c.text(origin)\n  }\n}\n" +
			"export const untyped = () => (c) => {\n  c.text('u')\n}\n",
		"src/ops.ts": "export class Src {\n  subscribe(): void {}\n}\nexport type Unary<T> = (source: T) => void\n" +
			"export const op = (): Unary<Src> => (source) => {\n  source.subscribe()\n}\n",
	})
	check(t, got,
		[]string{
			"src/mw.ts#info -> src/context.ts#Context.text [calls type]",
			"src/mw.ts#notFound -> src/context.ts#Context.notFound [calls type]",
			"src/mw.ts#cors -> src/context.ts#Context.text [calls type]",
			"src/ops.ts#op -> src/ops.ts#Src.subscribe [calls name]",
		},
		[]string{
			"src/mw.ts#untyped -> src/context.ts#Context.text [calls type]",
		})
}
