package accuracy

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// The Java truth comes from javac: javatruth/Truth.java attributes the
// corpus with the Compiler Tree API and prints, per call in a method or
// constructor, the caller's and the callee's declarations as
// path:line:name. Declarations map to lgraph's symbols by path, line and
// simple name.

// javaCall is one call site javac resolved.
type javaCall struct {
	kind   string // "call" (callee in the corpus), "ext" (outside), "local" (in an anonymous or local class), "unres" (javac could not attribute it)
	caller string // path:line:name
	callee string // path:line:name, for ext the declaring type and name, for unres the called name
	shape  string
	at     string // path:line
}

// javaTruth is the javac call graph of a corpus in lgraph's ids.
type javaTruth struct {
	edges map[edge]javaCall // first site per edge
	// byCaller lists every call (mapped or not) per caller id, for the
	// classification of wrong edges.
	byCaller map[string][]javaCall
	// unmapped counts declarations with no lgraph symbol on their line.
	unmapped map[string]int
	local    int // calls of members of anonymous and local classes (no lgraph symbol)
	// unresolved holds (caller id, called name) of the calls javac could
	// not attribute (a test library missing from the classpath): lgraph's
	// edges of that name from that caller are not scored.
	unresolved map[[2]string]bool
}

// extractCorpus unpacks the src/main/java tree of a source archive (and
// src/test/java with tests) into a new git repository and commits it; it
// returns the repository and the .java paths, relative to it.
func extractCorpus(t testing.TB, archive, top string, tests bool) (*gittest.Repo, []string) {
	t.Helper()
	tmp := t.TempDir()
	args := []string{"-xf", archive, "-C", tmp, "--wildcards", top + "/src/main/java/*"}
	if tests {
		args = append(args, top+"/src/test/java/*")
	}
	cmd := exec.Command("tar", args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tar -xf %s: %v\n%s", archive, err, out)
	}
	// tar extracted only the source trees, so their .java files are the corpus,
	// named from the archive's top directory.
	return copyCorpus(t, filepath.Join(tmp, top), func(rel string) bool { return strings.HasSuffix(rel, ".java") })
}

// startJavaTruth starts Truth.java on the files under dir and returns a
// function that waits for it and parses its output, so that lgraph can
// index meanwhile. The JIT is kept at its first tier: the run is short,
// and on a busy machine that is several times faster than the default.
// With a classpath (a corpus with its tests) compiler errors are expected
// (a test library Debian does not package): the calls they touch come
// back as "unres" and errors are only counted.
func startJavaTruth(t testing.TB, java, dir, classpath string, files []string) func() ([]javaCall, []string) {
	t.Helper()
	prog, err := filepath.Abs(filepath.Join("javatruth", "Truth.java"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", prog}
	if classpath != "" {
		args = append(args, "-cp", classpath)
	}
	args = append(append(args, dir), files...)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(java, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start java Truth.java: %v", err)
	}
	return func() ([]javaCall, []string) {
		t.Helper()
		runErr := cmd.Wait()
		calls, errs := parseJavaTruth(t, &stdout)
		if len(errs) > 0 && classpath == "" {
			t.Fatalf("javac reported %d errors in the corpus, e.g. %s", len(errs), errs[0])
		}
		if runErr != nil && len(errs) == 0 {
			t.Fatalf("java Truth.java: %v\n%s", runErr, stderr.String())
		}
		return calls, errs
	}
}

func parseJavaTruth(t testing.TB, out *bytes.Buffer) (calls []javaCall, errs []string) {
	t.Helper()
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		switch {
		case f[0] == "error":
			errs = append(errs, strings.Join(f[1:], " "))
		case len(f) == 5:
			calls = append(calls, javaCall{kind: f[0], caller: f[1], callee: f[2], shape: f[3], at: f[4]})
		default:
			t.Fatalf("truth: unexpected line %q", sc.Text())
		}
	}
	return calls, errs
}

// javaID maps a declaration path:line:name to the lgraph method symbol of
// that simple name declared on that line.
func javaID(g *lgGraph, decl string) (string, bool) {
	i := strings.LastIndexByte(decl, ':')
	j := strings.LastIndexByte(decl[:i], ':')
	if i < 0 || j < 0 {
		return "", false
	}
	path, name := decl[:j], decl[i+1:]
	var line int
	if _, err := fmt.Sscanf(decl[j+1:i], "%d", &line); err != nil {
		return "", false
	}
	for _, id := range g.funcsAt[path][line] {
		q := g.nodes[id].Name
		if q[strings.LastIndexByte(q, '.')+1:] == name {
			return id, true
		}
	}
	return "", false
}

// buildJavaTruth maps the calls to lgraph ids.
func buildJavaTruth(g *lgGraph, calls []javaCall) *javaTruth {
	tr := &javaTruth{edges: map[edge]javaCall{}, byCaller: map[string][]javaCall{}, unmapped: map[string]int{}, unresolved: map[[2]string]bool{}}
	for _, c := range calls {
		from, ok := javaID(g, c.caller)
		if !ok {
			tr.unmapped["caller "+c.caller]++
			continue
		}
		tr.byCaller[from] = append(tr.byCaller[from], c)
		switch c.kind {
		case "local":
			tr.local++
			continue
		case "ext":
			continue
		case "unres":
			tr.unresolved[[2]string{from, c.callee}] = true
			continue
		}
		to, ok := javaID(g, c.callee)
		if !ok {
			tr.unmapped["callee "+c.callee]++
			continue
		}
		if _, seen := tr.edges[edge{from, to}]; !seen {
			tr.edges[edge{from, to}] = c
		}
	}
	return tr
}

// measureJava scores lgraph's method-to-method calls edges from the
// corpus against the truth; it also returns how many it left unscored
// because javac could not attribute a call of that name in that caller.
func measureJava(g *lgGraph, tr *javaTruth) (*measurement, int) {
	m := &measurement{scored: map[edge]string{}}
	unattributed := 0
	for e, via := range g.calls {
		src, dst := g.nodes[e.From], g.nodes[e.To]
		_, right := tr.edges[e]
		switch {
		case !right && tr.unresolved[[2]string{e.From, simpleName(e.To)}]:
			unattributed++
		case !isFuncKind(src.Kind):
			m.unscoredSource++
		case !isFuncKind(dst.Kind):
			m.nonFuncTarget++
		default:
			m.scored[e] = via
		}
	}
	scoreAgainst(m, tr.edges)
	return m, unattributed
}

// ownerOf is the enclosing type of an id's qualified name ("A.B.m" -> "A.B").
func ownerOf(id string) string {
	q := id[strings.LastIndexByte(id, '#')+1:]
	q, _, _ = strings.Cut(q, "~")
	if i := strings.LastIndexByte(q, '.'); i >= 0 {
		return id[:strings.LastIndexByte(id, '#')+1] + q[:i]
	}
	return ""
}

// classifyJavaFP names why an lgraph edge is not a javac edge.
func classifyJavaFP(e edge, g *lgGraph, tr *javaTruth) (string, string) {
	name := simpleName(e.To)
	var sameName []javaCall
	for _, c := range tr.byCaller[e.From] {
		if c.kind == "ext" && strings.HasSuffix(c.callee, "."+name) || c.kind != "ext" && strings.HasSuffix(c.callee, ":"+name) {
			sameName = append(sameName, c)
		}
		if c.kind == "ext" && strings.HasSuffix(c.callee, ".<init>") && strings.HasSuffix(c.callee, "."+name+".<init>") {
			sameName = append(sameName, c)
		}
	}
	if len(sameName) == 0 {
		return "no call of that name in the caller", ""
	}
	for _, c := range sameName {
		if c.kind == "call" {
			if to, ok := javaID(g, c.callee); ok && ownerOf(to) == ownerOf(e.To) {
				return "another overload of the same type (" + c.shape + ")", c.at + " javac: " + c.callee
			}
		}
	}
	c := sameName[0]
	switch c.kind {
	case "ext":
		return "javac calls an outside method (" + c.shape + ")", c.at + " javac: " + c.callee
	case "local":
		return "javac calls a member of an anonymous or local class", c.at
	}
	return "javac calls a method of another corpus type (" + c.shape + ")", c.at + " javac: " + c.callee
}

// classifyJavaFN names why a javac edge is missing from lgraph.
func classifyJavaFN(e edge, c javaCall, m *measurement) string {
	for l := range m.scored {
		if l.From == e.From && simpleName(l.To) == simpleName(e.To) {
			if ownerOf(l.To) == ownerOf(e.To) {
				return "another overload chosen (" + c.shape + ")"
			}
			return "resolved to another type's method (" + c.shape + ")"
		}
	}
	return "unresolved (" + c.shape + ")"
}

// logJavaDiff logs the score, recall per call shape and the wrong and
// missing edges by category.
func logJavaDiff(t testing.TB, g *lgGraph, tr *javaTruth, m *measurement, keep int) {
	t.Helper()
	t.Logf("  javac: %v", m.static)
	t.Logf("  recall by call form: %s", recallByForm(tr.edges, m.scored))
	loops, trueLoops := 0, 0
	for e := range m.scored {
		if e.From == e.To {
			loops++
			if _, ok := tr.edges[e]; ok {
				trueLoops++
			}
		}
	}
	t.Logf("  self-loops: %d calls edges from a method to itself, %d of them recursion javac confirms", loops, trueLoops)
	logOverloads(t, g, tr, m)
	if len(tr.unmapped) > 0 || tr.local > 0 {
		n := 0
		for _, c := range tr.unmapped {
			n += c
		}
		t.Logf("  not scored: %d calls whose declaration has no lgraph symbol on its line, %d calls of anonymous or local class members", n, tr.local)
		logged := 0
		for _, k := range sortedKeysOf(tr.unmapped) {
			if logged == keep {
				break
			}
			t.Logf("        e.g. %s (%d)", k, tr.unmapped[k])
			logged++
		}
	}
	fps, fns := newBreakdown(), newBreakdown()
	for _, e := range m.fp {
		cat, detail := classifyJavaFP(e, g, tr)
		fps.add(cat, short(e.From)+" -> "+short(e.To)+" (via "+m.scored[e]+") "+detail, keep)
	}
	for _, e := range m.fn {
		c := tr.edges[e]
		fns.add(classifyJavaFN(e, c, m), short(e.From)+" -> "+short(e.To)+" at "+c.at, keep)
	}
	fps.log(t, "FP")
	fns.log(t, "FN")
}

// logOverloads logs how calls of overloaded methods land: how many edges
// go to an overloaded method, how many of those are right, and which share
// goes to the first-declared overload (javac's share for comparison).
func logOverloads(t testing.TB, g *lgGraph, tr *javaTruth, m *measurement) {
	t.Helper()
	overloaded := map[string]bool{} // id without ~N
	for id := range g.nodes {
		if base, _, ok := strings.Cut(id, "~"); ok {
			overloaded[base] = true
		}
	}
	count := func(edges func(yield func(edge) bool)) (n, first int) {
		for e := range edges {
			base, _, _ := strings.Cut(e.To, "~")
			if overloaded[base] {
				n++
				if base == e.To {
					first++
				}
			}
		}
		return n, first
	}
	lgN, lgFirst := count(func(yield func(edge) bool) {
		for e := range m.scored {
			if !yield(e) {
				return
			}
		}
	})
	right := 0
	for e := range m.scored {
		base, _, _ := strings.Cut(e.To, "~")
		if _, ok := tr.edges[e]; ok && overloaded[base] {
			right++
		}
	}
	trN, trFirst := count(func(yield func(edge) bool) {
		for e := range tr.edges {
			if !yield(e) {
				return
			}
		}
	})
	t.Logf("  overloads: lgraph %d edges to overloaded methods, %d right, %.0f%% to the first declared; javac %d, %.0f%% to the first declared",
		lgN, right, 100*ratio(lgFirst, lgN), trN, 100*ratio(trFirst, trN))
}

func sortedKeysOf(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
