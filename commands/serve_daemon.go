package commands

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/warm"
)

// The warm daemon (lgraph serve) answers the CLI's reads in one long-lived
// process: it runs the very command the client would have run, with the
// client's argv, working directory and environment, and hands back its
// bytes and exit code, so an answer is the same either way. What it saves
// is the process start, opening the store and decoding the snapshot, and
// the freshness check's stat of every file while its watcher counts no
// change (see internal/warm).

// runDaemon serves reads on the store's socket until ctx is done, a
// `serve --stop` arrives or the socket is removed.
func runDaemon(ctx context.Context, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	ln, err := warm.Listen(e.Store.Dir)
	if err != nil {
		return err
	}
	k := &keeper{home: e, kept: warm.NewKept(ctx, e, nil), environ: os.Environ()}
	fmt.Fprintf(g.Stdout, "serving reads of %s on %s (pid %d); stop with lgraph serve --stop\n", e.Repo.Top, warm.SocketPath(e.Store.Dir), os.Getpid())
	err = warm.Serve(ctx, ln, k.answer)
	if ctx.Err() != nil {
		return nil // interrupted: a normal way to stop a server
	}
	return err
}

// keeper holds what the daemon keeps between requests: the view of the
// repository it was started in, and the query index built on it.
type keeper struct {
	// home is the repository, config and store the daemon was started on;
	// only requests that open the same ones are answered from kept views.
	home *env
	kept *warm.Kept
	// environ is the daemon's own environment; libraries (go-git's global
	// config, say) read it directly, so a request whose environment differs
	// where they look is declined.
	environ []string
	ixView  *view
	ix      *query.Index
	// release closes what one request opened and did not keep.
	release []func()
}

// answer runs one request's command as the CLI would, into buffers. A
// command that panics is declined (the client runs it and reports it)
// and the views kept so far are dropped, as they may be half built.
func (k *keeper) answer(ctx context.Context, req warm.Request) (resp warm.Response) {
	if reason := k.decline(req); reason != "" {
		return warm.Response{Declined: reason}
	}
	defer func() {
		for _, r := range k.release {
			r()
		}
		k.release = nil
		if p := recover(); p != nil {
			k.kept.Drop()
			k.ixView, k.ix = nil, nil
			resp = warm.Response{Declined: fmt.Sprintf("the command panicked: %v", p)}
		}
	}()
	var stdout, stderr bytes.Buffer
	g := NewGlobals(&stdout, &stderr, req.Environ)
	g.keep = k
	err := g.Run(ctx, req.Argv)
	var nw notWarm
	if errors.As(err, &nw) {
		return warm.Response{Declined: nw.Error()}
	}
	code := g.Finish(err)
	return warm.Response{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Code: code}
}

// decline says why a request cannot be run here, or "".
func (k *keeper) decline(req warm.Request) string {
	if len(req.Argv) == 0 {
		return "no command"
	}
	for _, key := range []string{"HOME", "XDG_CONFIG_HOME", "TZ"} {
		if lookup(req.Environ, key) != lookup(k.environ, key) {
			return "the environment differs in " + key
		}
	}
	if !slices.Equal(prefixed(req.Environ, "GIT_"), prefixed(k.environ, "GIT_")) {
		return "the environment differs in GIT_* variables"
	}
	if err := os.Chdir(req.Dir); err != nil {
		return fmt.Sprintf("cannot enter %s: %v", req.Dir, err)
	}
	return ""
}

// view opens the view a request reads: the kept one when the request
// opens the repository, config and store the daemon watches and nothing
// changed since, else a newly opened one.
func (k *keeper) view(ctx context.Context, g *Globals) (*view, error) {
	e, err := g.open(false, nil)
	if err != nil {
		return nil, err
	}
	if !sameEnv(k.home, e) {
		k.release = append(k.release, func() { e.Repo.Close() })
		return readview.Open(ctx, e)
	}
	used := false
	v, release, err := k.kept.Get(ctx, func(ctx context.Context) (*view, error) {
		used = true
		return readview.Open(ctx, e)
	})
	if !used || err != nil {
		e.Repo.Close()
	}
	if err != nil {
		return nil, err
	}
	k.release = append(k.release, release)
	return v, nil
}

// index returns the query index of v, kept with the view: an index fills
// its lookups lazily, so later reads of a kept view find them filled.
func (k *keeper) index(v *view) *query.Index {
	if k.ixView != v {
		k.ixView, k.ix = v, query.New(v.Snap, v.Staleness)
	}
	return k.ix
}

// lookup is the value of key in environ.
func lookup(environ []string, key string) string {
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// prefixed lists environ's entries starting with prefix, sorted.
func prefixed(environ []string, prefix string) []string {
	var out []string
	for _, kv := range environ {
		if strings.HasPrefix(kv, prefix) {
			out = append(out, kv)
		}
	}
	slices.Sort(out)
	return out
}

// sameEnv reports whether two opened environments are the same repository
// worktree, store and effective config.
func sameEnv(a, b *readview.Env) bool {
	return a.Repo.Top == b.Repo.Top && a.Repo.GitDir() == b.Repo.GitDir() && a.Store.Dir == b.Store.Dir &&
		reflect.DeepEqual(a.Config, b.Config)
}
