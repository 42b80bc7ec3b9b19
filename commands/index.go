package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/lgraph/lgraph/internal/actions"
	"github.com/lgraph/lgraph/internal/membudget"
	"github.com/lgraph/lgraph/internal/store"
)

// indexOptions are what init and update share.
type indexOptions struct {
	command  string
	full     bool
	wait     bool
	dryRun   bool
	budget   int
	usd      float64
	worktree bool
}

// runIndex runs the pipeline and prints the run summary.
func runIndex(ctx context.Context, opts indexOptions, g *Globals) error {
	overrides := map[string]string{}
	if opts.budget > 0 {
		overrides["llm.budget_tokens"] = fmt.Sprint(opts.budget)
	}
	if opts.usd > 0 {
		overrides["llm.budget_usd"] = fmt.Sprint(opts.usd)
	}
	e, err := g.open(true, overrides)
	if err != nil {
		return err
	}
	// The budget bounds the run's heap whatever the repository's size;
	// a GOMEMLIMIT or GOGC the user set wins over it. A full run holds a
	// live heap that grows with the repository, and collects less often
	// under a soft limit (membudget.TuneFullRun); an update's live heap is
	// small, and Go's defaults suit it.
	budget := membudget.FromMB(e.Config.MemoryMB)
	if opts.command == "init" || opts.full {
		defer budget.TuneFullRun(g.Getenv)()
	} else {
		budget.Apply(g.Getenv)
	}
	run, err := actions.Index(ctx, e, actions.IndexOptions{
		Command: opts.command, Full: opts.full, Wait: opts.wait, DryRun: opts.dryRun, Worktree: opts.worktree,
		Progress: newProgress(g), Failpoint: g.failpoint(), Getenv: g.Getenv, Warn: g.warnOnce,
		Notify: func(s string) { g.stderrf("lgraph: %s\n", s) }, Trace: g.stepTrace(),
	})
	if run == nil {
		return err
	}
	if err != nil {
		if g.JSON {
			return g.fail(run, nil, err, nil)
		}
		printHuman(g.Stderr, func(w io.Writer) { printRun(w, run) })
		return err
	}
	return g.emit(run, nil, func(w io.Writer) {
		if !g.Quiet {
			printRun(w, run)
		}
	})
}

func printRun(w io.Writer, r *store.Run) {
	from := "(none)"
	if r.From != nil {
		from = short(*r.From)
	}
	if r.ID == 0 {
		fmt.Fprintf(w, "%s on %s: already indexed at %s, %s\n", r.Command, r.Branch, short(r.To), r.Outcome)
		return
	}
	fmt.Fprintf(w, "run %d %s on %s: %s..%s %s\n", r.ID, r.Command, r.Branch, from, short(r.To), r.Outcome)
	c := r.Changes
	fmt.Fprintf(w, "  changes: %d added, %d modified, %d deleted, %d renamed\n", c.Added, c.Modified, c.Deleted, c.Renamed)
	for _, p := range r.Phases {
		line := fmt.Sprintf("  %-10s %-11s files=%d", p.Name, p.Mode, p.Files)
		for _, k := range sortedKeys(p.Extra) {
			line += fmt.Sprintf(" %s=%d", k, p.Extra[k])
		}
		if p.Tokens.Prompt+p.Tokens.Completion > 0 {
			line += fmt.Sprintf(" tokens=%d+%d %s", p.Tokens.Prompt, p.Tokens.Completion, dollars(p.CostUSD, r.CostUnknown))
		}
		line += fmt.Sprintf(" %dms", p.MS)
		if p.Reason != "" {
			line += " (" + p.Reason + ")"
		}
		if p.Note != "" {
			line += "; " + p.Note
		}
		fmt.Fprintln(w, line)
	}
	if r.Root != "" {
		fmt.Fprintf(w, "  content root: %s\n", r.Root)
	}
	if r.Tokens.Prompt+r.Tokens.Completion > 0 {
		fmt.Fprintf(w, "  tokens: %d prompt, %d completion, %s\n", r.Tokens.Prompt, r.Tokens.Completion, dollars(r.CostUSD, r.CostUnknown))
		fmt.Fprintf(w, "  requests: %s\n", requestsLine(r))
	}
	fmt.Fprintf(w, "  %dms\n", r.MS)
	if r.Error != "" {
		fmt.Fprintf(w, "  error: %s\n", strings.TrimSpace(r.Error))
	}
	for _, warning := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", warning)
	}
}

// dollars renders a cost, or says it is unknown and how to make it known.
func dollars(usd float64, unknown bool) string {
	if unknown {
		return "$ unknown (set llm.prices for the model)"
	}
	return fmt.Sprintf("$%.4f", usd)
}

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// requestsLine says how many model requests a run made and what share of
// the prompt tokens of the phases that report it went to system prompts,
// which every request repeats (docs/llm.md, Requests).
func requestsLine(r *store.Run) string {
	n, system, prompt := r.Requests()
	line := plural(n, "request")
	if system > 0 && prompt > 0 {
		line += fmt.Sprintf(", system prompts %d of %d prompt tokens (%.1f%%)", system, prompt, 100*float64(system)/float64(prompt))
	}
	return line
}
