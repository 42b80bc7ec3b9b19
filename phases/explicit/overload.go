package explicit

import (
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// Overloads: Java declares several methods (and constructors) of one name
// in a type, and a call names one of them by its arguments. Extractors give
// callables their parameter types (def.Params) and calls their argument
// types (facts.Ref.Args); the resolver keeps the candidates that can take
// the arguments in the compiler's first phase that finds any (JLS
// 15.12.2: without boxing or varargs, then with boxing, then variadic),
// and of those the most specific. Types are simple names; whether one
// repository type is a subtype of another is told by a matcher's
// subtyping (the indexed bases), without one it is never ruled out.

// fit is how well a candidate's parameters take a call's arguments.
type fit struct {
	ok bool
	// phase is the first of the compiler's phases that takes the
	// arguments: phaseStrict (subtyping and primitive widening),
	// phaseLoose (boxing and unboxing too), phaseVariadic.
	phase int
	exact int // arguments whose type equals the parameter's
}

const (
	phaseStrict = iota + 1
	phaseLoose
	phaseVariadic
)

// subtyping says how an argument of type a fits a parameter of type p
// when neither is a primitive, an array, a box or a known library type:
// noFit when a is provably no subtype of p, else mayFit.
type subtyping func(a, p string) int

// matcher matches argument types against parameter types; sub (nil
// allowed) knows the repository's subtypes; refVars makes a parameter of
// unknown type a type variable, which takes a primitive only boxed.
type matcher struct {
	sub     subtyping
	refVars bool
	// conv, when set, replaces Java's conversions with another
	// language's (cppconv.go): no boxing, its own fit and specificity.
	conv *conversions
}

// overloads is matcher.overloads without knowledge of subtypes.
func overloads(cands []*def, args, avoid string) (kept []*def, ambiguous bool) {
	return matcher{}.overloads(cands, args, avoid)
}

// overloads keeps the candidates that can take a call's arguments in the
// first phase that takes them at all, best fit first (stable), and
// reports whether the best is one of several equally good ones. Unknown
// arguments ("") keep every candidate in order; a candidate without
// parameter types fits anything, least exactly. The candidates with the
// most exactly matching arguments are preferred (an unknown argument, or
// one of a library type whose supertypes are not known, fits many); among
// those the most specific wins (m(int) over m(long), m(Object[]) over
// m(Object)), as in the compiler; a tie that includes avoid (the calling
// method: a method whose arguments fit several of its overloads delegates
// more often than it recurses) is settled without it.
func (m matcher) overloads(cands []*def, args, avoid string) (kept []*def, ambiguous bool) {
	if args == "" || len(cands) == 0 {
		return cands, false
	}
	kept, exacts := m.fitting(cands, args)
	exact := make(map[*def]int, len(kept))
	for i, d := range kept {
		exact[d] = exacts[i]
	}
	sort.SliceStable(kept, func(a, b int) bool { return exact[kept[a]] > exact[kept[b]] })
	top := 1
	for top < len(kept) && exact[kept[top]] == exact[kept[0]] {
		top++
	}
	return m.settle(kept, top, avoid)
}

// fitting keeps, in their order, the candidates that can take a call's
// arguments in the first phase that takes them at all (the set overloads
// orders), with how many arguments each takes exactly.
func (m matcher) fitting(cands []*def, args string) (kept []*def, exact []int) {
	if args == "" {
		return cands, make([]int, len(cands))
	}
	as := splitTypes(args)
	fits := make([]fit, len(cands))
	phase := phaseVariadic + 1
	for i, d := range cands {
		fits[i] = m.fitOf(d.Params, as)
		if fits[i].ok {
			phase = min(phase, fits[i].phase)
		}
	}
	for i, d := range cands {
		if fits[i].ok && fits[i].phase == phase {
			kept = append(kept, d)
			exact = append(exact, fits[i].exact)
		}
	}
	return kept, exact
}

// settle orders the top candidates most specific first and says whether
// one of them stands out.
func (m matcher) settle(kept []*def, top int, avoid string) ([]*def, bool) {
	if top < 2 {
		return kept, false
	}
	var best []*def
	for i := 0; i < top; i++ {
		maximal := true
		for j := 0; j < top && maximal; j++ {
			maximal = i == j || !m.moreSpecific(kept[j].Params, kept[i].Params)
		}
		if maximal {
			best = append(best, kept[i])
		}
	}
	if len(best) > 1 && avoid != "" {
		var rest []*def
		for _, d := range best {
			if d.ID != avoid {
				rest = append(rest, d)
			}
		}
		if len(rest) > 0 {
			best = rest
		}
	}
	out := append([]*def{}, best...)
	for _, d := range kept {
		if !containsDef(best, d) {
			out = append(out, d)
		}
	}
	unknown := len(best) > 1 && best[1].Params == ""
	return out, len(best) > 1 && !unknown
}

func containsDef(list []*def, d *def) bool {
	for _, x := range list {
		if x == d {
			return true
		}
	}
	return false
}

// moreSpecific reports whether parameter list a is strictly more specific
// than b: each of a's types can be passed where b's is expected, and not
// the other way round.
func (m matcher) moreSpecific(a, b string) bool {
	if a == "" || b == "" || a == b {
		return false
	}
	pa, pb := splitTypes(a), splitTypes(b)
	if len(pa) != len(pb) {
		return false
	}
	return m.passes(pa, pb) && !m.passes(pb, pa)
}

// passes reports whether each type of from is a subtype of to's: boxing
// does not make one overload more specific than another (m(byte) and
// m(Number) are not comparable, JLS 15.12.2.5).
func (m matcher) passes(from, to []string) bool {
	for i := range from {
		f, t := strings.TrimSuffix(from[i], "..."), strings.TrimSuffix(to[i], "...")
		if m.conv != nil {
			if !m.conv.narrower(f, t) {
				return false
			}
			continue
		}
		if f == t || t == "?" || t == "Object" && !isPrimitive(f) {
			continue
		}
		if f == "?" || m.boxes(f, t) || m.compat(f, t) == noFit {
			return false
		}
	}
	return true
}

// choose keeps the candidates a call may mean, best first; stop is set
// when the call is ambiguous among them, so no edge should be guessed.
func (r *resolver) choose(cands []*def, args string) (kept []*def, stop bool) {
	if r.family == lang.FamilyC {
		return r.chooseByArity(cands, args)
	}
	if r.f.Lang == lang.CSharp {
		return r.chooseCSharp(cands, args)
	}
	kept, ambiguous := matcher{sub: r.subtyping(), refVars: r.refVariables()}.overloads(cands, args, r.caller)
	return kept, ambiguous && refuseAmbiguous
}

func overridden(list []*def, m *def) bool {
	for _, d := range list {
		if d.Params != "" && d.Params == m.Params {
			return true
		}
	}
	return false
}

// refuseAmbiguous: a call that fits several overloads equally well links
// to none of them.
const refuseAmbiguous = true

// splitTypes splits "(A,B)" into its names; "()" has none.
func splitTypes(list string) []string {
	// C++'s explicitCall mark goes; C#'s type-argument count ("<2>(T)")
	// is cut before (cutArity).
	list = strings.TrimPrefix(list, explicitCall+"(")
	inner := strings.TrimSuffix(strings.TrimPrefix(list, "("), ")")
	if inner == "" {
		return nil
	}
	return strings.Split(inner, ",")
}

// fitOf is matcher.fitOf without knowledge of subtypes.
func fitOf(params string, args []string) fit { return matcher{}.fitOf(params, args) }

// fitOf matches argument types against a parameter list. A variadic
// method also takes an array in the variadic position, as a fixed-arity
// method (the compiler's first phases).
func (m matcher) fitOf(params string, args []string) fit {
	if params == "" {
		return fit{ok: true, phase: phaseStrict}
	}
	ps := splitTypes(params)
	n := len(ps)
	if n == 0 || !strings.HasSuffix(ps[n-1], "...") {
		if len(args) < required(ps) || len(args) > n {
			return fit{}
		}
		return m.matchAll(ps[:len(args)], args, false)
	}
	elem := strings.TrimSuffix(ps[n-1], "...")
	if len(args) == n && m.compat(args[n-1], elem+"[]") != noFit {
		whole := append(append([]string{}, ps[:n-1]...), elem+"[]")
		if f := m.matchAll(whole, args, false); f.ok {
			return f
		}
	}
	if len(args) < n-1 {
		return fit{}
	}
	expanded := append([]string{}, ps[:n-1]...)
	for len(expanded) < len(args) {
		expanded = append(expanded, elem)
	}
	return m.matchAll(expanded, args, true)
}

// required counts the parameters before the first one with a default
// value (C++ writes it "T=", see facts.Symbol.Params): a call may leave
// the rest out.
func required(ps []string) int {
	for i, p := range ps {
		if strings.HasSuffix(p, "=") {
			return i
		}
	}
	return len(ps)
}

func (m matcher) matchAll(params, args []string, variadic bool) fit {
	f := fit{ok: true, phase: phaseStrict}
	for i, a := range args {
		switch m.compat(a, params[i]) {
		case noFit:
			return fit{}
		case exactFit:
			f.exact++
		}
		if m.boxes(a, params[i]) {
			f.phase = phaseLoose
		}
	}
	if variadic {
		f.phase = phaseVariadic
	}
	return f
}

// boxes reports an argument that reaches its parameter only by boxing or
// unboxing: a primitive for a reference type or the other way round.
func (m matcher) boxes(a, p string) bool {
	if m.conv != nil {
		return false
	}
	a = strings.TrimPrefix(a, "-")
	switch {
	case a == "?" || a == "null":
		return false
	case p == "?":
		return m.refVars && isPrimitive(a)
	}
	return isPrimitive(a) != isPrimitive(p)
}

// How an argument type fits a parameter type.
const (
	noFit    = iota // the names prove the argument cannot be passed
	mayFit          // a conversion, or a relation the names cannot tell
	exactFit        // the same type
)

var (
	boxOf    = map[string]string{"boolean": "Boolean", "byte": "Byte", "short": "Short", "char": "Character", "int": "Integer", "long": "Long", "float": "Float", "double": "Double"}
	unboxOf  = map[string]string{"Boolean": "boolean", "Byte": "byte", "Short": "short", "Character": "char", "Integer": "int", "Long": "long", "Float": "float", "Double": "double"}
	widening = map[string]string{"byte": " short int long float double ", "short": " int long float double ", "char": " int long float double ",
		"int": " long float double ", "long": " float double ", "float": " double "}
	// finalSupers are the supertypes (besides Object) of final library
	// types: an argument of such a type fits no other parameter type.
	finalSupers = map[string]string{
		"String": " CharSequence Comparable Serializable Constable ConstantDesc ", "Boolean": " Comparable Serializable Constable ",
		"Character": " Comparable Serializable Constable ", "Byte": " Number Comparable Serializable Constable ConstantDesc ",
		"Short": " Number Comparable Serializable Constable ConstantDesc ", "Integer": " Number Comparable Serializable Constable ConstantDesc ",
		"Long": " Number Comparable Serializable Constable ConstantDesc ", "Float": " Number Comparable Serializable Constable ConstantDesc ",
		"Double": " Number Comparable Serializable Constable ConstantDesc ",
	}
)

// librarySupers are the supertypes (besides Object) of common Java
// library types. A repository type cannot be a supertype of a library
// type, so an argument whose static type is one of these fits only a
// parameter of its own type or one of these (m(Reader) takes a
// StringReader, m(InputStream) does not).
var librarySupers = func() map[string]string {
	closeIn, closeOut := " Closeable AutoCloseable ", " Closeable Flushable AutoCloseable "
	in, out := " InputStream"+closeIn, " OutputStream"+closeOut
	reader, writer := " Reader Readable"+closeIn, " Writer Appendable"+closeOut
	coll, list, set := " Collection Iterable ", " List Collection Iterable ", " Set Collection Iterable "
	cmpSer := " Comparable Serializable "
	m := map[string]string{
		"InputStream": closeIn, "FileInputStream": in, "ByteArrayInputStream": in, "FilterInputStream": in,
		"BufferedInputStream": " FilterInputStream" + in, "DataInputStream": " FilterInputStream DataInput" + in,
		"ObjectInputStream": " ObjectInput DataInput ObjectStreamConstants" + in, "PushbackInputStream": " FilterInputStream" + in,
		"SequenceInputStream": in, "PipedInputStream": in,
		"OutputStream": closeOut, "FileOutputStream": out, "ByteArrayOutputStream": out, "FilterOutputStream": out,
		"BufferedOutputStream": " FilterOutputStream" + out, "DataOutputStream": " FilterOutputStream DataOutput" + out,
		"ObjectOutputStream": " ObjectOutput DataOutput ObjectStreamConstants" + out, "PipedOutputStream": out,
		"PrintStream": " FilterOutputStream Appendable" + out,
		"Reader":      " Readable" + closeIn, "StringReader": reader, "InputStreamReader": reader, "FileReader": " InputStreamReader" + reader,
		"BufferedReader": reader, "LineNumberReader": " BufferedReader" + reader, "CharArrayReader": reader,
		"FilterReader": reader, "PushbackReader": " FilterReader" + reader, "PipedReader": reader,
		"Writer": " Appendable" + closeOut, "StringWriter": writer, "OutputStreamWriter": writer, "FileWriter": " OutputStreamWriter" + writer,
		"BufferedWriter": writer, "PrintWriter": writer, "CharArrayWriter": writer, "FilterWriter": writer, "PipedWriter": writer,
		"File": cmpSer, "Path": " Comparable Iterable Watchable ", "URL": " Serializable ", "URI": cmpSer,
		"Charset": " Comparable ", "CharsetEncoder": " ", "CharsetDecoder": " ",
		"StringBuilder": " AbstractStringBuilder CharSequence Appendable Serializable Comparable ",
		"StringBuffer":  " AbstractStringBuilder CharSequence Appendable Serializable Comparable ",
		"Class":         " Serializable GenericDeclaration Type AnnotatedElement ", "Date": " Serializable Cloneable Comparable ",
		"Locale": " Serializable Cloneable ", "TimeZone": " Serializable Cloneable ", "Calendar": " Serializable Cloneable Comparable ",
		"BigInteger": " Number" + cmpSer, "BigDecimal": " Number" + cmpSer,
		"Instant": " Temporal TemporalAdjuster" + cmpSer, "Duration": " TemporalAmount" + cmpSer, "ZoneId": " Serializable ",
		"LocalDate":     " ChronoLocalDate Temporal TemporalAdjuster" + cmpSer,
		"LocalDateTime": " ChronoLocalDateTime Temporal TemporalAdjuster" + cmpSer,
		"LocalTime":     " Temporal TemporalAdjuster" + cmpSer, "ZonedDateTime": " ChronoZonedDateTime Temporal" + cmpSer,
		"OffsetDateTime": " Temporal TemporalAdjuster" + cmpSer, "FileTime": " Comparable ",
		"ChronoLocalDate": " Temporal TemporalAdjuster Comparable ", "ChronoLocalDateTime": " Temporal TemporalAdjuster Comparable ",
		"ChronoZonedDateTime": " Temporal Comparable ",
		"Collection":          " Iterable ", "Iterable": " ", "Iterator": " ", "Enumeration": " ", "Map": " ", "List": coll, "Set": coll,
		"ArrayList":  " AbstractList AbstractCollection RandomAccess Cloneable Serializable" + list,
		"LinkedList": " AbstractSequentialList AbstractList AbstractCollection Deque Queue Cloneable Serializable" + list,
		"HashSet":    " AbstractSet AbstractCollection Cloneable Serializable" + set,
		"TreeSet":    " AbstractSet AbstractCollection SortedSet NavigableSet Cloneable Serializable" + set,
		"HashMap":    " AbstractMap Map Cloneable Serializable ", "TreeMap": " AbstractMap Map SortedMap NavigableMap Cloneable Serializable ",
		"LinkedHashMap": " HashMap AbstractMap Map Cloneable Serializable ",
		"Thread":        " Runnable ", "Runnable": " ", "Throwable": " Serializable ", "Exception": " Throwable Serializable ",
		"IOException": " Exception Throwable Serializable ", "RuntimeException": " Exception Throwable Serializable ",
		"CharBuffer": " Buffer Comparable Appendable CharSequence Readable ", "ByteBuffer": " Buffer Comparable ",
		"Pattern": " Serializable ", "Matcher": " MatchResult ",
	}
	for k, v := range finalSupers {
		m[k] = v
	}
	return m
}()

func isPrimitive(t string) bool { _, ok := boxOf[t]; return ok }

// compat says how an argument of type a fits a parameter of type p. A
// leading "-" marks an argument of a library type (facts.Ref.Args).
func (m matcher) compat(a, p string) int {
	if m.conv != nil {
		return m.conv.fit(a, p)
	}
	marked := a
	lib := strings.HasPrefix(a, "-")
	a = strings.TrimPrefix(a, "-")
	switch {
	case a == "?" || p == "?":
		return mayFit
	case a == p:
		return exactFit
	case p == "Object":
		return mayFit
	case a == "Object":
		return noFit // an Object is passed only as an Object
	case a == "null":
		if isPrimitive(p) {
			return noFit
		}
		return mayFit
	}
	aArr, pArr := strings.HasSuffix(a, "[]"), strings.HasSuffix(p, "[]")
	switch {
	case isPrimitive(a) && isPrimitive(p):
		return fitIf(strings.Contains(widening[a], " "+p+" "))
	case isPrimitive(a):
		return fitIf(boxOf[a] == p || strings.Contains(finalSupers[boxOf[a]], " "+p+" "))
	case isPrimitive(p):
		u, ok := unboxOf[a]
		return fitIf(ok && (u == p || strings.Contains(widening[u], " "+p+" ")))
	case aArr && pArr:
		ea, ep := strings.TrimSuffix(a, "[]"), strings.TrimSuffix(p, "[]")
		if isPrimitive(ea) || isPrimitive(ep) {
			return noFit
		}
		if lib {
			ea = "-" + ea
		}
		return fitIf(m.compat(ea, ep) != noFit)
	case aArr:
		return fitIf(p == "Cloneable" || p == "Serializable")
	case pArr:
		return noFit
	case finalSupers[a] != "" || lib && librarySupers[a] != "":
		return fitIf(strings.Contains(librarySupers[a], " "+p+" "))
	case finalSupers[p] != "":
		return noFit // nothing else is a String or a box
	case m.sub != nil:
		return m.sub(marked, p)
	}
	return mayFit
}

func fitIf(ok bool) int {
	if ok {
		return mayFit
	}
	return noFit
}
