package wiki

import (
	"bytes"
	"fmt"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/lang"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// Bounds that keep a page readable on a large module.
const (
	maxMainSymbols = 5
	maxAPIEntries  = 80
	maxDiagramSide = 8
	maxKeysPerKind = 15
)

// member is what the rendered sections read of one file of a module.
type member struct {
	Path, Summary string
	Doc           string // what the file says of itself (facts.File.Doc)
	Syms          []snapshot.MemberSymbol
	Signals       []facts.Signal
	// Uses counts, per definition of Syms, the nodes that call or
	// reference it, and Users the other files that depend on the file
	// (snapshot.Uses): what ranks definitions and files "by use".
	Uses  []int
	Users int
}

// modFacts is everything the rendered sections of a module doc read: its
// files and, per neighbouring module, the count of dependency edges by kind.
// A doc's input key hashes the rendering of exactly this.
type modFacts struct {
	Dir     string
	Members []member
	Out, In map[string]map[string]int // module -> edge kind -> count
	History []snapshot.HistoryEntry
}

func newFacts(dir string) modFacts {
	return modFacts{Dir: dir, Out: map[string]map[string]int{}, In: map[string]map[string]int{}}
}

func memberOf(f snapshot.Member, u phase.UseCounts) member {
	// The member's symbols as they are: the sections read only the fields
	// a Member holds, and a copy of each as a facts.Symbol cost an
	// allocation per member of every module.
	return member{Path: f.Path, Summary: f.Summary, Signals: f.Signals, Uses: u.PerSymbol, Users: u.Users, Doc: f.Doc, Syms: f.Symbols}
}

// usesOf is how many nodes use m's i-th definition.
func (m member) usesOf(i int) int {
	if i < len(m.Uses) {
		return m.Uses[i]
	}
	return 0
}

func count(m map[string]map[string]int, mod, kind string) { countN(m, mod, kind, 1) }

func countN(m map[string]map[string]int, mod, kind string, n int) {
	if m[mod] == nil {
		m[mod] = map[string]int{}
	}
	m[mod][kind] += n
}

// depEdges are a file's dependency edges (all but containment), once each
// as the reverse-edge index holds them, so that counts read from the
// records and from the index agree.
func depEdges(f *snapshot.File) []snapshot.Edge {
	seen := map[string]bool{}
	var out []snapshot.Edge
	for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
		for _, e := range list {
			if k := string(snapshot.RevEdgeKey(e)); e.Kind != edgekind.Contains && !seen[k] {
				seen[k] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// render writes the sections derived from the graph (no model): files,
// public API, dependencies with counts and a neighbourhood diagram. The
// recent history, from git, follows them (historySection).
func render(mf modFacts) string {
	sort.Slice(mf.Members, func(i, j int) bool { return mf.Members[i].Path < mf.Members[j].Path })
	b := renderBufs.Get().(*bytes.Buffer)
	defer func() {
		b.Reset()
		if b.Cap() <= 1<<20 { // a rare huge module's is not kept
			renderBufs.Put(b)
		}
	}()
	var prod, tests []member
	for _, m := range mf.Members {
		if lang.IsTestPath(m.Path) {
			tests = append(tests, m)
		} else {
			prod = append(prod, m)
		}
	}
	writeFiles(b, "Files", prod)
	writeFiles(b, "Tests", tests)
	writeAPI(b, prod)
	writeDeps(b, "Depends on", mf.Out)
	writeDeps(b, "Used by", mf.In)
	writeCouplings(b, prod)
	writeDiagram(b, mf)
	return b.String() // the one copy, of exactly its length
}

// renderBufs recycles the buffers sections are rendered in: grown by
// doubling, a builder's string allocated twice its length on the way and
// kept up to twice its length alive.
var renderBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// platformStem is a file name without its platform suffixes
// ("conn.go" for conn_windows.go, "lock_test.go" for lock_unix_other_test.go),
// or "" when it has none.
func platformStem(name string) string {
	ext := path.Ext(name)
	stem, test := strings.CutSuffix(strings.TrimSuffix(name, ext), "_test")
	found := false
	for cut := true; cut; {
		cut = false
		for _, suf := range platformSuffixes {
			if s, ok := strings.CutSuffix(stem, suf); ok && s != "" {
				stem, cut, found = s, true, true
			}
		}
	}
	if !found {
		return ""
	}
	if test {
		stem += "_test"
	}
	return stem + ext
}

var platformSuffixes = []string{"_windows", "_unix", "_linux", "_darwin", "_freebsd", "_openbsd",
	"_netbsd", "_dragonfly", "_solaris", "_aix", "_plan9", "_js", "_wasm", "_wasi", "_wasip1", "_posix",
	"_bsd", "_other", "_nonunix", "_android", "_ios", "_amd64", "_arm64", "_386", "_arm"}

// writeFiles writes a table of files; platform variants of one file share
// a row.
func writeFiles(b *bytes.Buffer, title string, ms []member) {
	if len(ms) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n| File | Summary | Main symbols |\n|---|---|---|\n", title)
	groups := map[string][]member{}
	var order []string
	for _, m := range ms {
		key := m.Path
		if s := platformStem(path.Base(m.Path)); s != "" {
			key = "variants of " + s
		}
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], m)
	}
	for _, key := range order {
		g := groups[key]
		names := make([]string, len(g))
		var syms []string
		seen := map[string]bool{}
		for i, m := range g {
			names[i] = CodeSpan(path.Base(m.Path))
			for _, s := range mainSymbols(m) {
				if !seen[s] {
					seen[s] = true
					syms = append(syms, s)
				}
			}
		}
		writeRow(b, cell(strings.Join(names, ", ")), Cell(rowSentence(g[0])), cell(strings.Join(spans(syms, maxMainSymbols), ", ")))
	}
}

// rowSentence is a file's line in the Files table: its summary's first
// sentence, unless the file has a doc of its own and that sentence only
// takes stock of the file or is merely the doc of one of its declarations
// (the offline summary speaks through the file's most used definition when
// it has no header comment it could use): then the file's own doc.
func rowSentence(m member) string {
	s := firstProse(m.Summary)
	d := firstLine(m.Doc)
	if d == "" {
		return s
	}
	if llm.Inventory(s) {
		return d
	}
	for _, sym := range m.Syms {
		if sd := firstLine(sym.Doc); sd != "" && strings.HasPrefix(s, sd) {
			return d // the file's own doc, which the summary lost
		}
	}
	return s
}

// firstProse is the first sentence of a summary that reads as prose: a
// comment drawing a tree or a table in ASCII is skipped for the next
// sentence (the offline summary's "Defines …" at worst).
func firstProse(summary string) string {
	rest := oneSpaced(summary)
	for rest != "" {
		s := firstLine(rest)
		if prose(s) {
			return s
		}
		rest = strings.TrimSpace(strings.TrimPrefix(rest, s))
	}
	return firstLine(summary)
}

// prose reports whether most of a sentence's visible characters are
// letters.
func prose(s string) bool {
	letters, visible := 0, 0
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		visible++
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return visible > 0 && letters*10 >= visible*6
}

// spans are limited(names, n) as code spans: only the names shown are
// made spans of.
func spans(names []string, n int) []string {
	out := make([]string, 0, min(len(names), n+1))
	for _, s := range names[:min(len(names), n)] {
		out = append(out, CodeSpan(s))
	}
	if len(names) > n {
		out = append(out, fmt.Sprintf("… %d more", len(names)-n))
	}
	return out
}

// mainSymbols are a file's top-level exported names on one line (oneLine),
// the most used first, ties in source order. Two names are one code span
// exactly when they are one name on one line (CodeSpan is oneLine, then
// one-to-one), so a row tells its names apart before making spans of the
// few it shows.
func mainSymbols(m member) []string {
	var idx []int
	for i, s := range m.Syms {
		if s.Parent == "" && s.Kind != facts.KindField && exported(m.Path, s.Name) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return m.usesOf(b) - m.usesOf(a) })
	out := make([]string, len(idx))
	for j, i := range idx {
		out[j] = oneLine(m.Syms[i].Name)
	}
	return out
}

func limited(items []string, n int) []string {
	if len(items) <= n {
		return items
	}
	return append(items[:n:n], fmt.Sprintf("… %d more", len(items)-n))
}

// exported says whether a name is public: Go capitalises it; elsewhere a
// leading underscore (or # for private fields) marks it private.
func exported(file, name string) bool {
	if name == "" || strings.HasPrefix(name, "_") || strings.HasPrefix(name, "#") {
		return false
	}
	if path.Ext(file) == ".go" {
		r, _ := utf8.DecodeRuneInString(name)
		return unicode.IsUpper(r)
	}
	return true
}

// firstLine is the first sentence of a summary on one line.
func firstLine(s string) string {
	s = oneSpaced(s)
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// cell escapes lgraph's own text (code spans, counts) for a markdown
// table cell; repository text goes through Cell.
func cell(s string) string { return cellEscapes.Replace(s) }

// The replacers are built once: a Replacer builds its tables on first use,
// which cost more than the replacing when it was built per call.
var cellEscapes = strings.NewReplacer("|", `\|`, "\n", " ")

// writeRow writes a table row of the cells given, escaped already.
func writeRow(b *bytes.Buffer, cells ...string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" ")
		b.WriteString(c)
		b.WriteString(" |")
	}
	b.WriteString("\n")
}

// writeKinds writes edge counts by kind, "3 calls, 1 imports".
func writeKinds(b *bytes.Buffer, m map[string]int) {
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(m[k]))
		b.WriteString(" ")
		b.WriteString(k)
	}
}

func total(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// writeDeps writes neighbouring modules with edge counts by kind, linked to
// their pages.
func writeDeps(b *bytes.Buffer, title string, deps map[string]map[string]int) {
	if len(deps) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n| Module | Edges |\n|---|---|\n", title)
	for _, d := range slices.Sorted(maps.Keys(deps)) {
		b.WriteString("| [")
		b.WriteString(cell(moduleLabel(d)))
		b.WriteString("](")
		b.WriteString(pageLink(d))
		b.WriteString(") | ")
		writeKinds(b, deps[d])
		b.WriteString(" |\n")
	}
}

// writeCouplings lists the implicit keys (env variables, config keys,
// topics, routes, tables) the module's source files use, by kind.
func writeCouplings(b *bytes.Buffer, ms []member) {
	keys := map[string]map[string]bool{}
	for _, m := range ms {
		for _, sg := range m.Signals {
			if keys[sg.Kind] == nil {
				keys[sg.Kind] = map[string]bool{}
			}
			keys[sg.Kind][sg.Key] = true
		}
	}
	if len(keys) == 0 {
		return
	}
	b.WriteString("\n## Implicit couplings\n\n| Kind | Keys |\n|---|---|\n")
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		var ks []string
		for _, key := range slices.Sorted(maps.Keys(keys[k])) {
			ks = append(ks, CodeSpan(key))
		}
		fmt.Fprintf(b, "| %s | %s |\n", Cell(k), cell(strings.Join(limited(ks, maxKeysPerKind), ", ")))
	}
}

// oneSpaced is strings.Join(strings.Fields(s), " "): s with its runs of
// white space as single spaces and none at its ends. Most names, docs and
// signatures are that already, and are returned without a copy.
func oneSpaced(s string) string {
	prev := ' ' // a space at the start is one to drop
	for _, r := range s {
		if r == ' ' && prev == ' ' || r != ' ' && unicode.IsSpace(r) {
			return strings.Join(strings.Fields(s), " ")
		}
		prev = r
	}
	if prev == ' ' && s != "" {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
