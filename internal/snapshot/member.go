package snapshot

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// A module doc is rendered from every member file of its directory. An
// update that changes one file of a directory of hundreds would decode
// hundreds of records to redo it, so each file's directory listing
// (keyspace D) carries what a module doc reads of the file: one range scan
// of the listing gives the module's members without a record
// (docs/design.md §1, invariant 4).

// memberVersion is the first byte of a member listing's value.
const memberVersion = 2

// Member is what a module doc reads of one code file of the module.
type Member struct {
	Path    string
	Summary string
	// Secret is set for a file kept from the provider (SecretSummaryKey):
	// a narrative is told nothing of it but its summary.
	Secret bool
	// HasFacts is false for a file the explicit phase has no facts of.
	HasFacts bool
	Doc      string
	Symbols  []MemberSymbol
	// Signals are the implicit keys the file uses (kind and key only).
	Signals []facts.Signal
	// Deps count the file's distinct dependency edges (containment left
	// out, each reverse-edge key once) by target file and kind, sorted.
	Deps []DepCount
}

// MemberSymbol is what a module doc reads of one definition.
type MemberSymbol struct {
	Name, Qualified, Kind, Parent, Signature, Doc string
}

// Symbol is s as a facts.Symbol, with the fields a module doc reads.
func (s MemberSymbol) Symbol() facts.Symbol {
	return facts.Symbol{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Parent: s.Parent, Signature: s.Signature, Doc: s.Doc}
}

// DepCount is Count distinct dependency edges of Kind into the file Target.
type DepCount struct {
	Target, Kind string
	Count        int
}

// MemberOf is what a module doc reads of a code file's record.
func MemberOf(f *File) Member {
	m := Member{Path: f.Path, Summary: f.Summary, Secret: f.SummaryKey == SecretSummaryKey, HasFacts: f.Facts != nil, Deps: depCounts(f)}
	if f.Facts != nil {
		m.Doc = f.Facts.Doc
		m.Symbols = make([]MemberSymbol, len(f.Facts.Symbols))
		for i, s := range f.Facts.Symbols {
			m.Symbols[i] = MemberSymbol{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Parent: s.Parent, Signature: s.Signature, Doc: s.Doc}
		}
	}
	if len(f.Signals) > 0 {
		m.Signals = make([]facts.Signal, len(f.Signals))
		for i, s := range f.Signals {
			m.Signals[i] = facts.Signal{Kind: s.Kind, Key: s.Key}
		}
	}
	return m
}

// DirValue is a file's directory listing: nothing for a project file
// (listed in its directory, but no module's member), else its Member.
func DirValue(f *File) []byte { return dirValue(f, func() []DepCount { return depCounts(f) }) }

// dirValue encodes f's Member straight from its record (no copy of its
// symbols); deps gives its dependency counts, which the caller may share
// with the used-by entries.
func dirValue(f *File, deps func() []DepCount) []byte {
	if f.Lang == lang.ProjectFile {
		return nil
	}
	e := getEncoder() // its map kept: most listings outgrow linearStrings
	defer putEncoder(e)
	e.str(f.Summary)
	flags := uint64(0)
	if f.SummaryKey == SecretSummaryKey {
		flags |= 1
	}
	if f.Facts != nil {
		flags |= 2
	}
	e.uvarint(flags)
	if f.Facts != nil {
		e.str(f.Facts.Doc)
		e.uvarint(uint64(len(f.Facts.Symbols)))
		for _, s := range f.Facts.Symbols {
			e.str(s.Name)
			e.str(s.Qualified)
			e.str(s.Kind)
			e.str(s.Parent)
			e.str(s.Signature)
			e.str(s.Doc)
		}
	}
	e.uvarint(uint64(len(f.Signals)))
	for _, s := range f.Signals {
		e.str(s.Kind)
		e.str(s.Key)
	}
	ds := deps()
	e.uvarint(uint64(len(ds)))
	for _, d := range ds {
		e.str(d.Target)
		e.str(d.Kind)
		e.uvarint(uint64(d.Count))
	}
	return e.appendTo(append(make([]byte, 0, 1+e.len()), memberVersion))
}

// ParseDirValue reads the directory listing of path: member is false for
// a project file.
func ParseDirValue(path string, v []byte) (m Member, member bool, err error) {
	if len(v) == 0 {
		return Member{}, false, nil
	}
	if v[0] != memberVersion {
		return Member{}, false, fmt.Errorf("directory entry of %s: unknown version %d: run lgraph update --full", path, v[0])
	}
	d, err := openRecord(bytes.Clone(v[1:]))
	if err != nil {
		return Member{}, false, fmt.Errorf("directory entry of %s: %w", path, err)
	}
	m = Member{Path: path, Summary: d.str()}
	flags := d.uvarint()
	m.Secret, m.HasFacts = flags&1 != 0, flags&2 != 0
	if m.HasFacts {
		m.Doc = d.str()
		m.Symbols = make([]MemberSymbol, d.count())
		for i := range m.Symbols {
			m.Symbols[i] = MemberSymbol{Name: d.str(), Qualified: d.str(), Kind: d.str(), Parent: d.str(), Signature: d.str(), Doc: d.str()}
		}
	}
	if n := d.count(); n > 0 {
		m.Signals = make([]facts.Signal, n)
		for i := range m.Signals {
			m.Signals[i] = facts.Signal{Kind: d.str(), Key: d.str()}
		}
	}
	m.Deps = make([]DepCount, d.count())
	for i := range m.Deps {
		m.Deps[i] = DepCount{Target: d.str(), Kind: d.str(), Count: int(d.uvarint())}
	}
	if d.err == nil && len(d.buf) != 0 {
		d.err = errors.New("trailing bytes")
	}
	if d.err != nil {
		return Member{}, false, fmt.Errorf("directory entry of %s: %w: run lgraph update --full", path, d.err)
	}
	return m, true, nil
}

// Uses reads the counts of m from the reverse edges of an index, as
// UsesOf reads a record's.
func (m Member) Uses(idx KV) (*Uses, error) {
	syms := make([]facts.Symbol, len(m.Symbols))
	for i, s := range m.Symbols {
		syms[i].Qualified = s.Qualified
	}
	f := &File{Path: m.Path}
	if m.HasFacts {
		f.Facts = &facts.File{Symbols: syms}
	}
	return UsesOf(idx, f)
}

// depCounts counts f's distinct dependency edges (containment left out,
// each reverse-edge key once, as the reverse-edge index holds them) by
// target file and kind, sorted.
func depCounts(f *File) []DepCount { return countDeps(f.Res.Edges, f.Implicit) }

// countDeps is depCounts of the edges of lists. The edges are sorted by
// target file, kind and then every field: equal edges are then
// neighbours, and so are the edges of one count, with no map per file.
// An edge with a NUL in a field (whose key may equal another edge's with
// different fields) has it counted by keys (countDepsByKey).
func countDeps(lists ...[]Edge) []DepCount {
	buf := depEdgesPool.Get().(*[]depEdge)
	es := (*buf)[:0]
	defer func() {
		clear(es) // hold no record's edges
		*buf = es[:0]
		depEdgesPool.Put(buf)
	}()
	for _, list := range lists {
		for i := range list {
			e := &list[i]
			if e.Kind == edgekind.Contains {
				continue
			}
			if hasNUL(e) {
				return countDepsByKey(lists...)
			}
			es = append(es, depEdge{path: nodeid.PathOf(e.Target), e: e})
		}
	}
	slices.SortFunc(es, compareDepEdges)
	n := 0
	for i := range es {
		if i == 0 || !sameCount(es[i-1], es[i]) {
			n++
		}
	}
	out := make([]DepCount, 0, n)
	for i, x := range es {
		switch {
		case i > 0 && *es[i-1].e == *x.e: // the same edge again
		case i > 0 && sameCount(es[i-1], x):
			out[len(out)-1].Count++
		default:
			out = append(out, DepCount{Target: x.path, Kind: x.e.Kind, Count: 1})
		}
	}
	return out
}

// depEdge is a dependency edge with its target's file.
type depEdge struct {
	path string
	e    *Edge
}

var depEdgesPool = sync.Pool{New: func() any { return new([]depEdge) }}

func sameCount(a, b depEdge) bool { return a.path == b.path && a.e.Kind == b.e.Kind }

// compareDepEdges orders by target file and kind, then the other fields.
func compareDepEdges(a, b depEdge) int {
	if c := strings.Compare(a.path, b.path); c != 0 {
		return c
	}
	x, y := a.e, b.e
	for _, c := range [...][2]string{{x.Kind, y.Kind}, {x.Target, y.Target}, {x.Source, y.Source}, {x.Via, y.Via}, {x.ResolvedBy, y.ResolvedBy}} {
		if c := strings.Compare(c[0], c[1]); c != 0 {
			return c
		}
	}
	return 0
}

func hasNUL(e *Edge) bool {
	for _, x := range [...]string{e.Target, e.Kind, e.Source, e.Via, e.ResolvedBy} {
		if strings.IndexByte(x, 0) >= 0 {
			return true
		}
	}
	return false
}

// countDepsByKey is countDeps with each edge told apart by its
// reverse-edge key (edgeSet), which also holds for an edge with a NUL in
// a field.
func countDepsByKey(lists ...[]Edge) []DepCount {
	type targetKind struct{ target, kind string }
	var seen edgeSet
	counts := map[targetKind]int{}
	for _, list := range lists {
		for _, e := range list {
			if e.Kind == edgekind.Contains || !seen.add(e) {
				continue
			}
			counts[targetKind{nodeid.PathOf(e.Target), e.Kind}]++
		}
	}
	out := make([]DepCount, 0, len(counts))
	for tk, n := range counts {
		out = append(out, DepCount{Target: tk.target, Kind: tk.kind, Count: n})
	}
	slices.SortFunc(out, func(a, b DepCount) int { return cmp.Or(cmp.Compare(a.Target, b.Target), cmp.Compare(a.Kind, b.Kind)) })
	return out
}

// edgeSet holds edges by their reverse-edge key. The key joins the edge's
// fields with NUL bytes, so two edges share it exactly when their fields
// are equal, unless a field holds a NUL: only then is the key built.
type edgeSet struct {
	fields map[[5]string]bool
	keys   map[string]bool
}

// add adds e and reports whether its key was new.
func (s *edgeSet) add(e Edge) bool {
	f := [5]string{e.Target, e.Kind, e.Source, e.Via, e.ResolvedBy}
	for _, x := range f {
		if strings.IndexByte(x, 0) >= 0 {
			return s.addKey(string(RevEdgeKey(e)))
		}
	}
	if s.fields[f] {
		return false
	}
	if s.fields == nil {
		s.fields = map[[5]string]bool{}
	}
	s.fields[f] = true
	return true
}

func (s *edgeSet) addKey(k string) bool {
	if s.keys[k] {
		return false
	}
	if s.keys == nil {
		s.keys = map[string]bool{}
	}
	s.keys[k] = true
	return true
}
