package graph_test

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/graph"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/readview"
)

// TestModuleDOTOfThisRepository indexes lgraph's own repository (a real,
// several-hundred-file tree) and renders its module-level DOT export with
// Graphviz: the picture the issue asked for must render, in seconds.
func TestModuleDOTOfThisRepository(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes the whole repository")
	}
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("graphviz (dot) is not installed; .ci/run installs it")
	}
	top, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	ix := lgtest.New(t, top)
	if _, err := ix.Run(context.Background(), "init", true); err != nil {
		t.Skipf("the source tree is not a git checkout lgraph can index: %v", err)
	}
	e, err := readview.OpenEnv(readview.Location{RepoDir: top, StoreDir: ix.StoreDir}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Repo.Close()
	v, err := readview.Open(context.Background(), e)
	if err != nil || v.Snap == nil {
		t.Fatalf("open the index: %v", err)
	}
	full := graph.Build(v.Snap)
	mods, err := full.View(graph.ViewOptions{Level: "module"})
	if err != nil {
		t.Fatal(err)
	}
	if len(mods.Nodes) < 10 || len(mods.Edges) == 0 || len(mods.Nodes) >= len(full.Nodes)/10 {
		t.Fatalf("module view: %d nodes, %d edges (of %d nodes)", len(mods.Nodes), len(mods.Edges), len(full.Nodes))
	}
	var buf bytes.Buffer
	if err := graph.Write(&buf, mods, "dot"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = &buf
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("<svg")) {
		t.Fatalf("dot -Tsvg failed: %v\n%.2000s", err, out)
	}
	t.Logf("%d modules, %d edges rendered by dot in %v (%d files indexed)", len(mods.Nodes), len(mods.Edges), time.Since(start), len(v.Snap.Paths()))
}
