package commands

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/hooks"
)

func newHooksCommand(g *Globals) *cli.Command {
	return &cli.Command{
		Name:  "hooks",
		Usage: "install, uninstall or show the git hooks that run lgraph update",
		Description: "post-merge, post-checkout and post-rewrite (and post-commit with --post-commit) run `lgraph hooks run`, " +
			"which starts `lgraph update --wait` in the background in the worktree where git fired the hook, appending its output " +
			"to hooks.log in the store. Hooks go where git runs them (core.hooksPath included); lgraph's line goes right after an " +
			"existing hook's first line, or the hook is moved aside and chained when it is not a shell script. --store and --config " +
			"given to install are kept in the hooks; a --config file inside the repository stays the repository's in every " +
			"worktree, its user-only settings obeyed only after lgraph trust --config FILE. Hook managers (husky, lefthook, pre-commit) are named with the line to add to their config.",
		Subcommands: []*cli.Command{
			{
				Name: "install", Usage: "add lgraph's line to the hooks",
				Flags:  []cli.Flag{&cli.BoolFlag{Name: "post-commit", Usage: "also run after every commit"}},
				Action: func(c *cli.Context) error { return runHooksInstall(g, c.Bool("post-commit")) },
			},
			{Name: "uninstall", Usage: "remove lgraph's line from the hooks", Action: func(*cli.Context) error { return runHooksUninstall(g) }},
			{Name: "status", Usage: "show which hooks run lgraph", Action: func(*cli.Context) error { return runHooksStatus(g) }},
			{
				Name: "run", Usage: "what an installed hook runs: start lgraph update in the background", ArgsUsage: "[HOOK [ARGS...]]",
				Flags: []cli.Flag{&cli.BoolFlag{Name: "foreground", Usage: "run the update here (the background process does)", Hidden: true}},
				Action: func(c *cli.Context) error {
					return runHookRun(c.Context, g, c.Args().Slice(), c.Bool("foreground"))
				},
			},
		},
	}
}

// hooksReport is hooks' --json result.
type hooksReport struct {
	hooks.Where
	Items     []hooks.State `json:"items"`
	Total     int           `json:"total"`
	Offset    int           `json:"offset"`
	Truncated bool          `json:"truncated"`
	// Advice is, per manager, what to add to its config.
	Advice map[string]string `json:"advice,omitempty"`
}

// locateHooks opens the repository the flags name and finds its hooks.
func locateHooks(g *Globals) (hooks.Where, string, error) {
	dir := g.RepoDir
	if dir == "" {
		dir = "."
	}
	r, err := gitrepo.Open(dir)
	if err != nil {
		return hooks.Where{}, "", err
	}
	defer r.Close()
	return hooks.Locate(r.Top, r.CommonDir, r.GitDir(), g.Getenv), filepath.Join(r.CommonDir, "hooks"), nil
}

// hookOptions are what an installed hook runs: this binary, with the
// --store and --config this command was given (made absolute).
func hookOptions(g *Globals, postCommit bool) (hooks.Options, error) {
	bin, err := os.Executable()
	if err != nil {
		return hooks.Options{}, fmt.Errorf("hooks install: locate the lgraph binary: %w", err)
	}
	o := hooks.Options{Binary: bin, PostCommit: postCommit}
	for _, f := range []struct{ flag, value string }{{"--config", g.ConfigFile}, {"--store", g.StoreDir}} {
		if f.value == "" {
			continue
		}
		abs, err := filepath.Abs(f.value)
		if err != nil {
			return o, fmt.Errorf("hooks install: %s %s: %w", f.flag, f.value, err)
		}
		o.Args = append(o.Args, f.flag, abs)
	}
	return o, nil
}

func runHooksInstall(g *Globals, postCommit bool) error {
	where, legacy, err := locateHooks(g)
	if err != nil {
		return err
	}
	o, err := hookOptions(g, postCommit)
	if err != nil {
		return err
	}
	if legacy != where.Dir {
		// git does not run these while core.hooksPath is set; an old
		// block left there would run twice if it were unset.
		if _, err := hooks.Uninstall(legacy); err != nil {
			return err
		}
	}
	states, err := hooks.Install(where.Dir, o)
	if err != nil {
		return err
	}
	return emitHooks(g, where, states, o)
}

func runHooksUninstall(g *Globals) error {
	where, legacy, err := locateHooks(g)
	if err != nil {
		return err
	}
	if legacy != where.Dir {
		if _, err := hooks.Uninstall(legacy); err != nil {
			return err
		}
	}
	states, err := hooks.Uninstall(where.Dir)
	if err != nil {
		return err
	}
	return emitHooks(g, where, states, hooks.Options{})
}

func runHooksStatus(g *Globals) error {
	where, _, err := locateHooks(g)
	if err != nil {
		return err
	}
	states, err := hooks.Status(where.Dir)
	if err != nil {
		return err
	}
	o, err := hookOptions(g, false)
	if err != nil {
		return err
	}
	return emitHooks(g, where, states, o)
}

func emitHooks(g *Globals, where hooks.Where, states []hooks.State, o hooks.Options) error {
	rep := hooksReport{Where: where, Items: states, Total: len(states)}
	var managed []string
	for _, s := range states {
		if s.Status == hooks.Installed {
			managed = append(managed, s.Hook)
		}
	}
	if len(managed) > 0 && o.Binary != "" {
		for _, m := range where.Managers {
			if rep.Advice == nil {
				rep.Advice = map[string]string{}
			}
			rep.Advice[m.Name] = m.Advice(managed, hooks.Command(o))
		}
	}
	return g.emit(rep, nil, func(w io.Writer) { printHooks(w, rep) })
}

func printHooks(w io.Writer, rep hooksReport) {
	fmt.Fprintf(w, "hooks dir: %s", rep.Dir)
	if rep.HooksPath != "" {
		fmt.Fprintf(w, " (core.hooksPath = %s)", rep.HooksPath)
	}
	fmt.Fprintln(w)
	for _, s := range rep.Items {
		line := fmt.Sprintf("%-14s %-9s %s", s.Hook, s.Status, s.Path)
		if s.Chained != "" {
			line += " (runs " + filepath.Base(s.Chained) + " after lgraph)"
		}
		fmt.Fprintln(w, line)
		if s.Status == hooks.Outdated {
			fmt.Fprintf(w, "  %s holds an older lgraph block that an exit earlier in the hook can skip: run lgraph hooks install\n", s.Hook)
		}
	}
	for _, m := range rep.Managers {
		fmt.Fprintf(w, "%s manages these hooks and rewrites them when it installs; to keep lgraph running:\n", m.Name)
		fmt.Fprint(w, rep.Advice[m.Name])
	}
}
