package explicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// resolveSites resolves the files and returns each file's unresolved
// call sites.
func resolveSites(t *testing.T, project *lang.Project, files map[string]string) map[string][]snapshot.Site {
	t.Helper()
	out := map[string][]snapshot.Site{}
	for p, res := range resolveFiles(t, project, files) {
		if len(res.Sites) > 0 {
			out[p] = res.Sites
		}
	}
	return out
}

// TestUnresolvedSites: a call on a receiver whose type is unknown is
// recorded with its name, receiver, enclosing symbol and line; calls that
// resolve, calls on a typed receiver lacking the member, calls into an
// outside package and bare calls of unknown names are not.
func TestUnresolvedSites(t *testing.T) {
	got := resolveSites(t, nil, map[string]string{
		"lib/greet.py": "class Greeter:\n    def hello(self):\n        pass\n",
		"app/use.py": "import os\nfrom lib.greet import Greeter\n\n" +
			"def f(x):\n    x.hello()\n    Greeter().hello()\n    Greeter().bye()\n    os.getcwd()\n    print(x)\n    x.y.hello()\n",
	})
	want := map[string][]snapshot.Site{"app/use.py": {
		{Name: "hello", Receiver: "x", From: "f", Line: 5},
		{Name: "hello", Receiver: "x.y", From: "f", Line: 10},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sites (-want +got):\n%s", diff)
	}
}

// TestUnresolvedSitesGo: in Go, a method called on a value of a type
// outside the repository is typed, so not recorded.
func TestUnresolvedSitesGo(t *testing.T) {
	got := resolveSites(t, goMod, map[string]string{
		"a/a.go": "package a\n\nimport \"strings\"\n\ntype T struct{}\n\nfunc (T) Write() {}\n\n" +
			"func F() {\n\tvar b strings.Builder\n\tb.WriteString(\"x\")\n\tvar t T\n\tt.Write()\n}\n",
	})
	if len(got) != 0 {
		t.Errorf("sites %+v, want none", got)
	}
}

// TestUnresolvedSitesJavaSuperValue: a call on what a base's method
// returns (super.getName().trim()) is typed through the base, so a String
// result is outside the repository and not an unresolved site, while a
// repository result reaches its method.
func TestUnresolvedSitesJavaSuperValue(t *testing.T) {
	files := map[string]string{
		"src/app/Person.java": "package app;\n\npublic class Person {\n" +
			"    public String getName() { return \"\"; }\n" +
			"    public Address home() { return new Address(); }\n}\n",
		"src/app/Address.java": "package app;\n\npublic class Address {\n    public String city() { return \"\"; }\n}\n",
		"src/app/Nurse.java": "package app;\n\npublic class Nurse extends Person {\n" +
			"    public String getName() { return super.getName().trim(); }\n" +
			"    public String town() { return super.home().city(); }\n}\n",
	}
	if got := resolveSites(t, nil, files); len(got) != 0 {
		t.Errorf("sites %+v, want none", got)
	}
	var cities int
	for _, e := range resolveFiles(t, nil, files)["src/app/Nurse.java"].Edges {
		if e.Target == "sym:src/app/Address.java#Address.city" && e.Source == "sym:src/app/Nurse.java#Nurse.town" {
			cities++
		}
	}
	if cities != 1 {
		t.Errorf("super.home().city() reached Address.city %d times, want once", cities)
	}
}
