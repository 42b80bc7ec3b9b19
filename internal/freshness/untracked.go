package freshness

import (
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// scanner finds the regular files of the working tree that git neither
// tracks nor ignores: a new file an agent just wrote is a difference from
// the indexed tree as much as an edited one. Like git's untracked cache it
// lists only directories whose stat data or ignore rules moved since the
// cached scan, and stats the others; it never enters ignored directories
// nor other repositories (submodules, nested clones).
type scanner struct {
	top     string
	cache   *statCache
	tracked func(rel []byte) bool
	out     []string
	buf     []byte // a child's path, built without allocating
	listed  int    // directories read (not served by the cache)
}

// dir scans the directory rel (parts are its path elements; "" is the top)
// whose parent's ignore rules are parent.
func (s *scanner) dir(rel string, parts []string, parent *ignoreLevel) {
	abs := s.top
	if rel != "" {
		abs += "/" + rel
	}
	var st unix.Stat_t
	if lstat(abs, &st) != nil || !isDir(&st) {
		return
	}
	key := keyOf(&st)
	l, level := s.cached(rel, parts, abs, key, parent)
	if l == nil {
		if l, level = s.list(rel, parts, abs, key, parent); l == nil {
			return
		}
		s.cache.learnDir(rel, &st, l)
	} else {
		s.cache.keep(rel)
	}
	if l.Nested {
		return
	}
	for _, f := range l.Files {
		if s.tracked(s.child(rel, f.Name)) {
			continue
		}
		if !f.Checked && level.matcher().Match(append(parts[:len(parts):len(parts)], f.Name), false) {
			continue
		}
		s.out = append(s.out, join(rel, f.Name))
	}
	for _, d := range l.Dirs {
		if s.tracked(s.child(rel, d)) {
			continue // a submodule git tracks, even before it is cloned
		}
		s.dir(join(rel, d), append(parts[:len(parts):len(parts)], d), level)
	}
}

// cached returns the remembered listing of a directory when it still
// holds: same stat key, same ignore rules.
func (s *scanner) cached(rel string, parts []string, abs string, key statKey, parent *ignoreLevel) (*dirListing, *ignoreLevel) {
	l := s.cache.listing(rel, key)
	if l == nil {
		return nil, nil
	}
	var content []byte
	if l.Gitignore {
		data, err := os.ReadFile(filepath.Join(abs, ".gitignore"))
		if err != nil {
			return nil, nil
		}
		content = data
	}
	level := parent.child(parts, content)
	if level.fp != l.Ignore {
		return nil, nil
	}
	return l, level
}

// list reads a directory and applies the ignore rules to what it holds.
func (s *scanner) list(rel string, parts []string, abs string, key statKey, parent *ignoreLevel) (*dirListing, *ignoreLevel) {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil, nil
	}
	s.listed++
	l := &dirListing{Key: key}
	var content []byte
	for _, e := range entries {
		switch {
		case e.Name() == ".git" && rel != "":
			l.Nested = true
		case e.Name() == ".gitignore" && e.Type().IsRegular():
			if data, err := os.ReadFile(filepath.Join(abs, ".gitignore")); err == nil {
				l.Gitignore, content = true, data
			}
		}
	}
	level := parent.child(parts, content)
	l.Ignore = level.fp
	if l.Nested {
		return l, level
	}
	for _, e := range entries {
		name := e.Name()
		if name == ".git" {
			continue
		}
		child := s.child(rel, name)
		childParts := append(parts[:len(parts):len(parts)], name)
		switch {
		case e.IsDir():
			if !level.matcher().Match(childParts, true) {
				l.Dirs = append(l.Dirs, name)
			}
		case e.Type().IsRegular() && s.tracked(child):
			l.Files = append(l.Files, listedFile{Name: name})
		case e.Type().IsRegular() && !level.matcher().Match(childParts, false):
			l.Files = append(l.Files, listedFile{Name: name, Checked: true})
		}
	}
	return l, level
}

// child returns dir/name in a buffer that the next call reuses.
func (s *scanner) child(dir, name string) []byte {
	s.buf = s.buf[:0]
	if dir != "" {
		s.buf = append(append(s.buf, dir...), '/')
	}
	s.buf = append(s.buf, name...)
	return s.buf
}

// join returns dir/name as a string of its own: names may come from the
// mapped stat table, which is released when the read ends.
func join(dir, name string) string {
	if dir == "" {
		return strings.Clone(name)
	}
	return dir + "/" + name
}
