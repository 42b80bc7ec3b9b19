package freshness

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/lgraph/lgraph/internal/gitrepo/gitconfig"
)

// ignoreLevel is the set of ignore rules in force in one directory: its
// parent's plus its own .gitignore. The root's parent is the repository-wide
// level (core.excludesFile, then .git/info/exclude, lowest priority first).
// Patterns are parsed only when a directory has to be listed again; a
// directory whose listing is cached needs only the fingerprint.
type ignoreLevel struct {
	parent  *ignoreLevel
	domain  []string
	content []byte
	// fp identifies every rule in force here (the contents of all the files
	// they come from, and where): a cached listing is valid under the same fp.
	fp       [16]byte
	parsed   bool
	patterns []gitignore.Pattern
}

// repoIgnores is the level of the rules that hold for the whole tree.
func repoIgnores(top, commonDir, gitDir string, getenv func(string) string) *ignoreLevel {
	global := excludesFile(top, commonDir, gitDir, getenv)
	globalData, _ := os.ReadFile(global)
	info, _ := os.ReadFile(filepath.Join(commonDir, "info", "exclude"))
	h := sha256.New()
	for _, part := range [][]byte{[]byte("lgraph-ignore-v1"), []byte(global), globalData, info} {
		h.Write([]byte{byte(len(part) >> 24), byte(len(part) >> 16), byte(len(part) >> 8), byte(len(part))})
		h.Write(part)
	}
	l := &ignoreLevel{content: append(append(globalData, '\n'), info...)}
	copy(l.fp[:], h.Sum(nil))
	return l
}

// child is the level of directory parts, whose .gitignore holds content
// (nil when it has none).
func (l *ignoreLevel) child(parts []string, content []byte) *ignoreLevel {
	h := sha256.New()
	h.Write(l.fp[:])
	h.Write([]byte(strings.Join(parts, "/")))
	if content != nil {
		h.Write([]byte{1})
		h.Write(content)
	}
	c := &ignoreLevel{parent: l, domain: parts, content: content}
	copy(c.fp[:], h.Sum(nil))
	return c
}

// all returns every pattern in force, lowest priority first (the order
// go-git's matcher expects: the last match wins).
func (l *ignoreLevel) all() []gitignore.Pattern {
	if l.parsed {
		return l.patterns
	}
	var ps []gitignore.Pattern
	if l.parent != nil {
		ps = l.parent.all()
	}
	l.patterns = append(ps[:len(ps):len(ps)], parseIgnore(l.content, l.domain)...)
	l.parsed = true
	return l.patterns
}

// matcher matches paths against every pattern in force at l.
func (l *ignoreLevel) matcher() gitignore.Matcher { return gitignore.NewMatcher(l.all()) }

// parseIgnore parses gitignore lines whose patterns apply below domain.
func parseIgnore(data []byte, domain []string) []gitignore.Pattern {
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

// excludesFile is git's core.excludesFile as gitconfig reads it, else
// $XDG_CONFIG_HOME/git/ignore (~/.config/git/ignore), git's default.
func excludesFile(top, commonDir, gitDir string, getenv func(string) string) string {
	cfg := gitconfig.Read(gitconfig.Location{CommonDir: commonDir, GitDir: gitDir, Getenv: getenv})
	if p, ok := cfg.Path("core", "excludesFile", top); ok {
		return p
	}
	xdg := getenv("XDG_CONFIG_HOME")
	if home := getenv("HOME"); xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	if xdg == "" {
		return ""
	}
	return filepath.Join(xdg, "git", "ignore")
}
