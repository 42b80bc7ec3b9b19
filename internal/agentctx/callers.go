package agentctx

import (
	"cmp"
	"path"
	"slices"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/query"
)

// site is one call of the target, with what ranks it.
type site struct {
	call query.Call
	line int
	// nth is the site's place among its caller's sites: every caller's
	// first call ranks before any caller's second.
	nth        int
	sameModule bool
	test       bool
	// guess is a call resolved by name alone.
	guess bool
}

// rankSites orders call sites: first calls of each caller before repeated
// ones, then the target's own directory first, non-test before test,
// resolved by type, import or scope before a name-only guess, then by
// path and line.
func rankSites(sites []site) {
	slices.SortStableFunc(sites, func(x, y site) int {
		if c := cmp.Compare(min(x.nth, 1), min(y.nth, 1)); c != 0 {
			return c
		}
		for _, pair := range [][2]bool{{!x.sameModule, !y.sameModule}, {x.test, y.test}, {x.guess, y.guess}} {
			if c := compareBool(pair[0], pair[1]); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(x.call.Path, y.call.Path); c != 0 {
			return c
		}
		return cmp.Compare(x.line, y.line)
	})
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// sitesOf lists the call sites of a target's callers with their ranks.
func sitesOf(target query.NodeRef, calls []query.Call) []site {
	var out []site
	dir := path.Dir(target.Path)
	for _, c := range calls {
		lines := slices.Sorted(slices.Values(c.Sites))
		if len(lines) == 0 {
			lines = []int{c.Line}
		}
		guess := len(c.ResolvedBy) == 1 && c.ResolvedBy[0] == "name"
		for i, line := range lines {
			out = append(out, site{call: c, line: line, nth: i, sameModule: path.Dir(c.Path) == dir,
				test: answer.IsTestPath(c.Path), guess: guess})
		}
	}
	rankSites(out)
	return out
}

// callerPieces are the target's call sites in rank order, each with the
// lines around it.
func (b *builder) callerPieces(target query.NodeRef) []piece {
	var out []piece
	for _, s := range sitesOf(target, b.ix.Callers(target.ID).Items) {
		cs := CallSite{Caller: s.call.NodeRef, Line: s.line, Via: s.call.Via, ResolvedBy: s.call.ResolvedBy}
		if lines, _, err := b.src.Lines(s.call.Path); err == nil {
			start, text := span(lines, s.line-siteLines, s.line+siteLines)
			cs.StartLine, cs.Text = start, joinLines(text)
		}
		out = append(out, piece{section: "callers", cost: b.count(callSiteText(cs)), add: func(a *Answer) { a.Callers = append(a.Callers, cs) }})
	}
	return out
}
