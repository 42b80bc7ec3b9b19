package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// containerFiles are a module whose function is annotated as returning a
// list of one class, and a module that loops over its result (which it
// cannot read the annotation of).
var containerFiles = map[string]string{
	"pkg/__init__.py": "",
	"pkg/models.py": "class Foo:\n    def run(self):\n        pass\n\n\nclass Bar:\n    def run(self):\n        pass\n\n\n" +
		"def items() -> list[Foo]:\n    return []\n",
	"pkg/use.py": "from pkg.models import items\n\n\ndef loop():\n    for x in items():\n        x.run()\n",
}

const (
	loopToFoo = `"source":"sym:pkg/use.py#loop","target":"sym:pkg/models.py#Foo.run","kind":"calls"`
	loopToBar = `"source":"sym:pkg/use.py#loop","target":"sym:pkg/models.py#Bar.run","kind":"calls"`
)

// TestContainerResultCallsFollowEdits: a loop's call on an element of
// another module's list follows edits of that module's annotation alone
// (the looping file does not change), and update's export equals init's
// after each.
func TestContainerResultCallsFollowEdits(t *testing.T) {
	models := func(result string) map[string]string {
		return map[string]string{"pkg/models.py": "from typing import Iterator\n\n\n" +
			"class Foo:\n    def run(self):\n        pass\n\n\nclass Bar:\n    def run(self):\n        pass\n\n\n" +
			"def items() -> " + result + ":\n    return []\n"}
	}
	r, inc := indexedRepo(t, containerFiles)
	converge(t, r, inc, []step{
		{name: "the result becomes a list of another class", change: func(r *gittest.Repo) {
			r.Write(models("list[Bar]"))
		}, want: []string{loopToBar}, absent: []string{loopToFoo}},
		{name: "the result becomes a mapping", change: func(r *gittest.Repo) {
			r.Write(models("dict[str, Bar]"))
		}, absent: []string{loopToFoo, loopToBar}},
		{name: "the result becomes an iterator of the first class again", change: func(r *gittest.Repo) {
			r.Write(models("Iterator[Foo]"))
		}, want: []string{loopToFoo}, absent: []string{loopToBar}},
	})
}
