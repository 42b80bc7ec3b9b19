package commands

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/query"
)

// This file holds what the read queries (deps, rdeps, callers, callees,
// impact, search, show) share: opening a pinned index, one positional
// argument, error mapping and the human rendering of result items.

// openQuery opens the published graph, refuses when the pin does not hold,
// and indexes the graph with per-file staleness for the result items.
func (g *Globals) openQuery(ctx context.Context, pin pinOptions) (*view, *query.Index, error) {
	v, err := g.openView(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := enforce(v, pin); err != nil {
		return nil, nil, err
	}
	if g.keep != nil {
		return v, g.keep.index(v), nil
	}
	return v, query.New(v.Snap, v.Staleness), nil
}

// oneArg returns a command's single positional argument, or a usage error
// naming what it wants ("FILE", "SYMBOL").
func oneArg(c *cli.Context, what string) (string, error) {
	if c.NArg() != 1 || c.Args().First() == "" {
		return "", usageError("%s takes one %s (see lgraph %s --help)", c.Command.Name, what, c.Command.Name)
	}
	return c.Args().First(), nil
}

// resolveError returns a name's resolution error: an ambiguous name exits
// 2 (code ambiguous), an unknown one 1 (code not_found), both by their
// type (see exitCode).
func resolveError(err error) error { return err }

// enforce refuses to answer from a view that has no index (code
// not_indexed) or does not hold the pin.
func enforce(v *view, pin pinOptions) error { return v.Enforce(pin) }

// queryExitHelp is added to the description of every read query.
const queryExitHelp = "Codes used: 0 answered, 1 unknown FILE or SYMBOL (or another error), 2 usage or an ambiguous SYMBOL (the candidates are listed), 3 refused by --expect-root or --freshness require."

// staleText marks a human result line whose file may be out of date.
func staleText(m query.Mark) string {
	if !m.Stale {
		return ""
	}
	return "  [stale: " + m.Suggest + "]"
}

// where is a node's location: "path:line", or the path alone.
func where(r query.NodeRef) string {
	if r.Line > 0 {
		return fmt.Sprintf("%s:%d", r.Path, r.Line)
	}
	return r.Path
}

// nodeText renders a symbol as "id  (path:line)", a file as its id.
func nodeText(r query.NodeRef) string {
	if r.Kind == "file" {
		return r.ID
	}
	return fmt.Sprintf("%s  (%s)", r.ID, where(r))
}

// viaText renders the names an edge goes through, or nothing.
func viaText(via []string) string {
	if len(via) == 0 {
		return ""
	}
	return "  via " + strings.Join(via, ", ")
}

// plural is "1 file", "2 files".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// repoRelative turns a FILE argument given relative to the working
// directory (from a subdirectory of the repository, or absolute) into the
// repo-relative path the index uses. Anything else is returned unchanged
// for the query package to resolve (ids, qualified names, repo paths).
func repoRelative(v *view, arg string) string {
	// "path:line" keeps its line.
	if i := strings.LastIndexByte(arg, ':'); i > 0 && !nodeid.IsSymbol(arg) {
		if _, err := strconv.Atoi(arg[i+1:]); err == nil {
			return repoRelative(v, arg[:i]) + arg[i:]
		}
	}
	if nodeid.IsFile(arg) || nodeid.IsSymbol(arg) || v.Env.Repo.Top == "" {
		return arg
	}
	abs, err := filepath.Abs(arg)
	if err != nil {
		return arg
	}
	if _, err := os.Stat(abs); err != nil {
		return arg
	}
	rel, err := filepath.Rel(v.Env.Repo.Top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return arg
	}
	return filepath.ToSlash(rel)
}

// emitQuery prints a query's answer unless reading the snapshot met an
// error on the way (a damaged table or record): then the answer may be
// incomplete, and the error is the answer.
func (g *Globals) emitQuery(ix *query.Index, result, freshness any, human func(w io.Writer)) error {
	if err := ix.Err(); err != nil {
		return fmt.Errorf("read the published graph: %w (run lgraph verify, then lgraph update --full)", err)
	}
	return g.emit(result, freshness, human)
}

// noteChoice says on stderr which test definitions a name was preferred
// over, so that a person asking about a name shared with test-local ones
// knows which one answered and how to ask for another.
func (g *Globals) noteChoice(written string, c query.Choice) {
	if len(c.OverTests) == 0 || g.Quiet {
		return
	}
	list := c.OverTests
	more := ""
	if len(list) > 3 {
		list, more = list[:3], fmt.Sprintf(" and %d more", len(c.OverTests)-3)
	}
	g.stderrf("lgraph: note: %q is %s outside tests; also in tests: %s%s (pass an id to ask about one)\n",
		written, c.ID, strings.Join(list, ", "), more)
}
