package freshness

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// untracked lists code files in the working tree that the index does not
// hold and git does not ignore: a new file an agent just wrote is a
// difference from the indexed tree as much as an edited one. One walk,
// reading each directory's .gitignore on the way down (plus
// .git/info/exclude), never entering ignored directories.
func untracked(top string, known map[string]bool, isCode func(path string, head func() []byte) bool) []string {
	var patterns []gitignore.Pattern
	patterns = append(patterns, readIgnore(filepath.Join(top, ".git", "info", "exclude"), nil)...)
	var out []string
	var walk func(rel string, parts []string, ps []gitignore.Pattern)
	walk = func(rel string, parts []string, ps []gitignore.Pattern) {
		abs := filepath.Join(top, filepath.FromSlash(rel))
		ps = append(ps[:len(ps):len(ps)], readIgnore(filepath.Join(abs, ".gitignore"), parts)...)
		m := gitignore.NewMatcher(ps)
		entries, err := os.ReadDir(abs)
		if err != nil {
			return
		}
		for _, e := range entries {
			name := e.Name()
			if name == ".git" {
				continue
			}
			childParts := append(parts[:len(parts):len(parts)], name)
			childRel := name
			if rel != "" {
				childRel = rel + "/" + name
			}
			if m.Match(childParts, e.IsDir()) {
				continue
			}
			switch {
			case e.IsDir():
				walk(childRel, childParts, ps)
			case e.Type().IsRegular() && !known[childRel]:
				full := filepath.Join(abs, name)
				if isCode(childRel, func() []byte { return head(full) }) {
					out = append(out, childRel)
				}
			}
		}
	}
	walk("", nil, patterns)
	return out
}

// readIgnore parses a gitignore file whose patterns apply below domain.
func readIgnore(path string, domain []string) []gitignore.Pattern {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

// head reads the first bytes of a file (for a shebang line).
func head(path string) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	buf := make([]byte, 256)
	n, _ := io.ReadFull(f, buf)
	return buf[:n]
}
