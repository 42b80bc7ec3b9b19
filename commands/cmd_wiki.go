package commands

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/safefile"
	"github.com/lgraph/lgraph/phases/wiki"
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
			"With MODULE, prints that doc; without, lists the modules; with --out DIR, writes every doc to a page directly under DIR (the module's path escaped: _ as __, . as _., / as ., the root module as _root.md) and DIR/index.md, the module tree with each purpose line, or with MODULE only that page. " +
			"Only files whose bytes changed are written. A file lgraph did not write (no lgraph:generated marker on its first line) is never overwritten, and nothing is written through a symbolic link: either is refused, naming the file, before any page is written. Text between <!-- lgraph:insights --> and <!-- /lgraph:insights --> in a written page is kept when the page is rewritten; " +
			"lgraph wiki note --out DIR MODULE TEXT adds TEXT there (writing the page first if it is not yet there). " + queryExitHelp,
		Flags: append(append(listFlags(&list, false, false), pinFlags(&pin)...),
			&cli.StringFlag{Name: "out", Usage: "write every module doc under `DIR`", Destination: &out}),
		Action: func(c *cli.Context) error {
			if c.Args().First() == "note" && c.NArg() >= 3 {
				text := strings.Join(c.Args().Slice()[2:], " ")
				return runWikiNote(c.Context, strings.TrimSuffix(c.Args().Get(1), "/"), text, out, pin, g)
			}
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
	// Insights are the notes in the module's page under wiki.out.
	Insights []string `json:"insights,omitempty"`
}

// wikiWritten is wiki --out's result: the docs written.
type wikiWritten struct {
	Out string `json:"out"`
	// Changed counts the files whose bytes changed (and were written).
	Changed int `json:"changed"`
	// Deleted counts the pages of modules that no longer exist removed
	// (only pages lgraph wrote whose insights block is empty); Kept lists
	// those kept because a person or tool wrote insights in them.
	Deleted int      `json:"deleted"`
	Kept    []string `json:"kept"`
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
	docs := map[string]string{}
	for _, d := range dirs {
		docs[d] = v.Snap.Modules.Get(d).Doc
	}
	if module != "" {
		if _, ok := docs[module]; !ok {
			return answer.NoModule(module)
		}
	}
	switch {
	case out != "":
		if err := renderedNow(v.Snap.Versions["wiki"], "wiki --out "+out); err != nil {
			return err
		}
		pages := map[string]string{}
		if module != "" {
			pages[wiki.PagePath(module)] = docs[module]
		} else {
			for _, d := range dirs {
				pages[wiki.PagePath(d)] = docs[d]
			}
			pages[wiki.IndexPage] = wiki.Index(dirs, docs)
		}
		res, err := writeWiki(out, pages, module == "") // only a whole wiki knows which pages are gone
		if err != nil {
			return fmt.Errorf("wiki --out %s: %w", out, err)
		}
		return g.emit(res, v.Fresh, func(w io.Writer) {
			fmt.Fprintf(w, "wrote %d of %d files under %s, deleted %d\n", res.Changed, res.Total, out, res.Deleted)
			for _, k := range res.Kept {
				fmt.Fprintf(w, "kept %s: its module is gone but it holds insights\n", k)
			}
		})
	case module != "":
		doc := wikiDoc{Module: module, Doc: docs[module], Insights: readInsights(configuredOut(v), module)}
		return g.emit(doc, v.Fresh, func(w io.Writer) {
			fmt.Fprint(w, docs[module])
			if len(doc.Insights) > 0 {
				fmt.Fprint(w, "\n## Insights\n\n")
				for _, text := range doc.Insights {
					fmt.Fprintf(w, "- %s\n", text)
				}
			}
		})
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

// renderedNow refuses to write pages from docs an older lgraph rendered
// (the snapshot's wiki version v): they would carry what it did not escape.
func renderedNow(v, what string) error {
	if wiki.CurrentRender(v) {
		return nil
	}
	return errcode.Errorf(errcode.Refused, "%s: the published module docs were rendered by an older lgraph: run lgraph update first, then write them", what)
}

// writeWiki writes pages under out, then, when prune is set, deletes the
// pages of modules that are gone.
func writeWiki(out string, pages map[string]string, prune bool) (wikiWritten, error) {
	res := wikiWritten{Out: out, Kept: []string{}}
	d, err := safefile.Open(out)
	if err != nil {
		return res, err
	}
	defer d.Close()
	written, changed, err := writePages(d, pages)
	if err != nil {
		return res, err
	}
	res.Changed, res.List = changed, answer.Cut(written, answer.Page{})
	if prune {
		res.Deleted, res.Kept, err = prunePages(d, pages)
	}
	return res, err
}

// runWikiNote adds text to the insights block of a module's page under
// out, writing the page first when it is not there.
func runWikiNote(ctx context.Context, module, text, out string, pin pinOptions, g *Globals) error {
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	if err := enforce(v, pin); err != nil {
		return err
	}
	if out == "" {
		out = configuredOut(v)
	}
	if out == "" {
		return usageError("wiki note needs --out DIR (or wiki.out in the config): the pages it writes into")
	}
	name, err := noteModule(v, out, module, text)
	if err != nil {
		return err
	}
	res := wikiDoc{Module: module, File: name}
	return g.emit(res, v.Fresh, func(w io.Writer) { fmt.Fprintf(w, "noted in %s\n", name) })
}

// writeNote adds text, as one line of text (no markup of its own: an agent
// may pass on what a repository says), to the end of the insights block of
// the page rel under out, and returns the page's path. The page must be
// one lgraph wrote, or not be there yet.
func writeNote(out, rel, doc, text string) (string, error) {
	d, err := safefile.Open(out)
	if err != nil {
		return "", err
	}
	defer d.Close()
	old, why, err := readOwnPage(d, rel)
	if err != nil {
		return "", err
	}
	if why != nil {
		return "", refusal([]error{why})
	}
	page := generated(doc, old)
	i := strings.LastIndex(page, insightsEnd)
	page = page[:i] + wiki.Text(strings.Join(strings.Fields(text), " ")) + "\n" + page[i:]
	return d.Path(rel), d.WriteFile(rel, []byte(page))
}
