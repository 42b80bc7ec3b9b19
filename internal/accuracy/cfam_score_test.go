package accuracy

import (
	"fmt"
	"strings"
	"testing"
)

// cfamTruth is clang's call graph of a corpus in lgraph's ids.
type cfamTruth struct {
	edges    map[edge]cCall  // first site per edge
	compiled map[string]bool // lgraph ids of the definitions clang compiled
	// units lists, per compiled definition, the units that compiled it.
	units map[string]map[int]bool
	// dependent and named hold, per lgraph caller id, the names of calls
	// clang left dependent in a template and of every call it resolved.
	dependent, named map[string]map[string]bool
	unmapped         map[string]int // declarations with no lgraph function on their lines
	noDef            int            // calls of corpus declarations defined nowhere in the units
	// undefined holds the edges of those calls to the declaration's lgraph
	// node (a pure virtual method): clang's call is not scored, nor is
	// lgraph's edge to the same declaration.
	undefined map[edge]bool
	// inMacro holds the edges of calls spelled only in macro bodies: lgraph
	// has the caller call the macro, and the macro is a symbol without calls.
	inMacro map[edge]cCall
}

// lgName is the last segment of a node's qualified name ("ns.C.f" -> "f").
func lgName(g *lgGraph, id string) string {
	q := g.nodes[id].Name
	return q[strings.LastIndexByte(q, '.')+1:]
}

// cfamID maps a definition to the lgraph function of its name whose lines
// hold the start of its body (the innermost), or else to the one declared
// between the definition's first line and its name's line.
func cfamID(g *lgGraph, d *cDecl) (string, bool) {
	best, bestLine := "", 0
	for line, ids := range g.funcsAt[d.bodyAt.file] {
		if line > d.bodyAt.line || line <= bestLine {
			continue
		}
		for _, id := range ids {
			if n := g.nodes[id]; n.EndLine >= d.bodyAt.line && sameFuncName(lgName(g, id), d.name) {
				best, bestLine = id, line
			}
		}
	}
	if best != "" {
		return best, true
	}
	for line := d.begin; line <= d.at.line; line++ {
		for _, id := range g.funcsAt[d.at.file][line] {
			if sameFuncName(lgName(g, id), d.name) {
				return id, true
			}
		}
	}
	return "", false
}

// sameFuncName compares an lgraph function's name with clang's. A
// conversion operator is named after its type, which clang spells
// resolved ("operator const type-parameter-0-0 *") and lgraph as written
// ("operator Char"): on the same lines, any two match.
func sameFuncName(lg, clang string) bool {
	return lg == clang || strings.HasPrefix(lg, "operator ") && strings.HasPrefix(clang, "operator ")
}

// buildCfamTruth resolves every unit's calls to definitions (across units
// by key) and maps both ends to lgraph ids.
func buildCfamTruth(g *lgGraph, units []*cUnit) *cfamTruth {
	tr := &cfamTruth{edges: map[edge]cCall{}, compiled: map[string]bool{}, units: map[string]map[int]bool{}, dependent: map[string]map[string]bool{},
		named: map[string]map[string]bool{}, unmapped: map[string]int{}, inMacro: map[edge]cCall{}, undefined: map[edge]bool{}}
	ids := map[*cDecl]string{}
	idOf := func(d *cDecl) (string, bool) {
		if id, ok := ids[d]; ok {
			return id, id != ""
		}
		id, ok := cfamID(g, d)
		if !ok {
			tr.unmapped[fmt.Sprintf("%s:%d:%s", d.at.file, d.at.line, d.name)]++
		}
		ids[d] = id
		return id, ok
	}
	for i, u := range units {
		for _, d := range u.bodies {
			if id, ok := idOf(d); ok {
				tr.compiled[id] = true
				if tr.units[id] == nil {
					tr.units[id] = map[int]bool{}
				}
				tr.units[id][i] = true
				mergeNames(tr.dependent, id, u.dependent[d.at])
				mergeNames(tr.named, id, u.named[d.at])
			}
		}
	}
	calls, undefined, noDef := resolveCalls(units)
	tr.noDef = noDef
	for _, c := range undefined {
		from, ok1 := idOf(c.caller)
		to, ok2 := cfamID(g, c.def)
		if ok1 && ok2 {
			tr.undefined[edge{from, to}] = true
		}
	}
	for _, c := range calls {
		from, ok1 := idOf(c.caller)
		to, ok2 := idOf(c.def)
		if !ok1 || !ok2 {
			continue
		}
		into := tr.edges
		if c.shape == "in a macro body" {
			into = tr.inMacro
		}
		if _, seen := into[edge{from, to}]; !seen {
			into[edge{from, to}] = c.cCall
		}
	}
	for e := range tr.edges {
		delete(tr.inMacro, e)
	}
	return tr
}

func mergeNames(into map[string]map[string]bool, id string, names map[string]bool) {
	for n := range names {
		if into[id] == nil {
			into[id] = map[string]bool{}
		}
		into[id][n] = true
	}
}

// cfamMeasurement is a measurement plus the edges left out because clang
// cannot tell their target.
type cfamMeasurement struct {
	*measurement
	dependent int
	toMacro   int // edges to function-like macros, which clang has no call of
	toCtor    int // edges to constructors and destructors, whose calls clang's truth leaves out
	// twins are edges to a definition the caller's units did not compile
	// whose twin (the same function under another #if branch, or its
	// in-class declaration) the caller also has an edge to and clang calls.
	twins int
	// undefined are edges to a declaration clang calls there that no unit
	// defines.
	undefined int
}

// twinBase is an lgraph id without its "~N" suffix: twins share it.
func twinBase(id string) string {
	if i := strings.LastIndex(id, "~"); i > strings.LastIndexByte(id, '#') {
		return id[:i]
	}
	return id
}

// isUncompiledTwin reports an edge to a definition that no unit compiling
// the caller compiled, when lgraph also links the caller to a twin that
// clang calls: each unit sees one branch of the #if.
func isUncompiledTwin(e edge, g *lgGraph, tr *cfamTruth) bool {
	for u := range tr.units[e.From] {
		if tr.units[e.To][u] {
			return false
		}
	}
	for t := range tr.edges {
		if t.From == e.From && t.To != e.To && twinBase(t.To) == twinBase(e.To) {
			if _, ok := g.calls[t]; ok {
				return true
			}
		}
	}
	return false
}

// isConstructorNode tells a constructor or destructor by its name: its
// class's (ns.C.C, ns.C.~C). The truth leaves constructor calls out, so
// lgraph's edges to them are not scored either.
func isConstructorNode(n lgNode) bool {
	segs := strings.Split(n.Name, ".")
	if len(segs) < 2 {
		return false
	}
	last, class := segs[len(segs)-1], segs[len(segs)-2]
	return last == class || last == "~"+class
}

// isMacro tells a function-like macro by its signature ("#define F(x)",
// "#  define F(x)").
func isMacro(n lgNode) bool {
	rest, ok := strings.CutPrefix(n.Signature, "#")
	return ok && strings.HasPrefix(strings.TrimLeft(rest, " \t"), "define")
}

// measureCfam scores lgraph's function-to-function calls edges from the
// definitions clang compiled. An edge that is not in the truth from a
// caller where clang left a call of that name dependent (a template clang
// did not instantiate with it) and resolved no call of that name is left
// out: neither answer is known.
func measureCfam(g *lgGraph, tr *cfamTruth) *cfamMeasurement {
	m := &cfamMeasurement{measurement: &measurement{scored: map[edge]string{}}}
	resolvedName := map[edge]bool{} // caller id, callee name
	for e := range tr.edges {
		resolvedName[edge{e.From, lgName(g, e.To)}] = true
	}
	for e, via := range g.calls {
		src, dst := g.nodes[e.From], g.nodes[e.To]
		_, inTruth := tr.edges[e]
		name := lgName(g, e.To)
		switch {
		case !isFuncKind(src.Kind) || !tr.compiled[e.From]:
			m.unscoredSource++
		case !isFuncKind(dst.Kind):
			m.nonFuncTarget++
		case isMacro(dst):
			m.toMacro++
		case isConstructorNode(dst):
			m.toCtor++
		case !inTruth && tr.dependent[e.From][name] && !resolvedName[edge{e.From, name}]:
			m.dependent++
		case !inTruth && isUncompiledTwin(e, g, tr):
			m.twins++
		case !inTruth && tr.undefined[e]:
			m.undefined++
		default:
			m.scored[e] = via
		}
	}
	scoreAgainst(m.measurement, tr.edges)
	return m
}

// classifyCfamFP names why an lgraph edge is not a clang edge.
func classifyCfamFP(e edge, g *lgGraph, tr *cfamTruth) (string, string) {
	name := lgName(g, e.To)
	for t, c := range tr.edges {
		if t.From == e.From && lgName(g, t.To) == name {
			return "clang calls another definition of that name (" + c.shape + ")", c.at + " clang: " + short(t.To)
		}
	}
	if tr.named[e.From][name] {
		return "clang calls a function of that name outside the corpus or without a definition", ""
	}
	return "no call of that name clang resolved in the caller", ""
}

// classifyCfamFN names why a clang edge is missing from lgraph.
func classifyCfamFN(e edge, c cCall, g *lgGraph, m *cfamMeasurement) string {
	for l := range m.scored {
		if l.From == e.From && lgName(g, l.To) == lgName(g, e.To) {
			return "resolved to another definition of that name (" + c.shape + ")"
		}
	}
	return "unresolved (" + c.shape + ")"
}

// logCfamDiff logs the score, recall per call shape, unmapped declarations
// and the wrong and missing edges by category.
func logCfamDiff(t testing.TB, g *lgGraph, tr *cfamTruth, m *cfamMeasurement, keep int) {
	t.Helper()
	t.Logf("  clang: %v", m.static)
	t.Logf("  recall by call form: %s", recallByForm(tr.edges, m.scored))
	n := 0
	for _, c := range tr.unmapped {
		n += c
	}
	t.Logf("  not scored: %d definitions with no lgraph function on their lines, %d calls of declarations defined in no unit, %d edges of calls spelled in macro bodies, %d lgraph edges to macros, %d to constructors, %d to twins clang did not compile, %d to declarations clang calls that no unit defines",
		n, tr.noDef, len(tr.inMacro), m.toMacro, m.toCtor, m.twins, m.undefined)
	for i, k := range sortedKeysOf(tr.unmapped) {
		if i == keep {
			break
		}
		t.Logf("        e.g. %s", k)
	}
	fps, fns := newBreakdown(), newBreakdown()
	for _, e := range m.fp {
		cat, detail := classifyCfamFP(e, g, tr)
		fps.add(cat, short(e.From)+" -> "+short(e.To)+" (via "+m.scored[e]+") "+detail, keep)
	}
	for _, e := range m.fn {
		c := tr.edges[e]
		fns.add(classifyCfamFN(e, c, g, m), short(e.From)+" -> "+short(e.To)+" at "+c.at, keep)
	}
	fps.log(t, "FP")
	fns.log(t, "FN")
}
