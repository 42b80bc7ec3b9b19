package commands

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/safefile"
	"github.com/lgraph/lgraph/phases/wiki"
)

// wikiPages reads and notes module insights in the wiki directory of a
// view's config (wiki.out), for context, wiki MODULE and the MCP server's
// lgraph_wiki, lgraph_context and lgraph_wiki_note.
type wikiPages struct{}

// configuredOut is the wiki directory wiki.out names (inside the
// repository, relative to its root), or "" when none is set.
func configuredOut(v *readview.View) string {
	out := v.Env.Config.Wiki.Out
	if out == "" || v.Env.Repo.Top == "" {
		return ""
	}
	return filepath.Join(v.Env.Repo.Top, filepath.FromSlash(out))
}

// Insights returns the insights noted in a module's page under wiki.out:
// each non-empty line of its insights block, list markers trimmed. A
// missing directory or page, or a page lgraph did not write, has none.
func (wikiPages) Insights(v *readview.View, module string) []string {
	return readInsights(configuredOut(v), module)
}

func readInsights(out, module string) []string {
	if out == "" {
		return nil
	}
	if _, err := os.Lstat(out); err != nil {
		return nil // never create the directory just to read it
	}
	d, err := safefile.Open(out)
	if err != nil {
		return nil
	}
	defer d.Close()
	page, why, err := readOwnPage(d, wiki.PagePath(module))
	if err != nil || why != nil {
		return nil
	}
	return insightLines(page)
}

// insightLines are the non-empty lines of a page's insights block.
func insightLines(page string) []string {
	i := strings.Index(page, insightsStart)
	if i < 0 {
		return nil
	}
	block, _, _ := strings.Cut(page[i+len(insightsStart):], insightsEnd)
	var out []string
	for _, l := range strings.Split(block, "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "- "), "* "))
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// Note adds text to a module's page under wiki.out, as wiki note does.
func (wikiPages) Note(_ context.Context, v *readview.View, module, text string) (string, error) {
	out := configuredOut(v)
	if out == "" {
		return "", usageError("no wiki directory: set wiki.out in .lgraph.yaml (a directory inside the repository) to note insights")
	}
	return noteModule(v, out, module, text)
}

// noteModule adds text to the insights block of module's page under out,
// writing the page first when it is not there.
func noteModule(v *readview.View, out, module, text string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", usageError("wiki note: the note is empty")
	}
	m := v.Snap.Modules.Get(module)
	if m == nil {
		return "", answer.NoModule(module)
	}
	if err := renderedNow(v.Snap.Versions["wiki"], "wiki note --out "+out); err != nil {
		return "", err
	}
	name, err := writeNote(out, wiki.PagePath(module), m.Doc, text)
	if err != nil {
		return "", fmt.Errorf("wiki note --out %s %s: %w", out, module, err)
	}
	return name, nil
}
