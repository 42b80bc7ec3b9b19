package config

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/lgraph/lgraph/internal/gitrepo"
)

// places are where a repository keeps what it brings: the top of every
// worktree (the main one and each linked one) and its git directories. A
// file there is the repository's whoever names it: .lgraph.yaml, a --config
// path a hook carries from one worktree into another, or the user's own
// config path when HOME lies inside the repository. Tracked files need no
// test of their own: a path git tracks never climbs out of a worktree's top.
type places struct {
	// dirs are the places, each as named and symlink-free.
	dirs []string
	// common is the symlink-free common git directory; "" when unknown
	// (then only dirs count).
	common string
}

// placesOf reads git's own metadata (never git itself) for the worktrees of
// the repository the inputs name.
func placesOf(in Inputs) places {
	var p places
	add := func(d string) {
		if d == "" {
			return
		}
		abs, err := filepath.Abs(d)
		if err != nil {
			return
		}
		p.dirs = append(p.dirs, abs)
		if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
			p.dirs = append(p.dirs, real)
		}
	}
	add(in.RepoTop)
	add(in.GitDir)
	add(in.CommonDir)
	if in.CommonDir != "" {
		for _, top := range gitrepo.Worktrees(in.CommonDir) {
			add(top)
		}
		p.common = resolve(in.CommonDir)
	}
	return p
}

// holds reports whether the absolute path lies in one of the places, or
// under a directory whose .git leads to the same common directory: a
// worktree the metadata does not list (the main worktree of a repository
// cloned with --separate-git-dir).
func (p places) holds(path string) bool {
	if !filepath.IsAbs(path) {
		return false
	}
	for _, d := range p.dirs {
		if within(d, path) {
			return true
		}
	}
	if p.common == "" {
		return false
	}
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		if c, ok := gitrepo.CommonDirAt(d); ok && resolve(c) == p.common {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && filepath.IsLocal(rel)
}

// resolve returns the absolute, symlink-free form of a path; "" when it
// does not resolve (missing, a dangling link, a /proc fd link to a pipe).
func resolve(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return ""
	}
	return real
}

// resolvePrefix resolves the longest part of path that exists, for a path
// that may not exist yet (a directory lgraph will create).
func resolvePrefix(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	rest := ""
	for d := abs; ; d = filepath.Dir(d) {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(d) == d {
			return abs
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
}

// configFile is a config file as found on disk, before it is read.
type configFile struct {
	// named is the path as given (for messages).
	named string
	// real is the absolute, symlink-free path; "" when it does not resolve.
	real string
	// missing is set when nothing at all is at named (err says why).
	missing bool
	err     error
	// repos is set when the file is the repository's: named or real lies
	// in the repository.
	repos bool
	// refusal says why a repository's file is not read ("" when it may be):
	// only regular files that resolve inside the repository are read, so a
	// committed link cannot make lgraph read its stdin, a device or a file
	// elsewhere.
	refusal string
}

// look finds a config file and decides whose it is.
func (p places) look(file string) configFile {
	f := configFile{named: file}
	abs, err := filepath.Abs(file)
	if err == nil {
		_, err = os.Lstat(abs)
	}
	if err != nil {
		f.missing, f.err = true, err
		return f
	}
	f.real = resolve(abs)
	f.repos = p.holds(abs) || (f.real != "" && p.holds(f.real))
	if !f.repos {
		return f
	}
	switch fi, err := os.Stat(f.real); {
	case f.real == "" || !p.holds(f.real):
		target := f.real
		if t, err := os.Readlink(abs); err == nil {
			target = t
		}
		if target == "" {
			target = "a path that does not resolve"
		}
		f.refusal = fmt.Sprintf("%s is a symlink to a file outside the repository: not read (it leads to %s; "+
			"a repository's config must be a regular file in it)", file, target)
	case err != nil:
		f.refusal = fmt.Sprintf("%s: %v: not read", file, err)
	case !fi.Mode().IsRegular():
		f.refusal = fmt.Sprintf("%s is not a regular file: not read; a repository's config must be a regular file", file)
	}
	return f
}
