package explicit

import "testing"

// TestTSInlineObjectTypeMembers: a parameter or variable declared with an
// inline object type has its properties typed by it, whether they are
// read as members (record.window.next(v)) or destructured, from the
// parameter itself or from such a local (rxjs's windowTime: const {
// window, subs } = record, where record: { window: Subject<T>; subs:
// Subscription }), and a local initialized by a cast to one (hono's
// const env = c.env as { ASSETS: FetcherLike }). An inner function's
// parameter of the same name hides them.
func TestTSInlineObjectTypeMembers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/subject.ts": "export class Subject<T> {\n  next(v: T) {}\n  complete() {}\n}\nexport class Subscription {\n  unsubscribe() {}\n}\n",
		"src/op.ts": "import { Subject, Subscription } from './subject'\n" +
			"export function windowTime<T>(v: T) {\n" +
			"  const closeWindow = (record: { window: Subject<T>; subs: Subscription }) => {\n" +
			"    const { window, subs } = record;\n    window.complete();\n    subs.unsubscribe();\n  };\n" +
			"  const loop = (record: { window: Subject<T>; seen: number }) => {\n    record.window.next(v);\n" +
			"    const inner = (record: any) => record.window.other();\n  };\n}\n" +
			"export function emit({ buffer, subs }: { buffer: number[]; subs: Subscription }) {\n  subs.unsubscribe();\n}\n" +
			"export function serve(c: any) {\n  const env = c.env as { ASSETS: Subject<number> };\n  env.ASSETS.complete();\n}\n",
	})
	check(t, got,
		[]string{
			"src/op.ts#windowTime.closeWindow -> src/subject.ts#Subject.complete [calls type]",
			"src/op.ts#windowTime.closeWindow -> src/subject.ts#Subscription.unsubscribe [calls type]",
			"src/op.ts#windowTime.loop -> src/subject.ts#Subject.next [calls type]",
			"src/op.ts#emit -> src/subject.ts#Subscription.unsubscribe [calls type]",
			"src/op.ts#serve -> src/subject.ts#Subject.complete [calls type]",
		},
		[]string{"[calls name]", "other"})
}
