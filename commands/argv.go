package commands

import (
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/spell"
)

// urfave/cli v2 parses a command's flags the way the flag package does: up
// to the first positional argument. People type flags anywhere
// (lgraph callers X --json, lgraph --freshness require callers X), so
// placeFlags moves every flag after the command path and before the
// positional arguments before the app parses them.

// argShape is what placeFlags needs to know about the app: its commands
// and, for every flag name, whether the flag takes a value.
type argShape struct {
	app        *cli.App
	takesValue map[string]bool
	// appFlags are the flags the app itself parses (given before the
	// command they stay there).
	appFlags map[string]bool
}

// valueFlag is implemented by every urfave flag type; bool flags say false.
type valueFlag interface{ TakesValue() bool }

func newArgShape(app *cli.App) *argShape {
	s := &argShape{app: app, takesValue: map[string]bool{}, appFlags: map[string]bool{}}
	add := func(flags []cli.Flag, top bool) {
		for _, f := range flags {
			vf, ok := f.(valueFlag)
			for _, n := range f.Names() {
				s.takesValue[n] = ok && vf.TakesValue()
				if top {
					s.appFlags[n] = true
				}
			}
		}
	}
	add(app.Flags, true)
	var walk func([]*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, c := range cmds {
			add(c.Flags, false)
			walk(c.Subcommands)
		}
	}
	walk(app.Commands)
	for _, n := range []string{"help", "h", "version", "v"} {
		s.appFlags[n] = true
	}
	return s
}

// flagName is the name of a flag token ("--limit=5" is "limit"), or ""
// when the token is not a flag.
func flagName(tok string) (name string, inline bool) {
	if len(tok) < 2 || tok[0] != '-' {
		return "", false
	}
	name = strings.TrimLeft(tok, "-")
	name, _, inline = strings.Cut(name, "=")
	return name, inline
}

// placeFlags rewrites args (args[0] is the program) so that the app parses
// every flag wherever it was written: app flags stay before the command,
// all other flags follow the command path, then the positional arguments,
// after a "--" when one was given or an argument starts with "-".
// An unknown command is a usage error naming the nearest one.
func (s *argShape) placeFlags(args []string) ([]string, error) {
	if len(args) < 2 {
		return args, nil
	}
	var before, flags, path, pos []string
	var cmd *cli.Command
	dashdash := false
	for i := 1; i < len(args); i++ {
		tok := args[i]
		if dashdash {
			pos = append(pos, tok)
			continue
		}
		if tok == "--" {
			dashdash = true
			continue
		}
		if name, inline := flagName(tok); name != "" {
			group := []string{tok}
			if !inline && s.takesValue[name] && i+1 < len(args) {
				group = append(group, args[i+1])
				i++
			}
			if cmd == nil && s.appFlags[name] {
				before = append(before, group...)
			} else {
				flags = append(flags, group...)
			}
			continue
		}
		switch {
		case cmd == nil && (tok == "help" || tok == "h"):
			return args, nil // help TOPIC: urfave's own command
		case cmd == nil:
			c := findCommand(s.app.Commands, tok)
			if c == nil {
				return nil, unknownCommand(tok, "lgraph", s.app.Commands)
			}
			cmd, path = c, []string{tok}
			continue
		case len(cmd.Subcommands) > 0 && len(pos) == 0:
			sub := findCommand(cmd.Subcommands, tok)
			if sub == nil {
				return nil, unknownCommand(tok, "lgraph "+strings.Join(path, " "), cmd.Subcommands)
			}
			cmd, path = sub, append(path, tok)
			continue
		}
		pos = append(pos, tok)
	}
	if cmd == nil {
		return args, nil
	}
	out := append([]string{args[0]}, before...)
	out = append(append(out, path...), flags...)
	if dashdash || anyDashed(pos) {
		out = append(out, "--")
	}
	return append(out, pos...), nil
}

func anyDashed(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			return true
		}
	}
	return false
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// unknownCommand is the usage error for a mistyped command: it names the
// nearest command when one is close enough to be a typo.
func unknownCommand(name, parent string, cmds []*cli.Command) error {
	names := make([]string, 0, len(cmds))
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	if near := spell.Nearest(name, names); near != "" {
		return usageError("unknown command %q: did you mean %s %s? (see %s --help)", name, parent, near, parent)
	}
	sort.Strings(names)
	return usageError("unknown command %q: %s takes one of %s (see %s --help)", name, parent, strings.Join(names, ", "), parent)
}

// wantsJSON reports whether --json was given anywhere, for errors found
// before the app parsed its flags.
func wantsJSON(args []string) bool {
	for _, a := range args[min(1, len(args)):] {
		if a == "--" {
			return false
		}
		if a == "--json" || a == "-json" || a == "--json=true" {
			return true
		}
	}
	return false
}
