package snapshot

import (
	"iter"
	"maps"
	"slices"
	"strings"
	"sync"
)

// FileSource is a read-only set of file records by path: a decoded
// snapshot held in memory, or a published one read lazily from disk.
type FileSource interface {
	// File returns the record of a path, nil when there is none.
	File(path string) (*File, error)
	// Paths lists every path in byte order. It costs O(files): only full
	// runs, exports and verification call it.
	Paths() ([]string, error)
	// Len is the number of files.
	Len() int
}

// FileSet is the files of a snapshot being read or built: a base source
// and the changes made on top of it. Records are never mutated in place:
// a phase that changes a file sets a new record, so the set of changed
// paths is exactly what an update must write.
//
// A base that fails to read (a corrupt record) makes Get answer nil and
// records the error; the runner checks Err after each phase and publishes
// nothing when it is set.
type FileSet struct {
	base FileSource
	set  map[string]*File
	// packed, once Pack is called, holds the records set since, encoded
	// (set then stays empty); spill, when Pack had a directory, holds
	// their bytes.
	packed map[string]packedFile
	spill  *spillFile
	// readBufs recycles the buffers records are read into from spill:
	// the sections a decode reads are copied out of them (ownWanted), so
	// none outlives its Get.
	readBufs sync.Pool
	// ahead is what reads of spill read ahead: the phases read the
	// records in path order, the order a full run wrote them.
	ahead spillWindows
	langs interned // the packed records' languages, each held once
	// decodes, when a test asked (CountDecodes), counts packed decodes.
	decodes *DecodeCounts
	del     map[string]bool
	size    int
	// factsEdits counts the changes that may have changed a path's head
	// or facts, or which paths there are (FactsEdits).
	factsEdits uint64
	// errMu guards err: a phase may read through the set from several
	// goroutines (module docs of many directories at once).
	errMu sync.Mutex
	err   error
	// paths is Paths' answer while no path has come or gone (nil: none
	// kept; only a set without a base keeps one), under pathsMu, as Paths
	// may run on several goroutines. A full run asks for every path a
	// dozen times between its steps, each time on one core, and the paths
	// come and go only in its inventory: each sort of 100,000 paths cost
	// about 45 ms (docs/measurements.md, "Stops 52 and 53").
	pathsMu sync.Mutex
	paths   []string
}

// NewFileSet returns a set reading through to base (nil: empty).
func NewFileSet(base FileSource) *FileSet {
	fs := &FileSet{base: base, set: map[string]*File{}, del: map[string]bool{}}
	if base != nil {
		fs.size = base.Len()
	}
	return fs
}

// Get returns a path's record, nil when there is none.
func (fs *FileSet) Get(path string) *File {
	if f, ok := fs.set[path]; ok {
		return f
	}
	if f, ok := fs.getPacked(path, AllParts); ok {
		return f
	}
	if fs.del[path] || fs.base == nil {
		return nil
	}
	f, err := fs.base.File(path)
	if err != nil && fs.err == nil {
		fs.err = err
	}
	return f
}

// Has reports whether a path has a record. A base that can tell without
// decoding the record (a published snapshot's tables) is asked directly.
func (fs *FileSet) Has(path string) bool {
	if f, ok := fs.set[path]; ok {
		return f != nil
	}
	if _, ok := fs.packed[path]; ok {
		return true
	}
	if fs.del[path] || fs.base == nil {
		return false
	}
	h, ok := fs.base.(hasSource)
	if !ok {
		return fs.Get(path) != nil
	}
	has, err := h.Has(path)
	if err != nil && fs.err == nil {
		fs.err = err
	}
	return has
}

// hasSource is a FileSource that tells whether a path has a record without
// decoding it.
type hasSource interface {
	Has(path string) (bool, error)
}

// Set adds or replaces a record.
func (fs *FileSet) Set(f *File) {
	fs.factsEdits++
	fs.adding(f.Path)
	if fs.packed != nil {
		// Staged under a key of its own: f.Path is often a decoded
		// record's, whose string shares (and would keep alive) all of
		// that record's bytes.
		s := fs.Stage(f)
		fs.note(s.err)
		fs.setPacked(s.path, s.packed)
	} else {
		fs.set[f.Path] = f
	}
	delete(fs.del, f.Path)
}

// Delete removes a path's record, if any.
func (fs *FileSet) Delete(path string) {
	if !fs.Has(path) {
		return
	}
	fs.factsEdits++
	fs.size--
	fs.pathsChanged()
	delete(fs.set, path)
	delete(fs.packed, path)
	if fs.base != nil {
		if f, _ := fs.base.File(path); f != nil {
			fs.del[path] = true
		}
	}
}

// Clear removes every record (a full run starts from nothing).
func (fs *FileSet) Clear() {
	fs.factsEdits++
	fs.pathsChanged()
	fs.base, fs.size = nil, 0
	fs.set, fs.del = map[string]*File{}, map[string]bool{}
	if fs.packed != nil {
		fs.packed = map[string]packedFile{}
	}
}

// setHere reports a path the run has set a record for (packed or not).
func (fs *FileSet) setHere(path string) bool {
	_, set := fs.set[path]
	_, packed := fs.packed[path]
	return set || packed
}

// FactsEdits counts the changes made to the set that may have changed a
// record's head (path, language) or facts, or which paths have records:
// every Set, Delete and Clear, and every SetStaged but those of an Edit
// that wrote neither. While it stays the same, whatever is computed from
// the records' heads and facts alone (a full run's definition index,
// explicit.ReusableDefinitions) holds. It only grows.
func (fs *FileSet) FactsEdits() uint64 { return fs.factsEdits }

// Len is the number of records.
func (fs *FileSet) Len() int { return fs.size }

// Err is the first error reading the base.
func (fs *FileSet) Err() error {
	fs.errMu.Lock()
	defer fs.errMu.Unlock()
	return fs.err
}

// Changed lists the paths set or deleted on top of the base, sorted.
func (fs *FileSet) Changed() []string {
	out := slices.Collect(maps.Keys(fs.set))
	out = slices.AppendSeq(out, maps.Keys(fs.packed))
	for p := range fs.del {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// Base is the set's base source (nil when it has none).
func (fs *FileSet) Base() FileSource { return fs.base }

// Paths lists every path in byte order: O(files).
//
// A set without a base (a full run's) keeps the list until a path comes
// or goes; one over a base lists it each time, as the base (another set,
// for a clone) may change under it.
func (fs *FileSet) Paths() []string {
	if fs.base != nil {
		return fs.sortedPaths()
	}
	fs.pathsMu.Lock()
	defer fs.pathsMu.Unlock()
	if fs.paths == nil {
		fs.paths = fs.sortedPaths()
	}
	return slices.Clone(fs.paths) // the caller may change its copy
}

// adding counts path's record, about to be set, when the set has none
// for it yet: one more record, and a path Paths' kept list lacks.
func (fs *FileSet) adding(path string) {
	if !fs.Has(path) {
		fs.size++
		fs.pathsChanged()
	}
}

// pathsChanged drops the path list Paths kept: a path came or went.
func (fs *FileSet) pathsChanged() {
	fs.pathsMu.Lock()
	fs.paths = nil
	fs.pathsMu.Unlock()
}

// sortedPaths lists every path in byte order.
func (fs *FileSet) sortedPaths() []string {
	var out []string
	if fs.base != nil {
		base, err := fs.base.Paths()
		if err != nil && fs.err == nil {
			fs.err = err
		}
		for _, p := range base {
			if !fs.setHere(p) && !fs.del[p] {
				out = append(out, p)
			}
		}
	}
	out = slices.AppendSeq(out, maps.Keys(fs.set))
	out = slices.AppendSeq(out, maps.Keys(fs.packed))
	slices.Sort(out)
	return out
}

// All iterates every record in path order: O(files).
func (fs *FileSet) All() iter.Seq2[string, *File] {
	return func(yield func(string, *File) bool) {
		for _, p := range fs.Paths() {
			if f := fs.Get(p); f != nil && !yield(p, f) {
				return
			}
		}
	}
}

// Flatten returns the records as a map source of their own, so a derived
// set does not read through a chain of overlays.
func (fs *FileSet) Flatten() *MapSource {
	m := MapSource{}
	for p, f := range fs.All() {
		m[p] = f
	}
	return &m
}

// MapSource is a FileSource held in memory.
type MapSource map[string]*File

// File implements FileSource.
func (m MapSource) File(path string) (*File, error) { return m[path], nil }

// Paths implements FileSource.
func (m MapSource) Paths() ([]string, error) { return slices.Sorted(maps.Keys(m)), nil }

// Len implements FileSource.
func (m MapSource) Len() int { return len(m) }

// interned hands out one copy of each string it is given, owned (a string
// of a decoded record shares, and would keep alive, the whole record).
type interned map[string]string

func (in *interned) of(s string) string {
	if v, ok := (*in)[s]; ok {
		return v
	}
	if *in == nil {
		*in = interned{}
	}
	v := strings.Clone(s)
	(*in)[v] = v
	return v
}

// setSource reads a FileSet as the base of another.
type setSource struct{ fs *FileSet }

func (s setSource) File(path string) (*File, error) { return s.fs.Get(path), s.fs.Err() }
func (s setSource) Paths() ([]string, error)        { return s.fs.Paths(), s.fs.Err() }
func (s setSource) Len() int                        { return s.fs.Len() }
func (s setSource) Has(path string) (bool, error)   { return s.fs.Has(path), s.fs.Err() }

// Partial implements partialSource, so that a part of a record the snapshot
// being built has not changed is still read from its base's tables.
func (s setSource) Partial(path string, keep Parts) (*File, error) {
	return s.fs.partial(path, keep), s.fs.Err()
}
