// Package store lays out an lgraph store directory: its format version, the
// published branch refs and snapshots that readers use, and the run ledger.
// Published files change only by atomic rename, so a reader never sees half
// a publish and never needs the writer's lock.
package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/lgraph/lgraph/internal/errcode"
)

// Format is the store layout version this lgraph writes. 2: edges carry
// resolved_by, facts carry types and receivers. 3: snapshots are sorted
// tables (records and derived indexes) read lazily. 4: Python files' import
// heads are indexed (keyspace H), so an update re-derives Python roots
// without decoding every record. 5: edges into each file are counted by
// source file and kind (keyspace U), which module docs read. 6: a
// record's facts may carry the file's own doc (a form older lgraphs would
// misread). 7: node ids escape "%" and "#" in their path (nodeid), so an
// edge into docs/#notes.py is no longer filed under "docs/"; the ids a
// format-6 store holds for such paths would be misread; leaf entries carry
// the blob id after the digest, so the freshness check compares git's
// staged blobs without decoding records; and a record's resolution lists
// the calls that failed for want of a receiver type, indexed by the name
// called (keyspace X). 8: the words of names, docs and summaries are
// indexed for search by words (keyspace T). 9: the content root is
// sha256-merkle-v2, a tree shaped by directories whose nodes a snapshot
// stores (keyspace K), so an update patches it along its changed paths; a
// format-8 snapshot has no tree to patch and a v1 root. 10: a file's
// directory listing (keyspace D) carries what a module doc reads of it
// (snapshot.Member), so an update redoes a module's doc without decoding
// its members' records. 11: Python files tell the tree rule for package
// roots through directory tallies (keyspace C) instead of one import-heads
// entry each (keyspace H), so an update that changes a file's imports reads
// the tallies, not every Python file's heads; and the files project
// readers read are listed (keyspace J), so that it finds them without a
// walk over every path. 12: the history window's directory lists leave the
// header for their own keyspace (V), so an update writes the commits that
// entered or left the window rather than the whole window. 13: a
// definition with a parent is listed under it (keyspace Q), so a member
// lookup reads the parent's definitions of the name, not every one. 14: a
// record's facts may carry C++ call sites (facts.File.Sites) before their
// references (a form older lgraphs would misread). 15: the file records'
// keyspace sorts first (A, was F) and the header last (~, was #), so that
// a full run writes the records during its pass over them instead of
// spilling them to copy out after it.
const Format = 15

// ErrNewerFormat reports a store written by a newer lgraph.
var ErrNewerFormat = errors.New("store format is newer than this lgraph")

// ErrNoIndex reports a store directory that does not exist yet.
var ErrNoIndex = errcode.Sentinel(errcode.NotIndexed, "no lgraph index")

// ErrOlderFormat reports a store whose published graph an older lgraph
// wrote; the next init or update rebuilds it.
var ErrOlderFormat = errors.New("the index was written by an older lgraph")

// Store is a store directory.
type Store struct {
	Dir string
}

// DefaultDir is where a repository's store lives when nothing says
// otherwise: lgraph/ under the git common directory, so every worktree
// shares it (docs/design.md §4).
func DefaultDir(gitCommonDir string) string { return filepath.Join(gitCommonDir, "lgraph") }

// Open checks (or, with create, initializes) the store in dir.
func Open(dir string, create bool) (*Store, error) {
	s := &Store{Dir: dir}
	data, err := os.ReadFile(s.path("FORMAT"))
	switch {
	case errors.Is(err, os.ErrNotExist) && create:
		return s, s.initialize()
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("%w at %s: run lgraph init", ErrNoIndex, dir)
	case err != nil:
		return nil, fmt.Errorf("open store %s: %w", dir, err)
	}
	var f struct {
		Format int `json:"format"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("store %s: FORMAT file is corrupt (%v): remove the directory and run lgraph init", dir, err)
	}
	switch {
	case f.Format > Format:
		return nil, fmt.Errorf("%w: %s has format %d, this lgraph reads up to %d: upgrade lgraph or pass --store DIR", ErrNewerFormat, dir, f.Format, Format)
	case f.Format < Format && !create:
		return nil, fmt.Errorf("%w (%s has format %d): run lgraph update to rebuild it", ErrOlderFormat, dir, f.Format)
	case f.Format < Format:
		return s, s.upgrade(f.Format)
	}
	s.adoptLegacyStatTable()
	return s, nil
}

// statTableFile is the stat table's name; legacyStatTableFile the name it
// had until it was found misleading (the table was binary, not JSON).
const (
	statTableFile       = "worktree-stat"
	legacyStatTableFile = "worktree-stat.json"
)

// adoptLegacyStatTable renames a stat table written under its old name, so
// the first read after an upgrade keeps what it vouches for instead of
// hashing the working tree again. Best effort: a store that cannot be
// written, or a rename another process made first, loses only that.
func (s *Store) adoptLegacyStatTable() {
	if _, err := os.Lstat(s.path(statTableFile)); !errors.Is(err, os.ErrNotExist) {
		return
	}
	_ = os.Rename(s.path(legacyStatTableFile), s.path(statTableFile))
}

// upgrade drops what an older format published (refs, snapshots,
// segments), so the next run rebuilds it; the cache of facts and model
// results and the ledger are kept, so nothing paid for is lost.
func (s *Store) upgrade(from int) error {
	for _, d := range []string{"refs", "snapshots", "segments", "tables"} {
		if err := os.RemoveAll(s.path(d)); err != nil {
			return fmt.Errorf("upgrade store %s from format %d: %w", s.Dir, from, err)
		}
	}
	return s.initialize()
}

func (s *Store) initialize() error {
	for _, d := range []string{"", "refs", "tables", "runs", "cache"} {
		if err := os.MkdirAll(s.path(d), 0o755); err != nil {
			return fmt.Errorf("create store %s: %w", s.Dir, err)
		}
	}
	data, _ := json.Marshal(map[string]int{"format": Format})
	return writeAtomic(s.path("FORMAT"), data)
}

// StatCachePath is where reads remember working-tree hashes by stat data.
func (s *Store) StatCachePath() string { return s.path(statTableFile) }

// CacheDir is where the badger cache lives.
func (s *Store) CacheDir() string { return s.path("cache") }

// ScratchDir is where a writer keeps its temporary files (the index runs
// of a full run, unlinked as they are created): beside the tables, on the
// same disk, never in a directory that may be held in memory.
func (s *Store) ScratchDir() string { return s.path("tables") }

func (s *Store) path(elem ...string) string {
	return filepath.Join(append([]string{s.Dir}, elem...)...)
}

// writeAtomic writes data to a temporary file, syncs it, renames it over
// name and syncs the directory, so readers see the old bytes or the new,
// never a mix, and a power cut cannot leave the name pointing at an empty
// file.
func writeAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-"+filepath.Base(name)+"-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("sync %s: %w", name, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("publish %s: %w", name, err)
	}
	return syncDir(filepath.Dir(name))
}

// syncDir makes a rename in dir durable. Its errors are ignored: some file
// systems cannot sync a directory, and the rename has happened already.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	_ = d.Sync()
	return nil
}

// Size returns the bytes under the store directory.
func (s *Store) Size() int64 {
	var total int64
	_ = filepath.WalkDir(s.Dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				total += fi.Size()
			}
		}
		return nil
	})
	return total
}
