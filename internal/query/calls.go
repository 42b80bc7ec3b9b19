package query

import (
	"slices"
	"sort"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// CallsResult is the answer of callers and callees.
type CallsResult struct {
	Symbol NodeRef `json:"symbol"`
	// Direction is "callers" (who calls Symbol) or "callees" (what Symbol calls).
	Direction string `json:"direction"`
	Items     []Call `json:"items"`
	// Unresolved are the calls the graph could not follow for want of a
	// receiver type: for callers, those written with Symbol's name; for
	// callees, those Symbol makes.
	Unresolved []UnresolvedSite `json:"unresolved"`
}

// Call is one node on the other end of calls edges. A caller may be a file
// when the call is made at file level.
type Call struct {
	NodeRef
	// Via are the names the calls are written with ("helper", "s.Get").
	Via []string `json:"via"`
	// Sites are the lines of the calling node's file where the calls are made.
	Sites []int `json:"sites,omitempty"`
	// ResolvedBy lists how the calls were resolved (type, import, scope,
	// name); "name" alone means only a name matched: weigh it as a guess.
	ResolvedBy []string `json:"resolved_by"`
}

// Callers lists the nodes that call a symbol, sorted by path, line and id.
func (ix *Index) Callers(symID string) CallsResult {
	return CallsResult{Symbol: ix.ref(symID), Direction: "callers", Items: ix.calls(symID, true), Unresolved: ix.unresolvedCallers(symID)}
}

// Callees lists the symbols a symbol calls, sorted by path, line and id.
func (ix *Index) Callees(symID string) CallsResult {
	return CallsResult{Symbol: ix.ref(symID), Direction: "callees", Items: ix.calls(symID, false), Unresolved: ix.unresolvedCallees(symID)}
}

func (ix *Index) calls(id string, reverse bool) []Call {
	byNode := map[string]*Call{}
	var order []string
	for _, e := range ix.edges(id, reverse) {
		if e.Kind != edgekind.Calls {
			continue
		}
		other := far(e, reverse)
		c := byNode[other]
		if c == nil {
			c = &Call{NodeRef: ix.ref(other)}
			byNode[other] = c
			order = append(order, other)
		}
		c.Via = append(c.Via, e.Via)
		c.Sites = append(c.Sites, ix.callSites(e)...)
		if e.ResolvedBy != "" {
			c.ResolvedBy = append(c.ResolvedBy, e.ResolvedBy)
		}
	}
	out := make([]Call, 0, len(order))
	for _, other := range order {
		c := byNode[other]
		slices.Sort(c.Via)
		c.Via = slices.Compact(c.Via)
		slices.Sort(c.Sites)
		c.Sites = slices.Compact(c.Sites)
		slices.Sort(c.ResolvedBy)
		c.ResolvedBy = slices.Compact(c.ResolvedBy)
		if c.ResolvedBy == nil {
			c.ResolvedBy = []string{}
		}
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return lessRef(out[i].NodeRef, out[j].NodeRef) })
	return out
}

// callSites finds the lines of the call references a calls edge was
// resolved from: calls in the source's body written as the edge's via.
// It reads the source file's symbols and references, not its whole record.
func (ix *Index) callSites(e snapshot.Edge) []int {
	from := ""
	switch {
	case nodeid.IsSymbol(e.Source):
		sym, ok := ix.symbolAt(e.Source)
		if !ok {
			return nil
		}
		from = sym.Qualified
	case !nodeid.IsFile(e.Source):
		return nil
	}
	var lines []int
	for _, r := range ix.refsOf(nodeid.PathOf(e.Source)) {
		if r.Kind == facts.RefCall && r.From == from && refVia(r) == e.Via {
			lines = append(lines, r.Line)
		}
	}
	return lines
}

// refsOf returns a path's references, read once a path.
func (ix *Index) refsOf(p string) []facts.Ref {
	refs, ok := ix.refs[p]
	if !ok {
		refs, _ = ix.snap.Files.Refs(p)
		ix.refs[p] = refs
	}
	return refs
}

// refVia is the via a reference's edge carries (as the resolver writes it).
func refVia(r facts.Ref) string {
	if r.Qualifier != "" && r.Qualifier != "?" {
		return r.Qualifier + "." + r.Name
	}
	return r.Name
}
