package commands

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// completionShells are the shells completion writes scripts for.
var completionShells = []string{"bash", "zsh", "fish"}

func newCompletionCommand(g *Globals) *cli.Command {
	return &cli.Command{
		Name:        "completion",
		Usage:       "print a shell completion script (bash, zsh or fish)",
		ArgsUsage:   "SHELL",
		Description: "Prints a script that completes lgraph's commands, subcommands and flags; file names complete as usual.",
		Action: func(c *cli.Context) error {
			shell, err := oneArg(c, "SHELL")
			if err != nil {
				return err
			}
			if !slices.Contains(completionShells, shell) {
				return usageError("completion %q: use one of %s", shell, strings.Join(completionShells, ", "))
			}
			return writeCompletion(g.Stdout, NewApp(NewGlobals(io.Discard, io.Discard, nil)), shell)
		},
	}
}

// flagWords are a command's flags as typed: --name and -n.
func flagWords(flags []cli.Flag) []string {
	var words []string
	for _, f := range flags {
		for _, n := range f.Names() {
			if len(n) == 1 {
				words = append(words, "-"+n)
			} else {
				words = append(words, "--"+n)
			}
		}
	}
	return words
}

func commandNames(cmds []*cli.Command) []string {
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	return names
}

func writeCompletion(w io.Writer, app *cli.App, shell string) error {
	switch shell {
	case "fish":
		return writeFish(w, app)
	case "zsh":
		fmt.Fprintln(w, "#compdef lgraph")
		fmt.Fprintln(w, "autoload -U +X bashcompinit && bashcompinit")
	}
	return writeBash(w, app)
}

// writeBash writes a bash completion function (zsh runs it through
// bashcompinit): the command is the first word that names one.
func writeBash(w io.Writer, app *cli.App) error {
	top := append(commandNames(app.Commands), append(flagWords(app.Flags), "--help", "--version")...)
	fmt.Fprintf(w, `# lgraph completion for bash (lgraph completion bash)
_lgraph() {
  local cur="${COMP_WORDS[COMP_CWORD]}" cmd="" sub="" w
  for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case " %s " in *" $w "*) if [ -z "$cmd" ]; then cmd="$w"; elif [ -z "$sub" ]; then sub="$w"; fi ;; esac
  done
  local words
  case "$cmd" in
`, strings.Join(commandNames(app.Commands), " "))
	for _, c := range app.Commands {
		words := append(commandNames(c.Subcommands), append(flagWords(c.Flags), "--help")...)
		fmt.Fprintf(w, "    %s) words=%q ;;\n", c.Name, strings.Join(words, " "))
	}
	fmt.Fprintf(w, `    *) words=%q ;;
  esac
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -o default -F _lgraph lgraph
`, strings.Join(top, " "))
	return nil
}

// writeFish writes fish completions: commands while none is given, then
// that command's subcommands and flags.
func writeFish(w io.Writer, app *cli.App) error {
	fmt.Fprintln(w, "# lgraph completion for fish (lgraph completion fish)")
	fmt.Fprintln(w, "complete -c lgraph -f")
	for _, c := range app.Commands {
		fmt.Fprintf(w, "complete -c lgraph -n __fish_use_subcommand -a %s -d %s\n", c.Name, fishQuote(c.Usage))
	}
	for _, f := range app.Flags {
		fishFlag(w, "__fish_use_subcommand", f)
	}
	for _, c := range app.Commands {
		cond := "'__fish_seen_subcommand_from " + c.Name + "'"
		for _, s := range c.Subcommands {
			fmt.Fprintf(w, "complete -c lgraph -n %s -a %s -d %s\n", cond, s.Name, fishQuote(s.Usage))
		}
		for _, f := range c.Flags {
			fishFlag(w, cond, f)
		}
		if c.ArgsUsage != "" {
			fmt.Fprintf(w, "complete -c lgraph -n %s -F\n", cond)
		}
	}
	return nil
}

func fishFlag(w io.Writer, cond string, f cli.Flag) {
	var b strings.Builder
	fmt.Fprintf(&b, "complete -c lgraph -n %s", cond)
	for _, n := range f.Names() {
		if len(n) == 1 {
			fmt.Fprintf(&b, " -s %s", n)
		} else {
			fmt.Fprintf(&b, " -l %s", n)
		}
	}
	if vf, ok := f.(valueFlag); ok && vf.TakesValue() {
		b.WriteString(" -r")
	}
	if df, ok := f.(cli.DocGenerationFlag); ok {
		fmt.Fprintf(&b, " -d %s", fishQuote(df.GetUsage()))
	}
	fmt.Fprintln(w, b.String())
}

// fishQuote quotes a description for fish: single quotes, with \ and '
// escaped.
func fishQuote(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `'`, `\'`, "`", "").Replace(s)
	return "'" + s + "'"
}
