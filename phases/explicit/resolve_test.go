package explicit

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/inventory/classify"
)

// resolveAll parses the files with the real extractors and resolves them
// against one index, returning every calls/references/imports edge as
// "source -> target [kind by]" with the ids shortened to path#name.
func resolveAll(t *testing.T, project *lang.Project, files map[string]string) []string {
	t.Helper()
	return edgeLines(resolveFiles(t, project, files))
}

// edgeLines are the resolutions' edges as resolveAll returns them.
func edgeLines(res map[string]snapshot.Resolution) []string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(res)) {
		for _, e := range res[p].Edges {
			if e.Kind == edgekind.Contains {
				continue
			}
			out = append(out, fmt.Sprintf("%s -> %s [%s %s]", short(e.Source), short(e.Target), e.Kind, e.ResolvedBy))
		}
	}
	return out
}

// resolveFiles parses the files with the real extractors and resolves
// them against one index, returning each file's resolution.
func resolveFiles(t *testing.T, project *lang.Project, files map[string]string) map[string]snapshot.Resolution {
	t.Helper()
	langs := all.Registry()
	parsers := lang.NewParsers()
	snap := snapshot.MapSource{}
	for path, src := range files {
		// The inventory's rules name the language, as in a run: a .h
		// header with C++ declarations is C++.
		name := classify.Rules{}.Language(path, classify.Describe([]byte(src)))
		if name == "" || name == lang.ProjectFile {
			t.Fatalf("no language for %s", path)
		}
		ff, err := parsers.Extract(context.Background(), langs.Get(name), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		snap[path] = &snapshot.File{Path: path, Lang: name, Facts: ff}
	}
	if project == nil {
		project = &lang.Project{}
	}
	idx := BuildIndex(snapshot.NewFileSet(snap), langs, project)
	out := make(map[string]snapshot.Resolution, len(snap))
	for p, f := range snap {
		out[p] = Resolve(idx, f)
	}
	return out
}

func short(id string) string { return strings.TrimPrefix(strings.TrimPrefix(id, "sym:"), "file:") }

func check(t *testing.T, got []string, want, absent []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing edge %q", w)
		}
	}
	for _, a := range absent {
		for _, g := range got {
			if strings.Contains(g, a) {
				t.Errorf("unwanted edge %q", g)
			}
		}
	}
	if t.Failed() {
		t.Logf("edges:\n  %s", strings.Join(got, "\n  "))
	}
}

var goMod = &lang.Project{GoModules: map[string]string{"": "example.com/app"}}

// TestGoReceiversThroughTypes: calls on locals, fields and results resolve
// through the types the source declares, across files and packages.
func TestGoReceiversThroughTypes(t *testing.T) {
	got := resolveAll(t, goMod, map[string]string{
		"store/store.go": "package store\n\ntype Store struct{ log *Logger }\n\nfunc New() *Store { return &Store{} }\n\nfunc (s *Store) Get() {}\n",
		"store/log.go":   "package store\n\ntype Logger struct{}\n\nfunc (l *Logger) Printf() {}\n\ntype Other struct{}\n\nfunc (o Other) Get() {}\n",
		"main.go": "package main\n\nimport (\n\t\"sync\"\n\t\"example.com/app/store\"\n)\n\nvar mu sync.Mutex\n\n" +
			"func main() {\n\ts := store.New()\n\ts.Get()\n\tmu.Lock()\n\tvar st store.Store\n\tst.log.Printf()\n}\n",
		"lock.go": "package main\n\ntype Locker struct{}\n\nfunc (Locker) Lock() {}\n",
	})
	check(t, got,
		[]string{
			"main.go#main -> store/store.go#New [calls import]",
			"main.go#main -> store/store.go#Store.Get [calls type]",
			"main.go#main -> store/log.go#Logger.Printf [calls type]",
			"main.go -> store/store.go [imports ]",
			"main.go -> store/log.go [imports ]",
		},
		// mu is a sync.Mutex: its Lock is not the repository's only Lock.
		[]string{"main.go#main -> lock.go#Locker.Lock", "main.go#main -> store/log.go#Other.Get"})
}

// TestGoTestFilesAreInvisible: a Go file outside tests can neither call into
// nor import a _test.go file; a test file can.
func TestGoTestFilesAreInvisible(t *testing.T) {
	got := resolveAll(t, goMod, map[string]string{
		"lib/lib.go":      "package lib\n\nfunc Real() {}\n",
		"lib/lib_test.go": "package lib\n\nfunc helper() {}\n\nfunc TestX() { helper(); Real() }\n",
		"lib/use.go":      "package lib\n\nfunc use() { helper() }\n",
		"main.go":         "package main\n\nimport \"example.com/app/lib\"\n\nfunc main() { lib.Real() }\n",
	})
	check(t, got,
		[]string{"lib/lib_test.go#TestX -> lib/lib_test.go#helper [calls scope]", "lib/lib_test.go#TestX -> lib/lib.go#Real [calls scope]",
			"main.go -> lib/lib.go [imports ]"},
		[]string{"lib/use.go#use -> lib/lib_test.go", "main.go -> lib/lib_test.go"})
}

// TestGoConversionIsAReference: T(x) converts; it calls nothing.
func TestGoConversionIsAReference(t *testing.T) {
	got := resolveAll(t, goMod, map[string]string{
		"a.go": "package a\n\ntype Name string\n\nfunc f(s string) Name { return Name(s) }\n",
	})
	check(t, got, []string{"a.go#f -> a.go#Name [references scope]"}, []string{"[calls"})
}

// TestPythonReexportsAndSuper: a package __init__ re-exports a name; super()
// reaches the base class's method, never the method itself; an imported
// outside name never lands on a same-named repository function.
func TestPythonReexportsAndSuper(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "from .impl import Client\n",
		"pkg/impl.py":     "class Client:\n    def get(self):\n        pass\n\n\nclass Base:\n    def save(self):\n        pass\n",
		"app.py": "from urllib.parse import unquote\nfrom pkg import Client\nfrom pkg.impl import Base\n\n\n" +
			"class Model(Base):\n    def save(self):\n        super().save()\n\n\n" +
			"def run():\n    c = Client()\n    c.get()\n    unquote('x')\n",
		"util.py": "def unquote(s):\n    return s\n",
	})
	check(t, got,
		[]string{"app.py#run -> pkg/impl.py#Client [calls import]", "app.py#Model.save -> pkg/impl.py#Base.save [calls type]",
			"app.py -> pkg/__init__.py [imports ]"},
		[]string{"app.py#Model.save -> app.py#Model.save", "-> util.py#unquote"})
}

// TestLocalDefinitionsShadow: a function defined inside the caller wins
// over a same-named definition elsewhere in the file.
func TestLocalDefinitionsShadow(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"m.py": "def helper():\n    pass\n\n\ndef outer():\n    def helper():\n        pass\n    helper()\n",
	})
	check(t, got, []string{"m.py#outer -> m.py#outer.helper [calls scope]"}, []string{"m.py#outer -> m.py#helper ["})
}

// TestSuperIsTheBase: super.m() in Java and JavaScript reaches the base
// class's m, never the overriding method.
func TestSuperIsTheBase(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"web/base.ts":  "export class Base {\n  save() {}\n}\n",
		"web/model.ts": "import { Base } from './base'\n\nexport class Model extends Base {\n  save() {\n    super.save()\n  }\n}\n",
	})
	check(t, got, []string{"web/model.ts#Model.save -> web/base.ts#Base.save [calls type]"}, []string{"web/model.ts#Model.save -> web/model.ts#Model.save"})
}

// TestPythonNamespacePackage: "from pkg import mod" where pkg has no
// __init__.py binds the submodule.
func TestPythonNamespacePackage(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"ns/config.py": "def load():\n    pass\n",
		"app.py":       "from ns import config\n\n\ndef run():\n    config.load()\n",
	})
	check(t, got, []string{"app.py#run -> ns/config.py#load [calls import]", "app.py -> ns/config.py [imports ]"}, nil)
}

// TestTSResolvesThroughTypes: TypeScript calls on typed parameters, locals,
// fields (declared and constructor parameter properties), results of calls
// and renamed or re-exported imports reach the declaring class's method by
// type; consts and properties holding functions are what their calls call;
// a standard global never lands on a repository method of the same name.
func TestTSResolvesThroughTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/sub.ts": "export class Subscriber {\n  param(): void {}\n  field(): void {}\n  injected(): void {}\n" +
			"  local(): void {}\n  result(): void {}\n  keys(): void {}\n}\n" +
			"export interface Provider {\n  setTimeout: Handler;\n}\n" +
			"export const provider: Provider = { setTimeout: () => 0 };\n" +
			"export const map = dual(2, (a, f) => f(a));\n" +
			"export function make(): Subscriber { return new Subscriber(); }\n",
		"src/index.ts": "export { Subscriber as Sub, make } from './sub';\n",
		"src/use.ts": "import { Sub, make as create } from './index';\nimport { provider, map } from './sub';\n\n" +
			"class Holder {\n  private held: Sub | undefined;\n  constructor(private readonly given: Sub) {}\n" +
			"  run(s: Sub) {\n    s.param();\n    this.held!.field();\n    this.given.injected();\n" +
			"    const local = create();\n    local.local();\n    create().result();\n" +
			"    provider.setTimeout();\n    map(1);\n    Object.keys(s);\n  }\n}\n",
	})
	var want []string
	for _, m := range []string{"param", "field", "injected", "local", "result"} {
		want = append(want, "src/use.ts#Holder.run -> src/sub.ts#Subscriber."+m+" [calls type]")
	}
	want = append(want,
		"src/use.ts#Holder.run -> src/sub.ts#make [calls import]",
		"src/use.ts#Holder.run -> src/sub.ts#Provider.setTimeout [calls type]",
		"src/use.ts#Holder.run -> src/sub.ts#map [calls import]")
	check(t, got, want, []string{"src/use.ts#Holder.run -> src/sub.ts#Subscriber.keys"})
}

// TestTSUntypedParamsAreLocals: a JavaScript parameter of unknown type is
// neither the enclosing class (self is a common parameter name) nor a
// namespace import it shadows.
func TestTSUntypedParamsAreLocals(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/fiber.ts": "export function id(): number { return 1; }\n",
		"src/use.ts": "import * as fiber from './fiber';\n\n" +
			"export function interrupt(self) { return self.interrupt(); }\n" +
			"export function ids(fiber) { return fiber.id(); }\n" +
			"export function direct() { return fiber.id(); }\n",
	})
	check(t, got, []string{"src/use.ts#direct -> src/fiber.ts#id [calls import]"},
		[]string{"src/use.ts#interrupt -> src/use.ts#interrupt", "src/use.ts#ids -> src/fiber.ts#id"})
}

// TestJavaOverloadsByArguments: a call links to the overload its argument
// types fit, the most specific of several, inherited ones included; a
// call no overload takes, or one several fit alike, links to none.
func TestJavaOverloadsByArguments(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/Base.java": "package lib;\n\npublic class Base {\n    public void put(Object[] all) {}\n}\n",
		"lib/Util.java": "package lib;\n\npublic class Util extends Base {\n" +
			"    public static void put(int x) {}\n    public static void put(String s) {}\n    public static void put(long x, long y) {}\n" +
			"    public void put(Object o) {}\n    public static void pair(Thing a, int b) {}\n    public static void pair(Other a, int b) {}\n" +
			"    public static void copy(java.io.Reader r) {}\n    public static void copy(java.io.InputStream in) {}\n}\n",
		"app/Main.java": "package app;\n\nimport java.io.StringReader;\nimport lib.Util;\n\nclass Main {\n" +
			"    void ints() { Util.put(1); }\n    void strings(String s) { Util.put(s); }\n    void longs() { Util.put(1, 2); }\n" +
			"    void arrays(Util u, Object[] xs) { u.put(xs); }\n    void wrong() { Util.put(1, 2, 3); }\n" +
			"    void unknown(Object a) { Util.pair(a.hashCode() > 0 ? null : null, 1); }\n" +
			"    void reader(StringReader r) { Util.copy(r); }\n}\n",
	})
	check(t, got,
		[]string{
			"app/Main.java#Main.ints -> lib/Util.java#Util.put [calls type]",
			"app/Main.java#Main.strings -> lib/Util.java#Util.put~2 [calls type]",
			"app/Main.java#Main.longs -> lib/Util.java#Util.put~3 [calls type]",
			"app/Main.java#Main.arrays -> lib/Base.java#Base.put [calls type]",
			"app/Main.java#Main.reader -> lib/Util.java#Util.copy [calls type]",
		},
		[]string{"Main.wrong -> ", "Main.unknown -> lib/Util.java#Util.pair", "Main.reader -> lib/Util.java#Util.copy~2"})
}

// TestJavaConstructors: new T(...), this(...) and super(...) link to the
// constructor the arguments fit; a class without one is the class.
func TestJavaConstructors(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"p/Shape.java": "package p;\n\npublic class Shape {\n    public Shape() {}\n    public Shape(String name) {}\n\n" +
			"    public static class Part {\n        Part(int n) {}\n    }\n}\n",
		"p/Box.java": "package p;\n\nclass Box extends Shape {\n    Box() { this(1); }\n    Box(int n) { super(\"box\"); }\n" +
			"    void make() { new Shape(); new Shape.Part(2); new Plain(); }\n}\n",
		"p/Plain.java": "package p;\n\nclass Plain {}\n",
	})
	check(t, got,
		[]string{
			"p/Box.java#Box.Box -> p/Box.java#Box.Box~2 [calls type]",
			"p/Box.java#Box.Box~2 -> p/Shape.java#Shape.Shape~2 [calls type]",
			"p/Box.java#Box.make -> p/Shape.java#Shape.Shape [calls scope]",
			"p/Box.java#Box.make -> p/Shape.java#Shape.Part.Part [calls type]",
			"p/Box.java#Box.make -> p/Plain.java#Plain [calls scope]",
		},
		[]string{"Box.Box -> p/Box.java#Box.Box [", "Box.Box~2 -> p/Shape.java#Shape.Shape ["})
}

// TestJavaUnknownReceiverIsNoSelfCall: a receiver whose type the extractor
// cannot tell (a lambda's parameter) never lands on a same-named method,
// least of all the caller's own overloads.
func TestJavaUnknownReceiverIsNoSelfCall(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"p/Out.java": "package p;\n\nimport java.util.List;\n\nclass Out {\n" +
			"    void write(byte[] b) {}\n    void write(List<Out> all) { all.forEach(o -> o.write(null)); }\n}\n",
	})
	check(t, got, nil, []string{"Out.write~2 -> p/Out.java#Out.write"})
}

// TestJavaInheritedMembersInScope: a bare call in an inner class reaches a
// method its outer class inherits; a field no repository type declares,
// under a library base, is the library's (no guess at same-named methods).
func TestJavaInheritedMembersInScope(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"p/Base.java":  "package p;\n\nclass Base {\n    void validate(Object o) {}\n}\n",
		"p/List2.java": "package p;\n\nclass List2 extends Base {\n    class It {\n        void add(Object o) { validate(o); }\n    }\n}\n",
		"p/Proxy.java": "package p;\n\nimport java.io.FilterReader;\n\nabstract class Proxy extends FilterReader {\n" +
			"    Proxy() { super(null); }\n    int go() { return in.read(); }\n}\n",
		"p/Tee.java": "package p;\n\nclass Tee {\n    int read() { return 0; }\n}\n",
	})
	check(t, got,
		[]string{"p/List2.java#List2.It.add -> p/Base.java#Base.validate [calls scope]"},
		[]string{"Proxy.go -> p/Tee.java"})
}

// TestPythonThroughTypes: calls on attributes, properties, results,
// module variables and annotated or narrowed locals resolve through the
// types the Python extractor writes, across files and renamed imports; a
// receiver of unknown type makes no edge (no guess at a same-named method);
// "from .console import Console" binds no module named console.
func TestPythonThroughTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/client.py": "class Session:\n    def send(self):\n        pass\n\n\n" +
			"class Client:\n    def get(self):\n        pass\n\n    @property\n    def session(self) -> \"Session\":\n        return Session()\n\n\n" +
			"def make() -> Client:\n    return Client()\n\n\ndefault = Client()\n",
		"pkg/console.py": "class Console:\n    def print(self):\n        pass\n",
		"app.py": "from pkg.client import Client as C, make, default\nfrom pkg.console import Console\n\nconsole = Console()\n\n\n" +
			"class Service:\n    def __init__(self, c: C):\n        self.client = c\n\n" +
			"    def run(self, other):\n        self.client.get()\n        self.client.session.send()\n        make().get()\n" +
			"        default.get()\n        console.print()\n        other.get()\n        if isinstance(other, C):\n            other.session.send()\n",
	})
	check(t, got, []string{
		"app.py#Service.run -> pkg/client.py#Client.get [calls type]",
		"app.py#Service.run -> pkg/client.py#Session.send [calls type]",
		"app.py#Service.run -> pkg/console.py#Console.print [calls type]",
	}, nil)
	unguessed := resolveAll(t, nil, map[string]string{
		"pkg/client.py": "class Client:\n    def fetch(self):\n        pass\n",
		"app.py":        "def run(x):\n    x.fetch()\n",
	})
	check(t, unguessed, nil, []string{"app.py#run ->"})
}

// TestBasesOfBasesInOneFile: a method found two bases up, where the base
// class is defined in the caller's file, resolves (the base's own bases
// are followed).
func TestBasesOfBasesInOneFile(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"m.py": "class A:\n    def fail(self):\n        pass\n\n\nclass B(A):\n    pass\n\n\nclass C(B):\n    def run(self):\n        self.fail()\n",
	})
	check(t, got, []string{"m.py#C.run -> m.py#A.fail [calls type]"}, nil)
}
