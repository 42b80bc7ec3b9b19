package explicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/edgekind"
)

// TestGoAliasesAndPackageVars: a type alias has the methods of the type it
// names (type Hash = Digest; h.IsZero()), and a method called on a package-level variable of a
// named type, in the package or through an import, reaches that type's
// method.
func TestGoAliasesAndPackageVars(t *testing.T) {
	got := resolveAll(t, goMod, map[string]string{
		"plumbing/hash.go": "package plumbing\n\ntype Digest [20]byte\n\nfunc (d Digest) IsZero() bool { return false }\n\n" +
			"type Hash = Digest\n\nvar ZeroHash Hash\n",
		"log/log.go": "package log\n\ntype Target struct{}\n\nfunc (t *Target) Printf() {}\n\nvar Default Target\n\nvar Ptr = &Target{}\n\n" +
			"func Use() {\n\tDefault.Printf()\n}\n",
		"main.go": "package main\n\nimport (\n\t\"example.com/app/log\"\n\t\"example.com/app/plumbing\"\n)\n\n" +
			"func main() {\n\tvar h plumbing.Hash\n\th.IsZero()\n\tplumbing.ZeroHash.IsZero()\n\tlog.Default.Printf()\n\tlog.Ptr.Printf()\n}\n",
	})
	check(t, got,
		[]string{
			"main.go#main -> plumbing/hash.go#Digest.IsZero [calls type]",
			"main.go#main -> log/log.go#Target.Printf [calls type]",
			"log/log.go#Use -> log/log.go#Target.Printf [calls type]",
		}, nil)
}

// TestGoElements: an element of a slice, array, map or channel, reached by
// a range, an index, a comma-ok lookup or a receive, has the container's
// element type, through a named slice type too; a generic function called
// with one explicit type argument (F[T](x)) is a call. A slice's elements
// of an outside type stay outside ones, and a named slice without a method
// of that name is not the repository's type.
func TestGoElements(t *testing.T) {
	got := resolveAll(t, goMod, map[string]string{
		"table/table.go": "package table\n\ntype Table struct{}\n\nfunc (t *Table) Smallest() []byte { return nil }\n\nfunc (t *Table) DecrRef() {}\n",
		"tree.go": "package main\n\ntype node struct{ children [4]nodes }\n\ntype nodes []*node\n\n" +
			"func (n *node) walk() {\n\tfor _, ns := range n.children {\n\t\tfor _, cn := range ns {\n\t\t\tcn.walk()\n\t\t}\n\t}\n}\n",
		"level.go": "package main\n\nimport (\n\t\"sync\"\n\t\"example.com/app/table\"\n)\n\n" +
			"type level struct{ tables []*table.Table; byName map[string]*table.Table; done chan *table.Table; locks []sync.Mutex }\n\n" +
			"func decr(ts ...*table.Table) {\n\tfor _, t := range ts {\n\t\tt.DecrRef()\n\t}\n}\n\n" +
			"func (l *level) first() {\n\tl.tables[0].Smallest()\n}\n\n" +
			"func (l *level) named(k string) {\n\tif t, ok := l.byName[k]; ok {\n\t\tt.DecrRef()\n\t}\n}\n\n" +
			"func (l *level) wait() {\n\tt := <-l.done\n\tt.Smallest()\n}\n\n" +
			"func (l *level) lock() {\n\tfor _, m := range l.locks {\n\t\tm.Lock()\n\t}\n}\n",
		"lock.go":       "package main\n\ntype Locker struct{}\n\nfunc (Locker) Lock() {}\n",
		"parse.go":      "package main\n\nfunc ParseValue[T any](s string) (T, error) {\n\tvar v T\n\treturn v, nil\n}\n\nfunc Param[T any](s string) T {\n\tv, _ := ParseValue[T](s)\n\treturn v\n}\n\nfunc Params[T any](s string, opts ...any) T {\n\tv, _ := ParseValue[T](s, opts...)\n\treturn v\n}\n\nfunc Int(s string) int {\n\treturn Param[int](s)\n}\n\ntype Response struct{}\n\nfunc stream[T any](s string, n int) {}\n\nfunc Stream(s string) {\n\tstream[Response](s, 1)\n}\n",
		"ns.go":         "package main\n\nfunc (ns nodes) Len() int { return len(ns) }\n\nfunc count(ns nodes) int {\n\treturn ns.Len()\n}\n",
		"level_test.go": "package main\n\nimport \"testing\"\n\nfunc TestDecr(t *testing.T) {\n\ttests := []struct {\n\t\tname string\n\t\tl    level\n\t}{{name: \"empty\"}}\n\tfor _, tt := range tests {\n\t\ttt.l.first()\n\t}\n}\n",
		"handle.go":     "package main\n\nvar handlers []func(...int)\n\nfunc handlersCall(i int) {\n\thandlers[i](i)\n\thandlers[i](i, i)\n}\n",
	})
	check(t, got,
		[]string{
			"tree.go#node.walk -> tree.go#node.walk [calls type]",
			"level.go#decr -> table/table.go#Table.DecrRef [calls type]",
			"level.go#level.first -> table/table.go#Table.Smallest [calls type]",
			"level.go#level.named -> table/table.go#Table.DecrRef [calls type]",
			"level.go#level.wait -> table/table.go#Table.Smallest [calls type]",
			"parse.go#Param -> parse.go#ParseValue [calls scope]",
			"parse.go#Int -> parse.go#Param [calls scope]",
			"parse.go#Params -> parse.go#ParseValue [calls scope]",
			"parse.go#Stream -> parse.go#stream [calls scope]",
			"ns.go#count -> ns.go#nodes.Len [calls type]",
			// a table of anonymous structs: the field's type is not in the chain
			"level_test.go#TestDecr -> level.go#level.first [calls name]",
		},
		// sync.Mutex's Lock is not Locker's.
		[]string{"level.go#level.lock -> lock.go#Locker.Lock", "handle.go#handlersCall -> handle.go#handlers"})
}

// TestGoReceiverVia: a call on a method's receiver names the receiver as
// the code does (c.JSON, c.engine.Run), and still reaches the receiver
// type's method when that type is declared in another file; a local that
// shadows the receiver's name is that local.
func TestGoReceiverVia(t *testing.T) {
	res := resolveFiles(t, goMod, map[string]string{
		"context.go": "package gin\n\ntype Context struct{ engine *Engine }\n",
		"engine.go":  "package gin\n\ntype Engine struct{}\n\nfunc (e *Engine) Run() {}\n\ntype Other struct{}\n\nfunc (o *Other) Render() {}\n",
		"render.go": "package gin\n\nfunc (c *Context) Render() {}\n\nfunc (c *Context) JSON() {\n\tc.Render()\n\tc.engine.Run()\n}\n\n" +
			"func (c *Context) Shadowed(o *Other) {\n\tfunc() {\n\t\tc := o\n\t\tc.Render()\n\t}()\n}\n",
	})
	got := map[string]string{}
	for _, e := range res["render.go"].Edges {
		if e.Kind == edgekind.Calls {
			got[short(e.Source)+" -> "+short(e.Target)] = e.Via
		}
	}
	want := map[string]string{
		"render.go#Context.JSON -> render.go#Context.Render":   "c.Render",
		"render.go#Context.JSON -> engine.go#Engine.Run":       "c.engine.Run",
		"render.go#Context.Shadowed -> engine.go#Other.Render": "c.Render",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls and their via (-want +got):\n%s", diff)
	}
}

// TestGoFuncFieldResults: calling a field or package-level variable of a
// function type gives that function type's result (go-openai's
// builder := c.createFormBuilder(&b); builder.Close()); a variable whose
// type comes from an outside initializer (gin's var engine =
// sync.OnceValue(...)) gives nothing known, and its call is still looked
// up by name.
func TestGoFuncFieldResults(t *testing.T) {
	got := resolveAll(t, goMod, map[string]string{
		"form/form.go": "package form\n\ntype Builder struct{}\n\nfunc (b *Builder) Close() error { return nil }\n",
		"client.go": "package main\n\nimport (\n\t\"io\"\n\t\"example.com/app/form\"\n)\n\n" +
			"type Client struct{ newBuilder func(io.Writer) *form.Builder }\n\nvar defaultBuilder func() *form.Builder\n\n" +
			"func (c *Client) Upload(w io.Writer) {\n\tbuilder := c.newBuilder(w)\n\tbuilder.Close()\n\tdefaultBuilder().Close()\n}\n",
		"gins.go": "package main\n\nimport \"sync\"\n\ntype Engine struct{}\n\nfunc (e *Engine) Serve() {}\n\n" +
			"var engine = sync.OnceValue(func() *Engine { return &Engine{} })\n\nfunc Serve() {\n\tengine().Serve()\n}\n",
	})
	check(t, got,
		[]string{
			"client.go#Client.Upload -> form/form.go#Builder.Close [calls type]",
			"gins.go#Serve -> gins.go#Engine.Serve [calls name]",
		}, nil)
}
