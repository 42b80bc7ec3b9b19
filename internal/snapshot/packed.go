package snapshot

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"iter"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/workpool"
)

// A full run sets every file's record once per phase and keeps all of them
// until it publishes: as structs (a string header, slice header and pointer
// per field, every symbol and edge its own value) they grew with the
// repository past a gigabyte at 100,000 files. Packed, a record is its
// published encoding: one pointer-free byte slice the collector never
// scans, a few times smaller, decoded again on each Get (the decoded strings
// point into the slice, so a decode allocates only the structs).

// packedFile is a record held in its encoding: in the set's spill file
// (at, where each section's bytes lie) when it has one, else in memory
// (rec). Macros keeps what the
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
	at     *sectionSpans
	lang   string
	macros *fileMacros
}

type fileMacros struct {
	namespace, lines, calls []facts.Macro
}

// A packed record is its sections (encoder.section) one after the other,
// each a length and then a string table and body of its own: a pass
// decodes only the sections it reads, and a phase that changes a few
// parts (Edit) encodes only their sections again and copies the others'
// bytes. A string two sections use is in both tables (the spill file
// holding most records, that costs disk, not heap). The encoding is the
// run's own: a published record is encoded whole again (EncodeRecord).
//
// In the spill file a record is its sections' bodies, each where the
// span of its own says (sectionSpans): an Edit appends only the sections
// it encoded again and keeps the others' spans. Appending the whole record
// each time copied its unchanged sections on every restage (two thirds of
// the record spill's bytes at 20,000 files); at 100,000 files an init now
// writes about 580 MB less, which the kernel had written back to disk
// while the run went on.

// sectionSpans are where a spilled record's sections lie in the spill file.
type sectionSpans [numSections]span

// pack packs f, its bytes owned (exactly as long as they need be).
func pack(f *File) packedFile {
	p := packedFile{lang: f.Lang, macros: macrosOf(f)}
	packBytes(f, nil, AllParts, func(rec []byte) { p.rec = bytes.Clone(rec) })
	return p
}

// packBytes encodes f's packed record and passes its bytes to keep, which
// must copy what it keeps of them. A section old holds that rewrite does
// not name is copied from old rather than encoded from f.
//
// The bytes are not compressed: s2 shrank them, but a full run decodes
// every record several times, and each decode then cost a decompression
// into a fresh buffer the size of the whole record (the decoded strings
// point into it) even when it read one section. Uncompressed, a record
// held in memory is decoded in place, and one in the spill file costs a
// copy of the sections read. The spill file is on disk, so its size is
// no part of the heap.
func packBytes(f *File, old *rawSections, rewrite Parts, keep func([]byte)) {
	bufs := getPackBufs()
	defer bufs.put()
	e := getEncoder()
	defer putEncoder(e)
	raw := bufs.raw[:0]
	for s := range numSections {
		if old != nil && sectionParts[s]&rewrite == 0 {
			raw = binary.AppendUvarint(raw, uint64(len(old[s])))
			raw = append(raw, old[s]...)
			continue
		}
		e.reset()
		e.section(s, f)
		raw = binary.AppendUvarint(raw, uint64(e.len()))
		raw = e.appendTo(raw)
	}
	bufs.raw = raw
	keep(raw)
}

// packBufs recycles the buffers a record is packed in.
type packBuffers struct{ raw []byte }

var packBufs sync.Pool

func getPackBufs() *packBuffers {
	if b, ok := packBufs.Get().(*packBuffers); ok {
		return b
	}
	return &packBuffers{}
}

func (b *packBuffers) put() {
	if cap(b.raw) <= 1<<20 { // a rare huge record's are not kept
		packBufs.Put(b)
	}
}

// spillSections appends f's sections to the spill file and returns where
// each lies. With old (the record f replaces), a section rewrite does not
// name is not encoded again: its span stays where kept says (the replaced
// record's, when it was spilled), else its bytes are copied from old.
func (fs *FileSet) spillSections(f *File, kept *sectionSpans, old *rawSections, rewrite Parts) (*sectionSpans, error) {
	bufs := getPackBufs()
	defer bufs.put()
	e := getEncoder()
	defer putEncoder(e)
	at := new(sectionSpans)
	var appended [numSections]bool
	raw := bufs.raw[:0]
	for s := range numSections {
		start := len(raw)
		switch {
		case old != nil && sectionParts[s]&rewrite == 0 && kept != nil:
			at[s] = kept[s]
			continue
		case old != nil && sectionParts[s]&rewrite == 0:
			raw = append(raw, old[s]...)
		default:
			e.reset()
			e.section(s, f)
			raw = e.appendTo(raw)
		}
		at[s].n, appended[s] = int64(len(raw)-start), true
	}
	bufs.raw = raw
	sp, err := fs.spill.Append(raw)
	off := sp.off
	for s := range numSections {
		if appended[s] {
			at[s].off = off
			off += at[s].n
		}
	}
	return at, err
}

// macrosOf is what of f's facts a packed record keeps apart.
func macrosOf(f *File) *fileMacros {
	if ff := f.Facts; ff != nil && (len(ff.NamespaceMacros) > 0 || len(ff.MacroLines) > 0 || len(ff.MacroCalls) > 0) {
		return &fileMacros{namespace: ff.NamespaceMacros, lines: ff.MacroLines, calls: ff.MacroCalls}
	}
	return nil
}

// rawSections are a packed record's sections, undecoded.
type rawSections [numSections][]byte

func splitSections(rec []byte) (rawSections, error) {
	var out rawSections
	for s := range numSections {
		n, k := binary.Uvarint(rec)
		if k <= 0 || n > uint64(len(rec)-k) {
			return out, errTruncated
		}
		out[s], rec = rec[k:k+int(n)], rec[k+int(n):]
	}
	return out, nil
}

// decode builds the parts keep names from a packed record's sections.
func (p packedFile) decode(path string, secs rawSections, keep Parts) (*File, rawSections, error) {
	keep = keep.normal()
	f := &File{}
	hasFacts := false
	table := getTable()
	defer putTable(table)
	for s := range numSections {
		if !s.wanted(keep) {
			continue
		}
		d := decoder{buf: secs[s], table: *table}
		if err := d.openTable(); err != nil {
			return nil, secs, fmt.Errorf("packed record of %s: %w", path, err)
		}
		*table = d.table
		d.section(s, f, keep, &hasFacts)
		if d.err != nil {
			return nil, secs, fmt.Errorf("packed record of %s: %w", path, d.err)
		}
	}
	if p.macros != nil && f.Facts != nil {
		f.Facts.NamespaceMacros, f.Facts.MacroLines, f.Facts.MacroCalls = p.macros.namespace, p.macros.lines, p.macros.calls
	}
	return f, secs, nil
}

// tables recycles the string tables packed sections are decoded with: a
// table is needed only while its section is read (the strings are made
// from the record's bytes as they are read).
var tables sync.Pool

func getTable() *[]strAt {
	if table, ok := tables.Get().(*[]strAt); ok {
		return table
	}
	return new([]strAt)
}

func putTable(table *[]strAt) {
	if cap(*table) <= 1<<14 { // a rare huge table is not kept
		tables.Put(table)
	}
}

// Pack makes the set hold the records set on top of its base in their
// encoding from now on, those already set included: a full run calls it
// before it parses, so that its peak does not grow with the repository's
// facts and edges. With a scratch directory the encodings set from
// then on go to an unlinked file there (at 100,000 files they were 254 MB
// of heap); dir "" keeps them in memory. The records already set stay in
// memory, packed, until they are set again. Get then decodes a fresh record on
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
	fs.pathsChanged() // a nil record set is not kept
	fs.packed = make(map[string]packedFile, len(fs.set))
	// Held in memory, not spilled: the records set before Pack are the
	// inventory's heads, which the parse reads and replaces next, one per
	// file. Written out, each cost an append and a pread back (0.6 s of
	// CPU at 100,000 files) to free a few hundred bytes the replacement
	// frees anyway.
	held := make([]*File, 0, len(fs.set))
	for _, f := range fs.set {
		if f != nil {
			held = append(held, f)
		}
	}
	for i, pf := range packAll(held) {
		pf.lang = fs.langs.of(pf.lang)
		fs.packed[held[i].Path] = pf
	}
	fs.set = map[string]*File{}
	return fs.Err()
}

// packAll packs files on every core: a full run packs every file's head
// between its inventory and its parse, with nothing else to do (0.24 s
// of CPU at 100,000 files, on one core).
func packAll(files []*File) []packedFile {
	out := make([]packedFile, len(files))
	_ = workpool.Each(context.Background(), len(files), runtime.GOMAXPROCS(0), func(_ context.Context, i int) error {
		out[i] = pack(files[i])
		return nil
	})
	return out
}

// Packed reports whether the set holds its records packed (Pack).
func (fs *FileSet) Packed() bool { return fs.packed != nil }

// setPacked holds p as path's record.
func (fs *FileSet) setPacked(path string, p packedFile) {
	p.lang = fs.langs.of(p.lang)
	fs.packed[path] = p
}

// DecodeCounts counts a packed set's record decodes by the parts they
// built (CountDecodes), so that a test can tell a pass that decodes whole
// records from one that decodes what it reads.
type DecodeCounts struct {
	n [AllParts + 1]atomic.Int64
}

// CountDecodes makes the set count its packed records' decodes from now
// on and returns the counts.
func (fs *FileSet) CountDecodes() *DecodeCounts {
	fs.decodes = &DecodeCounts{}
	return fs.decodes
}

func (c *DecodeCounts) count(keep Parts) {
	if c != nil {
		c.n[keep.normal()].Add(1)
	}
}

// Of is how many decodes built exactly the parts keep names.
func (c *DecodeCounts) Of(keep Parts) int64 { return c.n[keep.normal()].Load() }

// Total is how many decodes there were.
func (c *DecodeCounts) Total() int64 {
	var n int64
	for i := range c.n {
		n += c.n[i].Load()
	}
	return n
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
func (fs *FileSet) getPacked(path string, keep Parts) (*File, bool) {
	p, ok := fs.packed[path]
	if !ok {
		return nil, false
	}
	f, _, buf, err := fs.unpack(path, p, keep)
	fs.release(buf)
	fs.note(err)
	return f, true
}

// ReadParts calls fn with path's record in the parts keep names, as
// GetParts returns it (nil: none, or one that failed to decode, which
// Err says), but for one thing: a packed record read from the spill file
// is decoded in the buffer it was read into, which a later read reuses,
// so fn must copy what it keeps of the record. A pass that only derives
// keys from every record, copying them, then copies no record's sections
// (GetParts copies them out of the buffer, lookups and all, for the
// record to own).
func (fs *FileSet) ReadParts(path string, keep Parts, fn func(*File)) {
	p, ok := fs.packed[path]
	if !ok {
		fn(fs.partial(path, keep))
		return
	}
	secs, buf, err := fs.sections(path, p, keep)
	var f *File
	if err == nil {
		f, _, err = p.decode(path, secs, keep)
	}
	fs.note(err)
	fn(f)
	fs.release(buf)
}

// unpack decodes p, path's packed record, reading it from the spill file
// when it is there. The sections it returns that keep does not name lie in
// buf (nil when the record is held in memory), which the caller passes to
// release once done with them (the others, which the record's strings
// share, are the record's own).
func (fs *FileSet) unpack(path string, p packedFile, keep Parts) (_ *File, _ rawSections, buf *[]byte, _ error) {
	secs, buf, err := fs.sections(path, p, keep)
	if err != nil {
		return nil, secs, buf, err
	}
	if buf != nil {
		ownWanted(&secs, keep.normal())
	}
	f, secs, err := p.decode(path, secs, keep)
	return f, secs, buf, err
}

// sections splits p, path's packed record, into its sections, reading it
// from the spill file into buf when it is there (nil when the record is
// held in memory), which the caller passes to release once done with it.
// keep is what the read is counted as (CountDecodes).
func (fs *FileSet) sections(path string, p packedFile, keep Parts) (_ rawSections, buf *[]byte, _ error) {
	fs.decodes.count(keep)
	if p.rec != nil { // held in memory (no spill file, or set by Pack)
		secs, err := splitSections(p.rec)
		if err != nil {
			return secs, nil, fmt.Errorf("packed record of %s: %w", path, err)
		}
		return secs, nil, nil
	}
	buf, _ = fs.readBufs.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	secs, err := fs.readSections(p.at, keep, buf)
	if err != nil {
		return secs, buf, fmt.Errorf("packed record of %s: %w", path, err)
	}
	return secs, buf, nil
}

// readSections reads the sections of a spilled record that keep wants
// into buf, the sections that lie back to back in the file in one read;
// the others are left empty.
func (fs *FileSet) readSections(at *sectionSpans, keep Parts, buf *[]byte) (rawSections, error) {
	keep = keep.normal()
	var secs rawSections
	var n int64
	for s := range numSections {
		if s.wanted(keep) {
			n += at[s].n
		}
	}
	if int64(cap(*buf)) < n {
		*buf = make([]byte, n)
	}
	b := (*buf)[:n]
	*buf = b
	pos := int64(0)
	for s := section(0); s < numSections; {
		if !s.wanted(keep) {
			s++
			continue
		}
		first, run := s, at[s]
		for s++; s < numSections && s.wanted(keep) && at[s].off == run.off+run.n; s++ {
			run.n += at[s].n
		}
		if run.n > 0 {
			// b has the room, so the bytes are read into it in place.
			if _, err := fs.spill.readAhead(run, &fs.ahead, b[pos:pos+run.n]); err != nil {
				return secs, err
			}
		}
		for ; first < s; first++ {
			end := pos + at[first].n
			secs[first] = b[pos:end:end]
			pos = end
		}
	}
	return secs, nil
}

// release takes back a buffer unpack read a record into.
func (fs *FileSet) release(buf *[]byte) {
	if buf != nil && cap(*buf) <= 1<<20 { // a rare huge record's is not kept
		fs.readBufs.Put(buf)
	}
}

// ownWanted copies the sections keep needs out of the read buffer into one
// slice of their own, which the decoded strings then share: a pass reading
// the head of every record keeps only the heads' bytes alive.
func ownWanted(secs *rawSections, keep Parts) {
	n := 0
	for s := range numSections {
		if s.wanted(keep) {
			n += len(secs[s])
		}
	}
	own := make([]byte, 0, n)
	for s := range numSections {
		if s.wanted(keep) {
			at := len(own)
			own = append(own, secs[s]...)
			secs[s] = own[at:len(own):len(own)]
		}
	}
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
	// keepsFacts: an Edit that copied the head and facts sections from
	// the record it replaces (FactsEdits does not count it).
	keepsFacts bool
}

// Stage readies f to be set by SetStaged. It may run concurrently with
// Get, Has and other Stage calls.
func (fs *FileSet) Stage(f *File) Staged {
	if fs.packed == nil {
		return Staged{f: f}
	}
	return fs.stagePacked(f, nil, nil, AllParts, packedFile{lang: f.Lang, macros: macrosOf(f)})
}

// stagePacked packs f into p and stages it: straight into the spill file
// when the set has one. With old, the record f replaces (kept: where its
// sections lie, when it was spilled), only the sections rewrite names are
// encoded again (spillSections, packBytes).
func (fs *FileSet) stagePacked(f *File, kept *sectionSpans, old *rawSections, rewrite Parts, p packedFile) Staged {
	s := Staged{path: strings.Clone(f.Path)}
	if fs.spill != nil {
		p.at, s.err = fs.spillSections(f, kept, old, rewrite)
	} else {
		packBytes(f, old, rewrite, func(rec []byte) { p.rec = bytes.Clone(rec) })
	}
	s.packed = p
	return s
}

// Edit stages the record change makes of path's (nil: none; path must
// have a record). change gets the record with the parts reads names and
// every part of the sections writes touches, and may change only the
// parts writes names: of a packed record only those sections are encoded
// again, the others' bytes are copied (a phase that sets one field of
// every file decoded and encoded all of each). Like Stage it may run
// beside Get, Stage and other Edits.
func (fs *FileSet) Edit(path string, reads, writes Parts, change func(*File) (*File, error)) (*Staged, error) {
	p, ok := fs.packed[path]
	if !ok {
		nf, err := change(fs.Get(path))
		if err != nil || nf == nil {
			return nil, err
		}
		s := fs.Stage(nf)
		return &s, nil
	}
	writes = writes.whole()
	f, old, buf, err := fs.unpack(path, p, reads|writes)
	defer fs.release(buf) // old's sections are copied by stagePacked
	if err != nil {
		return nil, err
	}
	nf, err := change(f)
	if err != nil || nf == nil {
		return nil, err
	}
	np := packedFile{lang: p.lang, macros: p.macros}
	if writes&PartFacts != 0 {
		np.macros = macrosOf(nf)
	}
	s := fs.stagePacked(nf, p.at, &old, writes, np)
	s.keepsFacts = writes&PartFacts == 0 // the head is always copied (packBytes)
	return &s, nil
}

// SetStaged sets a record Stage readied, as Set would.
func (fs *FileSet) SetStaged(s Staged) {
	if s.f != nil || fs.packed == nil {
		fs.Set(s.f)
		return
	}
	if !s.keepsFacts {
		fs.factsEdits++
	}
	fs.adding(s.path)
	fs.note(s.err)
	fs.setPacked(s.path, s.packed)
	delete(fs.del, s.path)
}
