package query

import (
	"slices"
	"sort"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// SymbolInfo is the answer of show for a symbol.
type SymbolInfo struct {
	NodeRef
	EndLine   int    `json:"end_line,omitempty"`
	Signature string `json:"signature,omitempty"`
	Doc       string `json:"doc,omitempty"`
	// FileSummary is the enrichment summary of the symbol's file.
	FileSummary string `json:"file_summary,omitempty"`
	// Parent is the enclosing definition (or the file); Members are the
	// definitions directly inside the symbol.
	Parent  *NodeRef  `json:"parent,omitempty"`
	Members []NodeRef `json:"members"`
	// In and Out are the symbol's other edges (contains is shown as
	// Parent and Members).
	In  []EdgeItem `json:"in"`
	Out []EdgeItem `json:"out"`
}

// EdgeItem is the node on the other end of one or more edges of one kind.
type EdgeItem struct {
	EdgeKind string `json:"edge"`
	NodeRef
	Via []string `json:"via"`
}

// FileInfo is the answer of show for a file.
type FileInfo struct {
	NodeRef
	Lang    string `json:"lang"`
	Size    int64  `json:"size"`
	Summary string `json:"summary,omitempty"`
	// Doc is what the file says of itself: its module docstring or header
	// comment (facts.File.Doc).
	Doc     string    `json:"doc,omitempty"`
	Symbols []NodeRef `json:"symbols"`
	// In are the files that depend on this one, Out the files it depends
	// on, as rdeps and deps list them (with edge summaries).
	In  []FileDep `json:"in"`
	Out []FileDep `json:"out"`
}

// ShowSymbol describes a symbol with its neighbourhood.
func (ix *Index) ShowSymbol(symID string) SymbolInfo {
	info := SymbolInfo{NodeRef: ix.ref(symID), Members: []NodeRef{}}
	n, ok := ix.node(symID)
	if !ok || n.sym == nil {
		return info
	}
	info.EndLine, info.Signature, info.Doc = n.sym.EndLine, n.sym.Signature, n.sym.Doc
	info.FileSummary = n.file.Summary
	for _, e := range n.file.Res.Edges { // contains edges stay inside the file
		switch {
		case e.Kind != edgekind.Contains:
		case e.Target == symID:
			p := ix.ref(e.Source)
			info.Parent = &p
		case e.Source == symID:
			info.Members = append(info.Members, ix.ref(e.Target))
		}
	}
	sort.Slice(info.Members, func(i, j int) bool { return lessRef(info.Members[i], info.Members[j]) })
	info.In = ix.edgeItems(symID, true)
	info.Out = ix.edgeItems(symID, false)
	return info
}

// edgeItems groups a node's non-contains edges by (kind, far node), sorted
// by kind, then path, line and id.
func (ix *Index) edgeItems(id string, reverse bool) []EdgeItem {
	type key struct{ kind, other string }
	byKey := map[key]*EdgeItem{}
	var keys []key
	for _, e := range ix.edges(id, reverse) {
		k := key{e.Kind, far(e, reverse)}
		it := byKey[k]
		if it == nil {
			it = &EdgeItem{EdgeKind: e.Kind, NodeRef: ix.ref(k.other)}
			byKey[k] = it
			keys = append(keys, k)
		}
		if e.Via != "" {
			it.Via = append(it.Via, e.Via)
		}
	}
	out := make([]EdgeItem, 0, len(keys))
	for _, k := range keys {
		it := byKey[k]
		slices.Sort(it.Via)
		it.Via = slices.Compact(it.Via)
		if it.Via == nil {
			it.Via = []string{}
		}
		out = append(out, *it)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].EdgeKind != out[j].EdgeKind {
			return out[i].EdgeKind < out[j].EdgeKind
		}
		return lessRef(out[i].NodeRef, out[j].NodeRef)
	})
	return out
}

// ShowFile describes a file: its language, size, summary, symbols and
// file-level dependencies in both directions.
func (ix *Index) ShowFile(fileID string) FileInfo {
	info := FileInfo{NodeRef: ix.ref(fileID), Symbols: []NodeRef{}}
	f := ix.snap.Files.Get(nodeid.PathOf(fileID))
	if f == nil {
		return info
	}
	info.Lang, info.Size, info.Summary = f.Lang, f.Size, f.Summary
	if f.Facts != nil {
		info.Doc = f.Facts.Doc
	}
	for _, n := range ix.symbols(f) {
		r := ix.refOf(n)
		r.Mark = Mark{} // the file carries the mark
		info.Symbols = append(info.Symbols, r)
	}
	info.In = ix.RDeps(fileID).Files
	info.Out = ix.Deps(fileID).Files
	return info
}
