package commands

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
)

type trustOptions struct {
	revoke bool
}

func newTrustCommand(g *Globals) *cli.Command {
	var opts trustOptions
	return &cli.Command{
		Name:  "trust",
		Usage: "obey the repository config's user-only settings (llm.*, store, gc.*) as they are now",
		Description: "A repository's .lgraph.yaml may describe the repository (include, exclude, thresholds, wiki " +
			"modules, extra secret patterns) but not choose where data, credentials, money or writes go, nor what deletes " +
			"your history: llm.provider, llm.base_url, llm.api_key_env, llm.model, prices, budgets, store, gc.* and " +
			"snapshots_per_repo are ignored there until you run lgraph trust. Any config file inside the repository (any " +
			"worktree, the git directory) is the repository's, whoever names it: --config, a hook, or HOME inside the " +
			"repository; trust another one with lgraph trust --config FILE. " +
			"Trust covers those values exactly, for that file: any change to them needs trusting again. " +
			"Records live under $XDG_DATA_HOME/lgraph/trust (~/.local/share/lgraph/trust). Exit codes: 0, 1, 2.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "revoke", Usage: "forget the trust given to this repository's config file", Destination: &opts.revoke},
		},
		Action: func(c *cli.Context) error { return runTrust(opts, g) },
	}
}

type trustResult struct {
	File     string         `json:"file"`
	Trusted  bool           `json:"trusted"`
	Settings map[string]any `json:"settings,omitempty"`
}

func runTrust(opts trustOptions, g *Globals) error {
	in, err := g.configInputs()
	if err != nil {
		return err
	}
	if opts.revoke {
		file, err := config.RevokeFile(in)
		if err != nil {
			return err
		}
		res := trustResult{File: file}
		return g.emit(res, nil, func(w io.Writer) { fmt.Fprintf(w, "trust of %s revoked\n", file) })
	}
	rec, err := config.AllowFile(in)
	if errors.Is(err, config.ErrNothingToTrust) {
		return usageError("%v", err)
	}
	if err != nil {
		return err
	}
	res := trustResult{File: rec.File, Trusted: true, Settings: rec.Settings}
	return g.emit(res, nil, func(w io.Writer) {
		fmt.Fprintf(w, "trusted %s for these values:\n", rec.File)
		for _, k := range slices.Sorted(maps.Keys(rec.Settings)) {
			fmt.Fprintf(w, "  %s = %v\n", k, rec.Settings[k])
		}
	})
}

// configInputs names the config files of the repository, as reads and
// writes load them.
func (g *Globals) configInputs() (config.Inputs, error) {
	dir := g.RepoDir
	if dir == "" {
		dir = "."
	}
	r, err := gitrepo.Open(dir)
	if err != nil {
		return config.Inputs{}, err
	}
	defer r.Close()
	return g.location().ConfigInputs(r, nil), nil
}
