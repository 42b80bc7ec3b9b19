package accuracy

import (
	"fmt"
	"strings"
)

// The C/C++ truth comes from clang: `clang -Xclang -ast-dump=json
// -fsyntax-only` per translation unit. A call is a CallExpr or
// CXXMemberCallExpr whose callee expression names a function
// (DeclRefExpr.referencedDecl) or a method (MemberExpr.referencedMemberDecl);
// its caller is the function definition around it, a lambda's body
// belonging to the function that holds the lambda (as in lgraph). Calls in
// template instantiations count: clang resolves there what the template's
// pattern leaves dependent. Constructor calls and overloaded operators are
// not scored. A callee maps to its definition: in its translation unit
// through redeclarations, or else in any unit by qualified name and type.

// clangLoc is a source location as the JSON dumper writes it: file and
// line are left out when they equal the previously written location's.
type clangLoc struct {
	Offset       *int      `json:"offset"`
	File         string    `json:"file"`
	Line         int       `json:"line"`
	TokLen       int       `json:"tokLen"`
	SpellingLoc  *clangLoc `json:"spellingLoc"`
	ExpansionLoc *clangLoc `json:"expansionLoc"`
}

// clangNode is the part of a JSON AST node the truth reads.
type clangNode struct {
	ID           string
	Kind         string
	Name         string
	Loc          clangLoc
	Range        struct{ Begin, End clangLoc }
	IsImplicit   bool
	StorageClass string
	PreviousDecl string
	Type         struct {
		QualType string
	}
	ReferencedDecl *struct {
		ID, Kind, Name string
	}
	ReferencedMemberDecl string
	Member               string      // of a CXXDependentScopeMemberExpr
	ArrayFiller          []clangNode `json:"array_filler"`
	Inner                []clangNode
}

// pos is a resolved position: a file (as clang names it) and a line.
type pos struct {
	file string
	line int
}

// locState undoes the dumper's elision of repeated files and lines.
type locState struct {
	file string
	line int
}

// resolve reads one bare location and returns its absolute position.
func (s *locState) bare(l *clangLoc) (pos, bool) {
	if l == nil || l.Offset == nil {
		return pos{}, false
	}
	if l.File != "" {
		s.file = cleanFile(l.File)
	}
	if l.Line != 0 {
		s.line = l.Line
	}
	return pos{s.file, s.line}, true
}

// loc reads a location; a location in a macro expansion is where the macro
// is used (that is where lgraph sees the code).
func (s *locState) loc(l *clangLoc) (pos, bool) {
	_, at, ok := s.locs(l)
	return at, ok
}

// locs reads a location and returns where it is spelled as well.
func (s *locState) locs(l *clangLoc) (spelled, at pos, ok bool) {
	if l.SpellingLoc != nil || l.ExpansionLoc != nil {
		spelled, _ = s.bare(l.SpellingLoc)
		at, ok = s.bare(l.ExpansionLoc)
		return spelled, at, ok
	}
	at, ok = s.bare(l)
	return at, at, ok
}

// cDecl is a function declaration in the corpus.
type cDecl struct {
	name, key string
	at        pos // the name's line
	begin     int // first line of the declaration (or of its template)
	end       int // last line
	// bodyAt is where the body starts: an instantiated member of a class
	// template has the location of its declaration in the class, and the
	// body of the definition outside it.
	bodyAt pos
	body   bool
	canon  string // id of the first declaration
}

// cCall is one call site clang resolved to a function in the corpus.
type cCall struct {
	caller    *cDecl
	callee    string // declaration id in its unit
	shape, at string
}

// cUnit is what one translation unit contributes.
type cUnit struct {
	decls map[string]*cDecl
	defs  map[string]*cDecl // canonical id -> definition
	calls []cCall
	// dependent lists, per caller definition, the callee names clang left
	// unresolved in a template's pattern.
	dependent map[pos]map[string]bool
	// named lists, per caller definition, every function name a resolved
	// call names, in the corpus or not.
	named  map[pos]map[string]bool
	bodies []*cDecl // every definition in the corpus
}

var funcKinds = map[string]bool{"FunctionDecl": true, "CXXMethodDecl": true, "CXXConstructorDecl": true,
	"CXXDestructorDecl": true, "CXXConversionDecl": true}

var scopeKinds = map[string]bool{"NamespaceDecl": true, "CXXRecordDecl": true, "ClassTemplateSpecializationDecl": true,
	"ClassTemplatePartialSpecializationDecl": true, "RecordDecl": true}

// unitWalker walks one unit's AST in document order.
type unitWalker struct {
	u      *cUnit
	s      locState
	inCorp func(file string) bool
	src    func(file string) []byte // a corpus file's content
	scopes []string
	// spelled holds where the names of callee expressions expanded from
	// macros are spelled, by node id.
	spelled map[string]pos
}

// walk visits n; caller is the definition the code belongs to, tmplBeg the
// first line of the function template n is the pattern or an
// instantiation of.
func (w *unitWalker) walk(n *clangNode, caller *cDecl, tmplBeg int) pos {
	at, _ := w.s.loc(&n.Loc)
	begin, hasBegin := w.s.loc(&n.Range.Begin)
	spelledEnd, end, _ := w.s.locs(&n.Range.End)
	if caller != nil && n.Range.End.SpellingLoc != nil && (n.Kind == "DeclRefExpr" || n.Kind == "MemberExpr") {
		w.spelled[n.ID] = spelledEnd
	}
	innerTmpl, isCall := 0, false
	var def *cDecl
	switch {
	case funcKinds[n.Kind] && caller == nil:
		d := w.decl(n, at, begin, hasBegin, tmplBeg)
		if d != nil && d.body {
			d.end = end.line
			caller, def = d, d
		}
	case n.Kind == "FunctionTemplateDecl" && hasBegin:
		innerTmpl = begin.line
	case n.Kind == "CallExpr" || n.Kind == "CXXMemberCallExpr":
		isCall = caller != nil && len(n.Inner) > 0
	case dependentKinds[n.Kind] && caller != nil:
		if name := w.dependentName(n, end); name != "" {
			addName(w.u.dependent, caller.at, name)
		}
	}
	scoped := scopeKinds[n.Kind] && !n.IsImplicit
	if scoped {
		w.scopes = append(w.scopes, n.Name)
	}
	for i := range n.ArrayFiller {
		w.walk(&n.ArrayFiller[i], caller, 0)
	}
	for i := range n.Inner {
		b := w.walk(&n.Inner[i], caller, innerTmpl)
		if k := n.Inner[i].Kind; def != nil && def.bodyAt.file == "" && (k == "CompoundStmt" || k == "CXXTryStmt") {
			def.bodyAt = b
		}
	}
	if scoped {
		w.scopes = w.scopes[:len(w.scopes)-1]
	}
	if isCall { // after the callee's locations are read
		w.call(n, caller, begin)
	}
	return begin
}

// decl records a function declaration of the corpus.
func (w *unitWalker) decl(n *clangNode, at, begin pos, hasBegin bool, tmplBeg int) *cDecl {
	if n.IsImplicit || !w.inCorp(at.file) {
		return nil
	}
	d := &cDecl{name: baseName(n.Name), at: at, begin: at.line, canon: n.ID}
	if hasBegin && begin.file == at.file && begin.line < d.begin {
		d.begin = begin.line
	}
	if tmplBeg > 0 && tmplBeg < d.begin {
		d.begin = tmplBeg
	}
	if prev := w.u.decls[n.PreviousDecl]; prev != nil {
		d.canon = prev.canon
	}
	for _, ch := range n.Inner {
		if ch.Kind == "CompoundStmt" || ch.Kind == "CXXTryStmt" {
			d.body = true
		}
	}
	if first := w.u.decls[d.canon]; first != nil {
		d.key = first.key
	} else {
		d.key = w.key(n, at)
	}
	w.u.decls[n.ID] = d
	if d.body {
		w.u.defs[d.canon] = d
		w.u.bodies = append(w.u.bodies, d)
	}
	return d
}

// key names a function across units: qualified name and type, and the file
// for internal linkage.
func (w *unitWalker) key(n *clangNode, at pos) string {
	q := strings.Join(append(append([]string{}, w.scopes...), n.Name), "::")
	k := q + " " + n.Type.QualType
	if n.StorageClass == "static" && n.Kind == "FunctionDecl" || strings.Contains("::"+q, "::::") {
		k = at.file + ": " + k
	}
	return k
}

// call records the callee of a call when it is a named function.
func (w *unitWalker) call(n *clangNode, caller *cDecl, site pos) {
	callee := &n.Inner[0]
	for (callee.Kind == "ImplicitCastExpr" || callee.Kind == "ParenExpr") && len(callee.Inner) > 0 {
		callee = &callee.Inner[0]
	}
	shape := "call"
	if callee.Range.End.SpellingLoc != nil {
		shape = "in a macro body"
		if sp := w.spelled[callee.ID]; sp.file == caller.at.file && sp.line >= caller.begin && sp.line <= caller.end {
			shape = "in a macro argument"
		}
	}
	var id string
	switch callee.Kind {
	case "DeclRefExpr":
		if r := callee.ReferencedDecl; r != nil && funcKinds[r.Kind] {
			id = r.ID
			addName(w.u.named, caller.at, r.Name)
		}
	case "MemberExpr":
		id = callee.ReferencedMemberDecl
		addName(w.u.named, caller.at, callee.Name)
		if shape == "call" {
			shape = "member call"
		}
	}
	if id != "" {
		w.u.calls = append(w.u.calls, cCall{caller: caller, callee: id, shape: shape, at: fmt.Sprintf("%s:%d", site.file, site.line)})
	}
}

// resolvedCall is a call whose callee is a definition in the corpus.
type resolvedCall struct {
	cCall
	def *cDecl
}

// resolveCalls maps the units' callees to definitions: through
// redeclarations in the caller's unit, or else by key in any unit. It
// also counts the calls of corpus declarations no unit defines. A call
// clang left dependent in the template's pattern gets the shape
// "dependent call".
// Calls of declarations no unit defines (pure virtual methods) are
// counted in noDef and returned in undefined.
func resolveCalls(units []*cUnit) (calls, undefined []resolvedCall, noDef int) {
	byKey := map[string]*cDecl{}
	for _, u := range units {
		for _, d := range u.bodies {
			if byKey[d.key] == nil {
				byKey[d.key] = d
			}
		}
	}
	for _, u := range units {
		for _, c := range u.calls {
			decl := u.decls[c.callee]
			if decl == nil {
				continue // declared outside the corpus
			}
			def := u.defs[decl.canon]
			if def == nil {
				def = byKey[decl.key]
			}
			if def == nil {
				noDef++
				undefined = append(undefined, resolvedCall{c, decl})
				continue
			}
			if u.dependent[c.caller.at][def.name] {
				c.shape = "dependent call"
			}
			calls = append(calls, resolvedCall{c, def})
		}
	}
	return calls, undefined, noDef
}

var dependentKinds = map[string]bool{"UnresolvedLookupExpr": true, "UnresolvedMemberExpr": true, "CXXDependentScopeMemberExpr": true}

// dependentName is the name a dependent expression looks up. The dumper
// leaves an UnresolvedMemberExpr's name out; it is the last token of the
// expression (x.name or name), read from the source.
func (w *unitWalker) dependentName(n *clangNode, end pos) string {
	if n.Name != "" || n.Member != "" {
		return n.Name + n.Member
	}
	l := &n.Range.End
	if l.Offset == nil || l.SpellingLoc != nil || !w.inCorp(end.file) {
		return ""
	}
	src := w.src(end.file)
	if *l.Offset+l.TokLen > len(src) {
		return ""
	}
	tok := string(src[*l.Offset : *l.Offset+l.TokLen])
	if strings.Trim(tok, ">") != "" {
		return tok
	}
	// x.push<stored_type<T>>(arg): the expression ends with its template
	// arguments.
	return nameBeforeTemplateArgs(src, *l.Offset+l.TokLen-1)
}

// nameBeforeTemplateArgs is the identifier before the template arguments
// whose closing ">" is at src[i] (x.push<stored_type<T>>: push).
func nameBeforeTemplateArgs(src []byte, i int) string {
	depth := 0
	for ; i >= 0; i-- {
		switch src[i] {
		case '>':
			depth++
		case '<':
			depth--
		}
		if depth == 0 {
			break
		}
	}
	end := i
	for end > 0 && (src[end-1] == ' ' || src[end-1] == '\t' || src[end-1] == '\n') {
		end--
	}
	start := end
	for start > 0 && isIdentChar(src[start-1]) {
		start--
	}
	return string(src[start:end])
}

func isIdentChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// baseName drops the template arguments clang writes in the name of a
// class template's constructor ("node<T>" -> "node").
func baseName(name string) string {
	if i := strings.IndexByte(name, '<'); i > 0 && !strings.HasPrefix(name, "operator") {
		return name[:i]
	}
	return name
}

func addName(m map[pos]map[string]bool, at pos, name string) {
	if m[at] == nil {
		m[at] = map[string]bool{}
	}
	m[at][name] = true
}
