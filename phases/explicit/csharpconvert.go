package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// C# conversions between simple type names, for overload choice
// (csharpoverload.go): which argument types convert implicitly to which
// parameter types, surely or perhaps, as far as the names and the indexed
// bases tell.

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
	level := append([]*def{t}, r.otherParts(t)...) // one part often names the base
	end := r.walkBases(level, p, func(base string, st typeState) bool {
		switch {
		case st == typeExternal && looksLikeInterfaceName(lastSegment(base)):
			libraryIface = true
		case st == typeExternal:
			libraryClass = true
		default:
			unfound = true
		}
		return true
	})
	switch {
	case end == walkNamed:
		return true, true
	case end == walkDeep || unfound:
		return false, true
	}
	// A library base extends no repository type, and an interface no class.
	libraryReach := libraryClass || libraryIface && looksLikeInterfaceName(p)
	return false, libraryReach && !r.repoType(r.callerCtx(), p)
}
