package explicit

import "testing"

// TestTSDualCallbacks: effect's data-first functions, dual<DataLast,
// DataFirst>(2, (self, f) => self.modify(f)), call the method of the type
// the call's type argument gives self (Ref.Ref's modify), never the
// module-level function of the same name that the call defines (61 wrong
// edges and as many missed on effect 3.10.0 before).
func TestTSDualCallbacks(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/Function.ts": "export const dual: any = (arity: any, body: any) => body\n",
		"src/Ref.ts":      "export interface Ref<A> {\n  modify<B>(f: (a: A) => B): B\n}\nexport interface Queue<A> {\n  modify(): void\n}\n",
		"src/internal/ref.ts": "import { dual } from '../Function.js'\nimport type * as Ref from '../Ref.js'\n" +
			"export const modify = dual<\n  <A, B>(f: (a: A) => B) => (self: Ref.Ref<A>) => B,\n  <A, B>(self: Ref.Ref<A>, f: (a: A) => B) => B\n>(2, (self, f) => self.modify(f))\n",
	})
	check(t, got,
		[]string{"src/internal/ref.ts#modify -> src/Ref.ts#Ref.modify [calls type]"},
		[]string{"src/internal/ref.ts#modify -> src/internal/ref.ts#modify", "Queue.modify"})
}

// TestTSSelfIsOnlyANameInJS: in JavaScript and TypeScript self is a
// name, not the class: a parameter called self whose type is not told
// does not reach a method of the class (or the function) around it, while
// a local bound to this (const self = this) does.
func TestTSSelfIsOnlyANameInJS(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/pool.ts": "export class Pool {\n  get() {}\n  each(items: any[]) {\n    const self = this;\n    items.forEach(function () { self.get(); });\n  }\n" +
			"  map(cb: any) {\n    return cb((self) => self.get());\n  }\n}\n" +
			"export const get = (x: any) => run(x, (self) => self.get())\n" +
			"declare function run(x: any, f: any): any\n",
	})
	check(t, got,
		[]string{"src/pool.ts#Pool.each -> src/pool.ts#Pool.get [calls type]"},
		[]string{"src/pool.ts#Pool.map -> src/pool.ts#Pool.get", "src/pool.ts#get -> src/pool.ts#get"})
}
