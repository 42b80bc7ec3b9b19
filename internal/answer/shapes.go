package answer

import (
	"cmp"
	"path"
	"slices"

	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/query"
)

// This file shapes the query package's results into list answers: filter,
// then cut a page, so total counts what the filter kept.

// Deps is the answer of deps and rdeps.
type Deps struct {
	File      query.NodeRef `json:"file"`
	Direction string        `json:"direction"`
	List[query.FileDep]
}

// ShapeDeps filters and pages a deps or rdeps result.
func ShapeDeps(r query.DepsResult, f Filter, p Page) Deps {
	return Deps{File: r.File, Direction: r.Direction, List: Cut(filterFileDeps(r.Files, f), p)}
}

func filterFileDeps(deps []query.FileDep, f Filter) []query.FileDep {
	kept := make([]query.FileDep, 0, len(deps))
	for _, d := range deps {
		if !f.keepPath(d.Path) {
			continue
		}
		if len(f.Kinds) > 0 && d.ViaByKind != nil {
			d.Via = viaOf(d.ViaByKind, f.keepKinds(d.Kinds))
		}
		if d.Kinds = f.keepKinds(d.Kinds); len(d.Kinds) > 0 {
			kept = append(kept, d)
		}
	}
	return kept
}

// viaOf is the sorted union of the vias of some kinds.
func viaOf(byKind map[string][]string, kinds []string) []string {
	var out []string
	for _, k := range kinds {
		out = append(out, byKind[k]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Calls is the answer of callers and callees.
type Calls struct {
	Symbol    query.NodeRef `json:"symbol"`
	Direction string        `json:"direction"`
	Unresolved
	List[query.Call]
}

// ShapeCalls filters (test files only: every item is a call) and pages a
// callers or callees result, with a few of its unresolved call sites.
func ShapeCalls(r query.CallsResult, f Filter, p Page) Calls {
	kept := make([]query.Call, 0, len(r.Items))
	for _, c := range r.Items {
		if f.keepPath(c.Path) {
			kept = append(kept, c)
		}
	}
	return Calls{Symbol: r.Symbol, Direction: r.Direction, Unresolved: ShapeUnresolved(r.Unresolved, f, false), List: Cut(kept, p)}
}

// Search is the answer of search.
type Search struct {
	Query string `json:"query"`
	List[query.SearchHit]
}

// ShapeSearch filters (test files; Kinds here are node or symbol kinds:
// file, function, method, class...) and pages a search result.
func ShapeSearch(r query.SearchResult, kinds []string, noTests bool, p Page) Search {
	kept := make([]query.SearchHit, 0, len(r.Items))
	for _, h := range r.Items {
		if noTests && IsTestPath(h.Path) {
			continue
		}
		if len(kinds) > 0 && !slices.Contains(kinds, h.Kind) && !slices.Contains(kinds, h.SymbolKind) {
			continue
		}
		kept = append(kept, h)
	}
	return Search{Query: r.Query, List: Cut(kept, p)}
}

// ImpactItem is one dependent with its distance from the target.
type ImpactItem struct {
	query.NodeRef
	Distance int      `json:"distance"`
	Kinds    []string `json:"kinds"`
	To       []string `json:"to"`
}

// ImpactGroup sums the dependents in one file or module.
type ImpactGroup struct {
	// Name is the file path or module directory.
	Name string `json:"name"`
	// Dependents counts the dependents in it; Distance is the nearest.
	Dependents int      `json:"dependents"`
	Distance   int      `json:"distance"`
	Kinds      []string `json:"kinds"`
}

// Impact is the answer of impact: Items are dependents (by symbol) or
// groups of them (by file or module), nearest first.
type Impact[T any] struct {
	Target query.NodeRef `json:"target"`
	Depth  int           `json:"depth"`
	// By is symbol, file or module.
	By string `json:"by"`
	// Dependents and FileCount count what the filter kept, over all pages.
	Dependents int `json:"dependents"`
	FileCount  int `json:"file_count"`
	// Levels count the dependents at each distance, over all pages.
	Levels []Level `json:"levels"`
	Unresolved
	List[T]
}

// Level counts the dependents first reached at one distance.
type Level struct {
	Distance   int `json:"distance"`
	Dependents int `json:"dependents"`
}

func levels(items []ImpactItem) []Level {
	out := []Level{}
	for _, it := range items {
		if n := len(out); n == 0 || out[n-1].Distance != it.Distance {
			out = append(out, Level{Distance: it.Distance})
		}
		out[len(out)-1].Dependents++
	}
	return out
}

// ImpactBy are the ways impact can list its answer.
var ImpactBy = []string{"symbol", "file", "module"}

// ImpactItems flattens and filters an impact result, nearest first.
func ImpactItems(r query.ImpactResult, f Filter) []ImpactItem {
	var items []ImpactItem
	for _, l := range r.Levels {
		for _, it := range l.Items {
			if !f.keepPath(it.Path) {
				continue
			}
			if kinds := f.keepKinds(it.Kinds); len(kinds) > 0 {
				items = append(items, ImpactItem{NodeRef: it.NodeRef, Distance: l.Distance, Kinds: kinds, To: it.To})
			}
		}
	}
	return items
}

// ShapeImpact pages the dependents themselves.
func ShapeImpact(r query.ImpactResult, f Filter, p Page) Impact[ImpactItem] {
	items := ImpactItems(r, f)
	return Impact[ImpactItem]{Target: r.Target, Depth: r.Depth, By: "symbol", Dependents: len(items),
		FileCount: countFiles(items), Levels: levels(items), Unresolved: ShapeUnresolved(r.Unresolved, f, false), List: Cut(items, p)}
}

// ShapeImpactGroups sums the dependents by file or module (the file's
// directory), nearest first, then most dependents, then name.
func ShapeImpactGroups(r query.ImpactResult, by string, f Filter, p Page) Impact[ImpactGroup] {
	items := ImpactItems(r, f)
	groups := map[string]*ImpactGroup{}
	var order []string
	for _, it := range items {
		name := it.Path
		if by == "module" {
			name = path.Dir(it.Path)
		}
		g := groups[name]
		if g == nil {
			g = &ImpactGroup{Name: name, Distance: it.Distance}
			groups[name] = g
			order = append(order, name)
		}
		g.Dependents++
		g.Distance = min(g.Distance, it.Distance)
		for _, k := range it.Kinds {
			if !slices.Contains(g.Kinds, k) {
				g.Kinds = append(g.Kinds, k)
			}
		}
	}
	list := make([]ImpactGroup, 0, len(order))
	for _, name := range order {
		slices.Sort(groups[name].Kinds)
		list = append(list, *groups[name])
	}
	slices.SortFunc(list, func(a, b ImpactGroup) int {
		return cmp.Or(cmp.Compare(a.Distance, b.Distance), cmp.Compare(b.Dependents, a.Dependents), cmp.Compare(a.Name, b.Name))
	})
	return Impact[ImpactGroup]{Target: r.Target, Depth: r.Depth, By: by, Dependents: len(items),
		FileCount: countFiles(items), Levels: levels(items), Unresolved: ShapeUnresolved(r.Unresolved, f, false), List: Cut(list, p)}
}

func countFiles(items []ImpactItem) int {
	files := map[string]bool{}
	for _, it := range items {
		files[it.Path] = true
	}
	return len(files)
}

// Implicit is the answer of implicit: the keys a file shares.
type Implicit struct {
	File query.NodeRef `json:"file"`
	List[query.ImplicitKey]
}

// ShapeImplicit pages the keys (and drops test files from each key's
// files when asked).
func ShapeImplicit(r query.ImplicitResult, f Filter, p Page) Implicit {
	keys := make([]query.ImplicitKey, 0, len(r.Keys))
	for _, k := range r.Keys {
		files := make([]query.ImplicitFile, 0, len(k.Files))
		for _, file := range k.Files {
			if f.keepPath(file.Path) {
				files = append(files, file)
			}
		}
		k.Files = files
		keys = append(keys, k)
	}
	file := query.NodeRef{ID: nodeid.File(r.File), Kind: nodeid.KindFile, Name: r.File, Path: r.File, Mark: r.Mark}
	return Implicit{File: file, List: Cut(keys, p)}
}

// KeyUsers is the answer of implicit KEY: the files using an implicit key.
type KeyUsers struct {
	// Key is the key as asked; Keys the full keys it matched.
	Key  string   `json:"key"`
	Keys []string `json:"keys"`
	List[query.KeyUser]
}

// ShapeKeyUsers pages a key's users (dropping test files when asked).
func ShapeKeyUsers(key string, r query.KeyUsersResult, f Filter, p Page) KeyUsers {
	users := make([]query.KeyUser, 0, len(r.Users))
	for _, u := range r.Users {
		if f.keepPath(u.Path) {
			users = append(users, u)
		}
	}
	return KeyUsers{Key: key, Keys: r.Keys, List: Cut(users, p)}
}

// ShowSymbol is the answer of show for a symbol: its lists are paged.
type ShowSymbol struct {
	query.SymbolInfo
	Members List[query.NodeRef]  `json:"members"`
	In      List[query.EdgeItem] `json:"in"`
	Out     List[query.EdgeItem] `json:"out"`
}

// ShapeShowSymbol filters and pages a symbol's members and edges.
func ShapeShowSymbol(s query.SymbolInfo, f Filter, p Page) ShowSymbol {
	members := make([]query.NodeRef, 0, len(s.Members))
	for _, m := range s.Members {
		if f.keepPath(m.Path) {
			members = append(members, m)
		}
	}
	return ShowSymbol{SymbolInfo: s, Members: Cut(members, p), In: Cut(filterEdges(s.In, f), p), Out: Cut(filterEdges(s.Out, f), p)}
}

func filterEdges(edges []query.EdgeItem, f Filter) []query.EdgeItem {
	kept := make([]query.EdgeItem, 0, len(edges))
	for _, e := range edges {
		if f.keepPath(e.Path) && len(f.keepKinds([]string{e.EdgeKind})) > 0 {
			kept = append(kept, e)
		}
	}
	return kept
}

// ShowFile is the answer of show for a file: its lists are paged.
type ShowFile struct {
	query.FileInfo
	Symbols List[query.NodeRef] `json:"symbols"`
	In      List[query.FileDep] `json:"in"`
	Out     List[query.FileDep] `json:"out"`
}

// ShapeShowFile filters and pages a file's symbols and dependencies.
func ShapeShowFile(fi query.FileInfo, f Filter, p Page) ShowFile {
	return ShowFile{FileInfo: fi, Symbols: Cut(fi.Symbols, p), In: Cut(filterFileDeps(fi.In, f), p), Out: Cut(filterFileDeps(fi.Out, f), p)}
}
