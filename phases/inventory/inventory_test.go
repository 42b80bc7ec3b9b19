package inventory_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/inventory"
)

// TestNewRulesRelistTheTree publishes a snapshot as an older lgraph would
// have made it (its rules did not know pyproject.toml) and checks that the
// next update lists the tree again, so that it equals a fresh init, while
// an update under unchanged rules does not.
func TestNewRulesRelistTheTree(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{
		"pyproject.toml":        "[tool.setuptools.packages.find]\nwhere = [\"core\"]\n",
		"core/acme/__init__.py": "",
		"core/acme/util.py":     "def helper():\n    return 1\n",
		"app/main.py":           "import acme.util\n",
	})
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", false)

	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	ref, snap, err := s.LoadPublished("main")
	if err != nil {
		t.Fatal(err)
	}
	snap.Files.Delete("pyproject.toml")
	snap.Project.PythonRoots = nil
	snap.Versions["inventory"] = "inventory-1"
	ref.Versions = snap.Versions
	patch := []snapshot.Entry{{Key: snapshot.FileKey("pyproject.toml"), Tomb: true}, {Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(snap)}}
	if err := s.Patch(ref, patch, 16); err != nil {
		t.Fatal(err)
	}

	r.Write(map[string]string{"app/other.py": "x = 1\n"})
	r.Commit("unrelated")
	run := ix.MustRun(t, "update", false)
	if p := run.Phases[0]; p.Name != "inventory" || p.Mode != "full" {
		t.Errorf("inventory after a rules change: %s %s, want a full listing", p.Name, p.Mode)
	}
	fresh := lgtest.New(t, r.Dir)
	fresh.MustRun(t, "init", false)
	if diff := cmp.Diff(fresh.Export(t, "main"), ix.Export(t, "main")); diff != "" {
		t.Fatalf("update after a rules change differs from init (-init +update):\n%s", diff)
	}

	r.Write(map[string]string{"app/other.py": "x = 2\n"})
	r.Commit("again")
	run = ix.MustRun(t, "update", false)
	if p := run.Phases[0]; p.Mode != "incremental" {
		t.Errorf("inventory under unchanged rules (%s): %s, want incremental", inventory.Version, p.Mode)
	}
}
