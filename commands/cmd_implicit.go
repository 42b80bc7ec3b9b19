package commands

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
)

func newImplicitCommand(g *Globals) *cli.Command {
	var pin pinOptions
	var list listOptions
	return &cli.Command{
		Name:      "implicit",
		Usage:     "keys a file shares with other files without importing them",
		ArgsUsage: "FILE",
		Description: "Lists the environment variables, config keys, pub/sub topics, HTTP routes and SQL tables FILE uses, each with the other files using it.\n" +
			"Keys and files the model explorer (implicit.llm_explorer) proposed are marked [llm, confidence C].\n" +
			queryExitHelp,
		Flags: append(listFlags(&list, false, true), pinFlags(&pin)...),
		Action: func(c *cli.Context) error {
			arg, err := oneArg(c, "FILE")
			if err != nil {
				return err
			}
			page, filter, err := list.pageAndFilter()
			if err != nil {
				return err
			}
			v, ix, err := g.openQuery(c.Context, pin)
			if err != nil {
				return err
			}
			id, err := ix.ResolveFile(repoRelative(v, arg))
			if err != nil {
				return resolveError(err)
			}
			res := answer.ShapeImplicit(ix.Implicit(id), filter, page)
			return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printImplicit(w, res) })
		},
	}
}

func printImplicit(w io.Writer, res answer.Implicit) {
	fmt.Fprintf(w, "implicit keys of %s: %d%s\n", res.File.Path, res.Total, staleText(res.File.Mark))
	for _, k := range res.Items {
		fmt.Fprintf(w, "  %s  (line %d)  %s%s\n", k.Key, k.Line, plural(len(k.Files), "other file"), sourceText(k.Source, k.Confidence))
		for _, f := range k.Files {
			fmt.Fprintf(w, "      %s%s%s\n", f.Path, sourceText(f.Source, f.Confidence), staleText(f.Mark))
		}
	}
	printMore(w, res.List)
}

// sourceText marks what the model explorer proposed, with its confidence;
// rule findings carry no mark.
func sourceText(source string, confidence float64) string {
	if source != "llm" {
		return ""
	}
	return fmt.Sprintf("  [llm, confidence %.2f]", confidence)
}
