package explicit

import "testing"

// TestTSCallbackParameters: a function literal passed as an argument gives
// its undeclared parameters the types the callee declares for them, across
// files: an inline function type, a generic type alias of a function
// type, a union of such aliases, a rest parameter of handlers, a plain
// function as the callee, and a field whose type is an interface of call
// signatures (overloads, a rest tuple among them).
func TestTSCallbackParameters(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/context.ts": "export class Context<E = any> {\n  text(s: string): Response { return new Response(s) }\n  json(v: unknown): Response { return new Response('') }\n}\n" +
			"export class Other {\n  text(s: string): void {}\n}\n",
		"src/types.ts": "import { Context } from './context'\n\nexport type Next = () => Promise<void>\n" +
			"export type Handler<E = any> = (c: Context<E>, next: Next) => Response\n" +
			"export type Middleware<E = any> = (c: Context<E>, next: Next) => Promise<void>\n" +
			"export type H<E = any> = Handler<E> | Middleware<E>\n",
		"src/app.ts": "import { Context } from './context'\nimport { H, Handler } from './types'\n\n" +
			"export interface HandlerInterface {\n  (handler: H): App\n  (path: string, ...handlers: [H, H]): App\n}\n" +
			"export class App {\n  post!: HandlerInterface\n  get(path: string, handler: Handler): this { return this }\n" +
			"  use(...handlers: H[]): this { return this }\n" +
			"  on(path: string, cb: (c: Context, n: number) => void): void {}\n}\n" +
			"export function route(path: string, h: Handler): void {}\n",
		"src/main.ts": "import { App, route } from './app'\n\nconst app = new App()\n\n" +
			"export function viaAlias(): void {\n  app.get('/', (c) => c.text('hi'))\n}\n" +
			"export function viaUnion(): void {\n  app.use(async (c, next) => { c.json(1) })\n}\n" +
			"export function viaRest(): void {\n  app.use(async (c, next) => {}, (ctx) => ctx.text('x'))\n}\n" +
			"export function viaInline(): void {\n  app.on('/x', function (c, n) { c.text('on') })\n}\n" +
			"export function viaFunction(): void {\n  route('/r', (c) => c.json(2))\n}\n" +
			"export function viaInterface(): void {\n  app.post('/', (c) => c.json(3), (c) => c.text('p'))\n}\n" +
			"export function declared(): void {\n  app.get('/', (c: any) => c.text('hi'))\n}\n",
	})
	check(t, got,
		[]string{
			"src/main.ts#viaAlias -> src/context.ts#Context.text [calls type]",
			"src/main.ts#viaUnion -> src/context.ts#Context.json [calls type]",
			"src/main.ts#viaRest -> src/context.ts#Context.text [calls type]",
			"src/main.ts#viaInline -> src/context.ts#Context.text [calls type]",
			"src/main.ts#viaFunction -> src/context.ts#Context.json [calls type]",
			"src/main.ts#viaInterface -> src/context.ts#Context.json [calls type]",
			"src/main.ts#viaInterface -> src/context.ts#Context.text [calls type]",
		},
		// c: any says nothing of c, and Other.text is no candidate.
		[]string{"Other.text", "src/main.ts#declared -> src/context.ts#Context.text [calls type]"})
}

// TestTSLocalFunctionSymbols: functions and JSX components bound to consts
// in a function, or in a test's callback at module level, are symbols, so
// <Layout/> and helper() link to them.
func TestTSLocalFunctionSymbols(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/page.test.tsx": "describe('page', () => {\n  const Layout = (props: { children: string }) => <div>{props.children}</div>\n" +
			"  const helper = () => 'x'\n  it('renders', () => {\n    const Page = () => <Layout>{helper()}</Layout>\n    render(<Page />)\n  })\n})\n",
		"src/app.tsx": "export function App() {\n  const Header = () => <h1>{title()}</h1>\n  const title = () => 'hi'\n  return <Header />\n}\n",
	})
	check(t, got,
		[]string{
			"src/page.test.tsx#Page -> src/page.test.tsx#Layout [calls scope]",
			"src/page.test.tsx#Page -> src/page.test.tsx#helper [calls scope]",
			"src/page.test.tsx -> src/page.test.tsx#Page [calls scope]",
			"src/app.tsx#App -> src/app.tsx#App.Header [calls scope]",
			"src/app.tsx#App.Header -> src/app.tsx#App.title [calls scope]",
		}, nil)
}

// TestTSNearestDefinition: consts of one name in sibling callbacks of one
// function: each use means the one defined above it.
func TestTSNearestDefinition(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/runner.test.tsx": "export function runner() {\n  it('a', () => {\n    const Content = () => <p />\n    const App = () => <Content />\n    render(<App />)\n  })\n" +
			"  it('b', () => {\n    const Content = () => <b />\n    const App = () => <Content />\n    render(<App />)\n  })\n}\n",
	})
	check(t, got,
		[]string{
			"src/runner.test.tsx#runner.App -> src/runner.test.tsx#runner.Content [calls scope]",
			"src/runner.test.tsx#runner.App~2 -> src/runner.test.tsx#runner.Content~2 [calls scope]",
			"src/runner.test.tsx#runner -> src/runner.test.tsx#runner.App [calls scope]",
			"src/runner.test.tsx#runner -> src/runner.test.tsx#runner.App~2 [calls scope]",
		},
		[]string{"src/runner.test.tsx#runner.App~2 -> src/runner.test.tsx#runner.Content [calls scope]"})
}

// TestTSGettersAndTypeParamBounds: a getter's value is its result (c.req
// is a HonoRequest, a setter of the name beside it), and a parameter typed
// only by a type parameter has its constraint's members, across files. A
// second class with methods of the same names keeps a name guess out.
func TestTSGettersAndTypeParamBounds(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/request.ts": "export class HonoRequest {\n  header(name: string): string { return '' }\n}\n" +
			"export class Other {\n  header(name: string): string { return '' }\n  m(): void {}\n}\n",
		"src/base.ts": "export class Base {\n  m(): void {}\n}\n",
		"src/context.ts": "import { HonoRequest } from './request'\nexport class Context<P extends string = any> {\n" +
			"  #req: HonoRequest | undefined\n  get req(): HonoRequest { return this.#req! }\n  set req(v: HonoRequest) {}\n}\n",
		"src/use.ts": "import type { Context } from './context'\nimport { Base } from './base'\n\n" +
			"export function viaGetter(c: Context) { c.req.header('x') }\n" +
			"export function viaBound<T extends Base>(x: T) { x.m() }\n" +
			"export function unbounded<T>(x: T) { x.m() }\n",
	})
	check(t, got,
		[]string{
			"src/use.ts#viaGetter -> src/request.ts#HonoRequest.header [calls type]",
			"src/use.ts#viaBound -> src/base.ts#Base.m [calls type]",
		},
		[]string{
			"src/use.ts#viaGetter -> src/request.ts#Other.header",
			"src/use.ts#viaBound -> src/request.ts#Other.m",
			"src/use.ts#unbounded -> src/base.ts#Base.m",
			"src/use.ts#unbounded -> src/request.ts#Other.m",
		})
}
