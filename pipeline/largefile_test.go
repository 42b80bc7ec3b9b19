package pipeline_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// bigModule is a generated-API-like module: many definitions, of which an
// edit changes one, and a class whose base (here or in another module)
// decides where a call lands.
func bigModule(childBase, head string) string {
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("from api.other import Other\n\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, "class Filler%d:\n    value: int | None\n\n\n", i)
	}
	b.WriteString("class Base:\n    def hello(self):\n        return 1\n\n\n")
	fmt.Fprintf(&b, "class Child(%s):\n    pass\n", childBase)
	return b.String()
}

// largeFiles is the big module, a caller of the inherited method and a few
// dependents whose edges into the big module are explained.
func largeFiles() map[string]string {
	files := map[string]string{
		"api/__init__.py": "",
		"api/big.py":      bigModule("Base", ""),
		"api/other.py":    "class Other:\n    def hello(self):\n        return 2\n",
		"main.py":         "from api.big import Child\n\n\ndef run():\n    c = Child()\n    c.hello()\n",
	}
	for i := range 5 {
		files[fmt.Sprintf("dep%d.py", i)] = fmt.Sprintf("from api.big import Filler%d\n\n\ndef use():\n    return Filler%d()\n", i, i)
	}
	return files
}

// TestLargeFileEditsFollowChangedNames: edits of one definition of a large
// module re-resolve the files that looked up that name, however few of the
// module's names changed, and an edit that only moves definitions (a line
// added above them) or changes the module's summary keeps update equal to
// init. The caller's edge explanations, read without its references, follow
// its edges when re-resolution moves a call into another module.
func TestLargeFileEditsFollowChangedNames(t *testing.T) {
	const (
		toBase  = `"source":"sym:main.py#run","target":"sym:api/big.py#Base.hello","kind":"calls"`
		toOther = `"source":"sym:main.py#run","target":"sym:api/other.py#Other.hello","kind":"calls"`
	)
	r, inc := indexedRepo(t, largeFiles())
	if got := inc.Export(t, "main"); !strings.Contains(got, toBase) {
		t.Fatalf("init export lacks %s", toBase)
	}
	converge(t, r, inc, []step{
		{name: "one line moves the class onto another base", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"api/big.py": bigModule("Other", "")})
		}, want: []string{toOther}, absent: []string{toBase}},
		{name: "a line added at the top moves every definition", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"api/big.py": bigModule("Other", "import os\n")})
		}, want: []string{toOther}},
		{name: "a module doc changes its summary", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"api/big.py": bigModule("Other", "\"\"\"The generated API of the big service.\"\"\"\n")})
		}, want: []string{toOther}},
		{name: "a filler gains a method, another loses its field", change: func(r *gittest.Repo) {
			s := bigModule("Other", "\"\"\"The generated API of the big service.\"\"\"\n")
			s = strings.Replace(s, "class Filler3:\n    value: int | None\n", "class Filler3:\n    def value(self):\n        return 3\n", 1)
			s = strings.Replace(s, "class Filler4:\n    value: int | None\n", "class Filler4:\n    pass\n", 1)
			r.Write(map[string]string{"api/big.py": s})
		}, want: []string{toOther}},
		{name: "and back onto the first base", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"api/big.py": bigModule("Base", "")})
		}, want: []string{toBase}, absent: []string{toOther}},
	})
}
