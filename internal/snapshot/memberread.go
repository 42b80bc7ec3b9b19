package snapshot

import (
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// memberParts are the parts of a record a Member is made of, as its
// listing (KsDir) is.
var memberParts = PartsFor(KsDir)

// Member returns what a module doc reads of path's record: MemberOf of
// the record read with the parts of a listing. found is false when path
// has no record (or it could not be read: Err says why), member false for
// a project file. A full run's module docs read every code file's, so a
// packed record is decoded straight into the Member: no File nor symbol
// of facts is built, and the parts of a listing's sections a Member does
// not hold (imports, call sites, lookups, couplings, the symbols' other
// fields) are not read at all.
func (fs *FileSet) Member(path string) (m Member, member, found bool) {
	p, ok := fs.packed[path]
	if !ok {
		f := fs.GetParts(path, memberParts)
		if f == nil {
			return Member{}, false, false
		}
		if f.Lang == lang.ProjectFile {
			return Member{}, false, true
		}
		return MemberOf(f), true, true
	}
	if p.lang == lang.ProjectFile {
		return Member{}, false, true
	}
	secs, buf, err := fs.sections(path, p, memberParts)
	if err == nil {
		m, err = decodeMember(path, secs)
	}
	if err == nil && buf != nil {
		m.own() // its strings lie in buf, which the next read overwrites
	}
	fs.release(buf)
	if err != nil {
		fs.note(err)
		return Member{}, false, false
	}
	return m, true, true
}

// memberSections are the sections a Member is read from, in order.
var memberSections = [...]section{secHead, secFacts, secRes, secEnrich, secImplicit}

// decodeMember reads a Member from a packed record's sections, as
// MemberOf reads it from the record.
func decodeMember(path string, secs rawSections) (Member, error) {
	table := getTable()
	defer putTable(table)
	edges := memberEdges.Get().(*[]Edge)
	defer func() {
		clear(*edges) // hold no record's strings
		*edges = (*edges)[:0]
		memberEdges.Put(edges)
	}()
	var m Member
	for _, s := range memberSections {
		d := decoder{buf: secs[s], table: *table}
		if err := d.openTable(); err != nil {
			return Member{}, fmt.Errorf("packed record of %s: %w", path, err)
		}
		*table = d.table
		d.member(s, &m, edges)
		if d.err != nil {
			return Member{}, fmt.Errorf("packed record of %s: %w", path, d.err)
		}
	}
	m.Deps = countDeps(*edges)
	return m, nil
}

// memberEdges recycles the edge lists decodeMember counts a member's
// dependencies from.
var memberEdges = sync.Pool{New: func() any { return new([]Edge) }}

// member reads into m what it holds of section s, and appends the
// section's dependency edges (resolved and implicit) to edges. It reads
// each section as far as a Member needs and no further.
func (d *decoder) member(s section, m *Member, edges *[]Edge) {
	switch s {
	case secHead:
		m.Path = d.str()
	case secFacts:
		if form := d.uvarint(); form != 0 {
			m.HasFacts = true
			d.uvarint() // package
			if form&formDoc == 2 {
				m.Doc = d.str()
			}
			d.int() // syntax errors
			d.unionsFollow = form&formUnions != 0
			m.Symbols = d.memberSymbols()
		}
	case secRes:
		*edges = d.appendEdges(*edges)
	case secEnrich:
		m.Summary = d.str()
		m.Secret = d.str() == SecretSummaryKey
	case secImplicit:
		if n := d.count(); n > 0 {
			m.Signals = make([]facts.Signal, n)
			for i := range m.Signals {
				m.Signals[i] = facts.Signal{Kind: d.str(), Key: d.str()}
				d.int() // line
			}
		}
		*edges = d.appendEdges(*edges)
	}
}

// memberSymbols reads a symbol list as decoder.symbols does, keeping what
// a MemberSymbol holds.
func (d *decoder) memberSymbols() []MemberSymbol {
	out := make([]MemberSymbol, d.count())
	for i := range out {
		s := &out[i]
		s.Name, s.Qualified, s.Kind, s.Parent = d.str(), d.str(), d.str(), d.str()
		d.int() // line
		d.int() // end line
		s.Signature, s.Doc = d.str(), d.str()
		d.skipStrs() // extends
		d.skipStrs() // implements
		d.uvarint()  // type
		d.uvarint()  // params
		if d.unionsFollow {
			d.skipStrs() // union
		}
	}
	return out
}

// appendEdges reads an edge list as decoder.edges does, onto out.
func (d *decoder) appendEdges(out []Edge) []Edge {
	for n := d.count(); n > 0 && d.err == nil; n-- {
		out = append(out, Edge{Source: d.str(), Target: d.str(), Kind: d.str(), Via: d.str(), ResolvedBy: d.str()})
	}
	return out
}

// own copies m's strings, which lie in a read buffer, into one allocation
// of their own: a spilled record's sections hold its edges, lookups, call
// sites and imports too, which a copy of them (ownWanted) would keep alive
// as long as the Member. A known kind is the constant, not a copy, and a
// qualified name equal to its name shares the name's copy.
func (m *Member) own() {
	n := len(m.Path) + len(m.Summary) + len(m.Doc)
	for _, s := range m.Symbols {
		n += len(s.Name) + kindLen(s.Kind) + len(s.Parent) + len(s.Signature) + len(s.Doc)
		if s.Qualified != s.Name {
			n += len(s.Qualified)
		}
	}
	for _, s := range m.Signals {
		n += len(s.Kind) + len(s.Key)
	}
	for _, d := range m.Deps {
		n += len(d.Target) + kindLen(d.Kind)
	}
	a := arena(make([]byte, 0, n))
	m.Path, m.Summary, m.Doc = a.str(m.Path), a.str(m.Summary), a.str(m.Doc)
	for i := range m.Symbols {
		s := &m.Symbols[i]
		if s.Qualified == s.Name {
			s.Name = a.str(s.Name)
			s.Qualified = s.Name
		} else {
			s.Name, s.Qualified = a.str(s.Name), a.str(s.Qualified)
		}
		s.Kind, s.Parent = a.kind(s.Kind), a.str(s.Parent)
		s.Signature, s.Doc = a.str(s.Signature), a.str(s.Doc)
	}
	for i := range m.Signals {
		m.Signals[i].Kind, m.Signals[i].Key = a.str(m.Signals[i].Kind), a.str(m.Signals[i].Key)
	}
	for i := range m.Deps {
		m.Deps[i].Target, m.Deps[i].Kind = a.str(m.Deps[i].Target), a.kind(m.Deps[i].Kind)
	}
}

// knownKinds are the symbol and edge kinds, each its constant.
var knownKinds = func() map[string]string {
	out := map[string]string{}
	for _, k := range append(edgekind.All(), facts.KindFunction, facts.KindMethod, facts.KindClass, facts.KindStruct,
		facts.KindInterface, facts.KindTrait, facts.KindEnum, facts.KindType, facts.KindConst, facts.KindVar,
		facts.KindModule, facts.KindField) {
		out[k] = k
	}
	return out
}()

// kindLen is the bytes of an arena a kind takes.
func kindLen(k string) int {
	if _, ok := knownKinds[k]; ok {
		return 0
	}
	return len(k)
}

// arena hands out strings copied into its bytes, allocated once at the
// length of every string it will hold and never written again where a
// string lies.
type arena []byte

func (a *arena) str(s string) string {
	if s == "" {
		return ""
	}
	at := len(*a)
	if len(s) > cap(*a)-at { // not sized for it (no caller does that)
		return strings.Clone(s)
	}
	*a = append(*a, s...)
	return unsafe.String(&(*a)[at], len(s))
}

// kind is a known kind's constant, or str of another.
func (a *arena) kind(k string) string {
	if c, ok := knownKinds[k]; ok {
		return c
	}
	return a.str(k)
}
