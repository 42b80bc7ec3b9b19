package explicit

import (
	"strconv"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// C# overloads (ECMA-334 12.6.4), as far as simple type names tell: the
// extractor gives methods and constructors their parameter types and
// calls their arguments' (internal/lang/csharp/args.go). A candidate is
// applicable when each argument converts implicitly to its parameter
// (identity, the implicit numeric conversions, a constant to a smaller
// integral type, a reference conversion through the indexed bases), with
// ref/out matching; a params method in its normal form, else expanded;
// parameters with defaults may be left out. Of the applicable ones the
// better function member wins; a call that fits several equally well, or
// whose winner fits only perhaps while another surely fits, links to none.

// csFit is how a candidate's parameters take a call's arguments.
type csFit struct {
	ok bool
	// sure: every argument surely converts (no unknown type, no relation
	// the index cannot tell).
	sure bool
	// params are the parameter types the arguments go to, modifiers
	// dropped; nil for a candidate without parameter types.
	params    []string
	expanded  bool // a params method in its expanded form
	defaulted int  // parameters left to their default values
	generic   bool // a generic method
}

// csMatcher answers conversions between the simple type names of one call.
type csMatcher struct {
	r    *resolver
	ctx  *chainCtx
	memo map[[2]string]int
	// typeArgs is the number of type arguments the call gives explicitly.
	typeArgs int
}

// cutArity splits "<2>(T,U)" (a generic method's Params, a call's Args
// with explicit type arguments) into 2 and "(T,U)".
func cutArity(list string) (int, string) {
	if !strings.HasPrefix(list, "<") {
		return 0, list
	}
	end := strings.IndexByte(list, '>')
	if end < 0 {
		return 0, list
	}
	n, err := strconv.Atoi(list[1:end])
	if err != nil {
		return 0, list
	}
	return n, list[end+1:]
}

// calling is a matcher for a call's Args: its explicit type arguments
// counted, its argument types split.
func (m *csMatcher) calling(args string) []string {
	m.typeArgs, args = cutArity(args)
	return splitTypes(args)
}

func (r *resolver) csMatcher() *csMatcher {
	return &csMatcher{r: r, memo: map[[2]string]int{}}
}

// chooseCSharp is choose for C#: the candidates all declared at one level
// (a type, or a scope's symbols).
func (r *resolver) chooseCSharp(cands []*def, args string) (kept []*def, stop bool) {
	if args == "" || len(cands) == 0 {
		return cands, false
	}
	levels := make([]int, len(cands))
	m := r.csMatcher()
	return m.choose(cands, levels, m.calling(args))
}

// choose keeps the applicable candidates of the most derived level that
// has one (a method of a derived type hides its bases' overloads; an
// override counts at the level of what it overrides), best first, and
// stops when no one of them is better than all others.
func (m *csMatcher) choose(cands []*def, levels []int, args []string) ([]*def, bool) {
	cands, levels = withParams(cands, levels)
	var app []*def
	var fits []csFit
	var lv []int
	minLevel := -1
	for i, d := range cands {
		f := m.fitOf(d.Params, args)
		if !f.ok {
			continue
		}
		app, fits, lv = append(app, d), append(fits, f), append(lv, levels[i])
		if minLevel < 0 || levels[i] < minLevel {
			minLevel = levels[i]
		}
	}
	if len(app) == 0 {
		return nil, false
	}
	var best []int
	sureAtMin, deeper := false, false
	for i := range app {
		if lv[i] == minLevel {
			best = append(best, i)
			sureAtMin = sureAtMin || fits[i].sure
		} else {
			deeper = true
		}
	}
	if deeper && !sureAtMin {
		return nil, true // the derived type's overloads may not apply after all
	}
	win := -1
	for _, i := range best {
		beatsAll := true
		for _, j := range best {
			if i != j && !m.better(fits[i], fits[j], args) {
				beatsAll = false
				break
			}
		}
		if beatsAll {
			win = i
			break
		}
	}
	if win < 0 {
		return nil, true
	}
	if !fits[win].sure && len(best) > 1 {
		return nil, true // the best may not apply, and another would then be chosen
	}
	out := []*def{app[win]}
	for i, d := range app {
		if i != win {
			out = append(out, d)
		}
	}
	return out, false
}

// withParams drops the candidates without parameter types when some have
// them: an explicit interface implementation (no call by name reaches it),
// a field or property of the name.
func withParams(cands []*def, levels []int) ([]*def, []int) {
	var cs []*def
	var ls []int
	for i, d := range cands {
		if d.Params != "" {
			cs, ls = append(cs, d), append(ls, levels[i])
		}
	}
	if len(cs) == 0 {
		return cands, levels
	}
	return cs, ls
}

// fitOf matches argument types against a parameter list: the normal
// form first, then a params method's expanded form.
func (m *csMatcher) fitOf(params string, args []string) csFit {
	if params == "" {
		return csFit{ok: true}
	}
	arity, params := cutArity(params)
	if m.typeArgs > 0 && arity != m.typeArgs {
		return csFit{} // M<A, B>(x) takes only a method of two type parameters
	}
	f := m.fitForm(splitTypes(params), args)
	f.generic = arity > 0
	return f
}

// fitForm is fitOf for a list of parameter types.
func (m *csMatcher) fitForm(ps, args []string) csFit {
	n := len(ps)
	variadic := n > 0 && strings.HasSuffix(ps[n-1], "...")
	normal := ps
	if variadic {
		normal = append(append([]string{}, ps[:n-1]...), strings.TrimSuffix(ps[n-1], "...")+"[]=")
	}
	if f := m.matchAll(normal, args); f.ok {
		if variadic && len(args) < n {
			f.expanded = true // M(params int[] xs) called as M(): an empty array
			f.defaulted--
		}
		return f
	}
	if !variadic || len(args) < n-1 {
		return csFit{}
	}
	elem := strings.TrimSuffix(ps[n-1], "...")
	expanded := append([]string{}, ps[:n-1]...)
	for len(expanded) < len(args) {
		expanded = append(expanded, elem)
	}
	f := m.matchAll(expanded, args)
	f.expanded = true
	return f
}

// matchAll matches the arguments against the first parameters; the rest
// must have defaults.
func (m *csMatcher) matchAll(ps, args []string) csFit {
	if len(args) > len(ps) {
		return csFit{}
	}
	for _, p := range ps[len(args):] {
		if !strings.HasSuffix(p, "=") {
			return csFit{}
		}
	}
	f := csFit{ok: true, sure: true, defaulted: len(ps) - len(args)}
	for i, a := range args {
		pm, p := csModifier(strings.TrimSuffix(ps[i], "="))
		am, at := csModifier(a)
		var c int
		switch {
		case pm == "ref" || pm == "out":
			if am != pm {
				return csFit{}
			}
			c = m.identity(at, p)
		case am == "ref" || am == "out":
			return csFit{}
		case am == "in":
			if pm != "in" {
				return csFit{}
			}
			c = m.identity(at, p)
		default:
			c = m.convert(at, p)
		}
		if c == noFit {
			return csFit{}
		}
		f.sure = f.sure && c != mayFit
		f.params = append(f.params, p)
	}
	return f
}

// csModifier splits "ref T" into its modifier and type.
func csModifier(t string) (mod, typ string) {
	if i := strings.IndexByte(t, ' '); i > 0 {
		return t[:i], t[i+1:]
	}
	return "", t
}

// identity: a ref, out or in argument goes only to a parameter of its own
// type.
func (m *csMatcher) identity(a, p string) int {
	switch {
	case a == "?" || p == "?":
		return mayFit
	case a == p:
		return exactFit
	}
	return noFit
}

// better reports whether candidate f is a better function member than g
// for the arguments: no argument converts better to g's parameter and
// one converts better to f's, else (the parameter types being the same)
// the normal form beats the expanded one, no defaults beat defaults, and
// a non-generic parameter beats a type parameter.
func (m *csMatcher) better(f, g csFit, args []string) bool {
	if f.params == nil || g.params == nil {
		return false // a candidate without parameter types compares with none
	}
	some := false
	for i, a := range args {
		_, at := csModifier(a)
		switch m.betterConversion(at, f.params[i], g.params[i]) {
		case -1:
			return false
		case 1:
			some = true
		}
	}
	if some {
		return true
	}
	for i, a := range args {
		_, at := csModifier(a)
		if inferred(f.params[i], at) != inferred(g.params[i], at) {
			return false
		}
	}
	switch {
	case f.expanded != g.expanded:
		return !f.expanded
	case (f.defaulted == 0) != (g.defaulted == 0):
		return f.defaulted == 0
	case f.generic != g.generic:
		return !f.generic
	}
	return generics(f.params) < generics(g.params)
}

// inferred is a parameter's type once a type parameter ("?") is inferred
// from its argument.
func inferred(p, a string) string {
	if p == "?" && a != "?" {
		return strings.TrimPrefix(a, "#")
	}
	return p
}

func generics(ps []string) int {
	n := 0
	for _, p := range ps {
		if p == "?" {
			n++
		}
	}
	return n
}

// betterConversion compares the conversions of an argument of type a to
// p1 and p2: 1 when the one to p1 is better, -1 when the one to p2 is, 0
// when neither is or the names cannot tell.
func (m *csMatcher) betterConversion(a, p1, p2 string) int {
	p1, p2 = inferred(p1, a), inferred(p2, a)
	plain := strings.TrimPrefix(a, "#")
	switch {
	case p1 == p2 || p1 == "?" || p2 == "?":
		return 0
	case a != "?" && plain == p1:
		return 1
	case a != "?" && plain == p2:
		return -1
	}
	to2, to1 := m.sure(p1, p2), m.sure(p2, p1)
	switch {
	case to2 && !to1:
		return 1
	case to1 && !to2:
		return -1
	case strings.Contains(signedBetter[p1], " "+p2+" "):
		return 1
	case strings.Contains(signedBetter[p2], " "+p1+" "):
		return -1
	}
	return 0
}

// sure reports a conversion that surely exists (convert said it fits,
// not that it may).
func (m *csMatcher) sure(a, p string) bool {
	c := m.convert(a, p)
	return c == exactFit || c == csSure
}

// csSure: the conversion surely exists (between mayFit and exactFit).
const csSure = exactFit + 1

// signedBetter: a signed integral parameter is a better target than the
// unsigned ones it cannot hold all of.
var signedBetter = map[string]string{
	"sbyte": " byte ushort uint ulong ", "short": " ushort uint ulong ", "int": " uint ulong ", "long": " ulong ",
}

// implicitNumeric are the implicit numeric conversions.
var implicitNumeric = map[string]string{
	"sbyte": " short int long float double decimal ", "byte": " short ushort int uint long ulong float double decimal ",
	"short": " int long float double decimal ", "ushort": " int uint long ulong float double decimal ",
	"int": " long float double decimal ", "uint": " long ulong float double decimal ", "long": " float double decimal ",
	"ulong": " float double decimal ", "char": " ushort int uint long ulong float double decimal ", "float": " double ",
}

// valueInterfaces are the library interfaces the predefined value types
// implement; a value of one converts to these by boxing.
var valueInterfaces = " ValueType IComparable IConvertible IFormattable IEquatable ISpanFormattable IUtf8SpanFormattable "

// stringSupers are string's supertypes (besides object) and the library
// types with an implicit conversion from it.
var stringSupers = " IEnumerable IComparable ICloneable IConvertible IEquatable IParsable ISpanParsable ReadOnlySpan "

// arraySupers are the supertypes of every array, and the spans it converts to.
var arraySupers = " Array IEnumerable ICollection IList IReadOnlyList IReadOnlyCollection ICloneable IStructuralComparable IStructuralEquatable Span ReadOnlySpan Memory ReadOnlyMemory "

// csLibrarySupers are the supertypes (besides object) of common .NET
// library types: an argument of one of them converts to those, and to
// no repository type.
var csLibrarySupers = func() map[string]string {
	coll := " ICollection IEnumerable IReadOnlyCollection "
	list := " IList" + coll + "IReadOnlyList "
	dict := " IDictionary" + coll + "IReadOnlyDictionary "
	disp := " IDisposable IAsyncDisposable "
	stream := " Stream MarshalByRefObject" + disp
	reader, writer := " TextReader MarshalByRefObject IDisposable ", " TextWriter MarshalByRefObject IDisposable IAsyncDisposable "
	ex := " Exception ISerializable "
	return map[string]string{
		"List": list, "Dictionary": dict + " ISerializable IDeserializationCallback ", "HashSet": " ISet IReadOnlySet" + coll + " ISerializable IDeserializationCallback ",
		"Queue": coll, "Stack": coll, "LinkedList": coll + " ISerializable IDeserializationCallback ", "SortedDictionary": dict, "SortedList": dict,
		"StringBuilder": " ISerializable ", "Stream": " MarshalByRefObject" + disp, "MemoryStream": stream, "FileStream": stream,
		"BufferedStream": stream, "TextReader": " MarshalByRefObject IDisposable ", "TextWriter": " MarshalByRefObject IDisposable IAsyncDisposable ",
		"StringReader": reader, "StreamReader": reader, "StringWriter": writer, "StreamWriter": writer,
		"Exception": " ISerializable ", "ArgumentException": " SystemException" + ex, "InvalidOperationException": " SystemException" + ex,
		"ArgumentNullException": " ArgumentException SystemException" + ex, "NotSupportedException": " SystemException" + ex,
		"Type": " MemberInfo ICustomAttributeProvider IReflect ", "Guid": " ValueType IComparable IEquatable IFormattable ISpanFormattable ",
		"DateTime": " ValueType IComparable IConvertible IEquatable IFormattable ISpanFormattable ISerializable ",
		"TimeSpan": " ValueType IComparable IEquatable IFormattable ISpanFormattable ", "CancellationToken": " ValueType IEquatable ",
		"Encoding": " ICloneable ", "Uri": " ISerializable ", "Task": " IAsyncResult IDisposable ",
	}
}()

// convert says how an argument of type a converts to a parameter of
// type p: noFit, mayFit (the names cannot tell), csSure, or exactFit.
func (m *csMatcher) convert(a, p string) int {
	if v, ok := m.memo[[2]string{a, p}]; ok {
		return v
	}
	v := m.conversion(a, p)
	m.memo[[2]string{a, p}] = v
	return v
}

func (m *csMatcher) conversion(a, p string) int {
	if a == "#int" {
		switch {
		case p == "int":
			return exactFit
		case strings.Contains(" sbyte byte short ushort uint ulong ", " "+p+" "):
			return csSure // a small constant converts to any integral type
		}
		a = "int"
	}
	switch {
	case p == "?":
		if a == "?" {
			return mayFit
		}
		return csSure // a type parameter, inferred from the argument
	case a == "?":
		return mayFit
	case a == p:
		return exactFit
	case p == "object":
		return csSure
	case a == "null":
		return m.nullTo(p)
	case strings.HasSuffix(p, "?") || strings.HasSuffix(a, "?"):
		return m.nullable(a, p)
	case valueKeyword[a]:
		return m.fromValue(a, p)
	case a == "string":
		return m.fromSealed(stringSupers, p)
	case strings.HasSuffix(a, "]"):
		return m.fromArray(a, p)
	case valueKeyword[p] || p == "string" || strings.HasSuffix(p, "]"):
		return noFit // a named type has no implicit conversion to these (user-defined ones aside)
	}
	return m.named(a, p)
}

var valueKeyword = map[string]bool{
	"bool": true, "char": true, "byte": true, "sbyte": true, "short": true, "ushort": true, "int": true, "uint": true,
	"long": true, "ulong": true, "float": true, "double": true, "decimal": true,
}

// nullable converts to or from T?: Nullable<T> of a struct (which
// converts to no T), T itself of a class.
func (m *csMatcher) nullable(a, p string) int {
	ab, pb := strings.TrimSuffix(a, "?"), strings.TrimSuffix(p, "?")
	toNullable := strings.HasSuffix(p, "?")
	if valueKeyword[ab] || valueKeyword[pb] {
		switch {
		case toNullable:
			return fitSure(ab == pb || strings.Contains(implicitNumeric[ab], " "+pb+" ")) // lifted
		case strings.Contains(valueInterfaces, " "+p+" "):
			return csSure
		}
		return noFit
	}
	c := m.convert(ab, pb)
	switch {
	case c == noFit:
		return noFit
	case toNullable && c == exactFit:
		return csSure // wrapping a struct, or a class's identity
	case toNullable:
		return c
	case libraryStructs[ab]:
		return noFit // a Nullable<Guid> is no Guid
	}
	return mayFit // X? is X when X is a class
}

// libraryStructs are common .NET value types: their T? is Nullable<T>.
var libraryStructs = map[string]bool{
	"Guid": true, "DateTime": true, "DateTimeOffset": true, "TimeSpan": true, "CancellationToken": true, "BigInteger": true,
	"Half": true, "Int128": true, "UInt128": true, "Complex": true, "DateOnly": true, "TimeOnly": true,
}

// nullTo: null converts to a reference type and to T?, not to a struct
// or an enum.
func (m *csMatcher) nullTo(p string) int {
	switch {
	case valueKeyword[p] || libraryStructs[p]:
		return noFit
	case p == "string" || strings.HasSuffix(p, "]") || strings.HasSuffix(p, "?"):
		return csSure
	}
	t, st := m.r.rootName(m.callerCtx(), p)
	switch {
	case st != typeKnown:
		return mayFit
	case t.Kind == facts.KindStruct || t.Kind == facts.KindEnum:
		return noFit
	case t.Kind == facts.KindClass || t.Kind == facts.KindInterface:
		return csSure
	}
	return mayFit // a delegate, a type the index cannot tell
}

func fitSure(ok bool) int {
	if ok {
		return csSure
	}
	return noFit
}

// fromValue converts a predefined value type: numerically, or by boxing
// to the interfaces it implements.
func (m *csMatcher) fromValue(a, p string) int {
	switch {
	case valueKeyword[p]:
		return fitSure(strings.Contains(implicitNumeric[a], " "+p+" "))
	case strings.Contains(valueInterfaces, " "+p+" "):
		return csSure
	case p == "string" || strings.HasSuffix(p, "]") || m.repoType(p):
		return noFit
	case looksLikeInterfaceName(p) || p == "BigInteger" || p == "Complex" || p == "Half" || p == "Int128" || p == "UInt128":
		return mayFit // a generic math interface, a library type with a conversion
	}
	return noFit
}

// fromSealed converts a value of a sealed library type with the given
// supertypes.
func (m *csMatcher) fromSealed(supers, p string) int {
	switch {
	case strings.Contains(supers, " "+p+" "):
		return csSure
	case valueKeyword[p] || strings.HasSuffix(p, "]") || m.repoType(p):
		return noFit
	case p == "XName" || p == "XNamespace" || p == "StringValues" || p == "PathString":
		return mayFit
	}
	return noFit
}

// fromArray converts an array: to an array of a base element type
// (covariance, reference elements only) and to the array interfaces.
func (m *csMatcher) fromArray(a, p string) int {
	if strings.Contains(arraySupers, " "+p+" ") {
		return csSure
	}
	i, j := strings.IndexByte(a, '['), strings.IndexByte(p, '[')
	if j < 0 || a[i:] != p[j:] {
		return noFit
	}
	ea, ep := a[:i], p[:j]
	if valueKeyword[ea] || valueKeyword[ep] || ea == "?" || ep == "?" {
		if ea == "?" || ep == "?" {
			return mayFit
		}
		return noFit
	}
	if c := m.convert(ea, ep); c != exactFit {
		return c
	}
	return csSure
}

// named converts between two named types: a library type to its known
// supertypes, a repository type through its indexed bases.
func (m *csMatcher) named(a, p string) int {
	if libraryStructs[p] && !(a == "DateTime" && p == "DateTimeOffset") {
		return noFit // nothing derives from a struct
	}
	ctx := m.callerCtx()
	t, st := m.r.rootName(ctx, a)
	switch st {
	case typeExternal:
		if supers, ok := csLibrarySupers[a]; ok && strings.Contains(supers, " "+p+" ") {
			return csSure
		}
		if libraryStructs[a] {
			// A struct converts to its interfaces only (and DateTime to
			// DateTimeOffset, by the latter's conversion operator).
			return fitIf(looksLikeInterfaceName(p) && !m.repoType(p) || a == "DateTime" && p == "DateTimeOffset")
		}
		return fitIf(!m.repoType(p)) // a library type extends no repository type
	case typeKnown:
	default:
		return mayFit
	}
	proven, possible := m.r.csExtends(t, p)
	switch {
	case proven:
		return csSure
	case possible:
		return mayFit
	}
	return noFit
}

func (m *csMatcher) callerCtx() chainCtx {
	if m.ctx == nil {
		c := m.r.callerCtx()
		m.ctx = &c
	}
	return *m.ctx
}

// repoType reports a parameter type the calling scope finds in the
// repository.
func (m *csMatcher) repoType(p string) bool {
	return m.r.repoType(m.callerCtx(), p)
}

// looksLikeInterfaceName: the .NET naming convention I + upper-case letter.
func looksLikeInterfaceName(name string) bool {
	return len(name) >= 2 && name[0] == 'I' && name[1] >= 'A' && name[1] <= 'Z'
}

// csExtends reports whether t or one of its bases is named p (proven),
// or may be: a base the index cannot find, or a library base whose own
// supertypes are not known, when p is no repository type (and, when every
// library base is an interface, an interface).
func (r *resolver) csExtends(t *def, p string) (proven, possible bool) {
	// A library base named like an interface (IDisposable) has only
	// interfaces above it; another may have library classes too.
	unfound, libraryIface, libraryClass := false, false, false
	seen := map[string]bool{t.ID: true}
	level := append([]*def{t}, r.otherParts(t)...) // one part often names the base
	for _, p := range level {
		seen[p.ID] = true
	}
	for depth := 0; len(level) > 0; depth++ {
		if depth > maxChainDepth {
			return false, true
		}
		var next []*def
		for _, lt := range level {
			if lt.Name == p {
				return true, true
			}
			for _, base := range lt.baseList() {
				if lastSegment(base) == p {
					return true, true
				}
				bt, st := r.baseOf(lt, base, depth)
				switch {
				case st == typeExternal && looksLikeInterfaceName(lastSegment(base)):
					libraryIface = true
				case st == typeExternal:
					libraryClass = true
				case st != typeKnown:
					unfound = true
				case !seen[bt.ID]:
					seen[bt.ID] = true
					next = append(next, bt)
				}
			}
		}
		level = next
	}
	if unfound {
		return false, true
	}
	// A library base extends no repository type, and an interface no class.
	libraryReach := libraryClass || libraryIface && looksLikeInterfaceName(p)
	return false, libraryReach && !r.repoType(r.callerCtx(), p)
}

// csharpMember chooses a C# call's overload among the members of t and
// its bases (decided), when the call's argument types are known and some
// of them bear the name: the applicable ones of the most derived type
// that has any (12.6.4.1: a base's overloads are not candidates when a
// derived type's apply), an override counted with the method it
// overrides. Undecided, the caller looks the name up as before.
func (r *resolver) csharpMember(t *def, name string, kinds map[string]bool, args string, depth int) (m *def, st typeState, decided bool) {
	if args == "" || r.f.Lang != lang.CSharp {
		return nil, typeUnknown, false
	}
	var cands []*def
	var levels []int
	add := func(level int, found []*def) {
		for _, c := range found {
			if i := sameSignature(cands, c); i >= 0 {
				levels[i] = level // cands[i] overrides c
				continue
			}
			cands, levels = append(cands, c), append(levels, level)
		}
	}
	add(0, r.ownMembers(t, name, kinds))
	baseLevels, outside := r.partialAncestors(t, depth)
	for i, types := range baseLevels {
		for _, bt := range types {
			var inherited []*def
			for _, c := range r.ownMembers(bt, name, kinds) {
				if c.Name != bt.Name { // constructors are not inherited
					inherited = append(inherited, c)
				}
			}
			add(i+1, inherited)
		}
	}
	if len(cands) == 0 {
		return nil, typeUnknown, false
	}
	cm := r.csMatcher()
	kept, stop := cm.choose(cands, levels, cm.calling(args))
	switch {
	case stop:
		return nil, typeUnknown, true
	case len(kept) > 0:
		return kept[0], typeKnown, true
	case outside >= 0:
		return nil, typeExternal, true // a library base may declare the one that fits
	}
	return nil, typeUnknown, true
}

// partialAncestors are the bases of t and of its other partial parts
// (one part often names the base, the others none), level by level, and
// the first level with a base outside the repository, or -1.
func (r *resolver) partialAncestors(t *def, depth int) ([][]*def, int) {
	own, outside := r.ancestors(t, depth)
	if !r.traits.PartialTypes {
		return own, outside
	}
	seen := map[string]bool{t.ID: true}
	levels := make([][]*def, len(own)) // a copy: ancestors keeps its answers
	for i, types := range own {
		levels[i] = append([]*def{}, types...)
		for _, bt := range types {
			seen[bt.ID] = true
		}
	}
	for _, p := range r.otherParts(t) {
		more, out := r.ancestors(p, depth)
		if out >= 0 && (outside < 0 || out < outside) {
			outside = out
		}
		for i, types := range more {
			for len(levels) <= i {
				levels = append(levels, nil)
			}
			for _, bt := range types {
				if !seen[bt.ID] {
					seen[bt.ID] = true
					levels[i] = append(levels[i], bt)
				}
			}
		}
	}
	return levels, outside
}

// otherParts are the other partial parts of a C# type: types of its
// qualified name in its directory.
func (r *resolver) otherParts(t *def) []*def {
	if !r.traits.PartialTypes {
		return nil
	}
	return r.filter(t.Name, typeLike, func(d def) bool {
		return d.Qualified == t.Qualified && d.ID != t.ID && dirOf(d.Path) == dirOf(t.Path)
	})
}

// ownMembers are the members of a name that type t declares, in any of
// its partial parts.
func (r *resolver) ownMembers(t *def, name string, kinds map[string]bool) []*def {
	var out []*def
	for _, c := range r.filterParent(name, t.Qualified, kinds, anyDef) {
		if r.sameType(t, c) {
			out = append(out, c)
		}
	}
	return out
}

// sameSignature is the index of the candidate with c's parameter types,
// else -1.
func sameSignature(cands []*def, c *def) int {
	for i, d := range cands {
		if d.Params != "" && d.Params == c.Params {
			return i
		}
	}
	return -1
}

// csharpScope chooses a call's overload among the members of a type of
// this file that is a lexical scope around the call, and of its bases
// (csharpMember): a bare Add("s") in a subclass may mean a base's Add.
// One declared elsewhere is left to enclosingOrNamespace, which finds it
// through the type as before.
func (r *resolver) csharpScope(scope, name string, kinds map[string]bool, args string) (def, typeState, bool) {
	if args == "" || r.f.Lang != lang.CSharp {
		return def{}, typeUnknown, false
	}
	i, ok := r.byQual[scope]
	if !ok || !typeLike[r.f.Facts.Symbols[i].Kind] {
		return def{}, typeUnknown, false
	}
	t := r.localDef(i)
	m, st, decided := r.csharpMember(&t, name, kinds, args, 0)
	if !decided || st != typeKnown || m.Path != r.f.Path {
		return def{}, typeUnknown, decided
	}
	return *m, typeKnown, true
}
