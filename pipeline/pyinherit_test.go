package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// inheritFiles is issue 22's minimal case: a base class in one module, its
// subclass in a second, a call on an instance in a third.
var inheritFiles = map[string]string{
	"pkg/__init__.py":     "",
	"pkg/sub/__init__.py": "",
	"pkg/sub/base.py":     "class Base:\n    def hello(self):\n        return 1\n",
	"pkg/child.py":        "from .sub.base import Base\n\n\nclass Child(Base):\n    def other(self):\n        return 2\n",
	"main.py":             "from pkg.child import Child\n\n\ndef run():\n    c = Child()\n    c.hello()\n",
}

const (
	inheritedCall = `"source":"sym:main.py#run","target":"sym:pkg/sub/base.py#Base.hello","kind":"calls"`
	toBaseHello   = `"source":"sym:main.py#run","target":"sym:pkg/sub/base.py#Base.hello"`
)

func inheritSteps() []step {
	return []step{
		{name: "the base loses the method", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/sub/base.py": "class Base:\n    def bye(self):\n        return 1\n"})
		}, absent: []string{toBaseHello}},
		{name: "the base gets it back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/sub/base.py": inheritFiles["pkg/sub/base.py"]})
		}, want: []string{inheritedCall}},
		{name: "the base's module is deleted", change: func(r *gittest.Repo) { r.Remove("pkg/sub/base.py") },
			absent: []string{toBaseHello}},
		{name: "and added back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/sub/base.py": inheritFiles["pkg/sub/base.py"]})
		}, want: []string{inheritedCall}},
		{name: "the subclass overrides it", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/child.py": r.Read("pkg/child.py") + "\n    def hello(self):\n        return 3\n"})
		}, want: []string{`"source":"sym:main.py#run","target":"sym:pkg/child.py#Child.hello","kind":"calls"`},
			absent: []string{toBaseHello}},
		{name: "the override goes away", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/child.py": inheritFiles["pkg/child.py"]})
		}, want: []string{inheritedCall}},
		{name: "a middle class re-exported by the package takes over", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"pkg/__init__.py": "from .mid import Mid\n",
				"pkg/mid.py":      "from pkg.sub.base import Base\n\n\nclass Mid(Base):\n    def hello(self):\n        return 4\n",
				"pkg/child.py":    "from pkg import Mid\n\n\nclass Child(Mid):\n    def other(self):\n        return 2\n",
			})
		}, want: []string{`"source":"sym:main.py#run","target":"sym:pkg/mid.py#Mid.hello","kind":"calls"`}},
		{name: "the middle class drops its override", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/mid.py": "from pkg.sub.base import Base\n\n\nclass Mid(Base):\n    pass\n"})
		}, want: []string{inheritedCall}},
		{name: "the package re-exports another class under the name", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"pkg/__init__.py": "from .alt import Alt as Mid\n",
				"pkg/alt.py":      "class Alt:\n    def hello(self):\n        return 5\n",
			})
		}, want: []string{`"source":"sym:main.py#run","target":"sym:pkg/alt.py#Alt.hello","kind":"calls"`},
			absent: []string{toBaseHello}},
	}
}

// TestInheritedCallsFollowBaseEdits: a call that lands on a method a class
// inherits from another module follows every edit of the chain of bases,
// and update's export equals init's after each.
func TestInheritedCallsFollowBaseEdits(t *testing.T) {
	r, inc := indexedRepo(t, inheritFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, inheritedCall) {
		t.Fatalf("init export lacks %s", inheritedCall)
	}
	converge(t, r, inc, inheritSteps())
}
