package accuracy

import (
	"sort"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// tsFixture has one instance of each form the TypeScript truth must map:
// overloads, a barrel with a renaming re-export, super calls, calls in
// anonymous callbacks and object literal members, function-typed interface
// members and class fields, and calls of parameters and object members
// (which reach no symbol).
var tsFixture = map[string]string{
	"src/a.ts": `import * as b from "./b"
import { helper, Renamed } from "./barrel"

export interface Observer {
  next: (v: number) => void
  complete(): void
  readonly size: number
}

export function overloaded(a: string): void
export function overloaded(a: number): void
export function overloaded(a: any) { helper() }

export class Base {
  constructor(n: number) {}
  run() {}
}

export class Sub extends Base {
  handler = () => this.run()
  onClose: () => void = () => {}
  constructor() { super(1); [1].forEach(() => helper()) }
  run() { super.run(); b.make().close(); overloaded(1) }
  use(o: Observer, f: () => void) { o.next(1); o.complete(); f(); new Renamed() }
}

export const api = { go() { helper() } }
export const viaObject = () => api.go()
`,
	"src/b.ts": `export class Store { close() {} }
export function make(): Store { return new Store() }
`,
	"src/barrel.ts": `export { helper } from "./c"
export { Thing as Renamed } from "./c"
`,
	"src/c.ts": `export function helper() {}
export class Thing {}
`,
}

// TestTSHarnessFixture checks the checker's truth on the fixture exactly
// and logs how lgraph scores on it (not asserted).
func TestTSHarnessFixture(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the TypeScript checker")
	}
	npm := tsRequire(t)
	r := gittest.New(t)
	r.Write(tsFixture)
	r.Commit("fixture")
	var files []string
	for p := range tsFixture {
		files = append(files, p)
	}
	sort.Strings(files)
	wait := startTruth(t, npm, r.Dir, files, "")
	g := indexWithLgraph(t, r.Dir)
	calls, paths := wait()
	tr := loadTSTruth(calls, paths, g)

	want := []string{
		"src/a.ts#Sub.constructor -> src/a.ts#Base",
		"src/a.ts#Sub.constructor -> src/c.ts#helper",
		"src/a.ts#Sub.handler -> src/a.ts#Sub.run",
		"src/a.ts#Sub.run -> src/a.ts#Base.run",
		"src/a.ts#Sub.run -> src/a.ts#overloaded",
		"src/a.ts#Sub.run -> src/b.ts#Store.close",
		"src/a.ts#Sub.run -> src/b.ts#make",
		"src/a.ts#Sub.use -> src/a.ts#Observer.complete",
		"src/a.ts#Sub.use -> src/a.ts#Observer.next",
		"src/a.ts#Sub.use -> src/c.ts#Thing",
		"src/a.ts#api -> src/c.ts#helper",
		"src/a.ts#overloaded -> src/c.ts#helper",
		"src/b.ts#make -> src/b.ts#Store",
	}
	var got []string
	for e := range tr.edges {
		got = append(got, short(e.From)+" -> "+short(e.To))
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("truth:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(tr.missing) > 0 {
		t.Errorf("truth ids without an lgraph node: %v", tr.missing)
	}
	if s := tr.edges[edge{"sym:src/a.ts#overloaded", "sym:src/c.ts#helper"}]; !s.Reexport {
		t.Errorf("helper reached through the barrel is not marked as a re-export: %+v", s)
	}
	logTSDiff(t, g, tr, measureTS(g, tr), 10)
}
