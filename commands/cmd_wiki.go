package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
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
			"With MODULE, prints that doc; without, lists the modules; with --out DIR, writes every doc to DIR/<module>.md (the root module as _root.md) and DIR/index.md, the module tree with each purpose line, or with MODULE only that page. " +
			"Only files whose bytes changed are written. Text between <!-- lgraph:insights --> and <!-- /lgraph:insights --> in a written page is kept when the page is rewritten; " +
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
		pages := map[string]string{}
		if module != "" {
			pages[wiki.PagePath(module)] = docs[module]
		} else {
			for _, d := range dirs {
				pages[wiki.PagePath(d)] = docs[d]
			}
			pages["index.md"] = wikiIndex(dirs, docs)
		}
		written, changed, err := writePages(out, pages)
		if err != nil {
			return err
		}
		res := wikiWritten{Out: out, Changed: changed, Kept: []string{}, List: answer.Cut(written, answer.Page{})}
		if module == "" { // only a whole wiki knows which pages are gone
			if res.Deleted, res.Kept, err = prunePages(out, pages); err != nil {
				return err
			}
		}
		return g.emit(res, v.Fresh, func(w io.Writer) {
			fmt.Fprintf(w, "wrote %d of %d files under %s, deleted %d\n", changed, len(written), out, res.Deleted)
			for _, k := range res.Kept {
				fmt.Fprintf(w, "kept %s: its module is gone but it holds insights\n", k)
			}
		})
	case module != "":
		doc := wikiDoc{Module: module, Doc: docs[module]}
		return g.emit(doc, v.Fresh, func(w io.Writer) { fmt.Fprint(w, docs[module]) })
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

// wikiIndex is index.md: the module tree, each module linked to its page
// with its purpose line, nested under the closest module above it.
func wikiIndex(dirs []string, docs map[string]string) string {
	var b strings.Builder
	b.WriteString("# Module docs\n\n")
	isMod := map[string]bool{}
	for _, d := range dirs {
		isMod[d] = true
	}
	for _, d := range dirs {
		depth := 0
		for p := path.Dir(d); d != "." && p != "."; p = path.Dir(p) {
			if isMod[p] {
				depth++
			}
		}
		if d != "." && isMod["."] {
			depth++
		}
		name := d
		if d == "." {
			name = "(root)"
		}
		fmt.Fprintf(&b, "%s- [`%s`](%s)", strings.Repeat("  ", depth), name, wiki.PagePath(d))
		if p := purposeLine(docs[d]); p != "" {
			b.WriteString(" — " + p)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// purposeLine is the first sentence of a doc's narrative paragraph (the
// paragraph after the title).
func purposeLine(doc string) string {
	_, rest, ok := strings.Cut(doc, "\n\n")
	if !ok {
		return ""
	}
	para, _, _ := strings.Cut(rest, "\n")
	if i := strings.Index(para, ". "); i >= 0 {
		para = para[:i+1]
	}
	return strings.TrimSpace(para)
}

// runWikiNote adds text to the insights block of a module's page under
// out, writing the page first when it is not there.
func runWikiNote(ctx context.Context, module, text, out string, pin pinOptions, g *Globals) error {
	if out == "" {
		return usageError("wiki note needs --out DIR: the pages it writes into")
	}
	v, err := g.openView(ctx)
	if err != nil {
		return err
	}
	if err := enforce(v, pin); err != nil {
		return err
	}
	m := v.Snap.Modules.Get(module)
	if m == nil {
		return answer.NoModule(module)
	}
	rel := wiki.PagePath(module)
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return fmt.Errorf("wiki note: module %q would be written outside %s: refused", module, out)
	}
	name := filepath.Join(out, filepath.FromSlash(rel))
	old, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("wiki note %s: %w", module, err)
	}
	page := generated(m.Doc, string(old))
	i := strings.LastIndex(page, insightsEnd)
	page = page[:i] + strings.Join(strings.Fields(text), " ") + "\n" + page[i:]
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("wiki note %s: %w", module, err)
	}
	if err := os.WriteFile(name, []byte(page), 0o644); err != nil {
		return fmt.Errorf("wiki note %s: %w", module, err)
	}
	res := wikiDoc{Module: module, File: name}
	return g.emit(res, v.Fresh, func(w io.Writer) { fmt.Fprintf(w, "noted in %s\n", name) })
}
