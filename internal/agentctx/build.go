package agentctx

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/tokens"
)

// Options configure one answer.
type Options struct {
	// Budget is the most tokens the rendered answer may cost; 0 is
	// DefaultBudget.
	Budget int
	// Render is the answer as its reader receives it (the CLI's text, or
	// the JSON envelope): the budget holds for that text. nil renders the
	// CLI's text.
	Render func(*Answer) string
	// Insights returns a module's insights (see package wiki notes); nil
	// has none.
	Insights func(module string) []string
}

// topCallers is how many call sites rank before the callees: the first
// few show how the target is used; later ones mostly repeat them.
const topCallers = 5

// siteLines is how many lines before and after a call site are shown.
const siteLines = 2

// Build answers context for a resolved node id (a symbol or file of v's
// snapshot), within the budget.
func Build(ctx context.Context, v *readview.View, ix *query.Index, id string, opts Options) (*Answer, error) {
	if opts.Budget == 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Budget < MinBudget {
		return nil, fmt.Errorf("%w: --tokens %d: want at least %d", readview.ErrUsage, opts.Budget, MinBudget)
	}
	if opts.Render == nil {
		opts.Render = Text
	}
	b := &builder{v: v, ix: ix, src: NewSources(v), count: tokens.New().Count, opts: opts, syms: map[string]fileSymbols{}}
	var base *Answer
	var pieces []piece
	if nodeid.IsFile(id) {
		base, pieces = b.file(id)
	} else {
		base, pieces = b.symbol(id)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return b.fit(base, pieces), nil
}

type builder struct {
	v     *readview.View
	ix    *query.Index
	src   *Sources
	count func(string) int
	opts  Options
	syms  map[string]fileSymbols
}

type fileSymbols struct {
	ids  []string
	syms []facts.Symbol
}

// fit keeps the pieces that fit in rank order, then drops the lowest
// ranked while the rendered answer is still over the budget (the pieces'
// costs are estimates: the answer's own markup costs tokens too).
func (b *builder) fit(base *Answer, pieces []piece) *Answer {
	budget := b.opts.Budget
	base.Budget = Budget{Tokens: budget, Used: budget, Encoding: tokens.Encoding}
	kept, _ := fill(pieces, budget-b.count(b.opts.Render(base)))
	for {
		a := assemble(base, pieces, kept)
		a.Budget.Used = b.spent(a)
		if a.Budget.Used <= budget {
			return a
		}
		if dropLast(kept) {
			continue
		}
		// Every piece is gone and the header is still over: its doc goes,
		// line by line (a content root that tokenizes long can take the
		// last few tokens of the smallest budget).
		if base.Doc == "" {
			return a
		}
		base.Doc = dropLastLine(base.Doc)
	}
}

// dropLastLine shortens a cut doc by its last line, marking the cut.
func dropLastLine(doc string) string {
	doc = strings.TrimSuffix(doc, " …")
	i := strings.LastIndexByte(doc, '\n')
	if i < 0 {
		return ""
	}
	return doc[:i] + " …"
}

// spent counts the rendered answer, which states its own count: the count
// is settled when stating it changes it no more.
func (b *builder) spent(a *Answer) int {
	for range 4 {
		used := b.count(b.opts.Render(a))
		if used == a.Budget.Used {
			break
		}
		a.Budget.Used = used
	}
	return a.Budget.Used
}

// assemble is base with the kept pieces added, and the rest counted.
func assemble(base *Answer, pieces []piece, kept []bool) *Answer {
	a := *base
	a.Insights = append([]string{}, base.Insights...)
	a.Callers, a.Callees, a.Tests, a.Couplings = []CallSite{}, []Signature{}, []query.NodeRef{}, []Coupling{}
	for i, p := range pieces {
		if kept[i] {
			p.add(&a)
		}
	}
	a.Omitted = omissions(pieces, kept)
	return &a
}

// symbol gathers a symbol's answer: header, then pieces in rank order.
func (b *builder) symbol(id string) (*Answer, []piece) {
	info := b.ix.ShowSymbolWhole(id)
	base := &Answer{Target: info.NodeRef, EndLine: info.EndLine, Signature: info.Signature, Module: b.moduleOf(info.Path)}
	base.Doc = b.cut(info.Doc, b.opts.Budget/5)
	var pieces []piece
	if p, ok := b.sourcePiece(info.Path, info.Line, max(info.EndLine, info.Line), b.opts.Budget*6/10); ok {
		pieces = append(pieces, p)
	}
	pieces = append(pieces, b.insightPieces(base.Module)...)
	callers := b.callerPieces(info.NodeRef)
	top := min(topCallers, len(callers))
	pieces = append(pieces, callers[:top]...)
	for _, m := range info.Members {
		s := Signature{NodeRef: m, Signature: b.signatureOf(m.ID)}
		pieces = append(pieces, piece{section: "members", cost: b.count(signatureText(s)), add: func(a *Answer) { a.Members = append(a.Members, s) }})
	}
	for _, c := range b.ix.Callees(id).Items {
		pieces = append(pieces, b.signaturePiece("callees", c.NodeRef))
	}
	for _, e := range info.In {
		if e.EdgeKind == edgekind.Calls {
			continue // shown as call sites
		}
		pieces = append(pieces, piece{section: "used_by", cost: b.count(usedByText(e)), add: func(a *Answer) { a.UsedBy = append(a.UsedBy, e) }})
	}
	pieces = append(pieces, b.testPieces(id)...)
	pieces = append(pieces, b.couplingPieces(info.Path, info.Line, max(info.EndLine, info.Line))...)
	return base, append(pieces, callers[top:]...)
}

// file gathers a file's answer: its text, the symbols it defines, the
// files depending on it, its tests and its couplings.
func (b *builder) file(id string) (*Answer, []piece) {
	info := b.ix.ShowFile(id)
	base := &Answer{Target: info.NodeRef, Module: b.moduleOf(info.Path)}
	base.Doc = b.cut(info.Doc, b.opts.Budget/5)
	var pieces []piece
	if p, ok := b.sourcePiece(info.Path, 1, int(^uint(0)>>1), b.opts.Budget/2); ok {
		pieces = append(pieces, p)
	}
	pieces = append(pieces, b.insightPieces(base.Module)...)
	for _, s := range info.Symbols {
		pieces = append(pieces, b.signaturePiece("callees", s))
	}
	for _, d := range info.In {
		pieces = append(pieces, piece{section: "dependents", cost: b.count(dependentText(d)),
			add: func(a *Answer) { a.Dependents = append(a.Dependents, d) }})
	}
	pieces = append(pieces, b.testPieces(id)...)
	return base, append(pieces, b.couplingPieces(info.Path, 0, 0)...)
}

// moduleOf is the module directory holding a path: the deepest directory
// with a module doc, else the path's own directory.
func (b *builder) moduleOf(p string) string {
	for d := path.Dir(p); ; d = path.Dir(d) {
		if b.v.Snap.Modules.Get(d) != nil {
			return d
		}
		if d == "." || d == "/" {
			return path.Dir(p)
		}
	}
}

// cut shortens text to about limit tokens, at a line break where it can.
func (b *builder) cut(text string, limit int) string {
	if b.count(text) <= limit {
		return text
	}
	lines := strings.Split(text, "\n")
	k := b.fitting(lines, limit)
	if k == 0 {
		return ""
	}
	return strings.Join(lines[:k], "\n") + " …"
}

// joinLines joins lines, each ended by a newline.
func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// fitting is the most leading lines whose text costs at most limit.
func (b *builder) fitting(lines []string, limit int) int {
	lo, hi := 0, len(lines)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if b.count(strings.Join(lines[:mid], "\n")) <= limit {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// sourcePiece is lines [from, to] of a file, cut to the leading lines
// that cost at most limit.
func (b *builder) sourcePiece(p string, from, to, limit int) (piece, bool) {
	lines, where, err := b.src.Lines(p)
	if err != nil {
		return piece{}, false
	}
	start, text := span(lines, from, to)
	if len(text) == 0 {
		return piece{}, false
	}
	k := len(text)
	if b.count(strings.Join(text, "\n")) > limit {
		k = b.fitting(text, limit)
	}
	src := &Source{Path: p, StartLine: start, EndLine: start + k - 1, From: where, Text: joinLines(text[:k]), CutLines: len(text) - k}
	return piece{section: "source", cost: b.count(sourceText(src)), add: func(a *Answer) { a.Source = src }}, true
}

func (b *builder) insightPieces(module string) []piece {
	if b.opts.Insights == nil {
		return nil
	}
	var out []piece
	for _, text := range b.opts.Insights(module) {
		out = append(out, piece{section: "insights", cost: b.count(text) + 2, add: func(a *Answer) { a.Insights = append(a.Insights, text) }})
	}
	return out
}

func (b *builder) signaturePiece(section string, r query.NodeRef) piece {
	s := Signature{NodeRef: r, Signature: b.signatureOf(r.ID)}
	return piece{section: section, cost: b.count(signatureText(s)), add: func(a *Answer) { a.Callees = append(a.Callees, s) }}
}

// signatureOf reads a symbol's signature from its file's symbols.
func (b *builder) signatureOf(id string) string {
	p := nodeid.PathOf(id)
	fs, ok := b.syms[p]
	if !ok {
		syms, _ := b.v.Snap.Files.Symbols(p)
		fs = fileSymbols{ids: snapshot.SymbolIDs(p, syms), syms: syms}
		b.syms[p] = fs
	}
	for i, sid := range fs.ids {
		if sid == id {
			return fs.syms[i].Signature
		}
	}
	return ""
}

// testPieces are the test symbols (or files) among the target's
// dependents, nearest first.
func (b *builder) testPieces(id string) []piece {
	var out []piece
	seen := map[string]bool{}
	for _, level := range b.ix.Impact(id, query.DefaultDepth).Levels {
		for _, it := range level.Items {
			if !answer.IsTestPath(it.Path) || seen[it.ID] {
				continue
			}
			seen[it.ID] = true
			r := it.NodeRef
			out = append(out, piece{section: "tests", cost: b.count(refText(r)), add: func(a *Answer) { a.Tests = append(a.Tests, r) }})
		}
	}
	return out
}

// couplingPieces are the implicit keys of a file, those used within
// lines [from, to] only when to is set.
func (b *builder) couplingPieces(p string, from, to int) []piece {
	var out []piece
	for _, k := range b.ix.Implicit(nodeid.File(p)).Keys {
		if to > 0 && (k.Line < from || k.Line > to) {
			continue
		}
		c := Coupling{Key: k.Key, Line: k.Line, Files: []string{}}
		for _, f := range k.Files {
			c.Files = append(c.Files, f.Path)
		}
		out = append(out, piece{section: "couplings", cost: b.count(couplingText(c)), add: func(a *Answer) { a.Couplings = append(a.Couplings, c) }})
	}
	return out
}
