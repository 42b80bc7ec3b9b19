package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// tsObjectFiles: a method of an object literal passed to a function of
// another file, whose parameter's type (a third file) declares the
// method, whose parameter's type (a fourth) has the method called.
var tsObjectFiles = map[string]string{
	"src/observer.ts": "export interface Observer {\n  next(v: number): void\n}\n",
	"src/sink.ts":     "export interface Sink {\n  next(v: number): void\n}\n",
	"src/types.ts":    "import { Observer } from './observer'\n\nexport interface Source {\n  subscribe(observer: Observer): void\n}\n",
	"src/lib.ts":      "import { Source } from './types'\n\nexport function wrap(src: Source) {}\n",
	"src/make.ts":     "import { wrap } from './lib'\n\nexport function run() {\n  wrap({ subscribe(observer) { observer.next(1) } })\n}\n",
}

const (
	tsToObserver = `"source":"sym:src/make.ts#run","target":"sym:src/observer.ts#Observer.next","kind":"calls"`
	tsToSink     = `"source":"sym:src/make.ts#run","target":"sym:src/sink.ts#Sink.next","kind":"calls"`
)

// TestTSObjectMemberFollowsTypes: the method an object literal's member
// calls on its parameter follows edits of the files that type it (the
// declared member's parameter type, the callee's parameter type), and
// update's export equals init's after each.
func TestTSObjectMemberFollowsTypes(t *testing.T) {
	r, inc := indexedRepo(t, tsObjectFiles)
	got := inc.Export(t, "main")
	if !strings.Contains(got, tsToObserver) || strings.Contains(got, tsToSink) {
		t.Fatalf("init export should link run to Observer.next only")
	}
	converge(t, r, inc, []step{
		{name: "the declared member's parameter becomes a Sink", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"src/types.ts": "import { Sink } from './sink'\n\nexport interface Source {\n  subscribe(observer: Sink): void\n}\n"})
		}, want: []string{tsToSink}, absent: []string{tsToObserver}},
		{name: "the callee's parameter becomes an outside type", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"src/lib.ts": "export function wrap(src: Request) {}\n"})
		}, absent: []string{tsToSink, tsToObserver}},
		{name: "both come back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"src/lib.ts":   tsObjectFiles["src/lib.ts"],
				"src/types.ts": tsObjectFiles["src/types.ts"],
			})
		}, want: []string{tsToObserver}, absent: []string{tsToSink}},
	})
}
