package accuracy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// edge is a call from one function to another, both as lgraph node ids
// ("sym:PATH#Qualified").
type edge struct{ From, To string }

// moduleCache returns GOMODCACHE, or "" when go env cannot tell.
func moduleCache(t testing.TB) string {
	t.Helper()
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// --- lgraph side ---

// lgNode is an exported symbol node.
type lgNode struct {
	ID, Path, Name, Kind string
	Line, EndLine        int
	Signature            string
}

// lgGraph is the part of lgraph's export the measurement needs.
type lgGraph struct {
	nodes map[string]lgNode
	// funcsAt maps path and declaration line to function and method ids.
	funcsAt map[string]map[int][]string
	calls   map[edge]string // -> via
	callBy  map[edge]string // -> resolved_by
}

func isFuncKind(k string) bool { return k == "function" || k == "method" }

// indexWithLgraph runs lgraph's init on a repository and parses its export.
func indexWithLgraph(t testing.TB, dir string) *lgGraph {
	t.Helper()
	ix := lgtest.New(t, dir)
	ix.MustRun(t, "init", false)
	g := &lgGraph{nodes: map[string]lgNode{}, funcsAt: map[string]map[int][]string{}, calls: map[edge]string{}, callBy: map[edge]string{}}
	sc := bufio.NewScanner(strings.NewReader(ix.Export(t, "main")))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var rec struct {
			Type, ID, Kind, Path, Name string
			SymbolKind                 string `json:"symbol_kind"`
			Line                       int
			EndLine                    int `json:"end_line"`
			Signature                  string
			Source, Target, Via        string
			ResolvedBy                 string `json:"resolved_by"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("export line %q: %v", sc.Text(), err)
		}
		switch {
		case rec.Type == "node" && rec.Kind == "symbol":
			g.nodes[rec.ID] = lgNode{ID: rec.ID, Path: rec.Path, Name: rec.Name, Kind: rec.SymbolKind, Line: rec.Line, EndLine: rec.EndLine, Signature: rec.Signature}
			if isFuncKind(rec.SymbolKind) {
				if g.funcsAt[rec.Path] == nil {
					g.funcsAt[rec.Path] = map[int][]string{}
				}
				g.funcsAt[rec.Path][rec.Line] = append(g.funcsAt[rec.Path][rec.Line], rec.ID)
			}
		case rec.Type == "edge" && rec.Kind == "calls":
			g.calls[edge{rec.Source, rec.Target}] = rec.Via
			g.callBy[edge{rec.Source, rec.Target}] = rec.ResolvedBy
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return g
}

// --- compiler side ---

// site describes one truth call site, for classification and examples.
type site struct {
	Pos      string // path:line of the call
	Shape    string // the syntactic form of the call (see callShape)
	Method   bool   // the callee is a method
	CrossPkg bool   // caller and callee are in different packages
	Invoke   bool   // an interface method call (to the interface's method, or CHA edges)
}

// call is one call expression in a module function, as the compiler
// understands it.
type call struct {
	Pos    string
	Name   string // the called name: f, M in x.M, F in pkg.F
	Shape  string
	Callee string // what the compiler says is called (see calleeDesc)
}

// truth is the compiler-derived call graph of a module, in lgraph's ids.
type truth struct {
	static map[edge]site // direct function and static method calls
	cha    map[edge]site // static plus CHA targets of interface method calls
	// files are the repo-relative .go files the compiler loaded for this
	// platform; files lgraph indexes but the build excludes are not scored.
	files map[string]bool
	// calls lists the call expressions of each named function, by id.
	calls   map[string][]call
	renamed int // declarations whose lgraph node on that line has another name
}

// loadTruth type-checks the module in dir offline, builds SSA for its
// packages and collects, from every declared function and method and the
// function literals inside them, the calls whose callee is static
// (ssa.CallCommon.StaticCallee, the rule of go/callgraph/static) and the
// CHA targets of interface method calls. Unlike static.CallGraph it does
// not stop at functions unreachable through static calls (function
// literals passed as values, unexported dead code).
func loadTruth(t testing.TB, dir string, g *lgGraph) *truth {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir: dir,
		Env: append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOSUMDB=off",
			"GOTOOLCHAIN=local", "CGO_ENABLED=0"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		skipIfOffline(t, err.Error())
		t.Fatalf("load: %v", err)
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		skipIfOffline(t, strings.Join(errs, "\n"))
		t.Fatalf("load: %d errors:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	prog, ssaPkgs := ssautil.Packages(pkgs, ssa.BuilderMode(0))
	prog.Build()

	tr := &truth{static: map[edge]site{}, cha: map[edge]site{}, files: map[string]bool{}, calls: map[string][]call{}}
	inModule := map[*types.Package]bool{}
	for i, p := range pkgs {
		if ssaPkgs[i] == nil {
			t.Fatalf("no SSA for %s", p.PkgPath)
		}
		inModule[p.Types] = true
		for _, f := range p.CompiledGoFiles {
			if rel, ok := relTo(dir, f); ok {
				tr.files[rel] = true
			}
		}
	}
	fset := prog.Fset
	position := func(pos token.Pos) string {
		p := fset.Position(pos)
		rel, _ := relTo(dir, p.Filename)
		return fmt.Sprintf("%s:%d", rel, p.Line)
	}

	// The concrete named types of the module, for CHA.
	var concrete []types.Type
	for _, p := range pkgs {
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams() == nil && !types.IsInterface(n) {
				concrete = append(concrete, n)
			}
		}
	}
	implementations := func(iface *types.Interface, m *types.Func) []*ssa.Function {
		var out []*ssa.Function
		for _, T := range concrete {
			for _, recv := range []types.Type{T, types.NewPointer(T)} {
				if !types.Implements(recv, iface) {
					continue
				}
				sel := prog.MethodSets.MethodSet(recv).Lookup(m.Pkg(), m.Name())
				if sel == nil {
					continue
				}
				if fn := prog.FuncValue(sel.Obj().(*types.Func).Origin()); fn != nil {
					out = append(out, fn)
				}
				break
			}
		}
		return out
	}

	ids := map[*ssa.Function]string{}
	idOf := func(fn *ssa.Function) string {
		id, ok := ids[fn]
		if !ok {
			id = funcID(fset, dir, fn, inModule, g, &tr.renamed)
			ids[fn] = id
		}
		return id
	}
	add := func(m map[edge]site, caller, callee *ssa.Function, instr ssa.CallInstruction, shapes map[token.Pos]string) {
		if callee.Parent() != nil {
			return // a call of a function literal: no lgraph symbol
		}
		from, to := idOf(caller), idOf(callee)
		if from == "" || to == "" {
			return
		}
		k := edge{from, to}
		if _, seen := m[k]; seen {
			return
		}
		pos := instr.Common().Pos() // the call's Lparen, also for go and defer
		m[k] = site{
			Pos:      position(pos),
			Shape:    shapes[pos],
			Method:   callee.Signature.Recv() != nil,
			CrossPkg: caller.Pkg != nil && callee.Pkg != nil && caller.Pkg.Pkg.Path() != callee.Pkg.Pkg.Path(),
			Invoke:   instr.Common().IsInvoke(),
		}
	}

	// A call through an interface resolves, by the types the source
	// declares, to the interface's method: the static edge is to that
	// method's declaration when the module declares the interface.
	addAbstract := func(caller *ssa.Function, instr ssa.CallInstruction) {
		m := instr.Common().Method
		recv := m.Type().(*types.Signature).Recv()
		named, ok := types.Unalias(recv.Type()).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || !inModule[named.Obj().Pkg()] {
			return
		}
		rel, ok := relTo(dir, fset.Position(m.Pos()).Filename)
		from := idOf(caller)
		if !ok || from == "" {
			return
		}
		k := edge{from, nodeid.Symbol(rel, named.Obj().Name()+"."+m.Name(), 1)}
		if _, seen := tr.static[k]; !seen {
			tr.static[k] = site{Pos: position(instr.Common().Pos()), Method: true, Invoke: true}
		}
	}

	for _, p := range pkgs {
		for _, file := range p.Syntax {
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				obj, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
				if obj == nil {
					continue
				}
				root := prog.FuncValue(obj)
				if root == nil {
					t.Fatalf("no SSA function for %s", obj)
				}
				// The syntax of the calls, for classification.
				shapes := map[token.Pos]string{}
				var calls []call
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						name, shape := callShape(c, p.TypesInfo, fd)
						shapes[c.Lparen] = shape
						calls = append(calls, call{Pos: position(c.Lparen), Name: name, Shape: shape,
							Callee: calleeDesc(c, p.TypesInfo, inModule)})
					}
					return true
				})
				if id := idOf(root); id != "" {
					tr.calls[id] = append(tr.calls[id], calls...)
				}
				for _, fn := range withAnon(root, nil) {
					for _, b := range fn.Blocks {
						for _, instr := range b.Instrs {
							c, ok := instr.(ssa.CallInstruction)
							if !ok {
								continue
							}
							if callee := c.Common().StaticCallee(); callee != nil {
								add(tr.static, fn, callee, c, shapes)
								add(tr.cha, fn, callee, c, shapes)
							} else if c.Common().IsInvoke() {
								addAbstract(fn, c)
								iface := c.Common().Value.Type().Underlying().(*types.Interface)
								for _, callee := range implementations(iface, c.Common().Method) {
									add(tr.cha, fn, callee, c, shapes)
								}
							}
						}
					}
				}
			}
		}
	}
	return tr
}

// skipIfOffline skips the test when loading failed because a dependency
// is not in the module cache (the load runs with GOPROXY=off).
func skipIfOffline(t testing.TB, msg string) {
	t.Helper()
	for _, s := range []string{"GOPROXY=off", "module lookup disabled", "missing go.sum entry", "cannot find module"} {
		if strings.Contains(msg, s) {
			t.Skipf("a dependency is not in the module cache: %s", msg)
		}
	}
}

// withAnon appends fn and the function literals nested in it.
func withAnon(fn *ssa.Function, out []*ssa.Function) []*ssa.Function {
	out = append(out, fn)
	for _, a := range fn.AnonFuncs {
		out = withAnon(a, out)
	}
	return out
}

// callShape returns the called name and the syntactic form of a call.
func callShape(c *ast.CallExpr, info *types.Info, fd *ast.FuncDecl) (string, string) {
	fun := ast.Unparen(c.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name, "f()"
	case *ast.SelectorExpr:
		name := f.Sel.Name
		switch x := ast.Unparen(f.X).(type) {
		case *ast.Ident:
			if _, ok := info.Uses[x].(*types.PkgName); ok {
				return name, "pkg.F()"
			}
			if fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 && info.Uses[x] != nil &&
				info.Uses[x] == info.Defs[fd.Recv.List[0].Names[0]] {
				return name, "recv.M()"
			}
			if v, ok := info.Uses[x].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return name, "global.M()"
			}
			if _, ok := info.Uses[x].(*types.TypeName); ok {
				return name, "T.M() method expression"
			}
			return name, "local.M()"
		case *ast.SelectorExpr:
			return name, "x.f.M()"
		case *ast.CallExpr:
			return name, "f().M()"
		case *ast.IndexExpr:
			return name, "x[i].M()"
		case *ast.TypeAssertExpr:
			return name, "x.(T).M()"
		default:
			return name, "expr.M()"
		}
	case *ast.FuncLit:
		return "func", "func(){}()"
	}
	return "", "other"
}

// calleeDesc describes what the compiler says a call calls.
func calleeDesc(c *ast.CallExpr, info *types.Info, inModule map[*types.Package]bool) string {
	if tv, ok := info.Types[c.Fun]; ok && tv.IsType() {
		return "conversion"
	}
	fun := ast.Unparen(c.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	var obj types.Object
	switch f := fun.(type) {
	case *ast.Ident:
		obj = info.Uses[f]
	case *ast.SelectorExpr:
		if sel := info.Selections[f]; sel != nil {
			obj = sel.Obj()
		} else {
			obj = info.Uses[f.Sel]
		}
	default:
		return "func value"
	}
	where := func(o types.Object) string {
		if o.Pkg() == nil {
			return "universe"
		}
		if inModule[o.Pkg()] {
			return "module"
		}
		return "external " + o.Pkg().Path()
	}
	switch o := obj.(type) {
	case *types.Builtin:
		return "builtin"
	case *types.Var:
		return "func value (var/field/param)"
	case *types.Func:
		recv := o.Type().(*types.Signature).Recv()
		if recv == nil {
			return "function in " + where(o)
		}
		if types.IsInterface(recv.Type()) {
			return "interface method in " + where(o)
		}
		return "method " + recvName(recv.Type()) + "." + o.Name() + " in " + where(o)
	}
	return "unknown"
}

// funcID maps an SSA function to lgraph's id for the named source function
// it belongs to: function literals map to their outermost named parent,
// generic instances to their origin. It returns "" for synthetic functions
// (wrappers, package initializers) and functions outside the module.
func funcID(fset *token.FileSet, dir string, fn *ssa.Function, inModule map[*types.Package]bool, g *lgGraph, renamed *int) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Synthetic != "" || fn.Pkg == nil || !inModule[fn.Pkg.Pkg] {
		return ""
	}
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok {
		return ""
	}
	pos := fset.Position(decl.Pos())
	rel, ok := relTo(dir, pos.Filename)
	if !ok {
		return ""
	}
	qual := fn.Name()
	if strings.HasPrefix(qual, "init#") {
		qual = "init"
	}
	if recv := fn.Signature.Recv(); recv != nil {
		qual = recvName(recv.Type()) + "." + qual
	}
	// Prefer the lgraph node declared on that line (it carries the ~N suffix
	// of a repeated name such as init); otherwise synthesize the id.
	for _, id := range g.funcsAt[rel][pos.Line] {
		if g.nodes[id].Name == qual {
			return id
		}
	}
	if len(g.funcsAt[rel][pos.Line]) > 0 {
		*renamed++
	}
	return nodeid.Symbol(rel, qual, 1)
}

// recvName is a receiver's type name with pointer and type arguments stripped.
func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch n := types.Unalias(t).(type) {
	case *types.Named:
		return n.Obj().Name()
	}
	return types.TypeString(t, func(*types.Package) string { return "" })
}

// relTo returns a file's slash path relative to dir, if it is inside dir.
func relTo(dir, file string) (string, bool) {
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// --- scoring ---

// score compares lgraph's call edges with a truth call graph.
type score struct {
	lg, truth, both int
}

func (s *score) add(o score) { s.lg, s.truth, s.both = s.lg+o.lg, s.truth+o.truth, s.both+o.both }

func (s score) precision() float64 { return ratio(s.both, s.lg) }
func (s score) recall() float64    { return ratio(s.both, s.truth) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func (s score) String() string {
	return fmt.Sprintf("precision %.3f (%d/%d) recall %.3f (%d/%d)",
		s.precision(), s.both, s.lg, s.recall(), s.both, s.truth)
}

// measurement is one module's comparison.
type measurement struct {
	scored         map[edge]string // lgraph call edges that are scored -> via
	static, cha    score
	fp, fn         []edge // against static, sorted
	unscoredSource int    // lgraph edges from files the build excludes, or from non-functions
	nonFuncTarget  int    // lgraph calls edges to types (conversions) and other non-functions
}

// measure scores lgraph's function-to-function call edges whose source is
// in a compiled file against the truth. A target in a build-excluded file
// counts (it is a wrong pick for this platform).
func measure(g *lgGraph, tr *truth) *measurement {
	m := &measurement{scored: map[edge]string{}}
	for e, via := range g.calls {
		src, dst := g.nodes[e.From], g.nodes[e.To]
		if !isFuncKind(src.Kind) || !tr.files[src.Path] {
			m.unscoredSource++
			continue
		}
		if !isFuncKind(dst.Kind) {
			m.nonFuncTarget++
			continue
		}
		m.scored[e] = via
	}
	scoreAgainst(m, tr.static)
	m.cha = compare(m.scored, tr.cha)
	return m
}

// scoreAgainst scores the measurement's scored edges against a truth set:
// the static score, and the wrong (fp) and missing (fn) edges, sorted.
func scoreAgainst[V any](m *measurement, truth map[edge]V) {
	m.static = compare(m.scored, truth)
	for e := range m.scored {
		if _, ok := truth[e]; !ok {
			m.fp = append(m.fp, e)
		}
	}
	for e := range truth {
		if _, ok := m.scored[e]; !ok {
			m.fn = append(m.fn, e)
		}
	}
	sortEdges(m.fp)
	sortEdges(m.fn)
}

func compare[V any](lg map[edge]string, want map[edge]V) score {
	s := score{lg: len(lg), truth: len(want)}
	for e := range lg {
		if _, ok := want[e]; ok {
			s.both++
		}
	}
	return s
}

func sortEdges(es []edge) {
	sort.Slice(es, func(i, j int) bool {
		if es[i].From != es[j].From {
			return es[i].From < es[j].From
		}
		return es[i].To < es[j].To
	})
}

// simpleName is the last dotted segment of an id's qualified name.
func simpleName(id string) string {
	q := id[strings.LastIndexByte(id, '#')+1:]
	q, _, _ = strings.Cut(q, "~")
	return q[strings.LastIndexByte(q, '.')+1:]
}

// classifyFP names why an lgraph edge is not a static truth edge: how the
// call is written and what the compiler says it calls. It also returns a
// detail for the example line.
func classifyFP(e edge, via string, g *lgGraph, tr *truth) (string, string) {
	if s, ok := tr.cha[e]; ok && s.Invoke {
		return "interface method call resolved to its only module implementation (true under CHA)", s.Pos
	}
	name := via[strings.LastIndexByte(via, '.')+1:]
	var found *call
	for i, c := range tr.calls[e.From] {
		if c.Name == name {
			found = &tr.calls[e.From][i]
			if !strings.HasPrefix(c.Callee, "function in module") && !strings.HasPrefix(c.Callee, "method ") {
				break // prefer a site whose callee is not a module function
			}
		}
	}
	if found == nil {
		if !tr.files[g.nodes[e.To].Path] {
			return "target in a build-excluded file", ""
		}
		return "no call of that name in the source function", ""
	}
	callee := found.Callee
	switch {
	case strings.HasPrefix(callee, "method ") && strings.HasSuffix(callee, " in module"):
		callee = "another module method"
	case strings.HasPrefix(callee, "method ") && strings.Contains(callee, " in external "):
		callee = "a method of a non-module type"
	case strings.HasPrefix(callee, "interface method in external"):
		callee = "a non-module interface method"
	case strings.HasPrefix(callee, "function in module"):
		callee = "another module function"
	case strings.HasPrefix(callee, "function in external"):
		callee = "a non-module function"
	}
	return fmt.Sprintf("%s that calls %s", found.Shape, callee), found.Pos + " " + found.Callee
}

// classifyFN names why a static truth edge is missing from lgraph.
func classifyFN(e edge, s site, m *measurement, g *lgGraph) string {
	if _, ok := g.nodes[e.From]; !ok {
		return "caller symbol missing in lgraph"
	}
	if _, ok := g.nodes[e.To]; !ok {
		return "callee symbol missing in lgraph"
	}
	for l := range m.scored {
		if l.From == e.From && simpleName(l.To) == simpleName(e.To) {
			return "wrong target: lgraph resolved the name elsewhere (" + s.Shape + ")"
		}
	}
	kind := "function"
	if s.Method {
		kind = "method"
	}
	pkg := "same package"
	if s.CrossPkg {
		pkg = "other package"
	}
	return fmt.Sprintf("unresolved %s (%s, %s)", s.Shape, kind, pkg)
}

// breakdown counts categories and keeps the first few examples of each.
type breakdown struct {
	counts   map[string]int
	examples map[string][]string
}

func newBreakdown() *breakdown {
	return &breakdown{counts: map[string]int{}, examples: map[string][]string{}}
}

func (b *breakdown) add(cat, example string, keep int) {
	b.counts[cat]++
	if len(b.examples[cat]) < keep {
		b.examples[cat] = append(b.examples[cat], example)
	}
}

func (b *breakdown) log(t testing.TB, title string) {
	t.Helper()
	cats := make([]string, 0, len(b.counts))
	for c := range b.counts {
		cats = append(cats, c)
	}
	sort.Slice(cats, func(i, j int) bool {
		if b.counts[cats[i]] != b.counts[cats[j]] {
			return b.counts[cats[i]] > b.counts[cats[j]]
		}
		return cats[i] < cats[j]
	})
	for _, c := range cats {
		t.Logf("  %s %4d  %s", title, b.counts[c], c)
		for _, ex := range b.examples[c] {
			t.Logf("        e.g. %s", ex)
		}
	}
}

func short(id string) string { return strings.TrimPrefix(id, "sym:") }

// run indexes a Go module checked out at dir (a committed git repository)
// with lgraph, computes the truth and scores lgraph against it.
func run(t testing.TB, dir string) (*lgGraph, *truth, *measurement) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	g := indexWithLgraph(t, dir)
	tr := loadTruth(t, dir, g)
	return g, tr, measure(g, tr)
}

// logDiff logs a measurement's scores and its false positives and false
// negatives by category, with up to keep examples each.
func logDiff(t testing.TB, g *lgGraph, tr *truth, m *measurement, keep int) {
	t.Helper()
	t.Logf("  static: %v", m.static)
	t.Logf("  cha:    %v", m.cha)
	if tr.renamed > 0 {
		t.Logf("  %d declarations had an lgraph node of another name on their line", tr.renamed)
	}
	// Recall by the syntactic form of the call (first site of each edge).
	type tally struct{ truth, found int }
	shapes := map[string]*tally{}
	for e, s := range tr.static {
		if shapes[s.Shape] == nil {
			shapes[s.Shape] = &tally{}
		}
		shapes[s.Shape].truth++
		if _, ok := m.scored[e]; ok {
			shapes[s.Shape].found++
		}
	}
	var names []string
	for s := range shapes {
		names = append(names, s)
	}
	sort.Slice(names, func(i, j int) bool {
		if a, b := shapes[names[i]].truth, shapes[names[j]].truth; a != b {
			return a > b
		}
		return names[i] < names[j]
	})
	var parts []string
	for _, s := range names {
		parts = append(parts, fmt.Sprintf("%s %d/%d", s, shapes[s].found, shapes[s].truth))
	}
	t.Logf("  static recall by call form: %s", strings.Join(parts, ", "))
	fps, fns := newBreakdown(), newBreakdown()
	for _, e := range m.fp {
		via := m.scored[e]
		cat, detail := classifyFP(e, via, g, tr)
		fps.add(cat, short(e.From)+" -> "+short(e.To)+" (via "+via+") "+detail, keep)
	}
	for _, e := range m.fn {
		s := tr.static[e]
		fns.add(classifyFN(e, s, m, g), short(e.From)+" -> "+short(e.To)+" at "+s.Pos, keep)
	}
	fps.log(t, "FP")
	fns.log(t, "FN")
}
