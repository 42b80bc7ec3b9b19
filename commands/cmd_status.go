package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/store"
)

func newStatusCommand(g *Globals) *cli.Command {
	var list listOptions
	return &cli.Command{
		Name:        "status",
		Usage:       "branches, baselines, behind/dirty state and the last runs",
		Description: "Shows the current branch, HEAD, the indexed commit, how far behind it is, working-tree files whose content differs from the index, the content root, the last run and the store size.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "limit", Value: answer.DefaultLimit, Usage: "list at most `N` stale paths (0: all)", Destination: &list.limit},
			&cli.IntFlag{Name: "offset", Usage: "skip the first `N` stale paths", Destination: &list.offset},
		},
		Action: func(c *cli.Context) error {
			page, err := list.page()
			if err != nil {
				return err
			}
			return runStatus(c.Context, page, g)
		},
	}
}

func runStatus(ctx context.Context, page answer.Page, g *Globals) error {
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	full, err := v.Status()
	if err != nil {
		return err
	}
	res := answer.ShapeStatus(full, page, answer.StatusFixes{
		Init:   "run lgraph init",
		Update: "run lgraph update",
		Dirty:  "run lgraph update --worktree to index the uncommitted edits (or commit, then lgraph update)",
	})
	return g.emit(res, v.Fresh, func(w io.Writer) { printStatus(w, res) })
}

func printStatus(w io.Writer, r answer.Status) {
	fmt.Fprintf(w, "branch:   %s\nHEAD:     %s\n", r.Branch, r.Head)
	if u := r.UpdateRunning; u != nil {
		fmt.Fprintf(w, "update:   running since %s (pid %d)\n", u.Since.Format("2006-01-02 15:04:05Z"), u.PID)
	}
	if r.IndexedCommit == "" {
		fmt.Fprintf(w, "indexed:  never (run lgraph init)\n")
	} else {
		fmt.Fprintf(w, "indexed:  %s (%s)\n", r.IndexedCommit, standing(r.CommitsAhead, r.CommitsBehind))
	}
	fmt.Fprintf(w, "status:   %s", r.Status)
	if n := r.StalePaths.Total; n > 0 {
		fmt.Fprintf(w, " (%s)", plural(n, "stale file"))
	}
	fmt.Fprintln(w)
	for _, p := range r.StalePaths.Items {
		fmt.Fprintf(w, "  %s\n", p)
	}
	printMore(w, r.StalePaths)
	fmt.Fprintf(w, "root:     %s (%s)\n", r.ContentRoot, plural(r.LeafCount, "file"))
	printSkipped(w, r.FilesSkipped)
	if r.LastRun != nil {
		lr := r.LastRun
		fmt.Fprintf(w, "last run: %d %s %s at %s", lr.ID, lr.Command, lr.Outcome, lr.Started.Format("2006-01-02 15:04:05Z"))
		if lr.Tokens != (store.Tokens{}) {
			fmt.Fprintf(w, ", %s, %d+%d tokens, %s", plural(lr.Requests, "request"), lr.Tokens.Prompt, lr.Tokens.Completion, dollars(lr.CostUSD, lr.CostUnknown))
		}
		fmt.Fprintln(w)
	}
	if r.Explorer != "" {
		fmt.Fprintf(w, "explorer: %s\n", strings.TrimPrefix(r.Explorer, "model explorer "))
	}
	for _, b := range r.Branches {
		fmt.Fprintf(w, "  branch %-20s %s\n", b.Branch, short(b.Commit))
	}
	fmt.Fprintf(w, "store:    %s (%.1f MB)\n", r.StoreDir, float64(r.StoreBytes)/1e6)
	if f := r.HookFailure; f != nil {
		fmt.Fprintf(w, "hooks:    the update %s started at %s failed (exit %d): %s\n          see %s\n",
			f.Hook, f.Time.Format("2006-01-02 15:04:05Z"), f.Exit, f.Error, f.Log)
	}
	if r.Hint != "" && r.IndexedCommit != "" {
		fmt.Fprintf(w, "hint:     %s\n", r.Hint)
	}
}

// printSkipped says how many files the index left out, by reason: their
// path, their git attributes or an LFS pointer.
func printSkipped(w io.Writer, skipped map[string]int) {
	if len(skipped) == 0 {
		return
	}
	total, parts := 0, []string{}
	for _, reason := range sortedKeys(skipped) {
		total += skipped[reason]
		parts = append(parts, fmt.Sprintf("%s %d", reason, skipped[reason]))
	}
	fmt.Fprintf(w, "skipped:  %s (%s)\n", plural(total, "file"), strings.Join(parts, ", "))
}

// standing says how the indexed commit and HEAD stand, as git status says
// it of a branch and its upstream, from the commits only one reaches.
func standing(ahead, behind int) string {
	switch {
	case ahead == 0:
		return plural(behind, "commit") + " behind"
	case behind == 0:
		return "the index is " + plural(ahead, "commit") + " ahead of HEAD"
	}
	return fmt.Sprintf("diverged: HEAD has %s the index lacks, the index %d that HEAD lacks", plural(behind, "commit"), ahead)
}
