package lang

import "github.com/lgraph/lgraph/internal/facts"

// Traits are the rules of a language that name resolution follows, each
// named by what it means. A language package declares its own; the
// explicit phase asks for them and never for a language's name. The zero
// value is a language that finds a name only where the file defines or
// imports it.
type Traits struct {
	// Where a bare name is found.

	// Reach says where a bare name that is neither defined in the file
	// nor imported may still be found.
	Reach Reach
	// ImplicitThis: a bare name inside a class body may be a member of
	// that class (elsewhere a method needs its receiver).
	ImplicitThis bool
	// MemberScopes: the scope of a type's body holds the members it
	// inherits, before the names of enclosing scopes (Java: a bare m() in
	// an inner class is the inner class's inherited m before the outer
	// class's m), and a type's bases are searched level by level.
	MemberScopes bool
	// Nesting says which bare names are found in the namespaces, classes
	// and modules lexically around them, in any file.
	Nesting Nesting
	// NamespaceScopes: a bare name may be a member of the enclosing type
	// (with its bases and its other parts), then a type of the namespaces
	// the file declares and their parents, none of them imported (C#).
	NamespaceScopes bool
	// TestOnly reports the files only other such files may see (Go's
	// _test.go); nil when every file sees every other.
	TestOnly func(path string) bool

	// What an import binds.

	// SubmoduleSep joins a module key and an imported name that may be a
	// submodule rather than a definition ("from pkg import mod", Rust
	// "use a::b"); "" where an imported name is always a definition.
	SubmoduleSep string
	// NamespacePackages: a module no file defines may be a directory of
	// modules, whose imported names are its submodules (Python's
	// packages without __init__.py).
	NamespacePackages bool
	// NamesOnlyImports: an import that names what it imports binds those
	// names only, never its module (from m import a binds a, not m).
	NamesOnlyImports bool
	// PackageClauseBinds: an import binds the name the package clause of
	// the files it reaches declares, not its path's last segment (Go).
	PackageClauseBinds bool
	// ExternalNames are the names besides its path that an import of
	// nothing in the repository binds (Go's package name, Python's first
	// segment): calls through them are never guessed at. nil: none.
	ExternalNames func(imp facts.Import) []string
	// UnusedImportsLink: an import links to every file it reaches even
	// when no use of it was resolved (Go rejects an unused import, so the
	// dependency is real).
	UnusedImportsLink bool
	// ImportsNamespaces: an import always names a namespace, never a
	// file, so it links only to the files its uses reached (C#'s using).
	ImportsNamespaces bool
	// ModuleImportsExported: every module-level import is re-exported,
	// the names it binds being attributes of the module (Python's
	// __init__.py relies on it); an import of a whole module is not.
	ModuleImportsExported bool
	// NoReexports: no file re-exports a module whole, so star lookups are
	// never made (C#).
	NoReexports bool

	// How types and their members are found.

	// DirectoryPackages: a type and the definitions it owns are found in
	// the file or directory that uses them, never elsewhere: a package is
	// a directory (Go).
	DirectoryPackages bool
	// NamedConstructors: a constructor is a method named as its class;
	// creating an instance calls the one that takes the arguments, and
	// constructors are not inherited (Java).
	NamedConstructors bool
	// TypedReceivers: the extractor gives every receiver it can its
	// declared type; one it cannot tell (a lambda's parameter, an outside
	// call's result) is not guessed at by name (Java).
	TypedReceivers bool
	// TypeConversions: calling a type converts a value and calls nothing
	// (Go's T(x)).
	TypeConversions bool
	// CallableValues: a call may land on a constant, variable or field
	// holding the function (export const map = dual(...)) (JS, TS).
	CallableValues bool
	// TypedefMembers: a type alias (typedef struct s s_t, using J = K) has
	// its target's members, and no others (C, C++; Go's type Hash = Digest,
	// and its defined types, whose type T U reaches the methods U's
	// embedded fields or interface give T).
	TypedefMembers bool
	// NearestDefinition: of several definitions of a name in one scope
	// (consts of one name in sibling callbacks: it('a', () => { const App
	// = ... }), it('b', ...)), a bare reference means the last one defined
	// at or above it (JS, TS).
	NearestDefinition bool
	// ObjectThis: this, in a method assigned to an object value's member
	// (var app = {}; app.enable = function () { this.set(...) }), is that
	// object, so this.m is a method the file assigns to it (JS).
	ObjectThis bool
	// AliasMembers: a type alias has the members of the type it names,
	// after those of its own bases (TypeScript).
	AliasMembers bool
	// BaseQualifier is the word that, besides super, names the base type
	// in a member access (C# base, PHP parent).
	BaseQualifier string
	// PartialTypes: a type may be declared in parts across the files of
	// one directory: a member is looked up through every part's bases,
	// and one found by its owner's qualified name elsewhere belongs to
	// another type (C#'s partial classes).
	PartialTypes bool
	// TypeNamedMembers: a member may bear its type's name (a property
	// Formatting of type Formatting, new Foo() inside Foo): a chain root
	// that finds such a member is read as the type, and a type name may
	// be one nested in the enclosing type or its bases (C#).
	TypeNamedMembers bool
	// UnfoundIsExternal: a type name not in scope is outside the
	// repository even when some member elsewhere bears it (C#).
	UnfoundIsExternal bool
	// WrapperGetter is the method whose call on an outside value wrapping
	// values of a type gives one of them (TypeScript's Map<K, V>, whose
	// chain wraps V: m.get(k) is a V); "" when none does.
	WrapperGetter string
	// WrapperCallbacks are the methods of an outside value wrapping
	// values of a type whose callback (their first argument) receives one
	// of them at these parameter positions (TypeScript's arrays and maps:
	// items.forEach((x) => ...), reduce((acc, x) => ...)); nil when none.
	WrapperCallbacks map[string][]int
	// WrapperElements are the other methods whose call on such a value
	// gives one of its values (an array's find, at, pop), and
	// WrapperKeepers those whose call gives a value wrapping the same
	// ones (an array's filter, slice); nil when none.
	WrapperElements, WrapperKeepers map[string]bool
	// ThenCallback is the method of a promise whose callback (its first
	// argument) receives the value the promise resolves to, as its first
	// parameter (TypeScript's then). A promise's chain is that value's
	// (Promise<T> is read as T), so the method is taken on T when T
	// declares none of that name; "" when no language does so.
	ThenCallback string
	// CalledClassValues: a variable or field may hold a class, and
	// calling it makes an instance (Python: config_class = Config, then
	// self.config_class()).
	CalledClassValues bool
	// FuncValueResults: a variable or field declared of a function type
	// has the function type's parameters as its Params and what calling
	// it gives as its Type (Go: a field createFormBuilder
	// func(io.Writer) FormBuilder has the Type FormBuilder, so
	// c.createFormBuilder(w) is a FormBuilder); a function value has no
	// members, so nothing but a call steps from it. One whose type comes
	// from its initializer (var engine = sync.OnceValue(...)) has no
	// Params, and calling it gives nothing known.
	FuncValueResults bool
	// LocalDefSteps: a type chain may step from a function, not called,
	// into a class or def defined in its body (Python: a test's
	// setup_method defines class Example and keeps it in self.Example;
	// the attribute's type is TestX.setup_method.Example).
	LocalDefSteps bool

	// When a call is guessed at by its name.

	// NoMethodGuess: a call on a receiver of unknown type is never
	// guessed at (Python: most such receivers are untyped parameters
	// holding dicts, strings or library objects).
	NoMethodGuess bool
	// UniqueOnUnknownReceiver: a call on a receiver of unknown type lands
	// only on a method whose name is unique in the project, never on one
	// of the calling class (C#).
	UniqueOnUnknownReceiver bool
	// StdMethods are method names of the language's standard types (Rust
	// unwrap, clone, iter, len): a call of one on a receiver whose type
	// is unknown is never guessed onto a repository method by name.
	StdMethods map[string]bool

	// ProjectFacts, when set, is what a code file of the language tells
	// its family's ProjectReader (Python: the heads of its absolute
	// imports, for the package roots the tree shows), as text; it must
	// accept nil facts. The index keeps them by path in one keyspace
	// (snapshot.KsPyHeads); each family's reader is handed its own files'
	// (Registry.ProjectReaders).
	ProjectFacts func(f *facts.File) string
	// DirFacts, when set, is what a code file of the language adds to its
	// directory's tally for its family's ProjectReader (Python: a mark for
	// the file, its package and the heads of its absolute imports), as
	// tokens; it must accept nil facts. The index keeps the tallies by
	// directory (snapshot.KsDirFacts), so that an update adds the touched
	// files' tokens to them and reads no other file's (ProjectInput.Dirs).
	DirFacts func(p string, f *facts.File) []string
	// DirTokenMatters, when set beside DirFacts, says the family's reader
	// reads of the tallies only which tokens they hold (a count above
	// zero), and whether a token coming or going can change what it
	// returns, given nested: whether any directory below the top, holding
	// the family's files or above one, has that name. An update whose
	// touched files only bring or take tokens that do not matter keeps its
	// base's project settings without reading every tally. nil: every
	// token matters.
	DirTokenMatters func(tok string, nested func(name string) bool) bool
	// ScopeFacts, when set, rewrites a file's facts with what the project
	// says of names the file cannot see (C/C++: the namespaces a macro
	// defined in another header opens). It returns f itself when nothing
	// changes, else a new File; f is never modified. The explicit phase
	// applies it to extracted facts, and to every file's again when
	// Project.NamespaceMacros changes.
	ScopeFacts func(f *facts.File, p *Project) *facts.File

	// Injected, when set, is the name under which a framework passes the
	// value a top-level definition makes to parameters of that name (a
	// pytest fixture: the def's name, or its decorator's name=); the
	// value's type is the definition's Type. The resolver indexes it under
	// that name for chains rooted at facts.Injected.
	Injected func(s facts.Symbol) (name string, ok bool)
	// InjectedDefault, when set, is the chain of the value a framework
	// passes by a name when no definition of the repository makes one
	// (pytest's own fixtures: tmp_path is a pathlib.Path); ok is false for
	// a name it does not know.
	InjectedDefault func(name string) (chain string, ok bool)
}

// Reach is where a bare name that is neither defined in the file nor
// imported may still be found: Go sees its package (the directory); Java,
// C# and PHP their package or namespace, then, like C, C++ and Ruby, the
// whole program. Python, JavaScript and Rust see nothing without an
// import, so a match elsewhere would be a guess.
type Reach struct {
	Dir, Project bool
}

// Nesting says which bare names are looked up in the scopes lexically
// around a reference, in any file.
type Nesting int

const (
	// NestNone: only the file's own scopes.
	NestNone Nesting = iota
	// NestAll: every name, through the namespaces and classes around it
	// and the namespaces the file uses (using namespace); a member field
	// hides the functions of its name outside its class (C++).
	NestAll
	// NestConstants: constants (class and module names) only; methods are
	// not lexically scoped (Ruby).
	NestConstants
)
