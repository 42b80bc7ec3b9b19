package query

import (
	"maps"
	"path"
	"slices"
	"strings"
	"unsafe"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// A published snapshot carries indexes derived from its records (see
// internal/snapshot/keys.go); the functions here answer from them, so a question
// reads the entries that concern it instead of every record. Each has a
// scanning twin for snapshots held only in memory, and the tests hold the
// two to the same answers.

// perTargetScans is how many targets of one file are looked up one by one;
// with more, the file's whole reverse-edge range is read once.
const perTargetScans = 4

// intoIndexed reads the edges into targets from the reverse-edge index:
// one range per target file (or per target, when a file has few).
func (ix *Index) intoIndexed(targets map[string]bool) []snapshot.Edge {
	byPath := map[string][]string{}
	for t := range targets {
		p := nodeid.PathOf(t)
		byPath[p] = append(byPath[p], t)
	}
	var out []snapshot.Edge
	keep := func(k, _ []byte) error {
		e, ok := snapshot.ParseRevEdge(k)
		if ok && targets[e.Target] && e.Kind != edgekind.Contains {
			out = append(out, e)
		}
		return nil
	}
	for _, p := range slices.Sorted(maps.Keys(byPath)) {
		ts := byPath[p]
		if len(ts) > perTargetScans {
			ix.fail(ix.snap.Index.Scan(snapshot.Prefix(snapshot.KsRevEdge, p), keep))
			continue
		}
		slices.Sort(ts)
		for _, t := range ts {
			ix.fail(ix.snap.Index.Scan(snapshot.Prefix(snapshot.KsRevEdge, p, t), keep))
		}
	}
	return out
}

// scanDefs calls fn with the id, qualified name, key and value of every
// symbol in the name index (re-exported names, which have no id, are
// skipped). The strings and slices are valid only during the call: the
// scan looks at every definition and copies only what matches.
func (ix *Index) scanDefs(fn func(id, qualified string, key, value []byte)) {
	ix.fail(ix.snap.Index.Scan([]byte{snapshot.KsName}, func(k, v []byte) error {
		id, q, ok := snapshot.DefNames(v)
		if ok && len(id) > 0 {
			fn(unsafe.String(unsafe.SliceData(id), len(id)), unsafe.String(unsafe.SliceData(q), len(q)), k, v)
		}
		return nil
	}))
}

// matchNamesIndexed lists the ids of the symbols whose qualified name is
// arg or ends in "."+arg, from the name index. A qualified name ends in
// its symbol's simple name, which keys the index, so the simple name is a
// suffix of arg beginning at its start or after a dot: one short range per
// such suffix is read instead of every definition.
func (ix *Index) matchNamesIndexed(arg string) []string {
	var ids []string
	suffix := "." + arg
	keep := func(_, v []byte) error {
		id, q, ok := snapshot.DefNames(v)
		if qs := unsafe.String(unsafe.SliceData(q), len(q)); ok && len(id) > 0 && (qs == arg || strings.HasSuffix(qs, suffix)) {
			ids = append(ids, string(id))
		}
		return nil
	}
	for _, name := range dotSuffixes(arg) {
		ix.fail(ix.snap.Index.Scan(snapshot.Prefix(snapshot.KsName, name), keep))
	}
	return ids
}

// dotSuffixes lists s and each part of it after a dot, longest first.
func dotSuffixes(s string) []string {
	out := []string{s}
	for i := 0; i < len(s); i++ {
		if s[i] == '.' && i+1 < len(s) {
			out = append(out, s[i+1:])
		}
	}
	return out
}

// searchIndexed matches the paths of the directory index and the names of
// the name index; no record is read, and only the hits the ranking keeps
// are copied out of the tables.
func (ix *Index) searchIndexed(q *matcher, r *ranking) {
	ix.fail(ix.snap.Index.Scan([]byte{snapshot.KsDir}, func(k, _ []byte) error {
		p := snapshot.Owner(k)
		if tier, gaps := q.best(path.Base(p), p); tier != noMatch {
			r.offer(candidate{sym: -1, name: p, id: nodeid.File(p), tier: tier, gaps: gaps})
		}
		return nil
	}))
	ix.scanDefs(func(id, qual string, k, v []byte) {
		tier, gaps := q.best(lastSegment(qual), qual)
		if tier == noMatch {
			return
		}
		c := candidate{name: qual, id: id, tier: tier, gaps: gaps}
		if r.admits(c) {
			c.name, c.id = strings.Clone(qual), strings.Clone(id)
			c.def, c.kl = append(append(make([]byte, 0, len(k)+len(v)), k...), v...), len(k)
			r.add(c)
		}
	})
}

// defRef describes a symbol from its name-index entry, as refOf does from
// its record.
func (ix *Index) defRef(key, value []byte) NodeRef {
	d, err := snapshot.DecodeDef(key, value)
	if err != nil {
		ix.fail(err)
		id, _, _ := snapshot.DefNames(value)
		return ix.ref(string(id))
	}
	return NodeRef{ID: d.ID, Kind: nodeid.KindSymbol, SymbolKind: d.Kind, Name: d.Qualified, Path: d.Path, Line: d.Line, Mark: ix.mark(d.Path)}
}
