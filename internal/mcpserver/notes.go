package mcpserver

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lgraph/lgraph/internal/readview"
)

// WikiPages reads and notes the insights of module pages in the
// configured wiki directory (wiki.out). The CLI passes its own, which
// writes through internal/safefile as wiki note does.
type WikiPages interface {
	// Insights are the notes in a module's page (none when there is no
	// page or no wiki directory).
	Insights(v *readview.View, module string) []string
	// Note adds text to a module's page, returning the page's path.
	Note(ctx context.Context, v *readview.View, module, text string) (string, error)
}

// errNoWiki answers lgraph_wiki_note on a server given no WikiPages.
var errNoWiki = errors.New("this server notes no insights: run lgraph wiki note")

func noteProps() map[string]property {
	return map[string]property{
		"module": {Type: "string", required: true},
		"text":   {Type: "string", required: true},
	}
}

type noteArgs struct {
	pinArgs
	Module string `json:"module"`
	Text   string `json:"text"`
}

func (a *noteArgs) check() error {
	return errors.Join(required("module", a.Module), required("text", a.Text))
}

// noteResult is where a note went.
type noteResult struct {
	Module string `json:"module"`
	File   string `json:"file"`
}

func (s *server) note(ctx context.Context, v *readview.View, a *noteArgs) (any, error) {
	if s.opts.Wiki == nil {
		return nil, errNoWiki
	}
	file, err := s.opts.Wiki.Note(ctx, v, a.Module, a.Text)
	if err != nil {
		return nil, err
	}
	return noteResult{Module: a.Module, File: file}, nil
}

// insights returns the reader of a view's module insights (nil: none).
func (s *server) insights(v *readview.View) func(string) []string {
	if s.opts.Wiki == nil {
		return nil
	}
	return func(module string) []string { return s.opts.Wiki.Insights(v, module) }
}

// notes marks a tool that adds to files outside the index: not read-only,
// not idempotent (a second call adds the note again), never destructive.
func (t spec) notes() spec {
	t.tool.Annotations = &mcp.ToolAnnotations{DestructiveHint: ptr(false)}
	return t
}
