package explicit

import "testing"

// TestTSForOfElements: a for-of loop's variable over a local or parameter
// declared as an array takes the elements' declared type; an array of an
// outside type gives an outside variable, never guessed at by name.
func TestTSForOfElements(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/types.ts": "export interface Observer {\n  next(v: number): void\n}\n",
		"src/own.ts":   "export class EventLike {\n  addEventListener(): void {}\n}\n",
		"src/loop.ts": "import { Observer } from './types'\n\n" +
			"export function each(observers: Observer[]) {\n  for (const o of observers) {\n    o.next(1)\n  }\n}\n" +
			"export function local() {\n  const all: ReadonlyArray<Observer> = []\n  for (const o of all) o.next(2)\n}\n" +
			"export function signals(list: AbortSignal[]) {\n  for (const s of list) {\n    s.addEventListener()\n  }\n}\n",
	})
	check(t, got,
		[]string{
			"src/loop.ts#each -> src/types.ts#Observer.next [calls type]",
			"src/loop.ts#local -> src/types.ts#Observer.next [calls type]",
		},
		[]string{
			"src/loop.ts#signals -> src/own.ts#EventLike.addEventListener",
		})
}
