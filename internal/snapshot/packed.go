package snapshot

import (
	"fmt"
	"iter"
	"strings"

	"github.com/klauspost/compress/s2"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// A full run sets every file's record once per phase and keeps all of them
// until it publishes: as structs (a string header, slice header and pointer
// per field, every symbol and edge its own value) they grew with the
// repository past a gigabyte at 100,000 files. Packed, a record is its
// published encoding: one pointer-free byte slice the collector never
// scans, a few times smaller, decoded again on each Get (the decoded strings
// point into the slice, so a decode allocates only the structs).

// packedFile is a record held in its encoding: in the set's spill file
// (at) when it has one, else in memory (rec). Macros keeps what the
// encoding leaves out and the run still reads: a C or C++ file's namespace
// macros, macro lines and macro calls (lang.Traits.ProjectFacts), which a
// published record never holds because updates read them from the cache or
// the index.
//
// Lang is held apart (one shared string per language): the full run lists
// its code files several times, and a whole decode per file to learn its
// language was a tenth of the time it spent reading records.
type packedFile struct {
	rec    []byte
	at     span
	lang   string
	macros *fileMacros
}

type fileMacros struct {
	namespace, lines, calls []facts.Macro
}

func pack(f *File) packedFile {
	p := packedFile{rec: s2.Encode(nil, EncodeRecord(f)), lang: f.Lang}
	if ff := f.Facts; ff != nil && (len(ff.NamespaceMacros) > 0 || len(ff.MacroLines) > 0 || len(ff.MacroCalls) > 0) {
		p.macros = &fileMacros{namespace: ff.NamespaceMacros, lines: ff.MacroLines, calls: ff.MacroCalls}
	}
	return p
}

// unpack decodes a packed record whose compressed bytes are rec. The
// decompressed bytes are its own, so the decoded strings may share them
// (no copy, unlike DecodeRecord).
func (p packedFile) unpack(path string, rec []byte, keep recordParts) (*File, error) {
	rec, err := s2.Decode(nil, rec)
	if err != nil {
		return nil, fmt.Errorf("packed record of %s: %w", path, err)
	}
	d, err := openRecord(rec)
	if err != nil {
		return nil, fmt.Errorf("packed record of %s: %w", path, err)
	}
	f := d.record(keep)
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
// facts and edges. With a scratch directory the encodings go to an
// unlinked file there as they are set (at 100,000 files they were 254 MB
// of heap); dir "" keeps them in memory. Get then decodes a fresh record on
// every call. Close releases the file.
func (fs *FileSet) Pack(dir string) error {
	if fs.packed != nil {
		return nil
	}
	if dir != "" {
		spill, err := newSpillFile(dir, "record spill")
		if err != nil {
			return err
		}
		fs.spill = spill
	}
	fs.packed = make(map[string]packedFile, len(fs.set))
	for p, f := range fs.set {
		if f != nil {
			fs.setPacked(p, pack(f))
		}
	}
	fs.set = map[string]*File{}
	return fs.Err()
}

// Packed reports whether the set holds its records packed (Pack).
func (fs *FileSet) Packed() bool { return fs.packed != nil }

// setPacked holds p as path's record, writing its bytes to the spill file
// when the set has one (an error there is the set's Err).
func (fs *FileSet) setPacked(path string, p packedFile) {
	p.lang = fs.langs.of(p.lang)
	if fs.spill != nil && p.rec != nil { // not staged there already
		at, err := fs.spill.Append(p.rec)
		fs.note(err)
		p.rec, p.at = nil, at
	}
	fs.packed[path] = p
}

// CodePaths lists the paths of the code files (every record but project
// files), in path order, decoding only the records not held packed.
func (fs *FileSet) CodePaths() []string {
	var out []string
	for p, l := range fs.Langs() {
		if l != lang.ProjectFile {
			out = append(out, p)
		}
	}
	return out
}

// Langs iterates every record's path and language in path order, decoding
// only the records not held packed.
func (fs *FileSet) Langs() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, path := range fs.Paths() {
			if p, ok := fs.packed[path]; ok {
				if !yield(path, p.lang) {
					return
				}
				continue
			}
			if f := fs.Get(path); f != nil && !yield(path, f.Lang) {
				return
			}
		}
	}
}

// getPacked returns a packed path's record (ok false when it has none)
// with the parts keep names.
func (fs *FileSet) getPacked(path string, keep recordParts) (*File, bool) {
	p, ok := fs.packed[path]
	if !ok {
		return nil, false
	}
	if fs.spill == nil {
		f, err := p.unpack(path, p.rec, keep)
		fs.note(err)
		return f, true
	}
	buf, _ := fs.readBufs.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	defer fs.readBufs.Put(buf)
	rec, err := fs.spill.ReadAt(p.at, *buf)
	if err != nil {
		fs.note(fmt.Errorf("packed record of %s: %w", path, err))
		return nil, true
	}
	*buf = rec
	f, err := p.unpack(path, rec, keep)
	fs.note(err)
	return f, true
}

// Close releases the file a packed set holds its records in (Pack); the
// set must not be read afterwards.
func (fs *FileSet) Close() error {
	if fs == nil {
		return nil
	}
	return fs.spill.Close()
}

// Staged is a record made ready to set from any goroutine: already packed
// when the set holds its records packed, and already in its spill file when
// it has one, so a phase's workers pack and write their results as they go
// instead of the phase holding every one (decoded, or packed: 100 MB at
// 100,000 files) until it sets them.
type Staged struct {
	f      *File // when the set does not pack
	path   string
	packed packedFile
	err    error // writing it to the spill file
}

// Stage readies f to be set by SetStaged. It may run concurrently with
// Get, Has and other Stage calls.
func (fs *FileSet) Stage(f *File) Staged {
	if fs.packed == nil {
		return Staged{f: f}
	}
	s := Staged{path: strings.Clone(f.Path), packed: pack(f)}
	if fs.spill != nil {
		s.packed.at, s.err = fs.spill.Append(s.packed.rec)
		s.packed.rec = nil
	}
	return s
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
	fs.note(s.err)
	fs.setPacked(s.path, s.packed)
	delete(fs.del, s.path)
}
