package hooks

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/config"
)

// Where says which directory git runs a repository's hooks from and which
// hook managers own it.
type Where struct {
	// Dir is the hooks directory git runs (absolute).
	Dir string `json:"dir"`
	// HooksPath is core.hooksPath as configured, "" when unset.
	HooksPath string `json:"hooks_path,omitempty"`
	// Managers are the hook managers found in the repository.
	Managers []Manager `json:"managers,omitempty"`
}

// Locate finds the hooks directory the way git does: core.hooksPath from
// the global, repository and worktree config (the last one set wins;
// relative to the working tree top, "~/" to HOME), else hooks/ in the
// common git directory.
func Locate(top, commonDir, gitDir string, getenv func(string) string) Where {
	w := Where{Dir: filepath.Join(commonDir, "hooks")}
	for _, f := range configFiles(commonDir, gitDir, getenv) {
		if v, ok := readHooksPath(f); ok {
			w.HooksPath = v
		}
	}
	if w.HooksPath != "" {
		w.Dir = expand(w.HooksPath, top, getenv("HOME"))
	}
	w.Managers = detect(top, w.HooksPath)
	return w
}

func expand(p, top, home string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		p = filepath.Join(home, strings.TrimPrefix(p, "~"))
	case !filepath.IsAbs(p):
		p = filepath.Join(top, p)
	}
	return filepath.Clean(p)
}

// configFiles lists git's config files in the order git reads them (the
// system file is left out: it rarely sets hooksPath and its place varies).
func configFiles(commonDir, gitDir string, getenv func(string) string) []string {
	var out []string
	switch g := getenv("GIT_CONFIG_GLOBAL"); {
	case g != "":
		out = append(out, g)
	default:
		xdg := getenv("XDG_CONFIG_HOME")
		if xdg == "" && getenv("HOME") != "" {
			xdg = filepath.Join(getenv("HOME"), ".config")
		}
		if xdg != "" {
			out = append(out, filepath.Join(xdg, "git", "config"))
		}
		if h := getenv("HOME"); h != "" {
			out = append(out, filepath.Join(h, ".gitconfig"))
		}
	}
	out = append(out, filepath.Join(commonDir, "config"))
	if gitDir != commonDir {
		out = append(out, filepath.Join(gitDir, "config.worktree"))
	} else {
		out = append(out, filepath.Join(commonDir, "config.worktree"))
	}
	return out
}

func readHooksPath(file string) (string, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", false
	}
	cfg := config.New()
	if err := config.NewDecoder(bytes.NewReader(data)).Decode(cfg); err != nil {
		return "", false
	}
	if !cfg.Section("core").HasOption("hooksPath") {
		return "", false
	}
	return cfg.Section("core").Option("hooksPath"), true
}

// Manager is a hook manager that writes the hooks git runs, so a hook
// lgraph edits is overwritten the next time it installs; lgraph's line
// belongs in the manager's own config.
type Manager struct {
	Name string `json:"name"`
	// Config is the file (relative to the top) lgraph's command goes in.
	Config string `json:"config"`
}

// detect names the hook managers a repository uses.
func detect(top, hooksPath string) []Manager {
	var out []Manager
	exists := func(p string) bool { _, err := os.Stat(filepath.Join(top, p)); return err == nil }
	if strings.Contains(hooksPath, ".husky") || exists(".husky") {
		out = append(out, Manager{Name: "husky", Config: ".husky/"})
	}
	for _, f := range []string{"lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml"} {
		if exists(f) {
			out = append(out, Manager{Name: "lefthook", Config: f})
			break
		}
	}
	if exists(".pre-commit-config.yaml") {
		out = append(out, Manager{Name: "pre-commit", Config: ".pre-commit-config.yaml"})
	}
	return out
}

// Advice is what to add to a manager's config so it runs lgraph's hooks
// (command is the line an installed hook runs, without the hook name).
func (m Manager) Advice(hooks []string, command string) string {
	var b strings.Builder
	switch m.Name {
	case "husky":
		for _, h := range hooks {
			b.WriteString("  add to .husky/" + h + ":  " + command + " " + h + " \"$@\"\n")
		}
	case "lefthook":
		b.WriteString("  add to " + m.Config + ":\n")
		for _, h := range hooks {
			b.WriteString("    " + h + ":\n      commands:\n        lgraph:\n          run: " + command + " " + h + " {0}\n")
		}
	case "pre-commit":
		b.WriteString("  add to .pre-commit-config.yaml (and run pre-commit install -t " + strings.Join(hooks, " -t ") + "):\n")
		b.WriteString("    - repo: local\n      hooks:\n        - id: lgraph\n          name: lgraph update\n")
		b.WriteString("          entry: " + command + "\n          language: system\n          always_run: true\n          pass_filenames: false\n")
		b.WriteString("          stages: [" + strings.Join(hooks, ", ") + "]\n")
	}
	return b.String()
}
