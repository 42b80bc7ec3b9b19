package commands

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/pipeline"
	"github.com/lgraph/lgraph/snapshot"
	"github.com/lgraph/lgraph/store"
	"github.com/lgraph/lgraph/verify"
)

func newVerifyCommand(g *Globals) *cli.Command {
	return &cli.Command{
		Name:        "verify",
		Usage:       "rebuild the indexed commit in a scratch store and compare (exit 0, or 4 on drift)",
		Description: "Rebuilds the branch's indexed commit from nothing in a scratch store and compares node, edge, summary and module-doc sets with the published graph, printing every divergent item by kind and direction (missing: only the rebuild has it; stale: only the published graph has it).",
		Action:      func(c *cli.Context) error { return runVerify(c.Context, g) },
	}
}

type verifyResult struct {
	Branch string `json:"branch"`
	Commit string `json:"commit"`
	*verify.Report
}

func runVerify(ctx context.Context, g *Globals) error {
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	if err := v.RequireSnapshot(); err != nil {
		return err
	}
	ref, published, err := v.Env.Store.LoadPublished(v.Fresh.Branch)
	if err != nil || ref == nil {
		return fmt.Errorf("load published snapshot of %s: %v", v.Fresh.Branch, err)
	}
	rebuilt, err := rebuild(ctx, v.Env, ref, g.Getenv)
	if err != nil {
		return err
	}
	rep := verify.Compare(published, rebuilt)
	res := verifyResult{Branch: ref.Branch, Commit: ref.Commit, Report: rep}
	if err := g.emit(res, v.Fresh, func(w io.Writer) { printVerify(w, res) }); err != nil {
		return err
	}
	if !rep.OK() {
		return reported{drift(fmt.Errorf("%d divergent items between the published graph and a rebuild of %s", len(rep.Divergences), short(ref.Commit)))}
	}
	return nil
}

// rebuild indexes the ref's commit from nothing in a scratch store.
func rebuild(ctx context.Context, e *env, ref *store.Ref, getenv func(string) string) (*snapshot.Snapshot, error) {
	dir, err := os.MkdirTemp("", "lgraph-verify-*")
	if err != nil {
		return nil, fmt.Errorf("verify: scratch store: %w", err)
	}
	defer os.RemoveAll(dir)
	scratch, err := store.Open(dir, true)
	if err != nil {
		return nil, err
	}
	provider, _, err := pipeline.NewProvider(&e.Config.LLM, getenv)
	if err != nil {
		return nil, usageError("%v", err)
	}
	if _, err := pipeline.Run(ctx, pipeline.Options{
		Repo: e.Repo, Store: scratch, Config: e.Config, Langs: e.Langs, Command: "verify", LLM: provider,
		Commit: ref.Commit, Ref: ref.Branch, Full: true,
	}); err != nil {
		return nil, fmt.Errorf("verify: rebuild %s: %w", short(ref.Commit), err)
	}
	_, snap, err := scratch.LoadPublished(ref.Branch)
	if err != nil {
		return nil, err
	}
	return snap, nil
}

func printVerify(w io.Writer, r verifyResult) {
	fmt.Fprintf(w, "verify %s at %s: compared %d nodes, %d edges, %d summaries, %d module docs\n", r.Branch, short(r.Commit),
		r.Compared[verify.Nodes], r.Compared[verify.Edges], r.Compared[verify.Summaries], r.Compared[verify.ModuleDocs])
	if r.OK() {
		fmt.Fprintln(w, "no drift: the published graph equals a rebuild")
		return
	}
	for _, d := range r.Divergences {
		fmt.Fprintf(w, "  %-7s %-10s %s\n", d.Direction, d.Category, d.Item)
	}
	fmt.Fprintf(w, "drift: %d divergent items; run lgraph update --full to rebuild\n", len(r.Divergences))
}
