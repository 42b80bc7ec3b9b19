package accuracy

import (
	"sort"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// fixture is a small module with one instance of each call form the
// harness must map (function literals, repeated init, generics, promoted
// methods, calls on receivers, fields, locals and packages) and of each
// known resolver weakness; the comments say what lgraph did when this
// test was written.
var fixture = map[string]string{
	"go.mod": "module example.com/fx\n\ngo 1.21\n",
	"a/a.go": `package a

import (
	"errors"
	"sync"

	"example.com/fx/b"
)

func helper() {}

func init() { helper() }

func init() { helper() } // lgraph: attributed to the first init

type P struct{}

func (p *P) fail() {}
func (p *P) run()  {}

type T struct {
	inner *b.Store
	once  sync.Once
}

func (t *T) Get() {}
func (t *T) run() {}

func (t *T) Use() error {
	fail()             // lgraph: P.fail, the same-file method, not the function in util.go
	t.run()            // lgraph: none (run is ambiguous; the receiver's type is not used)
	t.inner.Get()      // lgraph: T.Get, the same-file method, not b.Store.Get
	t.once.Do(helper)  // lgraph: b.Store.Do, the only module method named Do
	func() { helper() }()
	s := b.New()
	s.Close()          // lgraph: none (Close is ambiguous; the local's type is not inferred)
	return errors.Join() // lgraph: b.Store.Join (the import of errors is not in the repo)
}

type E struct{ *b.Store }

func (e E) Wrap() { e.Get() } // lgraph: T.Get, not the promoted b.Store.Get

func Generic[X any](x X) X { return x }

func callsGeneric() int { return Generic(1) }
`,
	"a/util.go": "package a\n\nfunc fail() {}\n",
	"b/b.go": `package b

type Store struct{}

func New() *Store { return &Store{} }

func (s *Store) Get()          {}
func (s *Store) Do(f func())   { f() }
func (s *Store) Join() error   { return nil }
func (s *Store) Close()        {}
`,
	"c/c.go": `package c

type C struct{}

func (C) Close() {}
`,
}

// TestHarnessFixture checks the harness's truth on the fixture exactly and
// logs how lgraph scores on it (not asserted: it documents the misses).
func TestHarnessFixture(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go/packages")
	}
	r := gittest.New(t)
	r.Write(fixture)
	r.Commit("fixture")
	g, tr, m := run(t, r.Dir)

	want := []string{
		"a/a.go#E.Wrap -> b/b.go#Store.Get",
		"a/a.go#T.Use -> a/a.go#T.run",
		"a/a.go#T.Use -> a/a.go#helper",
		"a/a.go#T.Use -> a/util.go#fail",
		"a/a.go#T.Use -> b/b.go#New",
		"a/a.go#T.Use -> b/b.go#Store.Close",
		"a/a.go#T.Use -> b/b.go#Store.Get",
		"a/a.go#callsGeneric -> a/a.go#Generic",
		"a/a.go#init -> a/a.go#helper",
		"a/a.go#init~2 -> a/a.go#helper",
	}
	var got []string
	for e := range tr.static {
		got = append(got, short(e.From)+" -> "+short(e.To))
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("truth:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, id := range []string{"sym:a/a.go#init~2", "sym:b/b.go#Store.Get"} {
		if _, ok := g.nodes[id]; !ok {
			t.Errorf("lgraph has no node %s", id)
		}
	}
	logDiff(t, g, tr, m, 10)
}
