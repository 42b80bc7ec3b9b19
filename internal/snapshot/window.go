package snapshot

import (
	"bytes"
	"fmt"
	"slices"
)

// The wiki's history window keeps, for each of its commits, the
// directories the commit changed. Held in the header, they were decoded
// and encoded again by every update, and a commit that changed the whole
// repository (a first commit, a reformat) made that cost grow with the
// repository. They live in their own keyspace instead, written when a
// commit enters the window and removed when it leaves; the header lists
// the window's commits, and a module's history is found by directory.
const (
	KsWindow = 'V' // "c" \0 commit -> the directories it changed (EncodeDirs); "d" \0 dir \0 commit -> ""

	windowCommit = "c"
	windowDir    = "d"
)

// WindowEntries is what one window commit puts in a snapshot's tables: its
// directory list, and one key per directory naming the commit. c.Dirs must
// be known.
func WindowEntries(c WindowCommit) []Entry {
	e := newEncoder()
	e.strs_(c.Dirs)
	es := make([]Entry, 0, len(c.Dirs)+1)
	es = append(es, Entry{Key: joinKey(KsWindow, windowCommit, c.Hash), Value: e.bytes()})
	for _, d := range c.Dirs {
		es = append(es, Entry{Key: joinKey(KsWindow, windowDir, d, c.Hash)})
	}
	return es
}

// WindowDirs is the list of directories the window commit hash changed, as
// the tables kv hold it.
func WindowDirs(kv KV, hash string) ([]string, error) {
	v, ok, err := kv.Get(joinKey(KsWindow, windowCommit, hash))
	if err != nil {
		return nil, fmt.Errorf("read window commit %.12s: %w", hash, err)
	}
	if !ok {
		return nil, fmt.Errorf("window commit %.12s has no directory list: run lgraph update --full", hash)
	}
	d, err := openRecord(bytes.Clone(v))
	if err != nil {
		return nil, fmt.Errorf("decode window commit %.12s: %w", hash, err)
	}
	dirs := d.strs()
	if d.err != nil {
		return nil, fmt.Errorf("decode window commit %.12s: %w", hash, d.err)
	}
	return dirs, nil
}

// WindowCommitsOf lists the window commits the tables kv record as having
// changed dir, in key order.
func WindowCommitsOf(kv KV, dir string) ([]string, error) {
	var out []string
	err := kv.Scan(Prefix(KsWindow, windowDir, dir), func(k, _ []byte) error {
		if h, ok, more := keyPart(k, 2); ok && !more {
			out = append(out, h)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the window commits of %s: %w", dir, err)
	}
	return out, nil
}

// WindowDirsAt is the directories the window's commit i changed: known
// (computed by this run), or read from the snapshot's tables.
func (s *Snapshot) WindowDirsAt(i int) ([]string, error) {
	c := s.Window[i]
	if c.Known {
		return c.Dirs, nil
	}
	if s.Index == nil {
		return nil, fmt.Errorf("window commit %.12s: its directories are neither known nor in tables", c.Hash)
	}
	return WindowDirs(s.Index, c.Hash)
}

// KnownWindow is the window with every commit's directories known, those
// not known read from kv (the tables they were published in).
func KnownWindow(w []WindowCommit, kv KV) ([]WindowCommit, error) {
	out := slices.Clone(w)
	for i, c := range out {
		if c.Known {
			continue
		}
		if kv == nil {
			return nil, fmt.Errorf("window commit %.12s: its directories are neither known nor in tables", c.Hash)
		}
		dirs, err := WindowDirs(kv, c.Hash)
		if err != nil {
			return nil, err
		}
		out[i] = WindowCommit{Hash: c.Hash, Dirs: dirs, Known: true}
	}
	return out, nil
}
