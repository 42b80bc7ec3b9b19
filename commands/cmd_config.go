package commands

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/config"
)

func newConfigCommand(g *Globals) *cli.Command {
	return &cli.Command{
		Name:        "config",
		Usage:       "the effective config, with where each value came from",
		Description: "Prints every key's effective value and its source: default, file (.lgraph.yaml or --config), env (LGRAPH_<SECTION>_<KEY>) or flag.",
		Action:      func(c *cli.Context) error { return runConfig(g) },
	}
}

type configEntry struct {
	Key    string        `json:"key"`
	Value  any           `json:"value"`
	Source config.Source `json:"source"`
	Env    string        `json:"env"`
}

func runConfig(g *Globals) error {
	e, err := g.open(true, nil)
	if err != nil {
		return err
	}
	values := e.Loaded.Values()
	var out []configEntry
	for _, k := range config.Keys() {
		out = append(out, configEntry{Key: k, Value: values[k], Source: e.Loaded.Sources[k], Env: config.EnvName(k)})
	}
	result := map[string]any{"file": e.Loaded.File, "store": e.Store.Dir, "keys": out}
	return g.emit(result, nil, func(w io.Writer) {
		file := e.Loaded.File
		if file == "" {
			file = "(none)"
		}
		fmt.Fprintf(w, "# config file: %s\n# store: %s\n", file, e.Store.Dir)
		for _, c := range out {
			fmt.Fprintf(w, "%-24s = %-40v # %s\n", c.Key, fmt.Sprint(c.Value), c.Source)
		}
	})
}
