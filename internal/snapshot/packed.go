package snapshot

import (
	"fmt"
	"strings"

	"github.com/klauspost/compress/s2"

	"github.com/lgraph/lgraph/internal/facts"
)

// A full run sets every file's record once per phase and keeps all of them
// until it publishes: as structs (a string header, slice header and pointer
// per field, every symbol and edge its own value) they grew with the
// repository past a gigabyte at 100,000 files. Packed, a record is its
// published encoding: one pointer-free byte slice the collector never
// scans, a few times smaller, decoded again on each Get (the decoded strings
// point into the slice, so a decode allocates only the structs).

// packedFile is a record held in its encoding. Macros keeps what the
// encoding leaves out and the run still reads: a C or C++ file's namespace
// macros, macro lines and macro calls (lang.Traits.ProjectFacts), which a published
// record never holds because updates read them from the cache or the index.
type packedFile struct {
	rec    []byte
	macros *fileMacros
}

type fileMacros struct {
	namespace, lines, calls []facts.Macro
}

func pack(f *File) packedFile {
	p := packedFile{rec: s2.Encode(nil, EncodeRecord(f))}
	if ff := f.Facts; ff != nil && (len(ff.NamespaceMacros) > 0 || len(ff.MacroLines) > 0 || len(ff.MacroCalls) > 0) {
		p.macros = &fileMacros{namespace: ff.NamespaceMacros, lines: ff.MacroLines, calls: ff.MacroCalls}
	}
	return p
}

// unpack decodes a packed record. The decompressed bytes are its own, so
// the decoded strings may share them (no copy, unlike DecodeRecord).
func (p packedFile) unpack(path string) (*File, error) {
	rec, err := s2.Decode(nil, p.rec)
	if err != nil {
		return nil, fmt.Errorf("packed record of %s: %w", path, err)
	}
	d, err := openRecord(rec)
	if err != nil {
		return nil, fmt.Errorf("packed record of %s: %w", path, err)
	}
	f := d.file()
	if d.err != nil {
		return nil, fmt.Errorf("packed record of %s: %w", path, d.err)
	}
	if p.macros != nil && f.Facts != nil {
		f.Facts.NamespaceMacros, f.Facts.MacroLines, f.Facts.MacroCalls = p.macros.namespace, p.macros.lines, p.macros.calls
	}
	return f, nil
}

// Pack makes the set hold the records set on top of its base in their
// encoding from now on, those already set included: a full run calls it
// before it parses, so that its peak does not grow with the repository's
// facts and edges. Get then decodes a fresh record on every call.
func (fs *FileSet) Pack() {
	if fs.packed != nil {
		return
	}
	fs.packed = make(map[string]packedFile, len(fs.set))
	for p, f := range fs.set {
		if f != nil {
			fs.packed[p] = pack(f)
		}
	}
	fs.set = map[string]*File{}
}

// Packed reports whether the set holds its records packed (Pack).
func (fs *FileSet) Packed() bool { return fs.packed != nil }

// getPacked returns a packed path's record (ok false when it has none).
func (fs *FileSet) getPacked(path string) (*File, bool) {
	p, ok := fs.packed[path]
	if !ok {
		return nil, false
	}
	f, err := p.unpack(path)
	fs.note(err)
	return f, true
}

// Staged is a record made ready to set from any goroutine: already packed
// when the set holds its records packed, so a phase's workers pack their
// results as they go instead of the phase holding every one decoded until
// it sets them.
type Staged struct {
	f      *File // when the set does not pack
	path   string
	packed packedFile
}

// Stage readies f to be set by SetStaged. It may run concurrently with
// Get, Has and other Stage calls.
func (fs *FileSet) Stage(f *File) Staged {
	if fs.packed == nil {
		return Staged{f: f}
	}
	return Staged{path: strings.Clone(f.Path), packed: pack(f)}
}

// SetStaged sets a record Stage readied, as Set would.
func (fs *FileSet) SetStaged(s Staged) {
	if s.f != nil || fs.packed == nil {
		fs.Set(s.f)
		return
	}
	if !fs.Has(s.path) {
		fs.size++
	}
	fs.packed[s.path] = s.packed
	delete(fs.del, s.path)
}
