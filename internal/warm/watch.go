package warm

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// A warm process (the MCP server, serve's daemon) answers from the view it
// opened for an earlier call as long as nothing that view was computed
// from has changed: the working
// tree's files, git's HEAD, refs, index and packs, and the store's
// published refs. A change anywhere there is an inotify event, so the
// watcher counts events, and a view is reused while the count stands.
// Without it every call stats every indexed file (git status's cost).
//
// An event is delivered some time after the change. Before comparing the
// count, the watcher creates a file in a directory of its own and waits
// for that file's event: one inotify queue is ordered, so every change
// made before the call has been counted by then.

// maxWatches bounds the directories watched; a larger tree (or a system
// limit reached) leaves the server checking freshness on every call.
const maxWatches = 20000

// barrierWait is how long a call waits for its own event before it gives
// up on the watcher and checks freshness the slow way.
const barrierWait = 200 * time.Millisecond

// watcher counts changes under the watched directories.
type watcher struct {
	w       *fsnotify.Watcher
	barrier string // a directory only the watcher writes in
	mu      sync.Mutex
	gen     uint64
	seq     int
	waiting map[string]chan struct{}
	// dirs are the directories watched now: a removed or moved one
	// leaves it, so a long-lived server in a tree whose build or test
	// directories come and go stays under maxWatches.
	dirs   map[string]bool
	broken bool
	done   chan struct{}
}

// watchedDirs are what a view depends on: the working tree (recursively,
// without .git), and git's and the store's directories whose files name
// the commit, the index, the packs and the published snapshots.
type watchedDirs struct {
	tree  string   // the working tree root ("" for a bare repository)
	flat  []string // directories watched without their subdirectories
	deep  []string // directories watched with their subdirectories
	skips []string // directories never watched (the store inside .git, say)
}

// newWatcher starts watching; an error means the server should check
// freshness on every call.
func newWatcher(dirs watchedDirs) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	barrier, err := os.MkdirTemp("", "lgraph-warm-*")
	if err != nil {
		fw.Close()
		return nil, err
	}
	w := &watcher{w: fw, barrier: barrier, waiting: map[string]chan struct{}{}, dirs: map[string]bool{}, done: make(chan struct{})}
	err = w.add(barrier)
	for _, d := range dirs.flat {
		if err == nil {
			err = w.addIfExists(d)
		}
	}
	for _, d := range append(dirs.deep, dirs.tree) {
		if err == nil && d != "" {
			err = w.addTree(d, dirs.skips)
		}
	}
	if err != nil {
		fw.Close()
		os.RemoveAll(barrier)
		return nil, fmt.Errorf("watch the working tree: %w", err)
	}
	go w.loop()
	return w, nil
}

func (w *watcher) add(dir string) error {
	if w.dirs[dir] {
		return nil
	}
	if len(w.dirs) >= maxWatches {
		return fmt.Errorf("more than %d directories", maxWatches)
	}
	w.dirs[dir] = true
	return w.w.Add(dir)
}

func (w *watcher) addIfExists(dir string) error {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return w.add(dir)
}

// addTree watches root and every directory below it but .git and skips.
func (w *watcher) addTree(root string, skips []string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p != root && errors.Is(err, fs.ErrNotExist) {
				return nil // removed while walking: its event bumps the count
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != root && (d.Name() == ".git" || skipped(p, skips)) {
			return filepath.SkipDir
		}
		return w.add(p)
	})
}

func skipped(p string, skips []string) bool {
	for _, s := range skips {
		if p == s || strings.HasPrefix(p, s+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// loop counts events, adds new directories, and wakes barrier waiters.
func (w *watcher) loop() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			w.event(ev)
		case _, ok := <-w.w.Errors:
			if !ok {
				return
			}
			// An overflowed queue lost events: count one, so no view
			// computed before it is reused.
			w.mu.Lock()
			w.gen++
			w.mu.Unlock()
		}
	}
}

func (w *watcher) event(ev fsnotify.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if filepath.Dir(ev.Name) == w.barrier {
		if ch, ok := w.waiting[ev.Name]; ok && ev.Has(fsnotify.Create) {
			delete(w.waiting, ev.Name)
			close(ch)
		}
		return
	}
	w.gen++
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		delete(w.dirs, ev.Name) // inotify dropped its watch with it
	}
	if ev.Has(fsnotify.Create) {
		if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() && filepath.Base(ev.Name) != ".git" {
			if err := w.addTree(ev.Name, nil); err != nil {
				w.broken = true // a directory we cannot watch: never trust the count again
			}
		}
	}
}

// generation returns the count of changes made before the call, or ok
// false when the watcher cannot vouch for it.
func (w *watcher) generation(ctx context.Context) (gen uint64, ok bool) {
	w.mu.Lock()
	w.seq++
	name := filepath.Join(w.barrier, fmt.Sprint(w.seq))
	ch := make(chan struct{})
	w.waiting[name] = ch
	w.mu.Unlock()
	defer w.forget(name)
	if err := os.WriteFile(name, nil, 0o600); err != nil {
		return 0, false
	}
	defer os.Remove(name)
	timer := time.NewTimer(barrierWait)
	defer timer.Stop()
	select {
	case <-ch:
	case <-timer.C:
		return 0, false
	case <-ctx.Done():
		return 0, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.gen, !w.broken
}

func (w *watcher) forget(name string) {
	w.mu.Lock()
	delete(w.waiting, name)
	w.mu.Unlock()
}

// Close stops watching and removes the barrier directory.
func (w *watcher) Close() error {
	err := w.w.Close()
	<-w.done
	os.RemoveAll(w.barrier)
	return err
}
