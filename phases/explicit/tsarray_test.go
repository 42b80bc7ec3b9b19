package explicit

import "testing"

// TestTSArrayElements: an element of an array (or set, or a map's value)
// whose element type is declared is of that type where the checker takes
// it: the parameters of callbacks passed to forEach, map, reduce ... (the
// checker types them by the receiver's type argument), indexing and a
// for-of loop's variable, whether the array is a parameter, a local or a
// field declared in another file (hono's app.routes.map((r) =>
// r.handler(c, next)), NestJS's this.modules.forEach((m) => ...)). Other
// parameters of those callbacks (an index, a key, the accumulator) are
// not typed, and members of the array itself stay outside ones.
func TestTSArrayElements(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/route.ts": "export class Route {\n  handle(c: any) {}\n}\nexport class Pipe {\n  transform(v: any) { return v }\n}\n",
		"src/app.ts": "import { Route, Pipe } from './route'\n" +
			"export class App {\n  routes: Route[] = [];\n  pipes: ReadonlyArray<Pipe> = [];\n  byName = new Map<string, Route>();\n" +
			"  all() {\n    this.routes.map((r) => r.handle(1));\n  }\n" +
			"  pipe(v: any) {\n    return this.pipes.reduce((acc, p) => p.transform(acc), v);\n  }\n" +
			"  each() {\n    this.byName.forEach((route, name) => route.handle(name));\n  }\n" +
			"  loop() {\n    for (const r of this.routes) {\n      r.handle(2);\n    }\n  }\n" +
			"  at(i: number) {\n    const routes = this.routes;\n    routes[i].handle(3);\n  }\n}\n",
		"src/use.ts": "import { Route } from './route'\nimport { App } from './app'\n" +
			"export function run(items: Route[], app: App) {\n  items.forEach((x, i) => x.handle(i));\n" +
			"  app.routes.filter((r) => r.handle(4));\n  items.push(items[0]);\n}\n" +
			"export function sorted(set: Set<Route>) {\n  set.forEach((r) => r.handle(5));\n}\n",
	})
	check(t, got,
		[]string{
			"src/app.ts#App.all -> src/route.ts#Route.handle [calls type]",
			"src/app.ts#App.pipe -> src/route.ts#Pipe.transform [calls type]",
			"src/app.ts#App.each -> src/route.ts#Route.handle [calls type]",
			"src/app.ts#App.loop -> src/route.ts#Route.handle [calls type]",
			"src/app.ts#App.at -> src/route.ts#Route.handle [calls type]",
			"src/use.ts#run -> src/route.ts#Route.handle [calls type]",
			"src/use.ts#sorted -> src/route.ts#Route.handle [calls type]",
		},
		[]string{"[calls name]", "push"})
}

// TestTSMadeArraysAndRecords: an array made by new Array<T>() (NestJS's
// static logBuffer), a Record<K, V> indexed (hono's this.#tries[method])
// and a class that extends Map<K, V> iterated by forEach (NestJS's
// ModulesContainer) give elements of their type arguments.
func TestTSMadeArraysAndRecords(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/trie.ts":    "export class Trie {\n  insert(p: string) {}\n}\nexport interface Record2 {\n  flush(): void\n}\n",
		"src/modules.ts": "import { Trie } from './trie'\nexport class Modules extends Map<string, Trie> {\n  readonly id = 1;\n}\n",
		"src/router.ts": "import { Trie, Record2 } from './trie'\nimport { Modules } from './modules'\n" +
			"export class Router {\n  #tries: Record<string, Trie> = {};\n  static buffer = new Array<Record2>();\n  modules = new Modules();\n" +
			"  add(method: string, path: string) {\n    this.#tries[method].insert(path);\n  }\n" +
			"  static flush() {\n    this.buffer.forEach((item) => item.flush());\n  }\n" +
			"  replace(p: string) {\n    this.modules.forEach((trie) => trie.insert(p));\n  }\n}\n",
	})
	check(t, got,
		[]string{
			"src/router.ts#Router.add -> src/trie.ts#Trie.insert [calls type]",
			"src/router.ts#Router.flush -> src/trie.ts#Record2.flush [calls type]",
			"src/router.ts#Router.replace -> src/trie.ts#Trie.insert [calls type]",
		},
		[]string{"[calls name]"})
}

// TestTSOutsideRebound: a local bound twice to outside values (a set got
// from a map of sets, a new set) is an outside value, so its add is not
// guessed by name (NestJS's DiscoverableMetaHostCollection.insertByMetaKey
// once the set's chain told its elements).
func TestTSOutsideRebound(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/wrapper.ts": "export class Wrapper {\n  add(x: any) {}\n}\n",
		"src/use.ts": "import { Wrapper } from './wrapper'\n" +
			"export function insert(key: string, w: Wrapper, collection: Map<string, Set<Wrapper>>) {\n" +
			"  if (collection.has(key)) {\n    const wrappers = collection.get(key);\n    wrappers.add(w);\n" +
			"  } else {\n    const wrappers = new Set<Wrapper>();\n    wrappers.add(w);\n  }\n}\n",
	})
	check(t, got, nil, []string{"Wrapper.add"})
}

// TestTSArrayMethods: an array's find, at, pop and shift give one of its
// elements, and filter, slice, concat ... an array of the same elements,
// so that a chain of them keeps the element type: of a field
// (this.routes.filter(f).forEach((r) => ...)) and of a parameter.
func TestTSArrayMethods(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/route.ts": "export class Route {\n  handle(c: any) {}\n  ok() { return true }\n}\n",
		"src/app.ts": "import { Route } from './route'\n" +
			"export class App {\n  routes: Route[] = [];\n" +
			"  active() {\n    this.routes.filter((r) => r.ok()).forEach((r) => r.handle(1));\n  }\n" +
			"  first() {\n    const r = this.routes.find((x) => x.ok());\n    r.handle(2);\n  }\n" +
			"  last(items: Route[]) {\n    items.at(-1).handle(3);\n    items.slice(1).map((x) => x.handle(4));\n  }\n}\n",
	})
	check(t, got,
		[]string{
			"src/app.ts#App.active -> src/route.ts#Route.handle [calls type]",
			"src/app.ts#App.first -> src/route.ts#Route.handle [calls type]",
			"src/app.ts#App.last -> src/route.ts#Route.handle [calls type]",
		},
		[]string{"[calls name]"})
}

// TestTSArrayLiteral: an array literal holds its first element's type
// (rxjs's windowCount: const windows = [new Subject<T>()], then
// windows.shift()!.complete() and for (const window of windows)
// window.next(v)); an empty one or one of untold values guesses nothing.
func TestTSArrayLiteral(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/subject.ts": "export class Subject<T> {\n  next(v: T) {}\n  complete() {}\n}\n",
		"src/op.ts": "import { Subject } from './subject'\n" +
			"export function windowCount<T>(v: T) {\n  const windows = [new Subject<T>()];\n" +
			"  for (const window of windows) {\n    window.next(v);\n  }\n  windows.shift()!.complete();\n}\n" +
			"export function untold(a: any) {\n  const xs = [a];\n  xs.shift().complete();\n  const none = [];\n  none.pop().next(1);\n}\n",
	})
	check(t, got,
		[]string{
			"src/op.ts#windowCount -> src/subject.ts#Subject.next [calls type]",
			"src/op.ts#windowCount -> src/subject.ts#Subject.complete [calls type]",
		},
		[]string{"untold"})
}
