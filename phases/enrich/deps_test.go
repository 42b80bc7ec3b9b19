package enrich

import (
	"reflect"
	"testing"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestDependenciesGroupByTarget: a file's dependencies are its import and
// call edges into other files that has finds, one per target in path
// order, each with its kinds, the names called and the symbols they
// resolve to, sorted and once each; a target imported alone names no
// call (nil, as for a file with no calls). Other edges, edges within the
// file and targets has does not find are left out.
func TestDependenciesGroupByTarget(t *testing.T) {
	self := nodeid.Symbol("app/a.go", "Main", 1)
	call := func(target, name string) snapshot.Edge {
		return snapshot.Edge{Source: self, Target: nodeid.Symbol(target, name, 1), Kind: edgekind.Calls, Via: name}
	}
	imp := func(target string) snapshot.Edge {
		return snapshot.Edge{Source: self, Target: nodeid.File(target), Kind: edgekind.Imports}
	}
	f := &snapshot.File{Path: "app/a.go"}
	f.Res.Edges = []snapshot.Edge{
		call("util/u.go", "B"), imp("util/u.go"), call("util/u.go", "A"), call("util/u.go", "B"),
		imp("lib/l.go"),
		call("app/a.go", "Helper"), // within the file
		imp("gone/g.go"),           // not found
		{Source: self, Target: nodeid.File("lib/l.go"), Kind: edgekind.Contains}, // no use
		call("core/c.go", "Do"),
	}
	has := func(p string) bool { return p != "gone/g.go" }
	want := []dependency{
		{target: "core/c.go", kinds: []string{edgekind.Calls}, names: []string{"Do"}, targets: []string{nodeid.Symbol("core/c.go", "Do", 1)}},
		{target: "lib/l.go", kinds: []string{edgekind.Imports}},
		{target: "util/u.go", kinds: []string{edgekind.Calls, edgekind.Imports}, names: []string{"A", "B"},
			targets: []string{nodeid.Symbol("util/u.go", "A", 1), nodeid.Symbol("util/u.go", "B", 1)}},
	}
	if got := dependencies(f, has); !reflect.DeepEqual(got, want) {
		t.Errorf("dependencies =\n%+v\nwant\n%+v", got, want)
	}
}
