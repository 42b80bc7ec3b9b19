package accuracy

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// pySite is one call site (or decorator) with jedi's goto answer for its
// called name (pytruth.py calls).
type pySite struct {
	File       string
	Line, Col  int
	Name       string
	Shape      string
	Caller     string
	CallerLine int    `json:"caller_line"`
	ImportFile string `json:"import_file"` // file the receiver or name was imported from
	// ImportExternal: the receiver or name comes from a package outside the checkout.
	ImportExternal bool `json:"import_external"`
	Error          string
	Targets        []struct {
		File       string
		Line       int
		Type, Name string
	}
	Outside []struct {
		File, Type, Name string
		ThirdPartyStub   bool `json:"third_party_stub"`
	}
}

func (s pySite) pos() string { return fmt.Sprintf("%s:%d", s.File, s.Line) }

// verdict summarizes what jedi says a site calls.
func (s pySite) verdict() string {
	switch {
	case len(s.Targets) > 0:
		return "jedi: a repository definition"
	case s.onlyStubs():
		// jedi read a bundled stub of the package instead of the checkout
		// (a Flask checkout against typeshed's flask/app.pyi): it did not
		// see the definitions being measured.
		return "jedi: unknown (a third-party stub shadowed the checkout)"
	case len(s.Outside) > 0:
		return "jedi: outside the repository"
	}
	return "jedi: unknown"
}

// onlyStubs reports whether jedi answered a site with third-party stubs
// only.
func (s pySite) onlyStubs() bool {
	for _, o := range s.Outside {
		if !o.ThirdPartyStub {
			return false
		}
	}
	return len(s.Outside) > 0
}

// pyTruth is jedi's call graph between named definitions of a corpus, in
// lgraph's ids.
type pyTruth struct {
	edges map[edge]pySite     // first site of each edge
	sites map[string][]pySite // call sites by caller id
	files map[string]bool     // files jedi was asked about
	// counts of sites: all, at module level, with a repository target,
	// resolved only outside, unresolved, answered from a third-party stub
	// (the checkout was shadowed), whose caller or callee lgraph lacks.
	nSites, nModule, nRepo, nOutside, nUnknown, nStub, noCaller, noCallee int
}

// loadPyTruth runs jedi over the checkout in dir (sys.path entries relative
// to it) and maps callers and callees onto lgraph's definitions. With
// files, only those are asked about.
func loadPyTruth(t testing.TB, dir string, sysPath []string, g *pyGraph, files []string) *pyTruth {
	t.Helper()
	var extra []string
	if files != nil {
		list := filepath.Join(t.TempDir(), "files")
		if err := os.WriteFile(list, []byte(strings.Join(files, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		extra = []string{"--files", list}
	}
	tr := &pyTruth{edges: map[edge]pySite{}, sites: map[string][]pySite{}, files: map[string]bool{}}
	for _, l := range pyTruthRun(t, "calls", dir, sysPath, extra...) {
		var s pySite
		if err := json.Unmarshal(l, &s); err != nil {
			t.Fatalf("pytruth line %s: %v", l, err)
		}
		tr.add(s, g)
	}
	return tr
}

func (tr *pyTruth) add(s pySite, g *pyGraph) {
	tr.nSites++
	tr.files[s.File] = true
	switch s.verdict() {
	case "jedi: a repository definition":
		tr.nRepo++
	case "jedi: outside the repository":
		tr.nOutside++
	default:
		tr.nUnknown++
	}
	for _, o := range s.Outside {
		if o.ThirdPartyStub {
			tr.nStub++
			break
		}
	}
	if s.Caller == "" {
		tr.nModule++
		return
	}
	from := g.defAt(s.File, s.CallerLine, s.Caller)
	if from == "" {
		tr.noCaller++
		return
	}
	tr.sites[from] = append(tr.sites[from], s)
	for _, tg := range s.Targets {
		if tg.Type != "function" && tg.Type != "class" {
			continue
		}
		to := g.defAt(tg.File, tg.Line, tg.Name)
		if to == "" || !isPyCallable(g.nodes[to].Kind) {
			tr.noCallee++
			continue
		}
		if _, seen := tr.edges[edge{from, to}]; !seen {
			tr.edges[edge{from, to}] = s
		}
	}
}

// pyMeasurement is one corpus's comparison.
type pyMeasurement struct {
	score
	scored        map[edge]string // lgraph calls edges that are scored -> via
	fp, fn        []edge
	unscored      int // lgraph edges from a file or non-callable, or from files jedi did not see
	nonFuncTarget int // lgraph calls edges to variables and constants
	recallByShape map[string][2]int
	// byResolution counts scored edges and those in jedi's graph by how
	// lgraph resolved them (resolved_by: type, import, scope, name).
	byResolution map[string][2]int
	// fpJediUnknown counts the false positives whose call site jedi cannot
	// resolve at all (no repository or outside definition).
	fpJediUnknown  int
	fpCats, fnCats *breakdown
	// fpGroups and fnGroups count the same by pyGroup, without examples.
	fpGroups, fnGroups *breakdown
}

// pyGroup puts a call form into the families of causes the resolver work
// is planned by.
func pyGroup(site pySite) string {
	shape, verdict := strings.TrimPrefix(site.Shape, "@"), site.verdict()
	switch {
	case site.ImportExternal:
		return "name from outside the repository matched to a repository symbol"
	case shape == "super().m()":
		return "super()"
	case shape == "literal.m()":
		return "literal receiver"
	case strings.HasPrefix(shape, "f() bound by") && shape != "f() bound by import":
		return "local variable or local def shadowing"
	case verdict == "jedi: outside the repository" && (shape == "f()" || shape == "f() bound by import" ||
		strings.HasPrefix(shape, "module.") || shape == "Imported.m()"):
		return "name from outside the repository matched to a repository symbol"
	case shape == "f()" || shape == "f() bound by import" || strings.HasPrefix(shape, "module."):
		return "bare or module-qualified name"
	case shape == "self.m()":
		return "self method"
	}
	return "receiver type unknown (" + shape + ")"
}

// measurePy scores lgraph's calls edges between functions, methods and
// classes against jedi's.
func measurePy(g *pyGraph, tr *pyTruth, keep int) *pyMeasurement {
	m := &pyMeasurement{scored: map[edge]string{}, recallByShape: map[string][2]int{}, byResolution: map[string][2]int{},
		fpCats: newBreakdown(), fnCats: newBreakdown(),
		fpGroups: newBreakdown(), fnGroups: newBreakdown()}
	for e, via := range g.calls {
		src, dst := g.nodes[e.From], g.nodes[e.To]
		switch {
		case !isPyDef(src.Kind) || !tr.files[src.Path]:
			m.unscored++
		case !isPyCallable(dst.Kind):
			m.nonFuncTarget++
		default:
			m.scored[e] = via
		}
	}
	m.lg, m.truth = len(m.scored), len(tr.edges)
	for e := range m.scored {
		n := m.byResolution[g.callBy[e]]
		n[1]++
		if _, ok := tr.edges[e]; ok {
			m.both++
			n[0]++
		} else {
			m.fp = append(m.fp, e)
		}
		m.byResolution[g.callBy[e]] = n
	}
	for e, s := range tr.edges {
		n := m.recallByShape[s.Shape]
		n[1]++
		if _, ok := m.scored[e]; ok {
			n[0]++
		} else {
			m.fn = append(m.fn, e)
		}
		m.recallByShape[s.Shape] = n
	}
	sortEdges(m.fp)
	sortEdges(m.fn)
	for _, e := range m.fp {
		group, cat, detail := classifyPyFP(e, m.scored[e], tr)
		if strings.HasPrefix(cat, "jedi: unknown") {
			m.fpJediUnknown++
		}
		m.fpGroups.add(group, "", 0)
		m.fpCats.add(cat, short(e.From)+" -> "+short(e.To)+" (via "+m.scored[e]+") "+detail, keep)
	}
	for _, e := range m.fn {
		s := tr.edges[e]
		m.fnGroups.add(pyGroup(s), "", 0)
		m.fnCats.add(classifyPyFN(e, s, m, g), short(e.From)+" -> "+short(e.To)+" at "+s.pos(), keep)
	}
	return m
}

// classifyPyFP names why an lgraph edge is not in jedi's graph: what jedi
// says the same-named call of the caller is, and how the call is written;
// and the family of causes (pyGroup).
func classifyPyFP(e edge, via string, tr *pyTruth) (string, string, string) {
	name := via[strings.LastIndexByte(via, '.')+1:]
	var found *pySite
	for i, s := range tr.sites[e.From] {
		if s.Name != name {
			continue
		}
		found = &tr.sites[e.From][i]
		if len(s.Targets) == 0 {
			break // prefer a site jedi does not send into the repository
		}
	}
	if found == nil {
		return "no call of that name in the caller", "no call of that name in the caller", ""
	}
	detail := found.pos()
	if len(found.Outside) > 0 {
		detail += " jedi: " + found.Outside[0].Type + " " + found.Outside[0].Name + " in " + filepath.Base(found.Outside[0].File)
	}
	cat := found.verdict() + ", " + found.Shape
	if found.ImportExternal {
		cat += " (imported from outside the repository)"
	}
	return pyGroup(*found), cat, detail
}

// classifyPyFN names why a jedi edge is missing from lgraph.
func classifyPyFN(e edge, s pySite, m *pyMeasurement, g *pyGraph) string {
	for l := range m.scored {
		if l.From == e.From && simpleName(l.To) == simpleName(e.To) {
			return "wrong target: lgraph resolved the name elsewhere, " + s.Shape
		}
	}
	to := g.nodes[e.To]
	direct := strings.HasSuffix(s.Shape, "f() bound by import") || strings.HasPrefix(strings.TrimPrefix(s.Shape, "@"), "module.")
	if direct && s.ImportFile != "" && to.Path != s.ImportFile {
		where := "a module"
		if strings.HasSuffix(s.ImportFile, "__init__.py") {
			where = "a package __init__"
		}
		return "unresolved, imported through " + where + " that re-exports it, " + s.Shape
	}
	return "unresolved, " + s.Shape
}

// logPy logs a measurement with its breakdowns.
func logPy(t testing.TB, tr *pyTruth, m *pyMeasurement) {
	t.Helper()
	t.Logf("  jedi: %d call sites (%d at module level): %d to the repository, %d outside, %d unknown; %d answered from a third-party stub; %d callers and %d callees without an lgraph node",
		tr.nSites, tr.nModule, tr.nRepo, tr.nOutside, tr.nUnknown, tr.nStub, tr.noCaller, tr.noCallee)
	t.Logf("  calls: %v (%d lgraph edges unscored, %d to non-callables)", m.score, m.unscored, m.nonFuncTarget)
	t.Logf("  of %d false positives %d are at sites jedi cannot resolve; precision where jedi answers %.3f",
		len(m.fp), m.fpJediUnknown, ratio(m.both, m.lg-m.fpJediUnknown))
	shapes := make([]string, 0, len(m.recallByShape))
	for s := range m.recallByShape {
		shapes = append(shapes, s)
	}
	sort.Slice(shapes, func(i, j int) bool {
		a, b := m.recallByShape[shapes[i]], m.recallByShape[shapes[j]]
		if a[1] != b[1] {
			return a[1] > b[1]
		}
		return shapes[i] < shapes[j]
	})
	var parts []string
	for _, s := range shapes {
		parts = append(parts, fmt.Sprintf("%s %d/%d", s, m.recallByShape[s][0], m.recallByShape[s][1]))
	}
	t.Logf("  recall by call form: %s", strings.Join(parts, ", "))
	parts = parts[:0]
	for _, by := range sortedKeys(m.byResolution) {
		parts = append(parts, fmt.Sprintf("%s %d/%d", by, m.byResolution[by][0], m.byResolution[by][1]))
	}
	t.Logf("  precision by resolution: %s", strings.Join(parts, ", "))
	m.fpGroups.log(t, "FP family")
	m.fnGroups.log(t, "FN family")
	m.fpCats.log(t, "FP")
	m.fnCats.log(t, "FN")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
