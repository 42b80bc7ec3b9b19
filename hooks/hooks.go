// Package hooks installs, removes and reports the git hooks that keep an
// lgraph index current: post-merge, post-checkout and post-rewrite run
// `lgraph update` in the background, so git is never slowed down.
package hooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Names are the hooks lgraph manages.
var Names = []string{"post-merge", "post-checkout", "post-rewrite"}

const (
	begin = "# >>> lgraph >>>"
	end   = "# <<< lgraph <<<"
)

// State is one hook's state.
type State struct {
	Hook string `json:"hook"`
	Path string `json:"path"`
	// Status is "installed", "absent", or "other" (a hook lgraph did not write).
	Status string `json:"status"`
}

// block is what lgraph adds to a hook: a background update whose output
// never reaches the user's terminal (the run's ledger entry records it).
func block(binary, repo string) string {
	return fmt.Sprintf("%s\n(cd %s && %s update --quiet --wait >/dev/null 2>&1 &)\n%s\n", begin, shellQuote(repo), shellQuote(binary), end)
}

// shellQuote makes s one literal shell word: inside single quotes the
// shell expands nothing ($(...), backquotes, $VAR); a single quote in s
// ends the quoted run, is written escaped, and a new run starts. Go's %q
// is not shell quoting: inside double quotes the shell would run a $(...)
// in a directory name.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Install adds lgraph's block to each hook in dir, keeping any hook that is
// already there (the block is appended to it).
func Install(dir, binary, repo string) ([]State, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("hooks: %w", err)
	}
	for _, name := range Names {
		p := filepath.Join(dir, name)
		old, err := os.ReadFile(p)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("hooks: read %s: %w", p, err)
		}
		text := strip(string(old))
		if strings.TrimSpace(text) == "" {
			text = "#!/bin/sh\n"
		}
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if err := os.WriteFile(p, []byte(text+block(binary, repo)), 0o755); err != nil {
			return nil, fmt.Errorf("hooks: write %s: %w", p, err)
		}
		if err := os.Chmod(p, 0o755); err != nil {
			return nil, fmt.Errorf("hooks: %w", err)
		}
	}
	return Status(dir)
}

// Uninstall removes lgraph's block from each hook, deleting hooks that held
// nothing else.
func Uninstall(dir string) ([]State, error) {
	for _, name := range Names {
		p := filepath.Join(dir, name)
		old, err := os.ReadFile(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("hooks: read %s: %w", p, err)
		}
		rest := strip(string(old))
		if strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "#!/bin/sh")) == "" {
			err = os.Remove(p)
		} else {
			err = os.WriteFile(p, []byte(rest), 0o755)
		}
		if err != nil {
			return nil, fmt.Errorf("hooks: %w", err)
		}
	}
	return Status(dir)
}

// Status reports each hook.
func Status(dir string) ([]State, error) {
	var out []State
	for _, name := range Names {
		p := filepath.Join(dir, name)
		st := State{Hook: name, Path: p, Status: "absent"}
		data, err := os.ReadFile(p)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("hooks: read %s: %w", p, err)
		case strings.Contains(string(data), begin):
			st.Status = "installed"
		default:
			st.Status = "other"
		}
		out = append(out, st)
	}
	return out, nil
}

// strip removes lgraph's block from a hook's text.
func strip(text string) string {
	i := strings.Index(text, begin)
	if i < 0 {
		return text
	}
	j := strings.Index(text[i:], end)
	if j < 0 {
		return text[:i]
	}
	return text[:i] + strings.TrimPrefix(text[i+j+len(end):], "\n")
}
