package warm

import (
	"context"
	"log/slog"
	"path/filepath"

	"github.com/lgraph/lgraph/internal/readview"
)

// Kept keeps the view of the last call while the watcher counts no
// change. Its caller serializes calls, so it needs no lock.
type Kept struct {
	watch *watcher // nil when watching could not start: no view is kept
	view  *readview.View
	gen   uint64
}

// NewKept starts watching what a view of env depends on; the watcher
// stops when ctx is done (the server's process ends with it).
func NewKept(ctx context.Context, env *readview.Env, log *slog.Logger) *Kept {
	wv := &Kept{}
	w, err := newWatcher(dependencies(env))
	if err != nil {
		if log != nil {
			log.Warn("answering without a warm view", "error", err)
		}
		return wv
	}
	wv.watch = w
	go func() {
		<-ctx.Done()
		w.Close()
	}()
	return wv
}

// dependencies are the directories a view is computed from.
func dependencies(env *readview.Env) watchedDirs {
	r := env.Repo
	return watchedDirs{
		tree:  r.Top,
		flat:  []string{r.GitDir(), r.CommonDir, filepath.Join(r.CommonDir, "objects", "pack"), filepath.Join(env.Store.Dir, "refs")},
		deep:  []string{filepath.Join(r.CommonDir, "refs")},
		skips: []string{env.Store.Dir},
	}
}

// Get returns the kept view when the watcher vouches that nothing changed
// since it was opened, else opens one (kept for the next call when the
// watcher can vouch for it). The release function closes a view that is
// not kept.
func (wv *Kept) Get(ctx context.Context, open func(context.Context) (*readview.View, error)) (*readview.View, func(), error) {
	gen, ok := uint64(0), false
	if wv.watch != nil {
		gen, ok = wv.watch.generation(ctx)
	}
	if ok && wv.view != nil && wv.gen == gen {
		return wv.view, func() {}, nil
	}
	wv.drop()
	v, err := open(ctx)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return v, func() { v.Env.Repo.Close() }, nil
	}
	wv.view, wv.gen = v, gen
	return v, func() {}, nil
}

// Drop forgets the kept view, so the next call opens one.
func (wv *Kept) Drop() { wv.drop() }

func (wv *Kept) drop() {
	if wv.view != nil {
		wv.view.Env.Repo.Close()
		wv.view = nil
	}
}
