package commands

import (
	"github.com/urfave/cli/v2"
)

// appName is the program's name in help and version text.
const appName = "lgraph"

// NewApp builds the lgraph CLI.
func NewApp(g *Globals) *cli.App {
	app := &cli.App{
		Name:      appName,
		Usage:     "a git-native incremental code-graph indexer",
		Version:   buildVersion(),
		Writer:    g.Stdout,
		ErrWriter: g.Stderr,
		Flags:     g.globalFlags(true),
		Commands: []*cli.Command{
			newInitCommand(g), newUpdateCommand(g), newStatusCommand(g), newLogCommand(g),
			newConfigCommand(g), newTrustCommand(g), newExportCommand(g), newVerifyCommand(g), newHooksCommand(g), newImplicitCommand(g), newWikiCommand(g),
			newDepsCommand(g), newRDepsCommand(g), newCallersCommand(g), newCalleesCommand(g),
			newImpactCommand(g), newSearchCommand(g), newShowCommand(g), newContextCommand(g), newMapCommand(g), newServeCommand(g), newGCCommand(g), newCompletionCommand(g),
			newPushCommand(g), newPullCommand(g),
		},
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			name := "lgraph"
			if c != nil && c.Command != nil && c.Command.Name != "" {
				name = "lgraph " + c.Command.Name
			}
			return usageError("%v (see %s --help)", err, name)
		},
		CustomAppHelpTemplate: cli.AppHelpTemplate + "\n" + exitHelp + "\n",
	}
	var wire func(parent string, cmds []*cli.Command)
	wire = func(parent string, cmds []*cli.Command) {
		for _, c := range cmds {
			c.Description += exampleText(parent + c.Name)
			c.Flags = append(c.Flags, g.globalFlags(false)...)
			c.Before = g.readGlobals
			if c.ArgsUsage == "" && len(c.Subcommands) == 0 {
				c.Before = rejectArgs(parent+c.Name, g.readGlobals)
			}
			c.OnUsageError = app.OnUsageError
			g.dispatch(c)
			c.Description += "\n\n" + exitHelp
			wire(c.Name+" ", c.Subcommands)
		}
	}
	wire("", app.Commands)
	return app
}

// rejectArgs refuses positional arguments to a command that takes none
// (lgraph status extra), which would otherwise be ignored in silence.
func rejectArgs(name string, next cli.BeforeFunc) cli.BeforeFunc {
	return func(c *cli.Context) error {
		if c.NArg() > 0 {
			return usageError("%s takes no arguments, got %q (see lgraph %s --help)", name, c.Args().First(), name)
		}
		return next(c)
	}
}
