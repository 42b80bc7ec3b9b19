package accuracy

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The Rust truth comes from rustc's MIR (`--emit=mir`, stable): every
// function body the crate compiles, closures included, with each call's
// callee as a resolved path (`<Span as Clone>::clone`,
// `ParserI::<'_, P>::char`, `ast::visitor::visit`). A body's header names
// its item: `mod::<impl at FILE:L:C: L:C>::m` for a method of an impl
// block (whose header text, read from the source at that span, gives the
// self type and trait), `Trait::m` for a trait's default method, `f` or
// `mod::f` for a free function; `::{closure#N}` is a closure inside one.
// Headers and callees map to lgraph's symbols by file, impl line and
// name, or by type and method name narrowed by the module path rustc
// prints. A call counts only where the caller's source spells the
// callee's name as a call (`m(`): MIR also holds the calls operators,
// `?`, `for`, derefs and drops make, which no source call names.

// rustCall is one call in a MIR body, mapped or not.
type rustCall struct {
	kind   string // "call" (callee in the crate), "ext" (outside), "implicit" (no call of that name in the caller's source), "ambiguous" (several crate items fit), "unmapped"
	name   string // the callee's simple name
	callee string // the MIR callee path, turbofish removed
	shape  string // how rustc resolved it and how the source spells it
}

func (c rustCall) form() string { return c.shape }

// rustTruth is the MIR call graph of a crate in lgraph's ids.
type rustTruth struct {
	edges    map[edge]rustCall     // first call per edge
	byCaller map[string][]rustCall // every call per mapped caller id
	callers  map[string]bool       // lgraph ids of the bodies rustc compiled
	// unscored holds (caller id, simple name) of calls left out of the
	// truth (implicit or ambiguous): lgraph's edges of that name from that
	// caller are scored on neither side.
	unscored map[[2]string]bool
	derived  int            // bodies of #[derive] impls and constructors (no lgraph symbol)
	unmapped map[string]int // headers and callees with no lgraph symbol
	counts   map[string]int // calls by kind
}

// mirBody is one function body of the MIR dump.
type mirBody struct {
	path    string   // the header's item path, closures stripped
	closure bool     // the body is a closure's
	calls   []string // callee paths, turbofish removed
}

// rustcMinMinor is the oldest rustc 1.x whose MIR this parser reads: older
// ones name impl blocks `<impl Trait for Type>`, not by their span.
const rustcMinMinor = 79

// rustcPath finds rustc on PATH or in $HOME/.cargo/bin (rustup's place)
// and checks that it is new enough.
func rustcPath() (string, error) {
	p, err := exec.LookPath("rustc")
	if err != nil {
		home, _ := os.UserHomeDir()
		p = filepath.Join(home, ".cargo", "bin", "rustc")
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("no rustc on PATH or in ~/.cargo/bin: install Rust stable >= 1.%d (rustup)", rustcMinMinor)
		}
	}
	out, err := exec.Command(p, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("%s --version: %w", p, err)
	}
	var minor int
	if _, err := fmt.Sscanf(string(out), "rustc 1.%d.", &minor); err != nil || minor < rustcMinMinor {
		return "", fmt.Errorf("%s is %s: the MIR truth needs rustc >= 1.%d (rustup)", p, strings.TrimSpace(string(out)), rustcMinMinor)
	}
	return p, nil
}

// startRustTruth runs rustc --emit=mir on the crate root under dir (a
// relative path, so that MIR's spans are repository paths) and returns a
// function that waits for it and parses the dump.
func startRustTruth(t testing.TB, rustc, dir string, c rustCorpus) func() []mirBody {
	t.Helper()
	out := filepath.Join(t.TempDir(), "crate.mir")
	kind := []string{"--crate-type", "lib"}
	if c.tests {
		kind = []string{"--test"} // cfg(test) modules too
	}
	args := append(append([]string{"--edition", c.edition}, kind...), "--crate-name", c.crate, "--emit=mir", "-o", out, "--cap-lints", "allow")
	for _, f := range c.features {
		args = append(args, "--cfg", fmt.Sprintf("feature=%q", f))
	}
	args = append(args, "src/lib.rs")
	var stderr bytes.Buffer
	cmd := exec.Command(rustc, args...)
	cmd.Dir, cmd.Stderr = dir, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start rustc: %v", err)
	}
	return func() []mirBody {
		t.Helper()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("rustc --emit=mir: %v\n%s", err, stderr.String())
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		bodies, err := parseMIR(f)
		if err != nil {
			t.Fatalf("parse MIR: %v", err)
		}
		return bodies
	}
}

// parseMIR reads the fn bodies of a MIR dump (consts, statics and
// promoted constants are skipped) and the callees of their Call
// terminators.
func parseMIR(r *os.File) ([]mirBody, error) {
	var bodies []mirBody
	var cur *mirBody
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "fn "):
			path := line[3:]
			if i := strings.IndexByte(path, '('); i >= 0 {
				path = path[:i]
			}
			item := stripClosures(path)
			bodies = append(bodies, mirBody{path: item, closure: item != path})
			cur = &bodies[len(bodies)-1]
		case line == "}":
			cur = nil
		case cur != nil:
			if callee, ok := mirCallee(line); ok {
				cur.calls = append(cur.calls, callee)
			}
		}
	}
	return bodies, sc.Err()
}

// stripClosures drops trailing ::{closure#N} segments: a closure's calls
// belong to the function that holds it, as in lgraph.
func stripClosures(path string) string {
	for strings.HasSuffix(path, "}") {
		i := strings.LastIndex(path, "::{")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return path
}

// mirTerminators are the MIR terminators written like calls that are not.
var mirTerminators = map[string]bool{"drop": true, "assert": true, "switchInt": true, "falseEdge": true, "falseUnwind": true, "goto": true, "yield": true}

// mirCallee returns the callee of a Call terminator line
// (`_4 = Path::<T>::m(move _5) -> [return: bb1, unwind continue];`),
// without turbofish; calls through a local (a closure or fn pointer) are
// not returned.
func mirCallee(line string) (string, bool) {
	s := strings.TrimSpace(line)
	if !strings.Contains(s, ") -> ") {
		return "", false
	}
	if i := strings.Index(s, " = "); i >= 0 && strings.HasPrefix(s, "_") {
		s = s[i+3:]
	}
	open := argsOpen(s)
	if open <= 0 {
		return "", false
	}
	callee := s[:open]
	if mirTerminators[callee] || strings.HasPrefix(callee, "move ") || strings.HasPrefix(callee, "copy ") || strings.HasPrefix(callee, "_") {
		return "", false
	}
	return stripTurbofish(callee), true
}

// argsOpen is the index of the '(' that opens a call's arguments: the
// first one outside angle brackets ("->" is not a bracket).
func argsOpen(s string) int {
	return angleScan(s, 0, func(i, depth int) bool { return s[i] == '(' && depth == 0 })
}

// angleScan is the first index from start at which stop accepts s[i] and
// the angle-bracket depth after it ("->" is no bracket), or -1.
func angleScan(s string, start int, stop func(i, depth int) bool) int {
	depth := 0
	for i := start; i < len(s); i++ {
		switch s[i] {
		case '<':
			depth++
		case '>':
			if i == 0 || s[i-1] != '-' {
				depth--
			}
		}
		if stop(i, depth) {
			return i
		}
	}
	return -1
}

// stripTurbofish removes the ::<...> generic arguments of a path.
func stripTurbofish(s string) string {
	for {
		i := strings.Index(s, "::<")
		if i < 0 {
			return s
		}
		j := closeAngle(s, i+2)
		if j < 0 {
			return s
		}
		s = s[:i] + s[j+1:]
	}
}

// closeAngle is the index of the '>' that closes the '<' at open.
func closeAngle(s string, open int) int {
	return angleScan(s, open, func(i, depth int) bool { return s[i] == '>' && depth == 0 })
}

// rustPath is a callee or header path taken apart.
type rustPath struct {
	mods   []string // module segments before the type or function
	typ    string   // the self type's simple name ("" for a free function)
	trait  string   // the trait's simple name in <T as Trait>::m
	tmods  []string // the trait's module segments
	name   string
	dyn    bool // <dyn Trait as Trait>::m
	param  bool // the self type is not a named type of the crate (Self, a type parameter)
	extern bool // std, core or alloc
}

// splitRustPath takes `<X as Tr>::m`, `a::T::m` or `a::f` apart.
func splitRustPath(p string) rustPath {
	var rp rustPath
	if strings.HasPrefix(p, "<") {
		j := closeAngle(p, 0)
		if j < 0 {
			return rustPath{extern: true}
		}
		inner, rest := p[1:j], strings.TrimPrefix(p[j+1:], "::")
		rp.name = rest
		self := inner
		if k := topLevelAs(inner); k >= 0 {
			self = inner[:k]
			rp.tmods, rp.trait = typeName(inner[k+4:])
		}
		rp.dyn = strings.HasPrefix(strings.TrimLeft(self, "&*mut "), "dyn ")
		rp.mods, rp.typ = typeName(self)
		return rp
	}
	segs := strings.Split(p, "::")
	rp.name = segs[len(segs)-1]
	segs = segs[:len(segs)-1]
	if n := len(segs); n > 0 && isUpper(segs[n-1]) {
		rp.typ, segs = segs[n-1], segs[:n-1]
	}
	rp.mods = segs
	if len(segs) > 0 && (segs[0] == "std" || segs[0] == "core" || segs[0] == "alloc") {
		rp.extern = true
	}
	return rp
}

// topLevelAs is the index of " as " outside angle brackets, or -1.
func topLevelAs(s string) int { return topLevelWord(s, " as ") }

// topLevelWord is the index of word outside angle brackets (a "->" is no
// bracket), or -1.
func topLevelWord(s, word string) int {
	return angleScan(s, 0, func(i, depth int) bool { return depth == 0 && strings.HasPrefix(s[i:], word) })
}

// typeName is the module path and simple name of a type as MIR or an
// impl header writes it ("&mut ast::parse::Parser<'_>" -> [ast parse],
// "Parser").
func typeName(s string) ([]string, string) {
	s = strings.TrimSpace(s)
	for _, p := range []string{"&", "*const ", "*mut ", "mut ", "dyn ", "impl ", "'_ ", "'static "} {
		for strings.HasPrefix(s, p) {
			s = strings.TrimSpace(s[len(p):])
		}
	}
	if i := strings.IndexAny(s, "<( +"); i >= 0 {
		s = s[:i]
	}
	segs := strings.Split(s, "::")
	return segs[:len(segs)-1], segs[len(segs)-1]
}

func isUpper(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// rustModule is the module path of a crate file ("src/ast/parse.rs" ->
// "ast::parse", "src/hir/mod.rs" -> "hir", "src/lib.rs" -> "").
func rustModule(path string) string {
	p := strings.TrimSuffix(strings.TrimPrefix(path, "src/"), ".rs")
	p = strings.TrimSuffix(strings.TrimSuffix(p, "/mod"), "mod")
	if p == "lib" {
		return ""
	}
	return strings.ReplaceAll(strings.Trim(p, "/"), "/", "::")
}

// inModule reports whether the module of a definition (its file's, then
// the inline modules around it, "tests" for lgraph's tests.f) ends with
// the module segments rustc printed (trimmed paths print only as much as
// tells items apart).
func inModule(path, inline string, mods []string, crate string) bool {
	if len(mods) > 0 && (mods[0] == "crate" || mods[0] == crate) {
		mods = mods[1:]
	}
	if len(mods) == 0 {
		return true
	}
	m := "::" + rustModule(path)
	if inline != "" {
		m += "::" + strings.ReplaceAll(inline, ".", "::")
	}
	return strings.HasSuffix(m, "::"+strings.Join(mods, "::"))
}

// rustIndex finds lgraph's symbols for MIR's items.
type rustIndex struct {
	g      *lgGraph
	dir    string
	crate  string
	byName map[string][]string // simple name -> function and method ids
	traits map[string]bool     // simple names of the crate's traits
	// impls maps self type, trait ("" inherent) and method to the ids of
	// the methods impl blocks define.
	impls map[[3]string][]string
	lines map[string][]string // file -> lines, for impl headers
	// compiled holds the ids of the bodies rustc compiled: a callee is one
	// of them or a trait's method declaration (a cfg'd-out function of
	// the crate is never the callee, though trimmed paths may name it
	// like a std item).
	compiled map[string]bool
}

func newRustIndex(g *lgGraph, dir, crate string) *rustIndex {
	ix := &rustIndex{g: g, dir: dir, crate: crate, byName: map[string][]string{}, traits: map[string]bool{}, impls: map[[3]string][]string{}, lines: map[string][]string{}}
	for id, n := range g.nodes {
		switch {
		case isFuncKind(n.Kind):
			ix.byName[simpleName(id)] = append(ix.byName[simpleName(id)], id)
		case n.Kind == "trait":
			ix.traits[n.Name[strings.LastIndexByte(n.Name, '.')+1:]] = true
		}
	}
	for _, ids := range ix.byName {
		sort.Strings(ids)
	}
	return ix
}

// implRE matches a header's impl block: its file and start line and column,
// and the end line and column.
var implRE = regexp.MustCompile(`^(.*)<impl at ([^:>]+):(\d+):(\d+): (\d+):(\d+)>::(.+)$`)

// header maps a body's item path to an lgraph id; derived reports a
// body with no source symbol: a #[derive] impl's method or a tuple
// constructor.
func (ix *rustIndex) header(path string) (id string, derived bool) {
	if m := implRE.FindStringSubmatch(path); m != nil {
		file, name := m[2], m[7]
		l1, _ := strconv.Atoi(m[3])
		c1, _ := strconv.Atoi(m[4])
		l2, _ := strconv.Atoi(m[5])
		c2, _ := strconv.Atoi(m[6])
		text := ix.span(file, l1, c1, l2, c2)
		if !strings.HasPrefix(text, "impl") {
			return "", true
		}
		id := ix.methodAfter(file, l1, name)
		if id != "" {
			typ, trait := implHeader(text)
			k := [3]string{typ, trait, name}
			ix.impls[k] = append(ix.impls[k], id)
		}
		return id, false
	}
	rp := splitRustPath(path)
	if isUpper(rp.name) { // a tuple struct's or variant's constructor
		return "", true
	}
	if id := ix.named(rp); id != "" {
		return id, false
	}
	// A function nested in a function: lgraph has no symbol for it and
	// gives its calls to the enclosing one, as it does a closure's.
	if i := strings.LastIndex(path, "::"); i > 0 {
		return ix.header(path[:i])
	}
	return "", false
}

// span is the source text between two MIR positions (1-based lines and
// columns; columns count characters).
func (ix *rustIndex) span(file string, l1, c1, l2, c2 int) string {
	lines, ok := ix.lines[file]
	if !ok {
		data, _ := os.ReadFile(filepath.Join(ix.dir, file))
		lines = strings.Split(string(data), "\n")
		ix.lines[file] = lines
	}
	if l1 < 1 || l2 > len(lines) || l1 > l2 {
		return ""
	}
	var b strings.Builder
	for l := l1; l <= l2; l++ {
		r := []rune(lines[l-1])
		from, to := 0, len(r)
		if l == l1 {
			from = min(c1-1, len(r))
		}
		if l == l2 {
			to = min(c2-1, len(r))
		}
		if from < to {
			b.WriteString(string(r[from:to]))
		}
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String())
}

// implHeader is the self type's and the trait's simple names in
// `impl<..> Trait<..> for Type<..>` or `impl<..> Type<..>`.
func implHeader(text string) (typ, trait string) {
	s := strings.TrimSpace(strings.TrimPrefix(text, "impl"))
	if strings.HasPrefix(s, "<") {
		if j := closeAngle(s, 0); j >= 0 {
			s = strings.TrimSpace(s[j+1:])
		}
	}
	if i := strings.Index(s, " where"); i >= 0 {
		s = s[:i]
	}
	if i := topLevelFor(s); i >= 0 {
		_, trait = typeName(s[:i])
		s = s[i+5:]
	}
	_, typ = typeName(s)
	return typ, trait
}

// topLevelFor is the index of " for " outside angle brackets, or -1.
func topLevelFor(s string) int { return topLevelWord(s, " for ") }

// methodAfter is the first function or method named name declared in file
// after line (the impl block's header).
func (ix *rustIndex) methodAfter(file string, line int, name string) string {
	best, bestLine := "", 0
	for l, ids := range ix.g.funcsAt[file] {
		if l < line || best != "" && l >= bestLine {
			continue
		}
		for _, id := range ids {
			if simpleName(id) == name {
				best, bestLine = id, l
			}
		}
	}
	return best
}

// named maps a path to the one lgraph function or method of that type
// (or none) and name in a module that ends with the path's modules.
func (ix *rustIndex) named(rp rustPath) string {
	ids := ix.candidates(rp.mods, rp.typ, rp.name)
	if len(ids) == 1 {
		return ids[0]
	}
	return ""
}

func (ix *rustIndex) candidates(mods []string, typ, name string) []string {
	var out, top []string
	for _, id := range ix.byName[name] {
		n := ix.g.nodes[id]
		inline, owner := splitQualifier(n.Name, typ != "")
		switch {
		case typ == "" && n.Kind != "function", typ != "" && owner != typ:
			continue
		case ix.compiled != nil && !ix.compiled[id] && !ix.isTraitMethod(id):
			continue
		}
		if inModule(n.Path, inline, mods, ix.crate) {
			out = append(out, id)
			if inline == "" {
				top = append(top, id)
			}
		}
	}
	// A bare name is one rustc found unique among what it compiled; of a
	// file-level function and one in an inline module (tests), the first.
	if len(mods) == 0 && len(out) > 1 && len(top) > 0 {
		return top
	}
	return out
}

// splitQualifier splits lgraph's qualified name of a function or method
// into the inline modules around it and, for a method, its owner type.
func splitQualifier(qualified string, method bool) (inline, owner string) {
	q, _, _ := strings.Cut(qualified, "~")
	i := strings.LastIndexByte(q, '.')
	if i < 0 {
		return "", ""
	}
	inline = q[:i]
	if method {
		j := strings.LastIndexByte(inline, '.')
		owner = inline[j+1:]
		inline = inline[:max(j, 0)]
	}
	return inline, owner
}

// isTraitMethod reports whether id is a method declared in a trait.
func (ix *rustIndex) isTraitMethod(id string) bool {
	owner := ownerOf(id)
	return owner != "" && ix.g.nodes[owner].Kind == "trait"
}

// callee maps a MIR callee to an lgraph id, with the kind of the call
// ("call", "ext", "ambiguous", "unmapped") and how rustc resolved it.
func (ix *rustIndex) callee(p string) (string, string, string) {
	rp := splitRustPath(p)
	if rp.extern || rp.name == "" || strings.Contains(p, "<impl ") || strings.Contains(p, "{closure") {
		return "", "ext", ""
	}
	if rp.trait != "" {
		ids := filterMods(ix, ix.impls[[3]string{rp.typ, rp.trait, rp.name}], rp.mods)
		switch {
		case len(ids) == 1:
			return ids[0], "call", "trait impl"
		case len(ids) > 1:
			return "", "ambiguous", ""
		case !ix.traits[rp.trait]:
			return "", "ext", ""
		}
		ids = ix.candidates(rp.tmods, rp.trait, rp.name)
		shape := "trait method, generic"
		if rp.dyn {
			shape = "trait method, dyn"
		}
		if len(ids) == 1 {
			return ids[0], "call", shape
		}
		return "", "unmapped", ""
	}
	if rp.typ != "" {
		ids := filterMods(ix, ix.impls[[3]string{rp.typ, "", rp.name}], rp.mods)
		if len(ids) == 0 {
			ids = ix.candidates(rp.mods, rp.typ, rp.name)
		}
		switch len(ids) {
		case 0:
			return "", "ext", ""
		case 1:
			return ids[0], "call", "inherent"
		}
		return "", "ambiguous", ""
	}
	ids := ix.candidates(rp.mods, "", rp.name)
	switch len(ids) {
	case 0:
		return "", "ext", ""
	case 1:
		return ids[0], "call", "function"
	}
	return "", "ambiguous", ""
}

// filterMods keeps the ids whose file's module ends with mods.
func filterMods(ix *rustIndex, ids []string, mods []string) []string {
	var out []string
	for _, id := range ids {
		n := ix.g.nodes[id]
		inline, _ := splitQualifier(n.Name, true)
		if inModule(n.Path, inline, mods, ix.crate) && !containsStr(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func containsStr(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// callSyntax tells how a caller's source spells a call of name: "x.m()",
// "path::m()" or "" when the source has no call of that name (the call is
// implicit: an operator, ?, for, a deref or a drop).
func (ix *rustIndex) callSyntax(caller, name string, cache map[string]*regexp.Regexp) string {
	n := ix.g.nodes[caller]
	lines := ix.fileLines(n.Path)
	if n.Line < 1 || n.EndLine > len(lines) {
		return ""
	}
	body := strings.Join(lines[n.Line-1:n.EndLine], "\n")
	re, ok := cache[name]
	if !ok {
		re = regexp.MustCompile(`(\.\s*)?\b` + regexp.QuoteMeta(name) + `\s*(?:::\s*<[^;{}]*?>\s*)?\(`)
		cache[name] = re
	}
	dot := false
	found := false
	for _, m := range re.FindAllStringSubmatchIndex(body, -1) {
		found = true
		if m[2] >= 0 {
			dot = true
		}
	}
	switch {
	case !found:
		return ""
	case dot:
		return "x.m()"
	}
	return "path::m()"
}

func (ix *rustIndex) fileLines(file string) []string {
	lines, ok := ix.lines[file]
	if !ok {
		data, _ := os.ReadFile(filepath.Join(ix.dir, file))
		lines = strings.Split(string(data), "\n")
		ix.lines[file] = lines
	}
	return lines
}

// buildRustTruth maps the MIR bodies to lgraph ids. Impl methods are
// mapped first, so that callees can be looked up by impl block.
func buildRustTruth(g *lgGraph, dir, crate string, bodies []mirBody) *rustTruth {
	tr := &rustTruth{edges: map[edge]rustCall{}, byCaller: map[string][]rustCall{}, callers: map[string]bool{}, unscored: map[[2]string]bool{}, unmapped: map[string]int{}, counts: map[string]int{}}
	ix := newRustIndex(g, dir, crate)
	ids := make([]string, len(bodies))
	mapped := map[string]string{} // header path -> id, "" when none
	for i, b := range bodies {
		id, seen := mapped[b.path]
		if !seen {
			var derived bool
			id, derived = ix.header(b.path)
			mapped[b.path] = id
			switch {
			case derived:
				tr.derived++
			case id == "":
				tr.unmapped["caller "+b.path]++
			}
		}
		if id != "" {
			ids[i] = id
			tr.callers[id] = true
		}
	}
	ix.compiled = tr.callers
	res := map[string]*regexp.Regexp{}
	for i, b := range bodies {
		from := ids[i]
		if from == "" {
			continue
		}
		for _, p := range b.calls {
			to, kind, shape := ix.callee(p)
			if b.closure && to == from {
				// --test wraps each #[test] function in a closure that
				// calls it; recursion from a closure is rare.
				continue
			}
			c := rustCall{kind: kind, name: splitRustPath(p).name, callee: p}
			if kind == "call" || kind == "ambiguous" {
				syn := ix.callSyntax(from, c.name, res)
				if syn == "" {
					c.kind = "implicit"
				}
				c.shape = syn + " " + shape
			}
			tr.counts[c.kind]++
			tr.byCaller[from] = append(tr.byCaller[from], c)
			switch c.kind {
			case "implicit", "ambiguous":
				tr.unscored[[2]string{from, c.name}] = true
			case "unmapped":
				tr.unmapped["callee "+p]++
			case "call":
				if _, ok := tr.edges[edge{from, to}]; !ok {
					tr.edges[edge{from, to}] = c
				}
			}
		}
	}
	return tr
}
