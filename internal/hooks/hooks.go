// Package hooks installs, removes and reports the git hooks that keep an
// lgraph index current: post-merge, post-checkout and post-rewrite (and,
// when asked, post-commit) call `lgraph hooks run`, which starts the update
// in the background, so git is never slowed down. It finds the directory git
// really runs hooks from (core.hooksPath), chains with hooks already there,
// names the hook managers that would overwrite them, and keeps the log the
// background updates write.
package hooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Names are the hooks lgraph installs by default.
var Names = []string{"post-merge", "post-checkout", "post-rewrite"}

// PostCommit is the opt-in hook: an index current after every commit.
const PostCommit = "post-commit"

// all is every hook lgraph may manage.
var all = append(append([]string{}, Names...), PostCommit)

// Hook states.
const (
	Installed = "installed"
	Absent    = "absent"
	// Other: a hook lgraph did not write, which does not run lgraph.
	Other = "other"
	// Outdated: an older lgraph block, appended at the end, where an exit
	// earlier in the hook skips it; install again to fix it.
	Outdated = "outdated"
)

// State is one hook's state.
type State struct {
	Hook string `json:"hook"`
	Path string `json:"path"`
	// Status is Installed, Absent, Other or Outdated.
	Status string `json:"status"`
	// Chained names the existing hook lgraph's hook runs after its own
	// line, when that hook was not a shell script and was moved aside.
	Chained string `json:"chained,omitempty"`
}

// Options say what an installed hook runs.
type Options struct {
	// Binary is the lgraph executable the hook calls (absolute).
	Binary string
	// Args are global flags the hook passes (--store DIR, --config FILE),
	// so a hook's update uses the store and config install was given.
	Args []string
	// PostCommit also installs the post-commit hook.
	PostCommit bool
}

// Install puts lgraph's line into each hook in dir, keeping any hook that
// is already there: a shell hook gets the line right after its first line,
// before anything that could exit; any other hook is moved aside and run
// by a small shell hook that calls lgraph first.
func Install(dir string, o Options) ([]State, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("hooks: %w", err)
	}
	names := Names
	if o.PostCommit {
		names = all
	}
	for _, name := range names {
		if err := installOne(filepath.Join(dir, name), block(name, o)); err != nil {
			return nil, err
		}
	}
	return Status(dir)
}

func installOne(p, blk string) error {
	old, err := os.ReadFile(p)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("hooks: read %s: %w", p, err)
	}
	text := strip(string(old))
	chained := p + chainSuffix
	if _, err := os.Stat(chained); err == nil || (strings.TrimSpace(text) != "" && !isShell(text)) {
		if err := chain(p, chained, text); err != nil {
			return err
		}
		text = "#!/bin/sh\nexec \"$0" + chainSuffix + "\" \"$@\"\n"
	}
	if err := os.WriteFile(p, []byte(insert(text, blk)), 0o755); err != nil {
		return fmt.Errorf("hooks: write %s: %w", p, err)
	}
	if err := os.Chmod(p, 0o755); err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	return nil
}

// chain moves a hook lgraph cannot edit (not a shell script) aside, once.
func chain(p, chained, text string) error {
	if _, err := os.Stat(chained); err == nil {
		return nil // moved aside by an earlier install; p is lgraph's
	}
	if err := os.WriteFile(chained, []byte(text), 0o755); err != nil {
		return fmt.Errorf("hooks: keep %s: %w", p, err)
	}
	return nil
}

// Uninstall removes lgraph's line from each hook, restores hooks it moved
// aside and deletes hooks that held nothing else.
func Uninstall(dir string) ([]State, error) {
	for _, name := range all {
		if err := uninstallOne(filepath.Join(dir, name)); err != nil {
			return nil, err
		}
	}
	return Status(dir)
}

func uninstallOne(p string) error {
	if _, err := os.Stat(p + chainSuffix); err == nil {
		if err := os.Rename(p+chainSuffix, p); err != nil {
			return fmt.Errorf("hooks: restore %s: %w", p, err)
		}
		return nil
	}
	old, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("hooks: read %s: %w", p, err)
	}
	rest := strip(string(old))
	if rest == string(old) {
		return nil
	}
	if strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "#!/bin/sh")) == "" {
		err = os.Remove(p)
	} else {
		err = os.WriteFile(p, []byte(rest), 0o755)
	}
	if err != nil {
		return fmt.Errorf("hooks: %w", err)
	}
	return nil
}

// Status reports each hook lgraph may manage.
func Status(dir string) ([]State, error) {
	var out []State
	for _, name := range all {
		p := filepath.Join(dir, name)
		st := State{Hook: name, Path: p, Status: Absent}
		data, err := os.ReadFile(p)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("hooks: read %s: %w", p, err)
		default:
			st.Status = classify(string(data))
		}
		if _, err := os.Stat(p + chainSuffix); err == nil {
			st.Chained = p + chainSuffix
		}
		out = append(out, st)
	}
	return out, nil
}
