package commands

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/answer"
)

func newWikiCommand(g *Globals) *cli.Command {
	var pin pinOptions
	var list listOptions
	var out string
	return &cli.Command{
		Name:      "wiki",
		Usage:     "module docs: print one, list them, or write them all as markdown",
		ArgsUsage: "[MODULE]",
		Description: "Each module (a directory of indexed code files) has a doc written from its files' summaries and the modules it uses and is used by. " +
			"With MODULE, prints that doc; without, lists the modules; with --out DIR, writes every doc to DIR/<module>.md (the root as index.md). " + queryExitHelp,
		Flags: append(append(listFlags(&list, false, false), pinFlags(&pin)...),
			&cli.StringFlag{Name: "out", Usage: "write every module doc under `DIR`", Destination: &out}),
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageError("wiki takes at most one MODULE")
			}
			page, err := list.page()
			if err != nil {
				return err
			}
			return runWiki(c.Context, strings.TrimSuffix(c.Args().First(), "/"), out, page, pin, g)
		},
	}
}

type wikiDoc struct {
	Module string `json:"module"`
	Doc    string `json:"doc,omitempty"`
	File   string `json:"file,omitempty"`
}

// wikiWritten is wiki --out's result: the docs written.
type wikiWritten struct {
	Out string `json:"out"`
	answer.List[wikiDoc]
}

func runWiki(ctx context.Context, module, out string, page answer.Page, pin pinOptions, g *Globals) error {
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	if err := enforce(v, pin); err != nil {
		return err
	}
	dirs := make([]string, 0)
	for _, d := range v.Snap.Modules.Dirs() {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	switch {
	case module != "":
		m := v.Snap.Modules.Get(module)
		if m == nil {
			return answer.WithCode(answer.CodeNotFound, fmt.Errorf("no module %q: lgraph wiki lists the modules", module))
		}
		doc := wikiDoc{Module: m.Dir, Doc: m.Doc}
		return g.emit(doc, v.Fresh, func(w io.Writer) { fmt.Fprint(w, m.Doc) })
	case out != "":
		written := []wikiDoc{}
		for _, d := range dirs {
			name := filepath.Join(out, filepath.FromSlash(d)+".md")
			if d == "." {
				name = filepath.Join(out, "index.md")
			} else if !filepath.IsLocal(filepath.FromSlash(d) + ".md") {
				// A crafted tree may name a directory "..": never write outside --out.
				return fmt.Errorf("wiki --out %s: module %q would be written outside the directory: refused", out, d)
			}
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return fmt.Errorf("wiki --out %s: %w", out, err)
			}
			if err := os.WriteFile(name, []byte(v.Snap.Modules.Get(d).Doc), 0o644); err != nil {
				return fmt.Errorf("wiki --out %s: %w", out, err)
			}
			written = append(written, wikiDoc{Module: d, File: name})
		}
		res := wikiWritten{Out: out, List: answer.Cut(written, answer.Page{})}
		return g.emit(res, v.Fresh, func(w io.Writer) { fmt.Fprintf(w, "wrote %d module docs under %s\n", len(written), out) })
	}
	list := make([]wikiDoc, 0, len(dirs))
	for _, d := range dirs {
		list = append(list, wikiDoc{Module: d})
	}
	res := answer.Cut(list, page)
	return g.emit(res, v.Fresh, func(w io.Writer) {
		for _, d := range res.Items {
			fmt.Fprintln(w, d.Module)
		}
		printMore(w, res)
	})
}
