package commands

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/answer"
)

func newConfigCommand(g *Globals) *cli.Command {
	return &cli.Command{
		Name:  "config",
		Usage: "the effective config, with where each value came from",
		Description: "Prints every key's effective value and its source: default, user (the user's config file, " +
			"$XDG_CONFIG_HOME/lgraph/config.yaml, or --config, outside the repository), repo (.lgraph.yaml, or any " +
			"config file inside the repository: any of its worktrees or its git directory), env (LGRAPH_<SECTION>_<KEY>) " +
			"or flag. Keys marked user-only are obeyed from a repository file only after `lgraph trust`; a repository " +
			"value that was ignored is shown with the reason.",
		Action: func(c *cli.Context) error { return runConfig(g) },
	}
}

type configEntry struct {
	Key      string        `json:"key"`
	Value    any           `json:"value"`
	Source   config.Source `json:"source"`
	Env      string        `json:"env"`
	UserOnly bool          `json:"user_only"`
	// Ignored says why a repository file's value for this key was not obeyed.
	Ignored string `json:"ignored,omitempty"`
}

type configResult struct {
	UserFile string           `json:"user_file"`
	RepoFile string           `json:"repo_file"`
	Trust    string           `json:"trust"`
	Store    string           `json:"store"`
	Ignored  []config.Ignored `json:"ignored"`
	// Items are the keys, in the order config.Keys lists them.
	answer.List[configEntry]
}

func runConfig(g *Globals) error {
	e, err := g.open(true, nil)
	if err != nil {
		return err
	}
	l := e.Loaded
	res := configResult{UserFile: l.UserFile, RepoFile: l.RepoFile, Trust: trustState(l), Store: e.Store.Dir,
		Ignored: append([]config.Ignored{}, l.Ignored...)}
	ignored := map[string]string{}
	for _, ig := range l.Ignored {
		ignored[ig.Key] = ig.Reason
	}
	values := l.Values()
	var keys []configEntry
	for _, k := range config.Keys() {
		keys = append(keys, configEntry{Key: k, Value: values[k], Source: l.Sources[k], Env: config.EnvName(k),
			UserOnly: config.UserOnly(k), Ignored: ignored[k]})
	}
	res.List = answer.Cut(keys, answer.Page{})
	return g.emit(res, nil, func(w io.Writer) { printConfig(w, res) })
}

// trustState names what happened to the repository file's user-only
// settings: none set, trusted, or ignored.
func trustState(l *config.Loaded) string {
	switch {
	case len(l.Pending) == 0:
		return "none"
	case l.Trusted:
		return "trusted"
	}
	return "ignored"
}

func printConfig(w io.Writer, res configResult) {
	orNone := func(s string) string {
		if s == "" {
			return "(none)"
		}
		return s
	}
	fmt.Fprintf(w, "# user config: %s\n# repo config: %s (user-only settings: %s)\n# store: %s\n",
		orNone(res.UserFile), orNone(res.RepoFile), res.Trust, res.Store)
	for _, c := range res.Items {
		note := string(c.Source)
		if c.UserOnly {
			note += ", user-only"
		}
		if c.Ignored != "" {
			note += "; repo value ignored: " + c.Ignored + " (lgraph trust allows it)"
		}
		fmt.Fprintf(w, "%-28s = %-40v # %s\n", c.Key, fmt.Sprint(c.Value), note)
	}
}
