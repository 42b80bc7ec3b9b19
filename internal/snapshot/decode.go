package snapshot

import (
	"encoding/binary"
	"errors"

	"github.com/lgraph/lgraph/internal/facts"
)

var errTruncated = errors.New("truncated or corrupt snapshot")

type decoder struct {
	buf   []byte
	table []string
	err   error
	// sitesFollow is set by peekFacts when the facts it reads hold call sites
	// before their references.
	sitesFollow bool
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
	return d.table[i]
}

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

func (d *decoder) file() *File { return d.record(wholeRecord) }

// recordParts names the costly parts of a record a decode builds; the
// others it steps over.
type recordParts struct {
	refs, lookups, edgeSummaries bool
}

var (
	wholeRecord = recordParts{refs: true, lookups: true, edgeSummaries: true}
	// outlineRecord is what a module doc renders from.
	outlineRecord = recordParts{}
	// edgeRecord is what an edge explanation reads of a file.
	edgeRecord = recordParts{edgeSummaries: true}
)

// record decodes a file record, building only the parts keep names of
// the references, lookups and edge summaries.
func (d *decoder) record(keep recordParts) *File {
	f := &File{Path: d.str(), Blob: d.str(), SHA256: d.str(), NormSHA: d.str(), Lang: d.str(), Size: int64(d.int())}
	if f.Facts = d.factsHead(); f.Facts != nil {
		if keep.refs {
			f.Facts.Refs = d.refs()
		} else {
			d.skipRefs()
		}
	}
	f.Res.Edges = d.edges()
	if keep.lookups {
		f.Res.Lookups = d.strs()
	} else {
		d.skipStrs()
	}
	f.Res.Unresolved = d.int()
	f.Res.Sites = d.sites()
	f.Summary, f.SummaryKey = d.str(), d.str()
	if keep.edgeSummaries {
		f.EdgeSummaries = d.strMap()
	} else {
		for m := d.count(); m > 0 && d.err == nil; m-- {
			d.uvarint()
			d.uvarint()
		}
	}
	if n := d.count(); n > 0 {
		f.Signals = make([]facts.Signal, n)
		for i := range f.Signals {
			f.Signals[i] = facts.Signal{Kind: d.str(), Key: d.str(), Line: d.int()}
		}
	}
	f.Implicit = d.edges()
	if len(d.buf) > 0 && d.err == nil {
		f.Couplings = d.couplings()
		f.Explored = d.edges()
	}
	return f
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
