package python

import (
	"path"
	"slices"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// ids holds the Python grammar's named kind names by id and the field
// ids the extractor uses, computed once so the walk does no string conversion.
type ids struct {
	*syntax.Table
	fName, fBody, fSuper, fTypeParams, fLeft         uint16
	fRight, fFunc, fObject, fAttr, fModule, fAlias   uint16
	fValue, fParams, fType, fDefinition, fArguments  uint16
	fReturnType, fOperator, fCondition, fConsequence uint16
	fArgument                                        uint16
}

var grammarIDs = sync.OnceValue(func() *ids {
	l := syntax.NewTable(sitter.NewLanguage(tspython.Language()))
	g := &ids{Table: l}
	g.fName = l.Field("name")
	g.fBody = l.Field("body")
	g.fSuper = l.Field("superclasses")
	g.fTypeParams = l.Field("type_parameters")
	g.fLeft = l.Field("left")
	g.fRight = l.Field("right")
	g.fFunc = l.Field("function")
	g.fObject = l.Field("object")
	g.fAttr = l.Field("attribute")
	g.fModule = l.Field("module_name")
	g.fAlias = l.Field("alias")
	g.fValue = l.Field("value")
	g.fParams = l.Field("parameters")
	g.fType = l.Field("type")
	g.fDefinition = l.Field("definition")
	g.fArguments = l.Field("arguments")
	g.fReturnType = l.Field("return_type")
	g.fOperator = l.Field("operator")
	g.fCondition = l.Field("condition")
	g.fConsequence = l.Field("consequence")
	g.fArgument = l.Field("argument")
	return g
})

// builtins are the names of Python 3.11's builtins module (functions,
// types, exceptions): bare calls and annotations of them, and calls on them
// (str.join, object.__setattr__), are dropped unless the file itself
// defines or imports the name.
var builtins = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(
		"ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError " +
			"BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError " +
			"ConnectionError ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError Ellipsis " +
			"EncodingWarning EnvironmentError Exception ExceptionGroup FileExistsError FileNotFoundError " +
			"FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning " +
			"IndentationError IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt " +
			"LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplemented " +
			"NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError " +
			"ProcessLookupError RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning " +
			"StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError " +
			"TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError " +
			"UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning ZeroDivisionError __import__ " +
			"abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod " +
			"compile complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float " +
			"format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter " +
			"len license list locals map max memoryview min next object oct open ord pow print property quit " +
			"range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars " +
			"zip") {
		m[n] = true
	}
	return m
})

func isComment(kind string) bool { return kind == "comment" }

type scope struct {
	end   uint
	qual  string
	class bool
	// method is set for a def whose first parameter is its instance or
	// class (not a staticmethod); owner is then the class.
	method bool
	owner  string
	// tparams are a class's type parameters (classTypeParams).
	tparams []string
}

type extractor struct {
	g     *ids
	src   []byte
	f     *facts.File
	stack []scope
	// typeEnd is the end byte of the annotation or base-class list being walked.
	typeEnd uint
	// superID is the superclasses list of the class just entered.
	superID uintptr
	// inBases is set while a class's bases are read, before its scope is
	// entered; baseParams are then its type parameters (none: nil), which
	// its bases' arguments may name, and no outer class's are.
	inBases    bool
	baseParams []string
	// skipID is a node the walk must not report (a callee, a defined name).
	skipID uintptr
	// vars maps the module-level variables to their symbols' indexes.
	vars        map[string]int
	builtinRefs bool
	// locals are the enclosing function, lambda and comprehension scopes.
	locals []locals
	// mod is what the module scope binds.
	mod modNames
	// fields are the class attributes found so far, by qualified name.
	fields map[string]*field
	// overloads are the indexes of @overload-decorated defs in f.Symbols.
	overloads []int
	// root is the module node; passed, built on first use, is where each
	// scope first passes each name as an argument (callbackSite).
	root   *sitter.Node
	passed map[passKey]passedAt
	// sides is how many known values the chains just computed chose
	// among (a or b, a if c else b, A | B, an element of [A, B, C]); side
	// is the one they take, the first unless a call is being written for
	// each of them (call, pickSide).
	side, sides int
}

func extract(root *sitter.Node, src []byte) *facts.File {
	e := &extractor{g: grammarIDs(), src: src, f: &facts.File{}, fields: map[string]*field{}, root: root,
		mod: modNames{first: map[string]byte{}, from: map[string]fromName{}, plain: map[string][]plain{}, typeVars: map[string]bool{},
			returns: map[string]string{}, anns: map[string]string{}}}
	e.scanModule(root)
	e.f.Doc = syntax.CleanDoc(e.docstring(root))
	syntax.Walk(root, e.visit)
	drop := e.shadowedFields()
	for i := range e.overloadStubs() {
		drop[i] = true
	}
	e.dropSymbols(drop)
	if e.builtinRefs {
		e.dropBuiltinRefs()
	}
	return e.f
}

func (e *extractor) from() string {
	if len(e.stack) == 0 {
		return ""
	}
	return e.stack[len(e.stack)-1].qual
}

func (e *extractor) ref(at *sitter.Node, name, qual, kind string) {
	e.refRecv(at, name, qual, "", kind)
}

// refRecv records a reference with a receiver chain (facts.Ref.Recv).
func (e *extractor) refRecv(at *sitter.Node, name, qual, recv, kind string) {
	if (qual == "" && builtins()[name]) || builtinHead(qual) != "" {
		e.builtinRefs = true
	}
	e.f.Refs = append(e.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: e.from(), Line: syntax.Line(at), Recv: recv})
}

// function records a def, opens its local scope, and then (its locals
// known) sets its result type.
func (e *extractor) function(n *sitter.Node) {
	idx := len(e.f.Symbols)
	method := e.definition(n)
	e.enterLocals(n, method)
	if idx < len(e.f.Symbols) {
		e.resultType(idx, n)
	}
}

// assignmentIn records what an assignment defines where it is: module
// variables, class attributes, or self attributes in a method.
func (e *extractor) assignmentIn(n *sitter.Node) {
	switch {
	case len(e.stack) == 0:
		e.assignment(n)
		e.pytestPlugins(n)
	case e.stack[len(e.stack)-1].class:
		e.classAttribute(n)
	default:
		e.selfAttribute(n)
	}
}

func (e *extractor) visit(n *sitter.Node) bool {
	start := n.StartByte()
	for len(e.stack) > 0 && e.stack[len(e.stack)-1].end <= start {
		e.stack = e.stack[:len(e.stack)-1]
	}
	for len(e.locals) > 0 && e.locals[len(e.locals)-1].end <= start {
		e.locals = e.locals[:len(e.locals)-1]
	}
	if n.Id() == e.skipID {
		return false
	}
	inType := start < e.typeEnd
	switch e.g.Kind(n) {
	case "comment", "integer", "float", "escape_sequence", "string_content":
		return false
	case "string":
		if inType {
			e.stringAnnotation(n)
			return false
		}
	case "function_definition":
		e.function(n)
	case "class_definition":
		e.definition(n)
	case "lambda", "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression":
		e.enterLocals(n, false)
	case "type_alias_statement":
		e.typeAlias(n)
	case "assignment":
		e.assignmentIn(n)
	case "import_statement":
		e.importStatement(n)
		return false
	case "import_from_statement":
		e.importFrom(n)
		return false
	case "future_import_statement":
		return false
	case "call":
		e.call(n)
	case "decorator":
		if d := n.NamedChild(0); d != nil {
			switch e.g.Kind(d) {
			case "identifier":
				e.ref(d, syntax.Text(d, e.src), "", facts.RefCall)
			case "attribute":
				if name, qual, ok := dotted(syntax.Text(d, e.src)); ok {
					// @app.before_request in a test: app is a parameter
					// or local, typed as a call's receiver is.
					e.refRecv(d.ChildByFieldId(e.g.fAttr), name, qual, e.localRecv(qual, d.StartByte()), facts.RefCall)
				}
			}
		}
	case "type":
		if end := n.EndByte(); end > e.typeEnd {
			e.typeEnd = end
		}
	case "argument_list":
		if n.Id() == e.superID {
			if end := n.EndByte(); end > e.typeEnd {
				e.typeEnd = end
			}
		}
	case "keyword_argument":
		if inType {
			if k := n.ChildByFieldId(e.g.fName); k != nil {
				e.skipID = k.Id()
			}
		}
	case "identifier":
		if inType {
			e.ref(n, syntax.Text(n, e.src), "", facts.RefReference)
		}
		return false
	case "attribute", "member_type":
		if inType {
			if name, qual, ok := dotted(syntax.Text(n, e.src)); ok {
				e.ref(n, name, qual, facts.RefReference)
				return false
			}
		}
	}
	return true
}

// moduleKeys maps pkg/sub/mod.py to "pkg.sub.mod" and pkg/sub/__init__.py
// to "pkg.sub"; under a src/ or lib/ root the key without it is added, and
// under a directory of p.PythonRoots the key relative to it.
func moduleKeys(p string, f *facts.File, pr *lang.Project) []string {
	var stem string
	switch lower := strings.ToLower(p); {
	case strings.HasSuffix(lower, ".py"):
		stem = p[:len(p)-3]
	case strings.HasSuffix(lower, ".pyi"):
		stem = p[:len(p)-4]
	default:
		return nil
	}
	parts := strings.Split(stem, "/")
	isInit := parts[len(parts)-1] == "__init__"
	if isInit {
		parts = parts[:len(parts)-1]
	}
	if len(parts) == 0 || parts[0] == "" {
		return nil
	}
	keys := []string{strings.Join(parts, ".")}
	if len(parts) > 1 && (parts[0] == "src" || parts[0] == "lib") {
		keys = append(keys, strings.Join(parts[1:], "."))
	}
	if pr == nil || len(pr.PythonRoots) == 0 {
		return keys
	}
	// Nearest enclosing root first; a directory counts only above the module.
	for i := len(parts) - 1; i >= 1; i-- {
		pkg, ok := pr.PythonRoots[strings.Join(parts[:i], "/")]
		if !ok {
			continue
		}
		k := strings.Join(parts[i:], ".")
		if pkg != "" {
			k = pkg + "." + k
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if pkg := pr.PythonRoots[strings.Join(parts, "/")]; isInit && pkg != "" && !slices.Contains(keys, pkg) {
		// A package directory mapped by name: its __init__.py is the package.
		keys = append(keys, pkg)
	}
	return keys
}

// importCandidates returns the module key of an absolute import, or the
// key a relative import names from the importing file's package (and the
// same without a leading src/ or lib/).
func importCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	p := imp.Path
	if p == "" {
		return nil
	}
	if p[0] != '.' {
		return []string{p}
	}
	dots := 0
	for dots < len(p) && p[dots] == '.' {
		dots++
	}
	rest := p[dots:]
	var pkg []string
	if dir := path.Dir(from); dir != "." && dir != "/" && dir != "" {
		pkg = strings.Split(dir, "/")
	}
	var out []string
	if c := relative(pkg, dots, rest); c != "" {
		out = append(out, c)
	}
	if len(pkg) > 0 && (pkg[0] == "src" || pkg[0] == "lib") {
		if c := relative(pkg[1:], dots, rest); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// relative resolves a relative module (dots leading dots, then rest) from
// the package pkg; "" when it climbs above the root.
func relative(pkg []string, dots int, rest string) string {
	up := dots - 1
	if up > len(pkg) {
		return ""
	}
	base := strings.Join(pkg[:len(pkg)-up], ".")
	switch {
	case base == "":
		return rest
	case rest == "":
		return base
	}
	return base + "." + rest
}
