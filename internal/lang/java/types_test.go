package java

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// calls lists a file's call refs as "qualifier.name recv=R args=A".
func calls(f *facts.File) []string {
	out := []string{}
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall {
			out = append(out, fmt.Sprintf("%s.%s recv=%s args=%s", r.Qualifier, r.Name, r.Recv, r.Args))
		}
	}
	return out
}

// TestJavaReceiverTypes: each receiver is replaced by the chain of its
// declared or inferred type, and each call carries its argument types.
func TestJavaReceiverTypes(t *testing.T) {
	src := `package app;

import java.util.List;
import lib.Client;
import lib.Outer.Inner;
import static lib.Util.helper;

class Service extends Base {
    private Client client;
    private final Store store = new Store();

    void run(Client c, List<Item> items, Object o) {
        c.get();
        client.get();
        this.store.save("k", 1);
        var made = new Client(2L);
        made.close();
        ((Store) o).save();
        if (o instanceof Item it) {
            it.use('c');
        }
        for (Item i : items) {
            i.use(1.5f);
        }
        items.forEach(x -> x.use());
        Store.open(null);
        String.valueOf(3);
        helper();
        super.run();
        super.name().trim();
        new Inner(client);
        build().save(new int[3]);
        new Runnable() {
            public void run() { tick(); own(); }
            void own() {}
        };
    }

    Store build() { return store; }
    void tick() {}
}
`
	f := langtest.Extract(t, Language(), src)
	want := []string{
		".Store recv= args=()",                       // new Store() in the field's initializer
		"c.get recv=@lib.Client|Client args=()",      // the parameter's type
		"client.get recv=@lib.Client|Client args=()", // the field's type
		"this.store.save recv=this.store args=(String,int)",
		".Client recv= args=(long)",
		"made.close recv=@lib.Client|Client args=()", // var takes the initializer's type
		"?.save recv=Store args=()",                  // a cast
		"it.use recv=Item args=(char)",               // an instanceof pattern
		"i.use recv=Item args=(float)",               // the enhanced for's declared type
		"items.forEach recv=- args=(?)",              // a library type
		"x.use recv=? args=()",                       // a lambda parameter
		"Store.open recv=Store args=(null)",
		"String.valueOf recv=- args=(int)",
		".helper recv=@lib.Util|Util args=()", // a static import
		"super.run recv= args=()",
		"super.name recv= args=()",
		"?.trim recv=super.name() args=()",           // the value of a base's method: the resolver types it
		".Inner recv=@lib.Outer|Outer args=(Client)", // an imported nested type
		".build recv= args=()",
		"?.save recv=build() args=(int[])",
		".Runnable recv=- args=()",
		".tick recv= args=()", // the enclosing class's
		".own recv=- args=()", // the anonymous class's own: no symbol
	}
	if diff := cmp.Diff(want, calls(f)); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
}

// TestJavaParamsAndTypes: methods carry their parameter types and result
// type chains; fields and enum constants their types; type variables read
// as their bounds in parameter lists.
func TestJavaParamsAndTypes(t *testing.T) {
	src := `package app;

import java.io.Reader;
import lib.Node;

class Tree<T extends Node> {
    Node root;
    int size;

    Tree(int capacity) {}
    Node find(String key, int depth) { return root; }
    <U> void visit(U value, T node, Reader in, Object... rest) {}
    T first(T[] all) { return null; }
    enum Color { RED }
}

record Point(int x, int y) {
    Point {}
}
`
	f := langtest.Extract(t, Language(), src)
	type sig struct{ Type, Params string }
	got := map[string]sig{}
	for _, s := range f.Symbols {
		got[s.Qualified] = sig{s.Type, s.Params}
	}
	want := map[string]sig{
		"Tree":           {"", ""},
		"Tree.root":      {"@lib.Node|Node", ""},
		"Tree.size":      {"-", ""},
		"Tree.Tree":      {"", "(int)"},
		"Tree.find":      {"@lib.Node|Node", "(String,int)"},
		"Tree.visit":     {"-", "(?,Node,Reader,Object...)"},
		"Tree.first":     {"@lib.Node|Node", "(Node[])"},
		"Tree.Color":     {"", ""},
		"Tree.Color.RED": {"Tree.Color", ""},
		"Point":          {"", ""},
		"Point.Point":    {"", "(int,int)"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("symbol types (-want +got):\n%s", diff)
	}
}

// TestJavaArgumentTypes: literals, operators, library results and
// constants give argument types; what the file cannot tell is "?".
func TestJavaArgumentTypes(t *testing.T) {
	src := `package app;

import java.io.StringReader;
import java.util.Objects;

class A {
    int count;
    String name() { return ""; }
    long name(int i) { return 0; }

    void f(String s, int[] xs, StringReader r, Thing th) {
        g(1 + 2L, "a" + 1, 'c' == 'd', !true, -xs[0], xs.length);
        g(s.length(), Integer.MAX_VALUE, Objects.requireNonNull(r, "r"), this.count, name(), name(1));
        g(new int[2][], new Thing(), th.unknown(), flag ? 1 : 2, (double) 1, 0x1F, 1e3, 2f);
        g(true, false, null, 'x', "s");
    }
}
`
	f := langtest.Extract(t, Language(), src)
	var got []string
	for _, r := range f.Refs {
		if r.Name == "g" {
			got = append(got, r.Args)
		}
	}
	want := []string{
		"(long,String,boolean,boolean,int,int)",
		"(int,int,-StringReader,int,-String,long)", // a declared String is the library's
		"(int[][],Thing,?,int,double,int,double,float)",
		"(boolean,boolean,null,char,String)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("argument types (-want +got):\n%s", diff)
	}
}
