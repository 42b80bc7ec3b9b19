package mcpserver

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/store"
)

// This file defines the tools that close an agent's loop: update the index,
// verify it, read the module docs and the run ledger.

func (s *server) loopTools() []spec {
	update := define("lgraph_update", "Folds the commits since the last index into the graph (indexes the branch the first time) "+
		"and answers with the run summary: commits, changes, each phase's mode and reason, tokens, cost and outcome. "+
		"Call it when an answer's freshness.status is behind or unknown. full: rebuild from nothing (cached facts are reused).",
		updateProps, s.update).optional().writes()
	delete(update.tool.InputSchema.(inputSchema).Properties, "expect_root")
	delete(update.tool.InputSchema.(inputSchema).Properties, "freshness")
	return []spec{
		update,
		define("lgraph_verify", "Rebuilds the indexed commit from nothing in a scratch store and compares it with the published graph: "+
			"drift false, or an error coded drift whose result lists every divergent item. Slow on a large repository.",
			nil, s.verify),
		define("lgraph_wiki", "Without module: lists the modules (directories of indexed code) that have a doc. With module: that module's "+
			"doc (markdown: purpose, files, API, dependencies with counts, diagram, history).",
			with(wikiProps, pageProps), wiki),
		define("lgraph_log", "Without run: the run ledger, newest first (branch, commits, changes, phases, tokens, outcome). "+
			"With run: what that run changed in the knowledge (symbols and edges added and removed, summaries and docs rewritten).",
			with(logProps, pageProps), s.log).optional(),
	}
}

var (
	updateProps = map[string]property{
		"full": {Type: "boolean", Default: false, Description: "rebuild from nothing (cached facts are still reused)"},
		"wait": {Type: "boolean", Default: false, Description: "wait for another running update instead of failing busy"},
	}
	wikiProps = map[string]property{
		"module": {Type: "string", Description: "a module directory as lgraph_wiki lists it (. is the root)"},
	}
	logProps = map[string]property{
		"run": {Type: "integer", Minimum: ptr(1), Description: "a run number from the ledger"},
	}
)

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

// wikiModule is one module of the list, or one module's doc.
type wikiModule struct {
	Module string `json:"module"`
	Doc    string `json:"doc,omitempty"`
}

func wiki(_ context.Context, v *readview.View, a *wikiArgs) (any, error) {
	if module := strings.TrimSuffix(a.Module, "/"); module != "" {
		m := v.Snap.Modules.Get(module)
		if m == nil {
			return nil, answer.NoModule(module)
		}
		return wikiModule{Module: m.Dir, Doc: m.Doc}, nil
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

type logArgs struct {
	pinArgs
	pageArgs
	Run *int `json:"run"`
}

func (a *logArgs) check() error { return a.checkPage() }

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
