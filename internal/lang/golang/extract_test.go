package golang

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// sym is a symbol row of the tables (langtest.Syms).
type sym langtest.Sym

const testSrc = `// Package store keeps things.
package store

import (
	"context"
	cfg "example.com/app/config"
	_ "embed"
	. "strings"
)

import "example.com/app/util"

// MaxItems bounds the store.
const MaxItems = 10

const (
	// ModeA is a.
	ModeA Mode = iota
	ModeB
)

var (
	defaultStore *Store
	_            Getter = (*Store)(nil)
)

var ErrMissing, errOther = util.NewError("missing"), util.NewError("other")

// Mode selects a behaviour.
type Mode int

// Store holds items.
type Store struct {
	Base
	*cfg.Options
	items map[string]*Item
	log   util.Logger
}

type Getter interface {
	Reader
	cfg.Closer
	Get(ctx context.Context, k string) (*Item, error)
}

type (
	List[T any] []T
	ID = string
)

// New makes a store.
func New(o *cfg.Options) *Store {
	s := &Store{Options: o}
	s.init()
	return s
}

// Get returns an item.
func (s *Store) Get(ctx context.Context, k string) (*Item, error) {
	it, ok := s.items[k]
	if !ok {
		s.log.Printf("miss %s", k)
		return nil, fmt.Errorf("missing %q: %w", k, ErrMissing)
	}
	_ = Item{Name: k}
	_ = cfg.Item{}
	n := len(k)
	_ = Mode(n)
	s.items[k].Touch()
	f()()
	return it, nil
}

func (l *List[T]) Push(v T) {
	*l = append(*l, v)
	Map[T, string](*l, T.String)
}

func init() {
	type local struct{}
	const inner = 1
	go func() { worker() }()
}
`

func TestGoExtractSymbols(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []sym{
		{"MaxItems", "MaxItems", facts.KindConst, "", 14, 14},
		{"ModeA", "ModeA", facts.KindConst, "", 18, 18},
		{"ModeB", "ModeB", facts.KindConst, "", 19, 19},
		{"defaultStore", "defaultStore", facts.KindVar, "", 23, 23},
		{"ErrMissing", "ErrMissing", facts.KindVar, "", 27, 27},
		{"errOther", "errOther", facts.KindVar, "", 27, 27},
		{"Mode", "Mode", facts.KindType, "", 30, 30},
		{"Store", "Store", facts.KindStruct, "", 33, 38},
		{"Base", "Store.Base", facts.KindField, "Store", 34, 34},
		{"Options", "Store.Options", facts.KindField, "Store", 35, 35},
		{"items", "Store.items", facts.KindField, "Store", 36, 36},
		{"log", "Store.log", facts.KindField, "Store", 37, 37},
		{"Getter", "Getter", facts.KindInterface, "", 40, 44},
		{"Get", "Getter.Get", facts.KindMethod, "Getter", 43, 43},
		{"List", "List", facts.KindType, "", 47, 47},
		{"ID", "ID", facts.KindType, "", 48, 48},
		{"New", "New", facts.KindFunction, "", 52, 56},
		{"Get", "Store.Get", facts.KindMethod, "Store", 59, 72},
		{"Push", "List.Push", facts.KindMethod, "List", 74, 77},
		{"init", "init", facts.KindFunction, "", 79, 83},
	}
	if diff := cmp.Diff(want, langtest.Syms[sym](f)); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	if f.Package != "store" {
		t.Errorf("package = %q", f.Package)
	}
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors = %d", f.SyntaxErrors)
	}
}

func TestGoExtractDetails(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	type detail struct {
		Signature, Doc      string
		Extends, Implements []string
	}
	got := map[string]detail{}
	for _, s := range f.Symbols {
		got[s.Qualified] = detail{s.Signature, s.Doc, s.Extends, s.Implements}
	}
	want := map[string]detail{
		"MaxItems":      {Signature: "const MaxItems", Doc: "MaxItems bounds the store."},
		"ModeA":         {Signature: "const ModeA Mode", Doc: "ModeA is a."},
		"ModeB":         {Signature: "const ModeB"},
		"defaultStore":  {Signature: "var defaultStore *Store"},
		"ErrMissing":    {Signature: "var ErrMissing, errOther"},
		"errOther":      {Signature: "var ErrMissing, errOther"},
		"Mode":          {Signature: "type Mode int", Doc: "Mode selects a behaviour."},
		"Store":         {Signature: "type Store struct", Doc: "Store holds items.", Extends: []string{"Base", "cfg.Options"}},
		"Getter":        {Signature: "type Getter interface", Extends: []string{"Reader", "cfg.Closer"}},
		"Getter.Get":    {Signature: "Get(ctx context.Context, k string) (*Item, error)"},
		"Store.Base":    {Signature: "Base"},
		"Store.Options": {Signature: "*cfg.Options"},
		"Store.items":   {Signature: "items map[string]*Item"},
		"Store.log":     {Signature: "log util.Logger"},
		"List":          {Signature: "type List[T any] []T"},
		"ID":            {Signature: "type ID = string"},
		"New":           {Signature: "func New(o *cfg.Options) *Store", Doc: "New makes a store."},
		"Store.Get":     {Signature: "func (s *Store) Get(ctx context.Context, k string) (*Item, error)", Doc: "Get returns an item."},
		"List.Push":     {Signature: "func (l *List[T]) Push(v T)"},
		"init":          {Signature: "func init()"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("details (-want +got):\n%s", diff)
	}
}

// TestGoExtractTypes checks the type chains of definitions: declared
// types, initializers, results; imported names by import path, builtins
// and unnamed composite types as NotRepo.
func TestGoExtractTypes(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	got := map[string]string{}
	for _, s := range f.Symbols {
		if s.Type != "" {
			got[s.Qualified] = s.Type
		}
	}
	want := map[string]string{
		"MaxItems":      facts.NotRepo,
		"ModeA":         "Mode",
		"defaultStore":  "Store",
		"ErrMissing":    "@example.com/app/util|NewError()",
		"errOther":      "@example.com/app/util|NewError()",
		"Mode":          facts.NotRepo,
		"Store.Base":    "Base",
		"Store.Options": "@example.com/app/config|Options",
		"Store.items":   "-Item", // a map: its values are Items
		"Store.log":     "@example.com/app/util|Logger",
		"Getter.Get":    "Item",
		"List":          "-?", // a slice of a type parameter
		"ID":            facts.NotRepo,
		"New":           "Store",
		"Store.Get":     "Item",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("types (-want +got):\n%s", diff)
	}
}

// TestGoLocalReceivers checks the receiver chains the extractor infers for
// calls on locals, parameters, results, fields and conversions, and that
// a local shadows an import and the block scopes end where Go ends them.
func TestGoLocalReceivers(t *testing.T) {
	src := `package p

import (
	"net/http"
	srv "example.com/app/server"
)

func Run(c *srv.Config, n int) {
	s := srv.New(c)
	s.Start()
	c.Load()
	var b Builder
	b.Add()
	p := &Pool{}
	p.workers.Spawn()
	q := NewQueue()
	q.Push().Wait()
	h := http.Client{}
	h.Do()
	v, err := Open()
	v.Close()
	err.Error()
	x := p.Get().(*Item)
	x.Touch()
	for _, it := range items {
		it.Touch()
	}
	if srv := pick(); srv != nil {
		srv.Stop()
	}
	srv.Stop()
	f := func(w *Worker) { w.Run() }
	f(nil)
	"s".Len()
}
`
	f := langtest.Extract(t, Language(), src)
	var got []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && r.Qualifier != "" {
			got = append(got, fmt.Sprintf("%d %s <- %s", r.Line, r.Name, r.Recv))
		}
	}
	want := []string{
		"9 New <- ", // srv.New: the resolver binds srv to the import
		"10 Start <- @example.com/app/server|New()",
		"11 Load <- @example.com/app/server|Config",
		"13 Add <- Builder",
		"15 Spawn <- Pool.workers",
		"17 Wait <- NewQueue().Push()",
		"17 Push <- NewQueue()",
		"19 Do <- @net/http|Client",
		"21 Close <- Open()",
		"22 Error <- ?", // the second result of Open: not known
		"23 Get <- Pool",
		"24 Touch <- Item",
		"26 Touch <- items.?", // an element of the package-level items
		"29 Stop <- pick()",
		"31 Stop <- ", // the if-scoped srv has ended: the import again
		"32 Run <- Worker",
		"34 Len <- -",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("receivers by line (-want +got):\n%s", diff)
	}
}

func TestGoExtractImports(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []facts.Import{
		{Path: "context", Line: 5},
		{Path: "example.com/app/config", Alias: "cfg", Line: 6},
		{Path: "embed", Alias: "_", Line: 7},
		{Path: "strings", Alias: ".", Line: 8},
		{Path: "example.com/app/util", Line: 11},
	}
	if diff := cmp.Diff(want, f.Imports); diff != "" {
		t.Errorf("imports (-want +got):\n%s", diff)
	}
}

func TestGoExtractRefs(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	call, ref := facts.RefCall, facts.RefReference
	want := []facts.Ref{
		{Name: "Mode", Kind: ref, From: "ModeA", Line: 18},
		{Name: "Store", Kind: ref, From: "defaultStore", Line: 23},
		{Name: "Getter", Kind: ref, Line: 24},
		{Name: "Store", Kind: ref, Line: 24},
		{Name: "NewError", Qualifier: "util", Kind: call, From: "ErrMissing", Line: 27},
		{Name: "NewError", Qualifier: "util", Kind: call, From: "ErrMissing", Line: 27},
		{Name: "Base", Kind: ref, From: "Store", Line: 34},
		{Name: "Options", Qualifier: "cfg", Kind: ref, From: "Store", Line: 35},
		{Name: "Item", Kind: ref, From: "Store", Line: 36},
		{Name: "Logger", Qualifier: "util", Kind: ref, From: "Store", Line: 37},
		{Name: "Reader", Kind: ref, From: "Getter", Line: 41},
		{Name: "Closer", Qualifier: "cfg", Kind: ref, From: "Getter", Line: 42},
		{Name: "Context", Qualifier: "context", Kind: ref, From: "Getter", Line: 43},
		{Name: "Item", Kind: ref, From: "Getter", Line: 43},
		{Name: "Options", Qualifier: "cfg", Kind: ref, From: "New", Line: 52},
		{Name: "Store", Kind: ref, From: "New", Line: 52},
		{Name: "Store", Kind: ref, From: "New", Line: 53},
		{Name: "init", Qualifier: "s", Kind: call, From: "New", Line: 54, Recv: "Store"},
		{Name: "Store", Kind: ref, From: "Store.Get", Line: 59},
		{Name: "Context", Qualifier: "context", Kind: ref, From: "Store.Get", Line: 59},
		{Name: "Item", Kind: ref, From: "Store.Get", Line: 59},
		{Name: "Printf", Qualifier: "s.log", Kind: call, From: "Store.Get", Line: 62, Recv: "self.log"},
		{Name: "Errorf", Qualifier: "fmt", Kind: call, From: "Store.Get", Line: 63, Recv: "fmt"}, // fmt is not imported here
		{Name: "Item", Kind: ref, From: "Store.Get", Line: 65},
		{Name: "Item", Qualifier: "cfg", Kind: ref, From: "Store.Get", Line: 66},
		{Name: "Mode", Kind: call, From: "Store.Get", Line: 68},
		{Name: "Touch", Qualifier: "?", Kind: call, From: "Store.Get", Line: 69, Recv: "self.items.?"},
		{Name: "f", Kind: call, From: "Store.Get", Line: 70},
		{Name: "List", Kind: ref, From: "List.Push", Line: 74},
		{Name: "Map", Kind: call, From: "List.Push", Line: 76},
		{Name: "worker", Kind: call, From: "init", Line: 82},
	}
	// The blank var spec on line 24 has no name, so its refs have no From.
	if diff := cmp.Diff(want, f.Refs); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
}

func TestGoExtractSyntaxError(t *testing.T) {
	src := `package p

type Good struct{ A int }

func Before() int { return helper() }

func Broken( {
	x := 
}
`
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	syms := langtest.Syms[sym](f)
	want := []sym{
		{"Good", "Good", facts.KindStruct, "", 3, 3},
		{"A", "Good.A", facts.KindField, "Good", 3, 3},
		{"Before", "Before", facts.KindFunction, "", 5, 5},
	}
	if len(syms) < len(want) {
		t.Fatalf("symbols = %+v", syms)
	}
	if diff := cmp.Diff(want, syms[:len(want)]); diff != "" {
		t.Errorf("symbols before the error (-want +got):\n%s", diff)
	}
	if len(f.Refs) == 0 || f.Refs[0].Name != "helper" || f.Refs[0].From != "Before" {
		t.Errorf("refs = %+v", f.Refs)
	}
}

func TestGoModuleKeys(t *testing.T) {
	pr := &lang.Project{GoModules: map[string]string{
		"":          "example.com/app",
		"tools/gen": "example.com/gen",
	}}
	cases := []struct {
		path string
		pr   *lang.Project
		want []string
	}{
		{"main.go", pr, []string{"example.com/app"}},
		{"main_test.go", pr, []string{"example.com/app"}},
		{"internal/store/store.go", pr, []string{"example.com/app/internal/store"}},
		{"internal/store/store_test.go", pr, []string{"example.com/app/internal/store"}},
		{"tools/gen/gen.go", pr, []string{"example.com/gen"}},
		{"tools/gen/sub/x.go", pr, []string{"example.com/gen/sub"}},
		{"tools/genx/x.go", pr, []string{"example.com/app/tools/genx"}},
		{"vendor/github.com/x/y/y.go", pr, []string{"example.com/app/vendor/github.com/x/y", "github.com/x/y"}},
		{"main.go", &lang.Project{}, nil},
		{"a/b.go", &lang.Project{GoModules: map[string]string{"c": "example.com/c"}}, nil},
		{"main.go", nil, nil},
	}
	spec := Language()
	for _, c := range cases {
		got := spec.ModuleKeys(c.path, &facts.File{}, c.pr)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ModuleKeys(%q) (-want +got):\n%s", c.path, diff)
		}
	}
}

func TestGoImportCandidates(t *testing.T) {
	pr := &lang.Project{GoModules: map[string]string{"": "example.com/app"}}
	spec := Language()
	cases := []struct {
		imp  facts.Import
		want []string
	}{
		{facts.Import{Path: "example.com/app/internal/store"}, []string{"example.com/app/internal/store"}},
		{facts.Import{Path: "fmt"}, []string{"fmt"}},
		{facts.Import{Path: "example.com/app/util", Alias: "u"}, []string{"example.com/app/util"}},
	}
	for _, c := range cases {
		got := spec.ImportCandidates(c.imp, "cmd/main.go", pr)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ImportCandidates(%q) (-want +got):\n%s", c.imp.Path, diff)
		}
	}
}
