package taskbench

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Tree is a checked-out source tree as the grep agent sees it: the text
// of its files with a given suffix, by slash path.
type Tree struct {
	Files map[string][]string // path -> lines
	paths []string
}

// LoadTree reads the files under dir whose names end with suffix,
// skipping hidden directories (.git and the store).
func LoadTree(dir, suffix string) (*Tree, error) {
	t := &Tree{Files: map[string][]string{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, suffix) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return fmt.Errorf("relative path of %s: %w", p, err)
		}
		t.Files[filepath.ToSlash(rel)] = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load tree %s: %w", dir, err)
	}
	for p := range t.Files {
		t.paths = append(t.paths, p)
	}
	sort.Strings(t.paths)
	return t, nil
}

// Hit is one matching line.
type Hit struct {
	Path string
	Line int // 1-based
	Text string
}

// Site is the hit's path:line.
func (h Hit) Site() string { return fmt.Sprintf("%s:%d", h.Path, h.Line) }

// Grep returns the lines matching re, in path and line order, as
// `grep -rnE` over the tree would (grep's own order is the directory's).
func (t *Tree) Grep(re *regexp.Regexp) []Hit {
	var hits []Hit
	for _, p := range t.paths {
		for i, l := range t.Files[p] {
			if re.MatchString(l) {
				hits = append(hits, Hit{Path: p, Line: i + 1, Text: l})
			}
		}
	}
	return hits
}

// WordRegexp matches name as a whole word, as grep -w does.
func WordRegexp(name string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
}

// FormatHits renders hits as grep -rn prints them.
func FormatHits(hits []Hit) string {
	var b strings.Builder
	for _, h := range hits {
		fmt.Fprintf(&b, "./%s:%d:%s\n", h.Path, h.Line, h.Text)
	}
	return b.String()
}

// Windows reads radius lines either side of each line of path (merged
// where they overlap), numbered as an agent's file-read tool shows them.
func (t *Tree) Windows(path string, lines []int, radius int) string {
	src := t.Files[path]
	keep := make([]bool, len(src)+2)
	for _, l := range lines {
		for i := max(1, l-radius); i <= min(len(src), l+radius); i++ {
			keep[i] = true
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", path)
	for i := 1; i <= len(src); i++ {
		if keep[i] {
			fmt.Fprintf(&b, "%6d\t%s\n", i, src[i-1])
		} else if keep[i-1] {
			b.WriteString("...\n")
		}
	}
	return b.String()
}

// ReadToClose reads path from line to the first line that is a lone
// closing brace at column 0, the end of a Go top-level declaration: how far
// an agent reads to see a function whole.
func (t *Tree) ReadToClose(path string, line int) (string, int) {
	src := t.Files[path]
	end := line
	for end < len(src) && src[end-1] != "}" {
		end++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", path)
	for i := line; i <= end && i <= len(src); i++ {
		fmt.Fprintf(&b, "%6d\t%s\n", i, src[i-1])
	}
	return b.String(), end
}
