package explicit

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/lang"
	"github.com/lgraph/lgraph/snapshot"
)

// resolveAll parses the files with the real extractors and resolves them
// against one index, returning every calls/references/imports edge as
// "source -> target [kind by]" with the ids shortened to path#name.
func resolveAll(t *testing.T, project *lang.Project, files map[string]string) []string {
	t.Helper()
	langs := lang.Default()
	parsers := lang.NewParsers()
	snap := snapshot.MapSource{}
	for path, src := range files {
		spec := langs.ByExtension(path)
		if spec == nil {
			t.Fatalf("no language for %s", path)
		}
		ff, err := parsers.Extract(context.Background(), spec, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		snap[path] = &snapshot.File{Path: path, Lang: spec.Name, Facts: ff}
	}
	if project == nil {
		project = &lang.Project{}
	}
	idx := BuildIndex(snapshot.NewFileSet(snap), langs, project)
	var out []string
	paths, _ := snap.Paths()
	for _, p := range paths {
		for _, e := range Resolve(idx, snap[p]).Edges {
			if e.Kind == EdgeContains {
				continue
			}
			out = append(out, fmt.Sprintf("%s -> %s [%s %s]", short(e.Source), short(e.Target), e.Kind, e.ResolvedBy))
		}
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
