package snapshot

import (
	"encoding/binary"
	"errors"
	"unsafe"

	"github.com/lgraph/lgraph/internal/facts"
)

var errTruncated = errors.New("truncated or corrupt snapshot")

type decoder struct {
	buf []byte
	// table is where the strings of the table openTable read lie in base.
	table []strAt
	base  []byte
	err   error
	// sitesFollow is set by peekFacts when the facts it reads hold call sites
	// before their references.
	sitesFollow bool
	// unionsFollow is set where a file's facts form is read when its
	// symbols end with their union members (formUnions).
	unionsFollow bool
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	n, k := binary.Uvarint(d.buf)
	if k <= 0 {
		d.err = errTruncated
		return 0
	}
	d.buf = d.buf[k:]
	return n
}

func (d *decoder) int() int {
	if d.err != nil {
		return 0
	}
	n, k := binary.Varint(d.buf)
	if k <= 0 {
		d.err = errTruncated
		return 0
	}
	d.buf = d.buf[k:]
	return int(n)
}

func (d *decoder) str() string {
	i := d.uvarint()
	if i >= uint64(len(d.table)) {
		if d.err == nil {
			d.err = errTruncated
		}
		return ""
	}
	at := d.table[i]
	if at.n == 0 {
		return ""
	}
	return unsafe.String(&d.base[at.off], int(at.n))
}

// strAt is where a string of a decoder's table lies: a section or record
// is at most a few megabytes, far under 4 GB.
type strAt struct{ off, n uint32 }

// count reads a length and bounds it by the bytes left, so a corrupt
// length cannot make a huge allocation.
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.buf)) {
		if d.err == nil {
			d.err = errTruncated
		}
		return 0
	}
	return int(n)
}

func (d *decoder) strs() []string {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *decoder) strMap() map[string]string {
	n := d.count()
	if n == 0 {
		return nil
	}
	m := make(map[string]string, n)
	for i := 0; i < n; i++ {
		k := d.str()
		m[k] = d.str()
	}
	return m
}

func (d *decoder) file() *File { return d.record(AllParts) }

// record decodes a published record (its sections one after the other,
// sharing one string table), building the parts keep names and stepping
// over the others.
func (d *decoder) record(keep Parts) *File {
	keep = keep.normal()
	f := &File{}
	hasFacts := false
	for s := range numSections {
		d.section(s, f, keep, &hasFacts)
	}
	return f
}

// section reads section s into f: the parts keep names are built, the
// others stepped over. hasFacts is whether the record has facts (set by
// secFacts): its references follow only then.
func (d *decoder) section(s section, f *File, keep Parts, hasFacts *bool) {
	switch s {
	case secHead:
		f.Path, f.Blob, f.SHA256, f.NormSHA, f.Lang = d.str(), d.str(), d.str(), d.str(), d.str()
		f.Size = int64(d.int())
	case secFacts:
		if keep&PartFacts != 0 {
			f.Facts = d.factsHead()
			*hasFacts = f.Facts != nil
		} else {
			*hasFacts = d.skipFactsHead()
		}
	case secRefs:
		switch {
		case !*hasFacts:
		case keep&PartRefs != 0 && f.Facts != nil:
			f.Facts.Refs = d.refs()
		default:
			d.skipRefs()
		}
	case secRes:
		d.res(f, keep)
	case secEnrich:
		if keep&PartSummary != 0 {
			f.Summary, f.SummaryKey = d.str(), d.str()
		} else {
			d.uvarint()
			d.uvarint()
		}
		if keep&PartEdgeSummaries != 0 {
			f.EdgeSummaries = d.strMap()
		} else {
			for m := d.count(); m > 0 && d.err == nil; m-- {
				d.uvarint()
				d.uvarint()
			}
		}
	case secImplicit:
		d.implicit(f, keep)
	}
}

func (d *decoder) res(f *File, keep Parts) {
	built := keep&PartRes != 0
	if built {
		f.Res.Edges = d.edges()
	} else {
		d.skipEdges()
	}
	if keep&PartLookups != 0 {
		f.Res.Lookups = d.strs()
	} else {
		d.skipStrs()
	}
	if n := d.int(); built {
		f.Res.Unresolved = n
	}
	if built {
		f.Res.Sites = d.sites()
	} else {
		d.skipSites()
	}
}

func (d *decoder) implicit(f *File, keep Parts) {
	if keep&PartSignals != 0 {
		if n := d.count(); n > 0 {
			f.Signals = make([]facts.Signal, n)
			for i := range f.Signals {
				f.Signals[i] = facts.Signal{Kind: d.str(), Key: d.str(), Line: d.int()}
			}
		}
	} else {
		for n := d.count(); n > 0 && d.err == nil; n-- {
			d.uvarint()
			d.uvarint()
			d.int()
		}
	}
	built := keep&PartImplicit != 0
	if built {
		f.Implicit = d.edges()
	} else {
		d.skipEdges()
	}
	if len(d.buf) == 0 || d.err != nil {
		return
	}
	if built {
		f.Couplings = d.couplings()
		f.Explored = d.edges()
		return
	}
	for n := d.count(); n > 0 && d.err == nil; n-- {
		d.uvarint() // kind
		d.uvarint() // key
		for m := d.count(); m > 0 && d.err == nil; m-- {
			d.int()
		}
		d.skipStrs()
		d.int()
	}
	d.skipEdges()
}

func (d *decoder) edges() []Edge {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]Edge, n)
	for i := range out {
		out[i] = Edge{Source: d.str(), Target: d.str(), Kind: d.str(), Via: d.str(), ResolvedBy: d.str()}
	}
	return out
}

func (d *decoder) sites() []Site {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]Site, n)
	for i := range out {
		out[i] = Site{Name: d.str(), Receiver: d.str(), From: d.str(), Line: d.int()}
	}
	return out
}

func (d *decoder) couplings() []facts.Coupling {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]facts.Coupling, n)
	for i := range out {
		c := facts.Coupling{Kind: d.str(), Key: d.str()}
		if m := d.count(); m > 0 {
			c.Lines = make([]int, m)
			for j := range c.Lines {
				c.Lines[j] = d.int()
			}
		}
		c.Evidence = d.strs()
		c.Confidence = d.int()
		out[i] = c
	}
	return out
}

// factsHead decodes a file's facts up to its references (nil when the
// record has none), leaving the decoder at them.
func (d *decoder) factsHead() *facts.File {
	form := d.uvarint()
	if form == 0 {
		return nil
	}
	f := &facts.File{Package: d.str()}
	if form&formDoc == 2 {
		f.Doc = d.str()
	}
	f.SyntaxErrors = d.int()
	d.unionsFollow = form&formUnions != 0
	f.Symbols = d.symbols()
	if n := d.count(); n > 0 {
		f.Imports = make([]facts.Import, n)
		for i := range f.Imports {
			f.Imports[i] = facts.Import{Path: d.str(), Alias: d.str(), Names: d.strs(), Kind: d.str(), Line: d.int(), As: d.strs(), Reexport: d.uvarint() == 1}
		}
	}
	if form&formSites != 0 {
		f.Sites = d.refs()
	}
	return f
}

// skipFactsHead steps over what factsHead reads and reports whether the
// record has facts.
func (d *decoder) skipFactsHead() bool {
	form := d.uvarint()
	if form == 0 {
		return false
	}
	d.uvarint() // package
	if form&formDoc == 2 {
		d.uvarint() // doc
	}
	d.int() // syntax errors
	d.unionsFollow = form&formUnions != 0
	d.skipSymbols()
	d.skipImports()
	if form&formSites != 0 {
		d.skipRefs() // the call sites
	}
	return true
}

func (d *decoder) symbols() []facts.Symbol {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]facts.Symbol, n)
	for i := range out {
		out[i] = facts.Symbol{
			Name: d.str(), Qualified: d.str(), Kind: d.str(), Parent: d.str(),
			Line: d.int(), EndLine: d.int(), Signature: d.str(), Doc: d.str(),
			Extends: d.strs(), Implements: d.strs(), Type: d.str(), Params: d.str(),
		}
		if d.unionsFollow {
			out[i].Union = d.strs()
		}
	}
	return out
}

func (d *decoder) refs() []facts.Ref {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]facts.Ref, n)
	for i := range out {
		out[i] = facts.Ref{Name: d.str(), Qualifier: d.str(), Kind: d.str(), From: d.str(), Line: d.int(), Recv: d.str(), Args: d.str()}
	}
	return out
}
