package commands

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/query"
)

func newImplicitCommand(g *Globals) *cli.Command {
	var pin pinOptions
	var list listOptions
	return &cli.Command{
		Name:      "implicit",
		Usage:     "keys a file shares with other files without importing them, or the files using one key",
		ArgsUsage: "FILE|KEY",
		Description: "Lists the environment variables, config keys, pub/sub topics, HTTP routes and SQL tables FILE uses, each with the other files using it.\n" +
			"Given a KEY (env:NAME, config:NAME, topic:NAME, route:PATH, table:NAME, or a bare NAME no file matches), lists every file using it, with the line.\n" +
			"Keys and files the model explorer (implicit.llm_explorer) proposed are marked [llm, confidence C].\n" +
			queryExitHelp,
		Flags: append(listFlags(&list, false, true), pinFlags(&pin)...),
		Action: func(c *cli.Context) error {
			arg, err := oneArg(c, "FILE or KEY")
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
			target, err := ix.ResolveImplicit(implicitArg(v, arg))
			if err != nil {
				return resolveError(err)
			}
			if target.Keys != nil {
				res := answer.ShapeKeyUsers(arg, *target.Keys, filter, page)
				return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printKeyUsers(w, res) })
			}
			res := answer.ShapeImplicit(ix.Implicit(target.FileID), filter, page)
			limit := v.Env.Config.Implicit.MaxFilesPerKey
			return g.emitQuery(ix, res, v.Fresh, func(w io.Writer) { printImplicit(w, res, limit) })
		},
	}
}

// printImplicit prints a file's keys; limit is implicit.max_files_per_key,
// named where a key is too common to be a coupling.
func printImplicit(w io.Writer, res answer.Implicit, limit int) {
	fmt.Fprintf(w, "implicit keys of %s: %d%s\n", res.File.Path, res.Total, staleText(res.File.Mark))
	for _, k := range res.Items {
		fmt.Fprintf(w, "  %s  (line %d)  %s%s\n", k.Key, k.Line, sharedText(k, limit), sourceText(k.Source, k.Confidence))
		for _, f := range k.Files {
			fmt.Fprintf(w, "      %s%s%s\n", f.Path, sourceText(f.Source, f.Confidence), staleText(f.Mark))
		}
	}
	printMore(w, res.List)
}

// sharedText says who else uses a key: the other files it links, or, for
// a key too many files use, that it links none. "0 other files" alone
// would read as a key nobody else uses.
func sharedText(k query.ImplicitKey, limit int) string {
	if !k.TooCommon {
		return plural(len(k.Files), "other file")
	}
	if k.FileCount > limit {
		return fmt.Sprintf("shared by %d files: over implicit.max_files_per_key %d, not a coupling", k.FileCount, limit)
	}
	// The index was built under another limit than the config now sets.
	return fmt.Sprintf("shared by %d files: over implicit.max_files_per_key when indexed, not a coupling", k.FileCount)
}

// implicitArg is the argument as implicit reads it: a key as written, a
// file relative to the repository.
func implicitArg(v *view, arg string) string {
	if query.IsSignalKey(arg) {
		return arg
	}
	return repoRelative(v, arg)
}

func printKeyUsers(w io.Writer, res answer.KeyUsers) {
	fmt.Fprintf(w, "files using %s: %d\n", strings.Join(res.Keys, ", "), res.Total)
	for _, u := range res.Items {
		line := ""
		if u.Line > 0 {
			line = fmt.Sprintf(":%d", u.Line)
		}
		key := ""
		if len(res.Keys) > 1 {
			key = "  " + u.Key
		}
		fmt.Fprintf(w, "  %s%s%s%s%s\n", u.Path, line, key, sourceText(u.Source, u.Confidence), staleText(u.Mark))
	}
	if res.Total > 1 && !slices.ContainsFunc(res.Items, func(u query.KeyUser) bool { return u.Joined }) {
		fmt.Fprintln(w, "  (not linked by implicit edges: more files use it than implicit.max_files_per_key)")
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
