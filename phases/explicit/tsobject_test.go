package explicit

import "testing"

// TestTSObjectLiteralMembers: a function in an object literal takes its
// undeclared parameters' types from that member of the type the object is
// given: a declared result, a const's annotation, the parameter of the
// function or constructor it is passed to. An object passed to an outside
// constructor (new ReadableStream({ start(controller) {...} })) has
// outside parameters, never guessed at by a method's name. A function
// passed to a constructor takes the constructor's parameter types (new
// Observable((subscriber) => ...)), also as a branch of a conditional.
func TestTSObjectLiteralMembers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/types.ts": "export interface Observer {\n  next(v: number): void\n  error(e: Error): void\n}\n" +
			"export interface Source {\n  subscribe(observer: Observer): void\n}\n" +
			"export interface Handlers {\n  main: Source\n}\n",
		"src/own.ts": "export class EventLike {\n  close(): void {}\n}\n",
		"src/make.ts": "import { Source, Handlers } from './types'\n\n" +
			"export function make(): Source {\n  return {\n    subscribe(observer) {\n      observer.next(1)\n    },\n  }\n}\n" +
			"export const fixed: Source = {\n  subscribe: (observer) => {\n    observer.error(new Error('x'))\n  },\n}\n" +
			"export function wrap(src: Source) {}\n" +
			"export function viaArg() {\n  wrap({ subscribe(observer) { observer.next(2) } })\n}\n" +
			"export class Holder {\n  constructor(src: Source) {}\n}\n" +
			"export function viaNew() {\n  return new Holder({ subscribe(observer) { observer.next(3) } })\n}\n" +
			"export const nested: Handlers = {\n  main: { subscribe(observer) { observer.error(new Error('n')) } },\n}\n" +
			"export function stream() {\n  return new ReadableStream({\n    start(controller) {\n      controller.close()\n    },\n  })\n}\n" +
			"export function untyped() {\n  return { subscribe(observer) { observer.next(4) } }\n}\n",
		"src/stream.ts": "import { Observer } from './types'\n\n" +
			"export class Stream {\n  constructor(subscribe: (this: Stream, observer: Observer) => void) {}\n}\n" +
			"export const made = new Stream((observer) => {\n  observer.next(5)\n})\n" +
			"export function cond(flag: boolean) {\n  return new Stream(flag ? (observer) => { observer.error(new Error('c')) } : () => {})\n}\n",
	})
	check(t, got,
		[]string{
			"src/make.ts#make -> src/types.ts#Observer.next [calls type]",
			"src/make.ts#fixed -> src/types.ts#Observer.error [calls type]",
			"src/make.ts#viaArg -> src/types.ts#Observer.next [calls type]",
			"src/make.ts#viaNew -> src/types.ts#Observer.next [calls type]",
			"src/make.ts#nested -> src/types.ts#Observer.error [calls type]",
			"src/stream.ts#made -> src/types.ts#Observer.next [calls type]",
			"src/stream.ts#cond -> src/types.ts#Observer.error [calls type]",
		},
		[]string{
			"src/make.ts#stream -> src/own.ts#EventLike.close [calls name]",
			"src/make.ts#untyped -> src/types.ts#Observer.next [calls type]",
		})
}
