package accuracy

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// tsMeasurement is one TypeScript corpus's comparison.
type tsMeasurement struct {
	scored    map[edge]string // lgraph calls edges between symbols of corpus files -> via
	score     score
	answered  score // score without the false positives at sites the checker leaves unresolved
	fp, fn    []edge
	unscored  int // lgraph edges from file level or from files outside the truth
	truthKind map[string]*tally
}

type tally struct{ truth, found int }

// measureTS scores lgraph's symbol-to-symbol calls edges whose source is in
// a corpus source file against the checker's edges.
func measureTS(g *lgGraph, tr *tsTruth) *tsMeasurement {
	m := &tsMeasurement{scored: map[edge]string{}, truthKind: map[string]*tally{}}
	for e, via := range g.calls {
		src, ok := g.nodes[e.From]
		if !ok || !tr.files[src.Path] {
			m.unscored++
			continue
		}
		if _, ok := g.nodes[e.To]; !ok {
			m.unscored++
			continue
		}
		m.scored[e] = via
	}
	m.score = score{lg: len(m.scored), truth: len(tr.edges)}
	for e := range m.scored {
		if _, ok := tr.edges[e]; ok {
			m.score.both++
		} else {
			m.fp = append(m.fp, e)
		}
	}
	for e, s := range tr.edges {
		k := m.truthKind[s.ToKind]
		if k == nil {
			k = &tally{}
			m.truthKind[s.ToKind] = k
		}
		k.truth++
		if _, ok := m.scored[e]; ok {
			k.found++
		} else {
			m.fn = append(m.fn, e)
		}
	}
	sortEdges(m.fp)
	sortEdges(m.fn)
	// In JavaScript the checker leaves most calls on untyped values
	// unanswered; there an edge is neither confirmed nor refuted.
	m.answered = m.score
	for _, e := range m.fp {
		if cat, _ := classifyTSFP(e, m.scored[e], g, tr); strings.HasSuffix(cat, checkerUnresolved) {
			m.answered.lg--
		}
	}
	return m
}

// checkerUnresolved ends the false-positive category of a call the
// checker resolves to nothing (truth.js: an any or unknown callee).
const checkerUnresolved = "unresolved (any or unknown callee)"

// classifyTSFP names why an lgraph edge is not a checker edge: how the
// call of that name in the caller is written and what the checker says
// it calls.

func classifyTSFP(e edge, via string, g *lgGraph, tr *tsTruth) (string, string) {
	name := via[strings.LastIndexByte(via, '.')+1:]
	qualified := strings.Contains(via, ".")
	var found *tsCall
	best := -1
	for i, c := range tr.calls[e.From] {
		if c.Name != name {
			continue
		}
		// Prefer a site written like the reference (o.m() for via "o.m",
		// f() for "f"), then one that reaches no corpus declaration.
		rank := 0
		if tsBareShape(c.Shape) == qualified {
			rank += 2
		}
		if len(c.To) > 0 {
			rank++
		}
		if best < 0 || rank < best {
			found, best = &tr.calls[e.From][i], rank
		}
	}
	if found == nil {
		return "no call of that name in the caller (per the checker)", ""
	}
	what := found.Desc
	switch {
	case len(found.To) > 0:
		what = "another corpus " + found.To[0].Kind
	case strings.HasPrefix(what, "lib "):
		what = "a standard library declaration"
	case strings.HasPrefix(what, "external "):
		what = "a declaration outside the corpus"
	}
	if k := g.nodes[e.To].Kind; k == "type" || k == "interface" || k == "module" {
		what += " (lgraph picked a " + k + ")"
	}
	return fmt.Sprintf("%s that calls %s", found.Shape, what), found.Pos + " " + found.Desc
}

// classifyTSFN names why a checker edge is missing from lgraph.
func classifyTSFN(e edge, s tsSite, m *tsMeasurement, g *lgGraph, tr *tsTruth) string {
	for _, id := range []string{e.From, e.To} {
		if _, ok := g.nodes[id]; ok {
			continue
		}
		role := "callee"
		if id == e.From {
			role = "caller"
		}
		if _, ok := tr.renamed[id]; ok {
			return role + " named differently in lgraph (same line, same name, other qualifier)"
		}
		return fmt.Sprintf("%s symbol missing in lgraph (%s)", role, tr.missing[id].Kind)
	}
	for l := range m.scored {
		if l.From == e.From && simpleName(l.To) == simpleName(e.To) {
			return "wrong target: lgraph resolved the name elsewhere (" + s.Shape + ")"
		}
	}
	via := ""
	if s.Reexport {
		via = ", through a re-export"
	}
	return fmt.Sprintf("unresolved %s (callee %s%s)", s.Shape, g.nodes[e.To].Kind, via)
}

// logTSDiff logs a measurement: scores, recall by call form and by callee
// kind, and the false positives and negatives by category.
func logTSDiff(t testing.TB, g *lgGraph, tr *tsTruth, m *tsMeasurement, keep int) {
	t.Helper()
	t.Logf("  calls: %v", m.score)
	t.Logf("  %d checker call sites, %d truth edges, %d truth ids with no lgraph node (%d named differently), %d lgraph edges unscored",
		tr.nCalls, len(tr.edges), len(tr.missing), len(tr.renamed), m.unscored)
	shapes := map[string]*tally{}
	for e, s := range tr.edges {
		if shapes[s.Shape] == nil {
			shapes[s.Shape] = &tally{}
		}
		shapes[s.Shape].truth++
		if _, ok := m.scored[e]; ok {
			shapes[s.Shape].found++
		}
	}
	t.Logf("  recall by call form: %s", tallies(shapes))
	t.Logf("  recall by callee kind: %s", tallies(m.truthKind))
	t.Logf("  precision by resolved_by: %s", tallies(precisionBy(g, tr, m)))
	fps, fns := newBreakdown(), newBreakdown()
	for _, e := range m.fp {
		via := m.scored[e]
		cat, detail := classifyTSFP(e, via, g, tr)
		fps.add(cat, short(e.From)+" -> "+short(e.To)+" (via "+via+") "+detail, keep)
	}
	t.Logf("  precision where the checker answers: %.3f (%d/%d; %d edges at sites it leaves unresolved)",
		m.answered.precision(), m.answered.both, m.answered.lg, m.score.lg-m.answered.lg)
	for _, e := range m.fn {
		s := tr.edges[e]
		fns.add(classifyTSFN(e, s, m, g, tr), short(e.From)+" -> "+short(e.To)+" at "+s.Pos+" "+s.Desc, keep)
	}
	fps.log(t, "FP")
	fns.log(t, "FN")
}

// precisionBy tallies the scored edges by how lgraph resolved them
// (type, import, scope, name): found is how many the checker confirms.
func precisionBy(g *lgGraph, tr *tsTruth, m *tsMeasurement) map[string]*tally {
	by := map[string]*tally{}
	for e := range m.scored {
		k := by[g.callBy[e]]
		if k == nil {
			k = &tally{}
			by[g.callBy[e]] = k
		}
		k.truth++
		if _, ok := tr.edges[e]; ok {
			k.found++
		}
	}
	return by
}

func tallies(m map[string]*tally) string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if a, b := m[names[i]].truth, m[names[j]].truth; a != b {
			return a > b
		}
		return names[i] < names[j]
	})
	parts := make([]string, 0, len(names))
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("%s %d/%d", k, m[k].found, m[k].truth))
	}
	return strings.Join(parts, ", ")
}

// tsBareShape reports whether a call form calls a bare name (f(), new
// f(), super()) rather than a member.
func tsBareShape(shape string) bool {
	shape = strings.TrimPrefix(shape, "new ")
	return strings.HasPrefix(shape, "f() ") || shape == "super()"
}
