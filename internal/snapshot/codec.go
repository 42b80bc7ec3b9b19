package snapshot

import (
	"encoding/binary"
	"maps"
	"slices"
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
)

// The encoder writes every field as varints indexing a table of unique
// strings: paths, ids and names repeat heavily across files, so records are
// small and decode with one allocation per unique string. Map keys are
// written sorted, so equal inputs encode to equal bytes.
//
// Encoders are recycled (getEncoder, putEncoder): a full run encodes every
// record once per phase that changes it, and a fresh map per record, grown
// string by string, was most of the encoding's cost. A table of a few
// strings is searched in place; the map is filled only past linearStrings.
type encoder struct {
	buf   []byte
	strs  map[string]uint64 // the table's ids, once it outgrows linearStrings
	table []string
}

// linearStrings is the size up to which a table is searched string by
// string: shorter than hashing for the few strings of a small record or
// of a record's head.
const linearStrings = 16

func (e *encoder) uvarint(n uint64) { e.buf = binary.AppendUvarint(e.buf, n) }
func (e *encoder) int(n int)        { e.buf = binary.AppendVarint(e.buf, int64(n)) }

func (e *encoder) str(s string) { e.uvarint(e.id(s)) }

// id is s's index in the table, added at the end if it is new, so ids are
// in order of first use whichever way they are found.
func (e *encoder) id(s string) uint64 {
	if len(e.table) <= linearStrings {
		for i, t := range e.table {
			if t == s {
				return uint64(i)
			}
		}
		e.table = append(e.table, s)
		if len(e.table) > linearStrings {
			if e.strs == nil {
				e.strs = make(map[string]uint64, 4*linearStrings)
			}
			for i, t := range e.table {
				e.strs[t] = uint64(i)
			}
		}
		return uint64(len(e.table) - 1)
	}
	id, ok := e.strs[s]
	if !ok {
		id = uint64(len(e.table))
		e.strs[s] = id
		e.table = append(e.table, s)
	}
	return id
}

var encoders = sync.Pool{New: func() any { return &encoder{table: []string{""}} }}

// getEncoder returns an empty encoder; putEncoder takes it back.
func getEncoder() *encoder { return encoders.Get().(*encoder) }

// putEncoder empties e (its strings released: they may hold a decoded
// record's bytes alive) and recycles it. A very large one is dropped
// rather than kept.
func putEncoder(e *encoder) {
	if cap(e.buf) > 1<<20 || len(e.table) > 1<<14 {
		return
	}
	e.reset()
	encoders.Put(e)
}

// reset empties e for the next record.
func (e *encoder) reset() {
	if len(e.strs) > 0 {
		clear(e.strs)
	}
	clear(e.table[1:])
	e.table = e.table[:1]
	e.buf = e.buf[:0]
}

func (e *encoder) strs_(l []string) {
	e.uvarint(uint64(len(l)))
	for _, s := range l {
		e.str(s)
	}
}

func (e *encoder) strMap(m map[string]string) {
	keys := sortedKeys(m)
	e.uvarint(uint64(len(keys)))
	for _, k := range keys {
		e.str(k)
		e.str(m[k])
	}
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// file writes a record: its sections in order (section).
func (e *encoder) file(f *File) {
	for s := range numSections {
		e.section(s, f)
	}
}

// section writes one section of a record. A published record is its
// sections one after the other, sharing one string table; a packed one
// (packed.go) gives each its own, so that a pass reads only the sections
// it needs and a phase rewrites only those it changes.
func (e *encoder) section(s section, f *File) {
	switch s {
	case secHead:
		e.str(f.Path)
		e.str(f.Blob)
		e.str(f.SHA256)
		e.str(f.NormSHA)
		e.str(f.Lang)
		e.int(int(f.Size))
	case secFacts:
		e.factsHead(f.Facts)
	case secRefs:
		if f.Facts != nil {
			e.refs(f.Facts.Refs)
		}
	case secRes:
		e.edges(f.Res.Edges)
		e.strs_(f.Res.Lookups)
		e.int(f.Res.Unresolved)
		e.sites(f.Res.Sites)
	case secEnrich:
		e.str(f.Summary)
		e.str(f.SummaryKey)
		e.strMap(f.EdgeSummaries)
	case secImplicit:
		e.uvarint(uint64(len(f.Signals)))
		for _, s := range f.Signals {
			e.str(s.Kind)
			e.str(s.Key)
			e.int(s.Line)
		}
		e.edges(f.Implicit)
		// The explorer's part is written only when it holds something, so
		// a record without it is byte-equal to one an older lgraph wrote.
		if len(f.Couplings) > 0 || len(f.Explored) > 0 {
			e.couplings(f.Couplings)
			e.edges(f.Explored)
		}
	}
}

func (e *encoder) couplings(cs []facts.Coupling) {
	e.uvarint(uint64(len(cs)))
	for _, c := range cs {
		e.str(c.Kind)
		e.str(c.Key)
		e.uvarint(uint64(len(c.Lines)))
		for _, l := range c.Lines {
			e.int(l)
		}
		e.strs_(c.Evidence)
		e.int(c.Confidence)
	}
}

func (e *encoder) sites(sites []Site) {
	e.uvarint(uint64(len(sites)))
	for _, s := range sites {
		e.str(s.Name)
		e.str(s.Receiver)
		e.str(s.From)
		e.int(s.Line)
	}
}

func (e *encoder) edges(edges []Edge) {
	e.uvarint(uint64(len(edges)))
	for _, ed := range edges {
		e.str(ed.Source)
		e.str(ed.Target)
		e.str(ed.Kind)
		e.str(ed.Via)
		e.str(ed.ResolvedBy)
	}
}

// factsHead writes a file's facts up to their references, which follow
// (secRefs) when the facts are not nil.
func (e *encoder) factsHead(f *facts.File) {
	if f == nil {
		e.uvarint(0)
		return
	}
	// 2 marks facts with a file doc, which older records lack; the bit
	// formSites, call sites (facts.File.Sites) between imports and refs.
	form := uint64(1)
	if f.Doc != "" {
		form = 2
	}
	if len(f.Sites) > 0 {
		form |= formSites
	}
	unions := slices.ContainsFunc(f.Symbols, func(s facts.Symbol) bool { return len(s.Union) > 0 })
	if unions {
		form |= formUnions
	}
	e.uvarint(form)
	e.str(f.Package)
	if form&formDoc == 2 {
		e.str(f.Doc)
	}
	e.int(f.SyntaxErrors)
	e.uvarint(uint64(len(f.Symbols)))
	for _, s := range f.Symbols {
		e.str(s.Name)
		e.str(s.Qualified)
		e.str(s.Kind)
		e.str(s.Parent)
		e.int(s.Line)
		e.int(s.EndLine)
		e.str(s.Signature)
		e.str(s.Doc)
		e.strs_(s.Extends)
		e.strs_(s.Implements)
		e.str(s.Type)
		e.str(s.Params)
		if unions {
			e.strs_(s.Union)
		}
	}
	e.uvarint(uint64(len(f.Imports)))
	for _, i := range f.Imports {
		e.str(i.Path)
		e.str(i.Alias)
		e.strs_(i.Names)
		e.str(i.Kind)
		e.int(i.Line)
		e.strs_(i.As)
		if i.Reexport {
			e.uvarint(1)
		} else {
			e.uvarint(0)
		}
	}
	if form&formSites != 0 {
		e.refs(f.Sites)
	}
}

// A facts form: its low bits say whether a doc follows the package (2),
// the bit formSites whether call sites follow the imports, formUnions
// whether each symbol ends with its union members (facts.Symbol.Union;
// records written before the field read as having none).
const (
	formDoc    = 3
	formSites  = 4
	formUnions = 8
)

func (e *encoder) refs(refs []facts.Ref) {
	e.uvarint(uint64(len(refs)))
	for _, r := range refs {
		e.str(r.Name)
		e.str(r.Qualifier)
		e.str(r.Kind)
		e.str(r.From)
		e.int(r.Line)
		e.str(r.Recv)
		e.str(r.Args)
	}
}
