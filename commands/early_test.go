package commands

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/internal/warm"
)

// TestEarlyVersionIsTheApps: --version answered before the app is built
// prints what urfave/cli's version flag prints.
func TestEarlyVersionIsTheApps(t *testing.T) {
	for _, flag := range []string{"--version", "-v"} {
		var early, app bytes.Buffer
		g := NewGlobals(&early, &early, nil)
		if err := g.Run(context.Background(), []string{"lgraph", flag}); err != nil {
			t.Fatal(err)
		}
		g2 := NewGlobals(&app, &app, nil)
		if err := NewApp(g2).Run([]string{"lgraph", flag}); err != nil {
			t.Fatal(err)
		}
		if early.String() != app.String() || !strings.HasPrefix(early.String(), "lgraph version ") {
			t.Errorf("%s: early %q, app %q", flag, early.String(), app.String())
		}
	}
}

func TestScanArgs(t *testing.T) {
	for _, c := range []struct {
		args  []string
		cmd   string
		flags locationFlags
		ok    bool
	}{
		{[]string{"lgraph", "status"}, "status", locationFlags{}, true},
		{[]string{"lgraph", "--json", "callers", "X", "--limit", "2"}, "callers", locationFlags{}, true},
		{[]string{"lgraph", "--repo", "r", "deps", "a.go", "--store=s"}, "deps", locationFlags{repo: "r", store: "s"}, true},
		{[]string{"lgraph", "-q", "--config", "c.yaml", "show", "x", "--remote", "file:///x"}, "show", locationFlags{config: "c.yaml"}, true},
		{[]string{"lgraph", "search", "--", "--json"}, "search", locationFlags{}, true},
		{[]string{"lgraph", "--limit", "5", "callers", "X"}, "", locationFlags{}, false}, // is 5 the command?
		{[]string{"lgraph", "status", "--help"}, "", locationFlags{}, false},
		{[]string{"lgraph", "--json"}, "", locationFlags{}, false},
		{[]string{"lgraph", "--", "status"}, "", locationFlags{}, false},
	} {
		cmd, flags, ok := NewGlobals(nil, nil, nil).scanArgs(c.args)
		if cmd != c.cmd || flags != c.flags || ok != c.ok {
			t.Errorf("scanArgs(%q) = %q, %+v, %v; want %q, %+v, %v", c.args, cmd, flags, ok, c.cmd, c.flags, c.ok)
		}
	}
}

// TestGuessStoreIsTheOpenedStore: where the early path guesses a store, it
// is the one the ordinary path opens (main worktree, a subdirectory, a
// linked worktree, --repo, --store); where the config may name another,
// it does not guess.
func TestGuessStoreIsTheOpenedStore(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"a/b.go": "package a\n"})
	r.Git("add", "-A")
	r.Git("commit", "-qm", "one")
	linked := filepath.Join(t.TempDir(), "wt")
	r.Git("worktree", "add", "-q", linked)
	environ := []string{"HOME=" + r.Home}
	for _, c := range []struct {
		name, dir string
		flags     locationFlags
	}{
		{"top", r.Dir, locationFlags{}},
		{"subdirectory", filepath.Join(r.Dir, "a"), locationFlags{}},
		{"linked worktree", linked, locationFlags{}},
		{"--repo", t.TempDir(), locationFlags{repo: linked}},
		{"--store", r.Dir, locationFlags{store: filepath.Join(t.TempDir(), "s")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(c.dir)
			g := NewGlobals(nil, nil, environ)
			guess, ok := g.guessStore(c.flags)
			if !ok {
				t.Fatal("no guess")
			}
			e, err := readview.OpenEnv(readview.Location{RepoDir: c.flags.repo, StoreDir: c.flags.store, Environ: environ}, true, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Repo.Close()
			if guess != e.Store.Dir {
				t.Errorf("guessed %s, opened %s", guess, e.Store.Dir)
			}
		})
	}
	t.Chdir(r.Dir)
	for name, environ := range map[string][]string{
		"LGRAPH_STORE": {"HOME=" + r.Home, "LGRAPH_STORE=/elsewhere"},
		"GIT_DIR":      {"HOME=" + r.Home, "GIT_DIR=" + filepath.Join(r.Dir, ".git")},
	} {
		if s, ok := NewGlobals(nil, nil, environ).guessStore(locationFlags{}); ok {
			t.Errorf("%s set: guessed %s", name, s)
		}
	}
	if s, ok := NewGlobals(nil, nil, environ).guessStore(locationFlags{config: "c.yaml"}); ok {
		t.Errorf("--config given: guessed %s", s)
	}
	user := filepath.Join(r.Home, ".config", "lgraph", "config.yaml")
	for _, file := range []string{filepath.Join(r.Dir, ".lgraph.yaml"), user} {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte("store: /elsewhere\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if s, ok := NewGlobals(nil, nil, environ).guessStore(locationFlags{}); ok {
			t.Errorf("%s names a store: guessed %s", file, s)
		}
		os.Remove(file)
	}
}

// TestDaemonDeclinesWrites: a command that is not a read, sent to the warm
// process, is declined (the client runs it), not refused.
func TestDaemonDeclinesWrites(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	k := &keeper{environ: os.Environ()}
	resp := k.answer(context.Background(), warm.Request{Argv: []string{"lgraph", "init"}, Dir: dir, Environ: os.Environ()})
	if !strings.Contains(resp.Declined, "reads only") || resp.Code != 0 || len(resp.Stdout)+len(resp.Stderr) != 0 {
		t.Errorf("init sent to the warm process: %+v, want declined", resp)
	}
}

// TestReadAsksTheWarmProcessOnce: a read offers its command line to the
// store's socket found early; a declined read is not offered again by
// the ordinary path, which reads the store itself.
func TestReadAsksTheWarmProcessOnce(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"a.go": "package a\n"})
	r.Git("add", "-A")
	r.Git("commit", "-qm", "one")
	storeDir := filepath.Join(r.Dir, ".git", "lgraph")
	if _, err := store.Open(storeDir, true); err != nil {
		t.Fatal(err)
	}
	ln, err := warm.Listen(storeDir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	var mu sync.Mutex // the handler runs on Serve's goroutine
	var asked []string
	decline := true
	go func() {
		served <- warm.Serve(ctx, ln, func(_ context.Context, req warm.Request) warm.Response {
			mu.Lock()
			defer mu.Unlock()
			asked = append(asked, strings.Join(req.Argv, " "))
			if decline {
				return warm.Response{Declined: "asked to"}
			}
			return warm.Response{Stdout: []byte("from the warm process\n")}
		})
	}()
	t.Cleanup(func() { cancel(); <-served })
	t.Chdir(r.Dir)
	environ := []string{"HOME=" + r.Home}

	seen := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), asked...)
	}

	var out bytes.Buffer
	_ = NewGlobals(&out, &out, environ).Run(context.Background(), []string{"lgraph", "status"})
	if got := seen(); len(got) != 1 || strings.Contains(out.String(), "from the warm process") {
		t.Fatalf("declined read: asked %q, printed %q; want one ask, then the read of the store", got, out.String())
	}
	mu.Lock()
	decline = false
	mu.Unlock()
	out.Reset()
	err = NewGlobals(&out, &out, environ).Run(context.Background(), []string{"lgraph", "deps", "a.go", "--json"})
	if got := seen(); err != nil || len(got) != 2 || got[1] != "lgraph deps a.go --json" || out.String() != "from the warm process\n" {
		t.Fatalf("answered read: err %v, asked %q, printed %q", err, got, out.String())
	}
}
