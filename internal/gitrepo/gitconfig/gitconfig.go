// Package gitconfig reads a repository's git configuration the way git
// does, for the keys lgraph obeys (core.hooksPath for hooks,
// core.excludesFile for working-tree freshness), so that both follow one
// set of rules:
//
//   - the files in git's order, the last value set winning: the system
//     file (GIT_CONFIG_SYSTEM, else /etc/gitconfig; none under
//     GIT_CONFIG_NOSYSTEM), the global ones (GIT_CONFIG_GLOBAL, else
//     $XDG_CONFIG_HOME/git/config then ~/.gitconfig), the repository's
//     config in the common git directory, then the worktree's
//     config.worktree when extensions.worktreeConfig is on;
//   - then the variables GIT_CONFIG_COUNT, GIT_CONFIG_KEY_<n> and
//     GIT_CONFIG_VALUE_<n> (what `git -c` passes on is not read);
//   - include.path, and includeIf "gitdir:" / "gitdir/i:", followed where
//     they stand, up to git's depth of 10 (onbranch and hasconfig
//     conditions are not followed);
//   - a file that cannot be read or parsed adds nothing.
package gitconfig

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/go-git/gcfg"
)

// Location is the repository whose configuration is read.
type Location struct {
	// CommonDir is the git common directory (the main worktree's .git).
	CommonDir string
	// GitDir is this worktree's git directory: CommonDir in the main
	// worktree, .git/worktrees/NAME in a linked one.
	GitDir string
	// Getenv reads the environment (HOME, XDG_CONFIG_HOME, GIT_CONFIG_*).
	Getenv func(string) string
}

// Config is the configuration read, every value in the order git reads it.
type Config struct {
	entries []entry
	home    string
}

type entry struct {
	section, subsection, key, value string
}

// maxIncludeDepth is git's bound on nested includes.
const maxIncludeDepth = 10

// Read reads the configuration of the repository at loc.
func Read(loc Location) *Config {
	getenv := loc.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if loc.GitDir == "" {
		loc.GitDir = loc.CommonDir
	}
	r := reader{loc: loc, home: getenv("HOME")}
	for _, f := range globalFiles(getenv) {
		r.file(f, 0)
	}
	if loc.CommonDir != "" {
		start := len(r.entries)
		r.file(filepath.Join(loc.CommonDir, "config"), 0)
		// A repository extension counts only in the repository's own file.
		local := &Config{entries: r.entries[start:]}
		if on, _ := local.Bool("extensions", "worktreeConfig"); on {
			r.file(filepath.Join(loc.GitDir, "config.worktree"), 0)
		}
	}
	r.environment(getenv)
	return &Config{entries: r.entries, home: r.home}
}

// globalFiles lists the system and global files, in git's order.
func globalFiles(getenv func(string) string) []string {
	var out []string
	if v := getenv("GIT_CONFIG_NOSYSTEM"); v == "" || !parseBool(v) {
		sys := getenv("GIT_CONFIG_SYSTEM")
		if sys == "" {
			sys = "/etc/gitconfig"
		}
		out = append(out, sys)
	}
	if g := getenv("GIT_CONFIG_GLOBAL"); g != "" {
		return append(out, g)
	}
	home := getenv("HOME")
	xdg := getenv("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	if xdg != "" {
		out = append(out, filepath.Join(xdg, "git", "config"))
	}
	if home != "" {
		out = append(out, filepath.Join(home, ".gitconfig"))
	}
	return out
}

// Get returns the last value set for section.key (no subsection); names
// are matched without regard to case, as git does.
func (c *Config) Get(section, key string) (string, bool) {
	for i := len(c.entries) - 1; i >= 0; i-- {
		e := c.entries[i]
		if e.subsection == "" && strings.EqualFold(e.section, section) && strings.EqualFold(e.key, key) {
			return e.value, true
		}
	}
	return "", false
}

// Bool returns section.key read as git reads a boolean ("true", "yes",
// "on", a non-zero number, or the key alone); set is false when unset.
func (c *Config) Bool(section, key string) (value, set bool) {
	v, ok := c.Get(section, key)
	if !ok {
		return false, false
	}
	return parseBool(v), true
}

// Path returns section.key read as a path, as git reads one: "~/" is the
// home directory, and a relative path (git resolves it from where it
// runs) is taken from top, the working tree's top.
func (c *Config) Path(section, key, top string) (string, bool) {
	v, ok := c.Get(section, key)
	if !ok || v == "" {
		return "", false
	}
	return expand(v, top, c.home), true
}

// expand resolves a configured path: "~" and "~/…" from home, a relative
// one from base.
func expand(p, base, home string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		p = filepath.Join(home, strings.TrimPrefix(p, "~"))
	case !filepath.IsAbs(p):
		p = filepath.Join(base, p)
	}
	return filepath.Clean(p)
}

// parseBool reads a git boolean; the key alone is passed as "true".
func parseBool(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "on":
		return true
	case "false", "no", "off", "":
		return false
	}
	n, err := strconv.Atoi(v)
	return err == nil && n != 0
}

// reader collects entries in the order git reads them.
type reader struct {
	loc     Location
	home    string
	entries []entry
}

// file adds the entries of one file, following its includes where they
// stand. A file that cannot be read or parsed adds nothing.
func (r *reader) file(name string, depth int) {
	data, err := os.ReadFile(name)
	if err != nil {
		return
	}
	var own []entry
	err = gcfg.ReadWithCallback(strings.NewReader(string(data)), func(s, ss, k, v string, blank bool) error {
		if k == "" {
			return nil // a section header
		}
		if blank {
			v = "true"
		}
		own = append(own, entry{section: s, subsection: ss, key: k, value: v})
		return nil
	})
	if err != nil {
		return
	}
	for _, e := range own {
		r.entries = append(r.entries, e)
		if inc, ok := r.include(e, filepath.Dir(name)); ok && depth < maxIncludeDepth {
			r.file(inc, depth+1)
		}
	}
}

// include returns the file an include entry names, when its condition
// holds: include.path always, includeIf "gitdir:PATTERN" when this
// repository's git directory matches.
func (r *reader) include(e entry, dir string) (string, bool) {
	if !strings.EqualFold(e.key, "path") || e.value == "" {
		return "", false
	}
	switch {
	case strings.EqualFold(e.section, "include") && e.subsection == "":
	case strings.EqualFold(e.section, "includeIf") && r.gitdirMatches(e.subsection, dir):
	default:
		return "", false
	}
	return expand(e.value, dir, r.home), true
}

// gitdirMatches evaluates an includeIf condition: only gitdir: and
// gitdir/i: are understood, as git's wildmatch with "**" across
// directories. A pattern not anchored by "/", "~/" or "./" matches at any
// depth, and one ending in "/" matches everything below.
func (r *reader) gitdirMatches(cond, dir string) bool {
	pattern, fold := "", false
	switch {
	case strings.HasPrefix(cond, "gitdir:"):
		pattern = strings.TrimPrefix(cond, "gitdir:")
	case strings.HasPrefix(cond, "gitdir/i:"):
		pattern, fold = strings.TrimPrefix(cond, "gitdir/i:"), true
	default:
		return false
	}
	switch {
	case pattern == "":
		return false
	case pattern == "~" || strings.HasPrefix(pattern, "~/"):
		pattern = filepath.ToSlash(filepath.Join(r.home, strings.TrimPrefix(pattern, "~"))) + trailingSlash(pattern)
	case strings.HasPrefix(pattern, "./"):
		pattern = filepath.ToSlash(filepath.Join(dir, pattern)) + trailingSlash(pattern)
	case !strings.HasPrefix(pattern, "/"):
		pattern = "**/" + pattern
	}
	if strings.HasSuffix(pattern, "/") {
		pattern += "**"
	}
	gitDir := filepath.ToSlash(filepath.Clean(r.loc.GitDir))
	cands := []string{gitDir}
	if real, err := filepath.EvalSymlinks(r.loc.GitDir); err == nil {
		cands = append(cands, filepath.ToSlash(real))
	}
	for _, c := range cands {
		if fold {
			c, pattern = strings.ToLower(c), strings.ToLower(pattern)
		}
		if ok, _ := doublestar.Match(pattern, c); ok {
			return true
		}
	}
	return false
}

func trailingSlash(p string) string {
	if strings.HasSuffix(p, "/") {
		return "/"
	}
	return ""
}

// environment adds GIT_CONFIG_COUNT's key and value pairs.
func (r *reader) environment(getenv func(string) string) {
	n, err := strconv.Atoi(getenv("GIT_CONFIG_COUNT"))
	if err != nil {
		return
	}
	for i := range n {
		name := getenv("GIT_CONFIG_KEY_" + strconv.Itoa(i))
		dot, last := strings.IndexByte(name, '.'), strings.LastIndexByte(name, '.')
		if dot <= 0 || last == len(name)-1 {
			continue
		}
		e := entry{section: name[:dot], key: name[last+1:], value: getenv("GIT_CONFIG_VALUE_" + strconv.Itoa(i))}
		if last > dot {
			e.subsection = name[dot+1 : last]
		}
		r.entries = append(r.entries, e)
	}
}
