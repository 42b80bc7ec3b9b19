package repomap

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/tokens"
)

// DefaultBudget is the map's token budget when none is given: Aider's
// default, a first look that leaves room for the work.
const DefaultBudget = 1024

// MinBudget is the smallest budget accepted.
const MinBudget = 300

// Options configure a map.
type Options struct {
	// Budget is the most tokens the rendered map may cost; 0 is
	// DefaultBudget.
	Budget int
	// Focus are repo-relative paths of the files being worked on: rank
	// jumps only to them, so what they use ranks first, and their own
	// definitions are left out (the reader has them).
	Focus []string
	// Modules ranks directories instead of definitions.
	Modules bool
	// Render is the map as its reader receives it; nil is Text.
	Render func(*Answer) string
}

// Answer is a map.
type Answer struct {
	// Level is "symbol" (definitions by file) or "module".
	Level   string   `json:"level"`
	Focus   []string `json:"focus"`
	Files   []File   `json:"files,omitempty"`
	Modules []Module `json:"modules,omitempty"`
	// Shown of Total definitions (or modules) fit the budget.
	Shown  int           `json:"shown"`
	Total  int           `json:"total"`
	Budget tokens.Budget `json:"budget"`
}

// File is one file's ranked definitions, in source order.
type File struct {
	Path string `json:"path"`
	Defs []Def  `json:"defs"`
}

// Def is one definition.
type Def struct {
	ID        string  `json:"id"`
	Kind      string  `json:"kind"`
	Name      string  `json:"name"`
	Line      int     `json:"line"`
	Signature string  `json:"signature,omitempty"`
	Rank      float64 `json:"rank"`
}

// Module is one directory with its best definitions.
type Module struct {
	Module string   `json:"module"`
	Rank   float64  `json:"rank"`
	Files  int      `json:"files"`
	Top    []string `json:"top"`
}

// rankedKinds are the edges rank flows along: from the user to the used,
// and from a container to what it holds.
var rankedKinds = map[string]bool{edgekind.Calls: true, edgekind.References: true, edgekind.Extends: true,
	edgekind.Implements: true, edgekind.Imports: true, edgekind.Contains: true}

// Build maps a snapshot within the budget.
func Build(ctx context.Context, snap *snapshot.Snapshot, opts Options) (*Answer, error) {
	if opts.Budget == 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Budget < MinBudget {
		return nil, errcode.Errorf(errcode.Usage, "tokens %d: want at least %d", opts.Budget, MinBudget)
	}
	if opts.Render == nil {
		opts.Render = Text
	}
	r := rankSnapshot(snap, opts.Focus)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := snap.Files.Err(); err != nil {
		return nil, fmt.Errorf("read the published graph: %w", err)
	}
	focus := append([]string{}, opts.Focus...)
	var shape func(n int) *Answer
	var total int
	if opts.Modules {
		mods := r.modules()
		total = len(mods)
		shape = func(n int) *Answer {
			return &Answer{Level: "module", Focus: focus, Modules: mods[:n], Shown: n, Total: total}
		}
	} else {
		defs := r.listed(opts.Focus)
		total = len(defs)
		shape = func(n int) *Answer {
			return &Answer{Level: "symbol", Focus: focus, Files: byFile(defs[:n]), Shown: n, Total: total}
		}
	}
	return fit(shape, total, opts, tokens.New().Count), nil
}

// fit finds the most leading items whose rendered answer fits the budget.
func fit(shape func(n int) *Answer, total int, opts Options, count func(string) int) *Answer {
	cost := func(n int) (*Answer, int) {
		a := shape(n)
		a.Budget = tokens.Budget{Tokens: opts.Budget, Used: opts.Budget, Encoding: tokens.Encoding}
		for range 4 { // the answer states its own count
			used := count(opts.Render(a))
			if used == a.Budget.Used {
				break
			}
			a.Budget.Used = used
		}
		return a, a.Budget.Used
	}
	// Every item renders at least a line of its own, so no more items
	// than the budget's tokens fit: searching from total rendered and
	// counted hundreds of thousands of items at 100,000 files.
	lo, hi := 0, min(total, opts.Budget)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if _, used := cost(mid); used <= opts.Budget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	a, _ := cost(lo)
	return a
}

// ranked is a snapshot's nodes with their ranks.
type ranked struct {
	defs  []Def
	path  []string // of each def
	files map[string]float64
	// fileCount counts the files of each module directory.
	fileCount map[string]int
}

// rankSnapshot ranks every file and definition of a snapshot. Records are
// read twice, for their definitions and then for their edges, and never
// kept: the index of node ids must be whole before an edge can find its
// target, and holding every record (Get keeps each it decodes) took 2.4 GB
// at 100,000 files. Nodes are numbered and arcs added in the order a single
// pass would, so the ranks are the same to the last bit.
func rankSnapshot(snap *snapshot.Snapshot, focus []string) *ranked {
	index := map[string]int{}
	node := func(id string) {
		if _, ok := index[id]; !ok {
			index[id] = len(index)
		}
	}
	r := &ranked{files: map[string]float64{}, fileCount: map[string]int{}}
	paths := snap.Paths()
	for _, p := range paths {
		f := snap.Files.GetParts(p, snapshot.PartFacts)
		if f == nil {
			continue
		}
		node(nodeid.File(p))
		r.fileCount[path.Dir(p)]++
		if f.Facts == nil {
			continue
		}
		for i, id := range snapshot.SymbolIDs(p, f.Facts.Symbols) {
			node(id)
			s := &f.Facts.Symbols[i]
			// The record's strings alias its bytes: copies keep no record.
			r.defs = append(r.defs, Def{ID: id, Kind: strings.Clone(s.Kind), Name: strings.Clone(s.Qualified), Line: s.Line, Signature: strings.Clone(s.Signature)})
			r.path = append(r.path, p)
		}
	}
	g := &graph{n: len(index), out: make([][]arc, len(index))}
	for _, p := range paths {
		f := snap.Files.GetParts(p, snapshot.PartRes)
		if f == nil {
			continue
		}
		for _, e := range f.Res.Edges {
			from, okFrom := index[e.Source]
			to, okTo := index[e.Target]
			if rankedKinds[e.Kind] && okFrom && okTo && from != to {
				g.out[from] = append(g.out[from], arc{to: to, weight: 1})
			}
		}
	}
	personal := map[int]float64{}
	inFocus := map[string]bool{}
	for _, p := range focus {
		inFocus[p] = true
		personal[index[nodeid.File(p)]] = 1
	}
	for i, d := range r.defs {
		if inFocus[r.path[i]] {
			personal[index[d.ID]] = 1
		}
	}
	rank := pageRank(g, personal)
	for id, i := range index {
		r.files[nodeid.PathOf(id)] += rank[i]
	}
	for i := range r.defs {
		r.defs[i].Rank = rounded(rank[index[r.defs[i].ID]])
	}
	return r
}

// listed are the definitions a map may show, best first: not fields, not
// in test files, not in the focus files.
func (r *ranked) listed(focus []string) []mapped {
	var out []mapped
	for i, d := range r.defs {
		p := r.path[i]
		if d.Kind == facts.KindField || answer.IsTestPath(p) || slices.Contains(focus, p) {
			continue
		}
		out = append(out, mapped{Def: d, path: p})
	}
	slices.SortStableFunc(out, func(a, b mapped) int {
		if c := cmp.Compare(b.Rank, a.Rank); c != 0 {
			return c
		}
		if c := cmp.Compare(a.path, b.path); c != 0 {
			return c
		}
		return cmp.Compare(a.Line, b.Line)
	})
	return out
}

type mapped struct {
	Def
	path string
}

// byFile groups ranked definitions by file: files in the order of their
// best definition, definitions in source order.
func byFile(defs []mapped) []File {
	at := map[string]int{}
	var out []File
	for _, d := range defs {
		i, ok := at[d.path]
		if !ok {
			i = len(out)
			at[d.path] = i
			out = append(out, File{Path: d.path})
		}
		out[i].Defs = append(out[i].Defs, d.Def)
	}
	for i := range out {
		slices.SortFunc(out[i].Defs, func(a, b Def) int { return cmp.Compare(a.Line, b.Line) })
	}
	return out
}

// topPerModule is how many definitions a module line names.
const topPerModule = 3

// modules ranks directories by the summed rank of their files and
// definitions, each with its best non-test definitions.
func (r *ranked) modules() []Module {
	byDir := map[string]*Module{}
	for p, rank := range r.files {
		d := path.Dir(p)
		m := byDir[d]
		if m == nil {
			m = &Module{Module: d, Files: r.fileCount[d], Top: []string{}}
			byDir[d] = m
		}
		m.Rank += rank
	}
	for _, d := range r.listed(nil) {
		m := byDir[path.Dir(d.path)]
		if m != nil && len(m.Top) < topPerModule {
			m.Top = append(m.Top, d.Name)
		}
	}
	out := make([]Module, 0, len(byDir))
	for _, m := range byDir {
		m.Rank = rounded(m.Rank)
		out = append(out, *m)
	}
	slices.SortFunc(out, func(a, b Module) int {
		if c := cmp.Compare(b.Rank, a.Rank); c != 0 {
			return c
		}
		return cmp.Compare(a.Module, b.Module)
	})
	return out
}

// rounded keeps six decimals of a rank: enough to order a map, and each
// digit more is a token the reader pays for.
func rounded(r float64) float64 { return math.Round(r*1e6) / 1e6 }
