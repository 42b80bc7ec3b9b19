package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/store"
)

// This file defines the tools that close an agent's loop: update the index,
// verify it, read the module docs and the run ledger.

func (s *server) loopTools() []spec {
	update := define("lgraph_update", "Index new commits (or the branch); call when freshness.status is behind or unknown.",
		updateProps(), s.update).optional().writes()
	return []spec{
		update,
		define("lgraph_verify", "Rebuild the index aside and compare; error drift lists differences. Slow.",
			nil, s.verify),
		define("lgraph_wiki_note", "Add a one-line insight to a module's wiki page (wiki.out).",
			noteProps(), s.note).notes(),
		define("lgraph_wiki", "Module docs: the list, or one module's markdown.",
			with(wikiProps(), pageProps()), s.wiki),
		define("lgraph_log", "Index runs, newest first, or what one run changed.",
			with(logProps(), pageProps()), s.log).optional(),
	}
}

func updateProps() map[string]property {
	return map[string]property{
		"full": {Type: "boolean", Description: "rebuild from scratch"},
		"wait": {Type: "boolean", Description: "wait if busy"},
	}
}

func wikiProps() map[string]property {
	return map[string]property{
		"module": {Type: "string", Description: "as listed; . is the root"},
	}
}

func logProps() map[string]property {
	return map[string]property{
		"run": {Type: "integer"},
	}
}

type updateArgs struct {
	Full bool `json:"full"`
	Wait bool `json:"wait"`
}

func (*updateArgs) pin() readview.Pin { return readview.Pin{} }
func (*updateArgs) check() error      { return nil }

// Loop runs what changes or checks the index for the update and verify
// tools; actions.Loop is the one lgraph serves with.
type Loop interface {
	// Update updates the index of env's branch (or builds it), returning
	// the run summary whenever a run was recorded, failed or not.
	Update(ctx context.Context, env *readview.Env, full, wait bool) (*store.Run, error)
	// Verify rebuilds the view's indexed commit and compares it with the
	// published graph; drift is an error (code drift) along with the
	// report.
	Verify(ctx context.Context, v *readview.View) (any, error)
}

// errNoLoop answers update and verify on a server given no Loop.
var errNoLoop = errors.New("this server only reads the index: run lgraph update or lgraph verify")

func (s *server) update(ctx context.Context, v *readview.View, a *updateArgs) (any, error) {
	if s.opts.Loop == nil {
		return nil, errNoLoop
	}
	run, err := s.opts.Loop.Update(ctx, v.Env, a.Full, a.Wait)
	if run == nil {
		return nil, err
	}
	return run, err
}

type verifyArgs struct{ pinArgs }

func (s *server) verify(ctx context.Context, v *readview.View, _ *verifyArgs) (any, error) {
	if s.opts.Loop == nil {
		return nil, errNoLoop
	}
	return s.opts.Loop.Verify(ctx, v)
}

type wikiArgs struct {
	pinArgs
	pageArgs
	Module string `json:"module"`
}

func (a *wikiArgs) check() error { return a.checkPage() }

// A module's doc is paged by lines, a short page by default: an agent
// reads the purpose and files first and asks for the rest when it needs
// it.
func (a *wikiArgs) limit() int {
	return shortLimit(&a.pageArgs, a.Module != "", wikiDocLines)
}

func (a *wikiArgs) page() answer.Page { return answer.Page{Limit: a.limit(), Offset: a.Offset} }

// wikiDocLines is the default page of a module doc, in lines.
const wikiDocLines = 40

// shortLimit is a tool's limit when its default is short (when short is
// set): the caller's, else the one the server lowered it to, else def.
func shortLimit(p *pageArgs, short bool, def int) int {
	if !short || p.limitGiven() || p.lowered > 0 {
		return p.limit()
	}
	return def
}

// wikiModule is one module of the list, or a page of one module's doc.
type wikiModule struct {
	Module string `json:"module"`
	Doc    string `json:"doc,omitempty"`
	// TotalLines counts the doc's lines; the page holds those from
	// Offset, and NextOffset and More say how to ask for the rest.
	TotalLines int    `json:"total_lines,omitempty"`
	Offset     int    `json:"offset,omitempty"`
	NextOffset *int   `json:"next_offset,omitempty"`
	More       string `json:"more,omitempty"`
	// Insights are the notes in the module's page under wiki.out.
	Insights []string `json:"insights,omitempty"`
}

func (s *server) wiki(_ context.Context, v *readview.View, a *wikiArgs) (any, error) {
	if module := strings.TrimSuffix(a.Module, "/"); module != "" {
		m := v.Snap.Modules.Get(module)
		if m == nil {
			return nil, answer.NoModule(module)
		}
		page := docPage(m.Dir, m.Doc, a.page())
		if insights := s.insights(v); insights != nil {
			page.Insights = insights(m.Dir)
		}
		return page, nil
	}
	var dirs []string
	for _, d := range v.Snap.Modules.Dirs() {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	list := make([]wikiModule, 0, len(dirs))
	for _, d := range dirs {
		list = append(list, wikiModule{Module: d})
	}
	return answer.Cut(list, a.page()), nil
}

// docPage is a page of a module's doc, by lines.
func docPage(module, doc string, p answer.Page) wikiModule {
	lines := answer.Cut(strings.SplitAfter(doc, "\n"), p)
	w := wikiModule{Module: module, Doc: strings.Join(lines.Items, "")}
	if lines.Offset == 0 && lines.NextOffset == nil {
		return w // the whole doc, as the CLI answers it
	}
	w.TotalLines, w.Offset, w.NextOffset = lines.Total, lines.Offset, lines.NextOffset
	if lines.NextOffset != nil {
		w.More = fmt.Sprintf("lines %d-%d of %d: ask again with offset %d for the next %d", lines.Offset+1, *lines.NextOffset, lines.Total, *lines.NextOffset, lines.Total-*lines.NextOffset)
	}
	return w
}

type logArgs struct {
	pinArgs
	pageArgs
	Run *int `json:"run"`
}

func (a *logArgs) check() error { return a.checkPage() }

// The ledger is paged short by default: a run's summary is long, and the
// newest runs are what an agent asks about.
func (a *logArgs) limit() int { return shortLimit(&a.pageArgs, true, logRuns) }

func (a *logArgs) page() answer.Page { return answer.Page{Limit: a.limit(), Offset: a.Offset} }

// logRuns is the default page of the ledger, and of each list of what
// one run changed.
const logRuns = 5

func (s *server) log(_ context.Context, v *readview.View, a *logArgs) (any, error) {
	st := v.Env.Store
	if a.Run != nil {
		r, err := st.ReadRun(*a.Run)
		if err != nil {
			return nil, err
		}
		return answer.ShapeRun(r, a.page()), nil
	}
	// A damaged entry is left out; the CLI's lgraph log names it.
	runs, _, err := st.Runs(0)
	if err != nil {
		return nil, err
	}
	return answer.Cut(runs, a.page()), nil
}
