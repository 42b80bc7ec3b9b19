package query

import (
	"cmp"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// UnresolvedSite is a call the graph has no edge for because its
// receiver's type is unknown (x.hello() with x an untyped parameter): a
// caller an answer may be missing, which a text search can find.
type UnresolvedSite struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	// Call is the call as written, without its arguments ("x.hello");
	// Receiver is its receiver ("x").
	Call     string `json:"call"`
	Receiver string `json:"receiver,omitempty"`
	Mark
}

// maxImpactNames bounds the names whose unresolved call sites impact
// reports for a file target: one index range per name.
const maxImpactNames = 16

// UnresolvedCalls lists the unresolved call sites of the names (calls
// written with one of them whose receiver could not be typed), sorted by
// path, line and call: one range of the unresolved-call index per name.
func (ix *Index) UnresolvedCalls(names ...string) []UnresolvedSite {
	names = slices.Compact(slices.Sorted(slices.Values(names)))
	var out []UnresolvedSite
	if ix.snap.Index == nil {
		for _, f := range ix.snap.Files.All() {
			for _, s := range f.Res.Sites {
				if _, ok := slices.BinarySearch(names, s.Name); ok {
					out = append(out, ix.site(f.Path, s))
				}
			}
		}
	} else {
		for _, name := range names {
			ix.fail(ix.snap.Index.Scan(snapshot.Prefix(snapshot.KsUnresolved, name), func(k, v []byte) error {
				s, err := snapshot.ParseSite(k, v)
				if err == nil {
					out = append(out, ix.site(s.Path, s.Site))
				}
				return err
			}))
		}
	}
	sortSites(out)
	return out
}

func (ix *Index) site(p string, s snapshot.Site) UnresolvedSite {
	return UnresolvedSite{Path: p, Line: s.Line, Call: s.Call(), Receiver: s.Receiver, Mark: ix.mark(p)}
}

func sortSites(sites []UnresolvedSite) {
	slices.SortFunc(sites, func(a, b UnresolvedSite) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), strings.Compare(a.Call, b.Call))
	})
}

// unresolvedCallers lists the unresolved call sites written with a
// symbol's name.
func (ix *Index) unresolvedCallers(symID string) []UnresolvedSite {
	sym, ok := ix.symbolAt(symID)
	if !ok {
		return []UnresolvedSite{}
	}
	return nonNil(ix.UnresolvedCalls(sym.Name))
}

// unresolvedCallees lists the calls a symbol makes that could not be
// resolved for want of a receiver type: its file's sites made in its body
// (from the symbol itself, as its calls edges are).
func (ix *Index) unresolvedCallees(symID string) []UnresolvedSite {
	out := []UnresolvedSite{}
	sym, ok := ix.symbolAt(symID)
	f := ix.snap.Files.Get(nodeid.PathOf(symID))
	if !ok || f == nil {
		return out
	}
	for _, s := range f.Res.Sites {
		if s.From == sym.Qualified && sym.Line <= s.Line && s.Line <= sym.EndLine {
			out = append(out, ix.site(f.Path, s))
		}
	}
	sortSites(out)
	return out
}

// impactNames are the names whose unresolved call sites impact reports:
// a symbol target's name; for a file target, the names of its top-level
// functions and of the methods of its top-level types, in source order,
// at most maxImpactNames of them.
func (ix *Index) impactNames(targetID string) []string {
	if !nodeid.IsFile(targetID) {
		if sym, ok := ix.symbolAt(targetID); ok {
			return []string{sym.Name}
		}
		return nil
	}
	syms, _ := ix.symbolsOf(nodeid.PathOf(targetID))
	var names []string
	for _, s := range syms {
		top := s.Kind == facts.KindFunction && s.Parent == "" || s.Kind == facts.KindMethod && !strings.Contains(s.Parent, ".")
		if top && !slices.Contains(names, s.Name) {
			names = append(names, s.Name)
			if len(names) == maxImpactNames {
				break
			}
		}
	}
	return names
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
