package explicit

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// sameNamedMethods is a TypeScript repository where n classes in as many
// directories each have a method process(n: number), and main.ts calls
// process on a receiver of unknown type, once in a directory of its own
// and once next to one of them.
func sameNamedMethods(n int) map[string]string {
	files := map[string]string{
		"app/main.ts":       "export function run(x: any): number {\n  return x.process(1);\n}\n",
		"lib/c0000/near.ts": "export function near(x: any): number {\n  return x.process(2);\n}\n",
	}
	for i := range n {
		files[fmt.Sprintf("lib/c%04d/worker.ts", i)] = fmt.Sprintf("export class Worker%d {\n  process(n: number): number {\n    return n;\n  }\n}\n", i)
	}
	return files
}

// TestUniqueMethodAmongManyOverloads: a call on a receiver of unknown type
// goes to the one method of its name in the caller's directory, and to
// none when the repository has several elsewhere, however many.
func TestUniqueMethodAmongManyOverloads(t *testing.T) {
	res := resolveFiles(t, nil, sameNamedMethods(300))
	calls := func(path string) []string {
		var out []string
		for _, e := range res[path].Edges {
			if e.Kind == "calls" {
				out = append(out, short(e.Target))
			}
		}
		return out
	}
	if got := calls("app/main.ts"); len(got) != 0 {
		t.Errorf("app/main.ts calls %v; want nothing (300 methods named process)", got)
	}
	if got := calls("lib/c0000/near.ts"); !slices.Equal(got, []string{"lib/c0000/worker.ts#Worker0.process"}) {
		t.Errorf("lib/c0000/near.ts calls %v; want its directory's Worker0.process", got)
	}
}

// BenchmarkUniqueMethodManyCandidates resolves a call on a receiver of
// unknown type among 2,000 methods of its name that all take its
// argument: counting them costs their number, not its square.
func BenchmarkUniqueMethodManyCandidates(b *testing.B) {
	src := sameNamedMethods(2000)
	langs := all.Registry()
	parsers := lang.NewParsers()
	defer parsers.Close()
	snap := snapshot.MapSource{}
	for path, text := range src {
		ff, err := parsers.Extract(context.Background(), langs.Get(lang.TypeScript), []byte(text))
		if err != nil {
			b.Fatal(err)
		}
		snap[path] = &snapshot.File{Path: path, Lang: lang.TypeScript, Facts: ff}
	}
	idx := BuildIndex(snapshot.NewFileSet(snap), langs, &lang.Project{})
	f := snap["app/main.ts"]
	Resolve(idx, f) // the index's answers cached
	b.ResetTimer()
	for range b.N {
		Resolve(idx, f)
	}
}
