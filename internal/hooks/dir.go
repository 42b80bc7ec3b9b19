package hooks

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/lgraph/lgraph/internal/gitrepo/gitconfig"
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

// Locate finds the hooks directory the way git does: core.hooksPath as
// gitconfig reads it (relative to the working tree top, "~/" to HOME),
// else hooks/ in the common git directory.
func Locate(top, commonDir, gitDir string, getenv func(string) string) Where {
	w := Where{Dir: filepath.Join(commonDir, "hooks")}
	cfg := gitconfig.Read(gitconfig.Location{CommonDir: commonDir, GitDir: gitDir, Getenv: getenv})
	w.HooksPath, _ = cfg.Get("core", "hooksPath")
	if dir, ok := cfg.Path("core", "hooksPath", top); ok {
		w.Dir = dir
	}
	w.Managers = detect(top, w.HooksPath)
	return w
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
