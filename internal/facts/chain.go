package facts

import (
	"strconv"
	"strings"
)

// A type chain names a type, or how to reach one, in a form that does not
// depend on the file it is read from, so that the resolver can evaluate it
// in the defining file's scope from any other file.
//
// It is a root followed by steps, joined with ".":
//
//	Server             a name in the defining file's scope (a type, or a
//	                   variable whose own Type is followed)
//	Outer.Inner        a nested type (the resolver tries the longest prefix)
//	NewServer()        the result of calling a function; for a type, an
//	                   instance of it (Python Foo(), TS new Foo())
//	self / super       the enclosing type / its first base
//	@net/http|Client   the name Client imported from the module written
//	                   "net/http" in one of the defining file's imports
//	                   (resolved as that import is; "|" never occurs in an
//	                   import path of any language lgraph reads)
//
// Each step is a member name, with "()" when the member is called:
// "NewServer().cfg.Load()" is the result of Load on the cfg field of what
// NewServer returns.
//
// A step (or root) may end in "^K/I": the type of the I-th parameter (from
// 0) of the function passed as the K-th argument of a call of what the
// step names, as that callee's declared parameter types give it (Symbol.Params):
// "app.get^1/0" is c in app.get('/', (c) => ...). K may instead be the
// name of a keyword argument (KeywordCallback): "register^handler/0" is x
// in register(handler=lambda x: ...), found by the callee's parameter of
// that name (Python's Params elements "name:chain").
//
// A root may be Injected followed by a name, "%app": the value a framework
// passes to a parameter of that name, found where the framework looks from
// the file the chain was written in (a pytest fixture: the module, then
// conftest.py in its directory and each parent; Traits.Injected).
//
// A chain may also be NotRepo followed by a chain, "-Server": a value of an
// outside type that wraps a Server (Rust Option<Server>, Result<Server, E>;
// Go []*Server, map[string]Server, chan Server, whose elements Unwrap
// takes; TypeScript Map<K, Server>).
// Its own members are outside ones (unwrap, map); the step Unwrap ("?")
// takes the wrapped value: "Open().?.Run()". An extractor writes steps
// after a wrapping chain only through a definition's Type ("f().?" where
// f's Type is "-Server"), never after the "-" prefix itself.
//
// A root may also be a generic applied to type arguments, or one of a
// generic's type parameters (TypeApply and TypeParam, generic.go).
//
// A step may start with Same, "=iter()": a standard method that gives the
// values of its receiver (Rust's iter, pop, get, first). It is the
// receiver's own method of that name when the receiver's type has one
// (a repository type's pop), else the receiver's value unchanged.
const (
	// Unknown is a receiver whose type the extractor cannot tell.
	Unknown = "?"
	// NotRepo is a type that is provably not defined in the repository
	// (a builtin, a primitive, a literal's type).
	NotRepo = "-"
	// Unwrap is the step from a wrapping value to the value it wraps.
	Unwrap = "?"
	// Injected starts the root of a value a framework passes by name.
	Injected = "%"
	// Same starts a step that keeps the receiver's value unless its type
	// has a member of that name.
	Same = "="
)

// MayBeRepo reports a chain that may name a repository type: neither
// Unknown nor an outside value (NotRepo, or one wrapping another).
func MayBeRepo(chain string) bool {
	return chain != Unknown && !strings.HasPrefix(chain, NotRepo)
}

// Wrapped is the chain of an outside value wrapping a value of chain
// inner ("" or Unknown when the inner type is not known).
func Wrapped(inner string) string {
	switch inner {
	case NotRepo:
		return NotRepo
	case "":
		inner = Unknown
	}
	return NotRepo + inner
}

// Step appends a step to a chain: a step of an unknown value is unknown,
// one of an outside value outside, a member of a wrapping chain an outside
// one (Option.map, a slice's len), and Unwrap of a wrapping chain is the
// chain it wraps, so that no step is written after the wrapping prefix.
func Step(chain, step string) string {
	switch {
	case chain == "" || chain == Unknown:
		return Unknown
	case chain == NotRepo:
		return NotRepo
	case strings.HasPrefix(chain, NotRepo):
		if step == Unwrap {
			return chain[len(NotRepo):]
		}
		return NotRepo
	}
	return chain + "." + step
}

// Imported builds the root for name imported from module.
func Imported(module, name string) string { return "@" + module + "|" + name }

// SplitChain splits a chain into its root and steps. For an imported root,
// module is the import path and root the name; otherwise module is "".
func SplitChain(chain string) (module, root string, steps []string) {
	rest := chain
	if strings.HasPrefix(chain, "@") {
		i := strings.IndexByte(chain, '|')
		if i < 0 {
			return "", chain, nil
		}
		module, rest = chain[1:i], chain[i+1:]
	}
	parts := splitSteps(rest)
	if len(parts) == 0 {
		return module, "", nil
	}
	return module, parts[0], parts[1:]
}

// splitSteps splits on dots outside parentheses, so "f(a.b).g" is two steps.
func splitSteps(s string) []string {
	parts, _ := splitOutside(s, '.')
	return parts
}

// splitOutside splits s at each sep outside parentheses, dropping an empty
// last part; balanced reports whether every parenthesis closes one opened
// before it and all are closed.
func splitOutside(s string, sep byte) (parts []string, balanced bool) {
	depth, start := 0, 0
	balanced = true
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			balanced = balanced && depth >= 0
		case sep:
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	if start < len(s) {
		parts = append(parts, s[start:])
	}
	return parts, balanced && depth == 0
}

// Called reports whether a step is a call, and returns its name.
func Called(step string) (name string, called bool) {
	if i := strings.IndexByte(step, '('); i >= 0 {
		return step[:i], true
	}
	return step, false
}

// Callback is the chain of the i-th parameter of a function passed as the
// k-th argument of a call of callee (a chain of the callee itself, not
// called): Unknown when callee is not known.
func Callback(callee string, k, i int) string {
	switch callee {
	case Unknown, NotRepo, "":
		return Unknown
	}
	return callee + "^" + strconv.Itoa(k) + "/" + strconv.Itoa(i)
}

// KeywordCallback is the chain of the i-th parameter of a function passed
// as the keyword argument kw of a call of callee: Unknown when callee is
// not known.
func KeywordCallback(callee, kw string, i int) string {
	switch callee {
	case Unknown, NotRepo, "":
		return Unknown
	}
	return callee + "^" + kw + "/" + strconv.Itoa(i)
}

// DeclaredArg is the argument of a Callback-like chain whose callee is a
// function type itself: the i-th parameter of a function literal whose
// type is declared by the variable or result it is assigned to
// (const info: GetConnInfo = (c) => ...: "GetConnInfo^=/0").
const DeclaredArg = "="

// Declared is the chain of the i-th parameter of a function literal of the
// declared function type typ: Unknown when typ is not known.
func Declared(typ string, i int) string {
	switch typ {
	case Unknown, NotRepo, "":
		return Unknown
	}
	return typ + "^" + DeclaredArg + "/" + strconv.Itoa(i)
}

// Argument is the chain of the declared type of the k-th parameter of
// callee (a chain of the callee itself, not called): the type an object
// literal passed there takes, whose members' functions take their
// parameters' types from it (f({ m(p) {...} }): p is "f^0.m^=/0").
// Unknown when callee is not known, NotRepo when it is an outside one.
func Argument(callee string, k int) string {
	switch callee {
	case Unknown, "":
		return Unknown
	case NotRepo:
		return NotRepo
	}
	return callee + "^" + strconv.Itoa(k)
}

// SplitArgument takes an Argument step (or root) apart: the callee's name
// and the argument's position; ok is false for any other step.
func SplitArgument(step string) (name string, k int, ok bool) {
	at := strings.LastIndexByte(step, '^')
	if at < 0 || at == len(step)-1 {
		return step, 0, false
	}
	for _, c := range step[at+1:] {
		if c < '0' || c > '9' {
			return step, 0, false
		}
	}
	k, err := strconv.Atoi(step[at+1:])
	if err != nil {
		return step, 0, false
	}
	return step[:at], k, true
}

// SplitCallback takes a step (or root) apart: the callee's name and the
// argument and parameter numbers of a Callback step; ok is false for any
// other step, a KeywordCallback one included.
func SplitCallback(step string) (name string, k, i int, ok bool) {
	name, arg, i, ok := SplitCallbackArg(step)
	if !ok {
		return step, 0, 0, false
	}
	k, err := strconv.Atoi(arg)
	if err != nil || k < 0 {
		return step, 0, 0, false
	}
	return name, k, i, true
}

// SplitCallbackArg takes a Callback or KeywordCallback step (or root)
// apart: the callee's name, the argument (its position in decimal, or its
// keyword) and the parameter number; ok is false for any other step.
func SplitCallbackArg(step string) (name, arg string, i int, ok bool) {
	at := strings.LastIndexByte(step, '^')
	if at < 0 {
		return step, "", 0, false
	}
	arg, is, found := strings.Cut(step[at+1:], "/")
	if !found || !callbackArg(arg) {
		return step, "", 0, false
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 {
		return step, "", 0, false
	}
	return step[:at], arg, i, true
}

// callbackArg reports whether s is an argument of a callback step: a
// position in decimal or a keyword.
func callbackArg(s string) bool {
	if s == DeclaredArg {
		return true
	}
	for i, c := range s {
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c > 127
		if !letter && (c < '0' || c > '9') {
			return false
		}
		if i > 0 && s[0] >= '0' && s[0] <= '9' && !(c >= '0' && c <= '9') {
			return false // 1a is neither
		}
	}
	return s != ""
}
