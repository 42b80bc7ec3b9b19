// Package facts defines what the explicit phase learns from one file: its
// definitions, imports and references, before any cross-file resolution.
//
// File facts are a pure function of (blob content, extractor version), so they
// are cached by blob id and shared across branches and snapshots.
package facts

// Symbol kinds. Extractors use these names so that queries and exports agree
// across languages.
const (
	KindFunction  = "function"
	KindMethod    = "method"
	KindClass     = "class"
	KindStruct    = "struct"
	KindInterface = "interface"
	KindTrait     = "trait"
	KindEnum      = "enum"
	KindType      = "type"   // type alias or other named type
	KindConst     = "const"  // module-level constant
	KindVar       = "var"    // module-level variable
	KindModule    = "module" // namespace, Ruby module, Rust mod block
	KindField     = "field"  // struct/class field (optional)
)

// LocalName is the name the i-th imported name is bound to in the file.
func (imp Import) LocalName(i int) string {
	if i < len(imp.As) && imp.As[i] != "" {
		return imp.As[i]
	}
	return imp.Names[i]
}

// Reference kinds.
const (
	RefCall      = "call"      // the name is called: f(), obj.m(), new C()
	RefReference = "reference" // the name is used as a type or value, not called
)

// File is everything one extractor learned from one file.
type File struct {
	// Package is the declared package, namespace or module of the file where the
	// language has one (Go package name, Java/Kotlin package, C# namespace of the
	// first declaration, PHP namespace). Empty otherwise.
	Package string `json:"package,omitempty"`
	// Doc is what the file says of itself: a Python module docstring, or
	// its first leading comment block that is no licence, tool directive or
	// first declaration's doc (a Go package comment), markers stripped, its
	// first paragraph only, on one line. Empty when there is none.
	Doc string `json:"doc,omitempty"`
	// Symbols are the definitions in source order (ordered by start byte).
	Symbols []Symbol `json:"symbols,omitempty"`
	// Imports are the import-like statements in source order.
	Imports []Import `json:"imports,omitempty"`
	// Refs are references to names, in source order.
	Refs []Ref `json:"refs,omitempty"`
	// Sites are the C++ calls of a function by name (not of a member)
	// with an argument of a named class's type or of a template
	// parameter's ("$T"), copies of their Refs: a template's callers tell
	// the types its instantiations deduce. They are kept apart from Refs,
	// which a full run sets aside, because the definition index holds
	// them (explicit's call-site entries).
	Sites []Ref `json:"sites,omitempty"`
	// SyntaxErrors counts ERROR or MISSING nodes; a file with errors still keeps
	// whatever parsed.
	SyntaxErrors int `json:"syntax_errors,omitempty"`
	// NamespaceMacros are the C and C++ macros the file defines whose
	// expansion only opens and closes namespaces (#define BEGIN_NS
	// namespace fmt { inline namespace v9 {), or writes the call in its
	// argument in the global namespace (#define SYS(call) ::call), with
	// what each does (Ops).
	NamespaceMacros []Macro `json:"namespace_macros,omitempty"`
	// MacroLines are the lines holding nothing but a macro word
	// (FMT_BEGIN_NAMESPACE), in source order: where another file's
	// NamespaceMacros say a namespace opens or closes.
	MacroLines []Macro `json:"macro_lines,omitempty"`
	// MacroCalls are the calls of a bare name written as the one argument
	// of a macro word (FMT_POSIX_CALL(close(fd))), with the macro (Name),
	// the line and the name called (Call): where another file's
	// NamespaceMacros say the macro writes the call after "::".
	MacroCalls []Macro `json:"macro_calls,omitempty"`
}

// Macro is a C or C++ macro's definition or use.
type Macro struct {
	Name string `json:"name"`
	Line int    `json:"line,omitempty"`
	// Ops is what a namespace macro's expansion does, in order: "+ns" opens
	// namespace ns ("+a.b" for a::b), "+" an inline or anonymous namespace
	// (its names are found without it), "-" closes one; comma-separated.
	// "::" is a function-like macro that writes the call in its argument
	// in the global namespace (#define SYS(call) ::call).
	Ops string `json:"ops,omitempty"`
	// Call is, in a MacroCalls entry, the name the macro's argument calls.
	Call string `json:"call,omitempty"`
}

// Symbol is one definition.
type Symbol struct {
	// Name is the simple name as written ("Get").
	Name string `json:"name"`
	// Qualified is the dotted path of enclosing definitions plus Name
	// ("Server.Get", "Outer.Inner.m"). For a Go method it is "Recv.Method".
	// Top-level symbols have Qualified == Name. Always joined with ".".
	Qualified string `json:"qualified"`
	// Kind is one of the Kind* constants.
	Kind string `json:"kind"`
	// Parent is the Qualified name of the enclosing definition, "" at top level.
	Parent string `json:"parent,omitempty"`
	// Line and EndLine are 1-based, inclusive.
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
	// Signature is the declaration header on one line, whitespace collapsed,
	// without the body ("func (s *Server) Get(k string) (V, error)").
	Signature string `json:"signature,omitempty"`
	// Doc is the doc comment or docstring with comment markers stripped.
	Doc string `json:"doc,omitempty"`
	// Extends and Implements are the base type names as written, reduced to the
	// last identifier with qualifier kept separately is not needed: write the
	// text of the name ("Base", "pkg.Base", "Comparable<T>" -> "Comparable").
	Extends    []string `json:"extends,omitempty"`
	Implements []string `json:"implements,omitempty"`
	// Type is the type of the value the symbol names, as a type chain (see
	// Chain): a field's, variable's or constant's declared or initializing
	// type; a function's or method's result type. Empty when unknown; a
	// builtin or primitive type is NotRepo.
	Type string `json:"type,omitempty"`
	// Params are a function's or method's parameter types, for choosing
	// among overloads: simple type names in parentheses ("(String,int)",
	// "()" for none; see Args for the names), the last one ending in "..."
	// when it is variadic. Empty when unknown (and for other kinds).
	// TypeScript writes type chains instead of simple names ("?" for an
	// undeclared one), a parameter of function type as "=>" and its own
	// parameters' chains joined by ";" ("(-,=>@./context|Context;Next)"),
	// and gives a type alias of a function type the parameters of that
	// function type: a callback passed there takes its parameters' types
	// from them (see Callback). Go gives a variable or field declared of a
	// function type that type's parameters, its Type being the result's
	// (Traits.FuncValueResults).
	Params string `json:"params,omitempty"`
	// Union are the members of the union a type alias names, as type
	// chains, when two or more of them may be repository types (TypeScript
	// type AST = Literal | Union | ...): a method called on the alias's
	// value may be any member's, as the checker answers. Type is the first.
	// Also a field's, variable's or function result's type when that is a
	// union (Python: one assigned values of several types). An
	// intersection's members (A & B: a method is the first's that declares
	// it) follow IntersectionMark.
	Union []string `json:"union,omitempty"`
}

// IntersectionMark starts a Symbol.Union that lists an intersection's
// members.
const IntersectionMark = "&"

// UnionMembers are a Symbol.Union's type chains, and whether they are an
// intersection's.
func UnionMembers(union []string) (members []string, intersection bool) {
	if len(union) > 0 && union[0] == IntersectionMark {
		return union[1:], true
	}
	return union, false
}

// ImportSelf is the Import Kind of a file's export of its own module-level
// declarations under other names (JavaScript export { f as default },
// export default f, module.exports = f): Path is empty, Names are the
// declarations and As the names they are exported as. It binds no name in
// the file and links it to no other file; it is a Reexport, so that
// importing an exported name from the file reaches the declaration.
const ImportSelf = "self"

// ImportPlugin is the Import Kind of a module a file names for a framework
// to load (pytest_plugins): it binds no name in the file, and what the
// framework passes by name (Traits.Injected) reaches further through it.
const ImportPlugin = "plugin"

// Import is one import-like statement (import, use, require, include).
type Import struct {
	// Path is the module specifier as written, without quotes: "./util",
	// "os/exec", "a.b.c", "..mod", "crate::net::tcp", "stdio.h", "App\\Models\\User";
	// empty for ImportSelf.
	Path string `json:"path"`
	// Alias is the local name the import binds for the module itself
	// ("np" in import numpy as np; the Go package alias; the JS default or
	// namespace import name; a JS default import also names "default" in
	// Names). Empty when the language binds the last segment.
	Alias string `json:"alias,omitempty"`
	// Names are names imported from the module into local scope
	// (from m import a, b; import {a, b} from "m"; use a::{b, c}), as the
	// module names them.
	Names []string `json:"names,omitempty"`
	// As holds, parallel to Names, the local name each is bound to when it
	// differs (from m import a as b: Names ["a"], As ["b"]); nil when none
	// is renamed.
	As []string `json:"as,omitempty"`
	// Reexport marks an import whose names the file also exports, so that
	// importing them from this file reaches their definitions: TypeScript
	// "export { a } from" and "export * from", Python's module-level imports
	// (a module's imported names are its attributes), barrels.
	Reexport bool `json:"reexport,omitempty"`
	// Kind distinguishes import forms that resolve differently: "" (default),
	// "relative" (Ruby require_relative), "local" (C quoted include),
	// "system" (C angle include), "require" (PHP require/include, Ruby require),
	// "wildcard" (Java/Kotlin import a.b.*, Python from m import *),
	// "static" (Java import static), ImportPlugin, ImportSelf.
	Kind string `json:"kind,omitempty"`
	Line int    `json:"line"`
}

// Ref is one reference to a name.
type Ref struct {
	// Name is the referenced simple name ("Getenv").
	Name string `json:"name"`
	// Qualifier is the receiver or module text before the name, as written
	// and reduced to its last identifier chain ("os", "self", "this",
	// "s.client"); empty for bare names; GlobalScope for a C++ name
	// qualified by the global namespace alone (::close).
	Qualifier string `json:"qualifier,omitempty"`
	// Kind is RefCall or RefReference.
	Kind string `json:"kind"`
	// From is the Qualified name of the innermost enclosing symbol, "" at file level.
	From string `json:"from,omitempty"`
	Line int    `json:"line"`
	// Recv is the receiver of a qualified reference as a type chain (see
	// Chain), when the extractor knows more than the qualifier's text says:
	// a local or parameter replaced by its declared or inferred type
	// ("x.Run()" with x := NewServer() gives "NewServer()"), Unknown for a
	// local whose type it cannot tell (so the resolver does not take the
	// local for a global of the same name), NotRepo for a builtin value.
	// Empty: resolve the qualifier as written.
	Recv string `json:"recv,omitempty"`
	// Args are a call's argument types in the form of Symbol.Params:
	// "(String,?,int)", with "?" for an argument whose type the extractor
	// cannot tell; "()" for a call without arguments; empty when unknown
	// (not a call, or the extractor does not count arguments). Type names
	// are simple, without type arguments, with "[]" per array dimension;
	// primitives, their boxes, String and Object use Java's names (other
	// languages map theirs onto them), "null" is the null literal. A
	// leading "-" marks a type known to be a library's (outside the
	// repository), whose supertypes the resolver may know ("-StringReader"
	// fits a Reader parameter, not an InputStream one).
	Args string `json:"args,omitempty"`
}

// GlobalScope is the Qualifier of a C++ name qualified by the global
// namespace alone (::close(fd), or a call written in the argument of a
// macro that writes ::call): it names no member of a class around it.
const GlobalScope = "::"

// Signal is one implicit key a file uses (an environment variable, config
// key, pub/sub topic, HTTP route or SQL table), with its first line.
type Signal struct {
	Kind string `json:"kind"`
	Key  string `json:"key"`
	Line int    `json:"line"`
}

// Name is the signal's key with its kind: "env:DATABASE_URL".
func (s Signal) Name() string { return s.Kind + ":" + s.Key }

// Coupling is one implicit key a model proposed for a file (the implicit
// phase's explorer): a key the rules cannot see, with the lines of the
// file that show it and how sure the model was.
type Coupling struct {
	Kind string `json:"kind"`
	Key  string `json:"key"`
	// Lines are the evidence lines, 1-based in the exact content, sorted;
	// Line is the first.
	Lines []int `json:"lines"`
	// Evidence are the quoted lines, as the model quoted them.
	Evidence []string `json:"evidence"`
	// Confidence is the model's confidence in percent, 0 to 100.
	Confidence int `json:"confidence"`
}

// Name is the coupling's key with its kind, as Signal.Name.
func (c Coupling) Name() string { return c.Kind + ":" + c.Key }

// Line is the first evidence line.
func (c Coupling) Line() int {
	if len(c.Lines) == 0 {
		return 0
	}
	return c.Lines[0]
}
