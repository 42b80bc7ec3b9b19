package commands

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/answer"
	"github.com/lgraph/lgraph/gitrepo"
	"github.com/lgraph/lgraph/hooks"
)

func newHooksCommand(g *Globals) *cli.Command {
	sub := func(name, usage string, act func(dir string) ([]hooks.State, error)) *cli.Command {
		return &cli.Command{Name: name, Usage: usage, Action: func(*cli.Context) error { return runHooks(g, act) }}
	}
	return &cli.Command{
		Name:        "hooks",
		Usage:       "install, uninstall or show the git hooks that run lgraph update",
		Description: "post-merge, post-checkout and post-rewrite run `lgraph update --quiet --wait` in the background. Existing hooks are kept: lgraph adds and removes only its own marked block.",
		Subcommands: []*cli.Command{
			sub("install", "add lgraph's block to the hooks", func(dir string) ([]hooks.State, error) {
				bin, err := os.Executable()
				if err != nil {
					return nil, fmt.Errorf("hooks install: locate the lgraph binary: %w", err)
				}
				top, err := repoTop(g)
				if err != nil {
					return nil, err
				}
				return hooks.Install(dir, bin, top)
			}),
			sub("uninstall", "remove lgraph's block from the hooks", hooks.Uninstall),
			sub("status", "show which hooks run lgraph", hooks.Status),
		},
	}
}

func repoTop(g *Globals) (string, error) {
	dir := g.RepoDir
	if dir == "" {
		dir = "."
	}
	r, err := gitrepo.Open(dir)
	if err != nil {
		return "", err
	}
	defer r.Close()
	return r.Top, nil
}

func runHooks(g *Globals, act func(dir string) ([]hooks.State, error)) error {
	dir := g.RepoDir
	if dir == "" {
		dir = "."
	}
	r, err := gitrepo.Open(dir)
	if err != nil {
		return err
	}
	defer r.Close()
	states, err := act(filepath.Join(r.CommonDir, "hooks"))
	if err != nil {
		return err
	}
	return g.emit(answer.Cut(states, answer.Page{}), nil, func(w io.Writer) {
		for _, s := range states {
			fmt.Fprintf(w, "%-14s %-9s %s\n", s.Hook, s.Status, s.Path)
		}
	})
}
