package python

import (
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// Annotations as type chains: typing's forms, unions, forward references.

// builtinTypes are the builtin types an annotation may name.
var builtinTypes = map[string]bool{"str": true, "int": true, "float": true, "bool": true, "bytes": true,
	"complex": true, "dict": true, "list": true, "set": true, "frozenset": true, "tuple": true, "bytearray": true,
	"memoryview": true, "range": true, "slice": true, "type": true, "None": true}

// unwrap are the typing forms whose first argument is the type of the
// value: Optional[X], ClassVar[X], Type[X] (the class itself).
var unwrap = map[string]bool{"Optional": true, "Annotated": true, "ClassVar": true, "Final": true,
	"Type": true, "type": true, "Required": true, "NotRequired": true, "ReadOnly": true, "InitVar": true}

// outside are typing and collections forms whose values have builtin or
// standard library methods: containers, callables, iterators.
var outside = map[string]bool{"List": true, "Dict": true, "Set": true, "FrozenSet": true, "Tuple": true,
	"Sequence": true, "MutableSequence": true, "Mapping": true, "MutableMapping": true, "Iterable": true,
	"Iterator": true, "Generator": true, "AsyncIterator": true, "AsyncIterable": true, "AsyncGenerator": true,
	"Collection": true, "Container": true, "Callable": true, "Awaitable": true, "Coroutine": true, "Deque": true,
	"DefaultDict": true, "OrderedDict": true, "Counter": true, "ChainMap": true, "KeysView": true,
	"ValuesView": true, "ItemsView": true, "AbstractSet": true, "MutableSet": true, "Pattern": true,
	"Match": true, "IO": true, "TextIO": true, "BinaryIO": true, "Literal": true, "TypeGuard": true,
	"LiteralString": true, "Text": true, "AnyStr": true, "Hashable": true, "Sized": true}

// annotationChain is the chain of the type an annotation (as text, spaces
// removed) declares: Optional[X] and X | None are X, a container is
// outside the repository, Any and unions of several types are unknown.
func (e *extractor) annotationChain(text string, mode chainMode, depth int) string {
	if depth > maxChain {
		return facts.Unknown
	}
	text = unquote(text)
	if text == "" {
		return facts.Unknown
	}
	if alts := splitTop(text, '|'); len(alts) > 1 {
		return e.unionChain(alts, mode, depth)
	}
	head, args := generic(text)
	if !isDotted(head) {
		return facts.Unknown
	}
	if args == "" {
		if c, ok := e.classParamChain(head, mode, depth); ok {
			return c
		}
	}
	if last, ok := e.typingName(head); ok {
		switch {
		case last == "Union":
			return e.unionChain(splitTop(args, ','), mode, depth)
		case unwrap[last] && args != "":
			return e.annotationChain(splitTop(args, ',')[0], mode, depth+1)
		case outside[last]:
			return e.containerChain(text, last, mode, depth)
		case last == "Self":
			return "self"
		case last == "Any" || last == "NoReturn" || last == "Never":
			return facts.Unknown
		}
	}
	if args != "" && e.ormMapped(head) {
		return e.annotationChain(splitTop(args, ',')[0], mode, depth+1)
	}
	switch {
	case head == "object":
		return facts.Unknown
	case builtinTypes[head] && e.mod.first[head] == 0:
		if unwrap[head] && args != "" {
			return e.annotationChain(splitTop(args, ',')[0], mode, depth+1)
		}
		return e.containerChain(text, head, mode, depth)
	case e.mod.typeVars[head]:
		// resp: _RespT where _RespT = TypeVar('_RespT', bound='Response'):
		// whatever the caller binds is a Response, as jedi reads it.
		if b := e.mod.typeVarBounds[head]; b != "" && b != head {
			return e.annotationChain(b, mode, depth+1)
		}
		return facts.Unknown
	}
	// Annotations name module-level types, never locals.
	g := e.moduleDotted(strings.Split(head, "."), mode)
	if args != "" {
		return e.appliedChain(g, args, mode, depth)
	}
	return g
}

// containerChain is the chain of an outside type's annotation: for a
// container of one element type (list[Foo], Iterator[Foo], tuple[Foo,
// ...]), an outside value wrapping that type when it is a repository one
// (facts.Wrapped), so that a loop or an index in another module, which
// cannot read this annotation, takes an element by the step Unwrap; else
// NotRepo. Mappings stay NotRepo: a loop over one takes its keys.
func (e *extractor) containerChain(text, name string, mode chainMode, depth int) string {
	if !pySequences[name] && name != "tuple" && name != "Tuple" || depth > maxChain {
		return facts.NotRepo
	}
	elem := e.element(text, pyIter)
	if elem == "" {
		return facts.NotRepo
	}
	c := e.annotationChain(elem, mode, depth+1)
	if !facts.MayBeRepo(c) {
		return facts.NotRepo
	}
	return facts.Wrapped(c)
}

// ormMapped reports whether an annotation's head is SQLAlchemy's Mapped
// (orm.Mapped[X], the declarative models of SQLAlchemy 2): an instance's
// mapped attribute is an X (Mapped's __get__ gives it), so the calls on a
// relationship (user.address.geocode()) reach X's methods.
func (e *extractor) ormMapped(head string) bool {
	module, name, ok := strings.Cut(strings.TrimPrefix(e.moduleDotted(strings.Split(head, "."), pyType), "@"), "|")
	return ok && name == "Mapped" && (module == "sqlalchemy" || strings.HasPrefix(module, "sqlalchemy."))
}

// typingName returns the name typing (or typing_extensions,
// collections.abc) gives a name the file imports from it, or uses
// qualified by it, or uses without binding it.
func (e *extractor) typingName(head string) (string, bool) {
	q, _, dotted := strings.Cut(head, ".")
	last := lastDotted(head)
	if dotted {
		for _, b := range e.mod.plain[q] {
			if typingModule(b.path) {
				return last, true
			}
		}
		return last, typingModule(strings.TrimSuffix(head, "."+last))
	}
	if f, ok := e.mod.from[head]; ok && e.mod.first[head] == 'f' {
		return f.name, typingModule(f.path)
	}
	return head, e.mod.first[head] == 0
}

func typingModule(p string) bool {
	switch p {
	case "typing", "typing_extensions", "collections.abc", "collections", "t", "te", "abc":
		return true
	}
	return false
}

// unionChain is the one repository type of a union: None and builtin
// alternatives aside (a method the repository type defines is its), else
// unknown.
func (e *extractor) unionChain(alts []string, mode chainMode, depth int) string {
	var known []string
	for _, a := range alts {
		c := e.annotationChain(a, mode, depth+1)
		switch {
		case c == facts.NotRepo:
		case c == facts.Unknown:
			return facts.Unknown
		case !slices.Contains(known, c):
			known = append(known, c)
		}
	}
	if len(known) == 0 {
		return facts.NotRepo
	}
	return e.pickSide(known) // x: A | B: like a if c else b, one of them
}

// annotationUnion are the repository types an annotation's union names
// (A | B, Union[A, B], Optional[A | B], an alias of one), each once, when
// there are two or more: the Union of the symbol it declares
// (facts.Symbol.Union), whose value may be any of them. Each side of the
// union is read as pickSide gives it while a call is written once per side.
func (e *extractor) annotationUnion(text string) []string {
	out := e.sideChains(func() string { return e.annotationChain(text, pyType, 0) })
	if len(out) < 2 {
		return nil
	}
	return out
}

// sideChains are the distinct chains chain gives for each side of the
// unions and conditional values it reads (pickSide), unknown and outside
// ones aside.
func (e *extractor) sideChains(chain func() string) []string {
	side, sides := e.side, e.sides
	defer func() { e.side, e.sides = side, sides }()
	e.side, e.sides = 0, 0
	var out []string
	add := func(c string) {
		if facts.MayBeRepo(c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	add(chain())
	for e.side = 1; e.side < min(e.sides, maxSides); e.side++ {
		add(chain())
	}
	return out
}

// unquote strips the quotes of a forward reference ("Foo", 'm.Foo').
func unquote(s string) string {
	for len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// splitTop splits s on sep outside brackets and quotes.
func splitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
