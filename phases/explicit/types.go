package explicit

import (
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// typeState is what evaluating a type chain learned.
type typeState int

const (
	typeUnknown  typeState = iota // nothing can be said
	typeKnown                     // a repository type definition
	typeExternal                  // provably not a repository type
	// typeWrapped is an outside value wrapping a value of the type given
	// (nil when that type is unknown): its members are outside ones, the
	// step facts.Unwrap reaches the wrapped value (facts.Wrapped).
	typeWrapped
)

// maxChainDepth bounds how many definitions' types one chain may follow
// (a field whose type is a variable whose type is a call ...).
const maxChainDepth = 8

// chainCtx is where a type chain was written.
type chainCtx struct {
	// path is the file the chain was written in.
	path string
	// here is set when that file is the one being resolved: its imports
	// and lexical scopes apply to the chain's root.
	here bool
	// from is the enclosing symbol there (for self), when here is set.
	from string
	// self is the enclosing type of the definition a chain comes from,
	// when it comes from another definition's Type.
	self *def
	// asWritten marks a qualifier as written, with no extractor knowledge:
	// its root may be a local variable, so only the file's own top-level
	// names and imports are trusted for it.
	asWritten bool
	// owner is the id of the definition whose Type the chain is: its root
	// never names that definition itself (C#'s Color Color property).
	owner string
	// typeOnly makes the root a type name only.
	typeOnly bool
	// receiver, when set, is what self denotes: the type a method was
	// called on, for the result type of a method that returns self or
	// something of it (a base's classmethod's cls(), called on a
	// subclass, makes the subclass).
	receiver *def
	// targs, when set, are the type arguments a generic's value was used
	// with, which its type parameters (facts.TypeParam) stand for.
	targs *typeArgs
}

// typeArgs are the type arguments a use of a generic gave it (Box<User>),
// with the context they were written in, where they are read.
type typeArgs struct {
	args []string
	ctx  chainCtx
}

// evalChain evaluates a type chain to the repository type it denotes.
func (r *resolver) evalChain(c chainCtx, chain string, depth int) (*def, typeState) {
	switch {
	case depth > maxChainDepth || chain == "" || chain == facts.Unknown:
		return nil, typeUnknown
	case chain == facts.NotRepo:
		return nil, typeExternal
	case strings.HasPrefix(chain, facts.NotRepo):
		t, st := r.evalChain(c, chain[len(facts.NotRepo):], depth+1)
		switch st {
		case typeExternal:
			return nil, typeExternal
		case typeKnown:
			return t, typeWrapped
		}
		return nil, typeWrapped
	}
	module, root, steps := facts.SplitChain(chain)
	root, arg, i, callback := facts.SplitCallbackArg(root)
	root, argK, isArg := facts.SplitArgument(root)
	if n, _, ok := facts.SplitTypeParam(root); ok && module == "" && !callback && !isArg {
		// A generic's type parameter: the argument its use gave, if known.
		if c.targs == nil || n >= len(c.targs.args) {
			return nil, typeUnknown
		}
		t, st := r.evalChain(c.targs.ctx, c.targs.args[n], depth+1)
		return r.stepsFrom(t, st, steps, depth)
	}
	if generic, args, ok := facts.SplitTypeApply(root); ok && module == "" {
		t, st := r.appliedType(c, generic, args, depth)
		switch {
		case st != typeKnown:
			return r.stepsFrom(t, st, steps, depth)
		case callback:
			return r.followCallback(t, arg, i, steps, depth)
		case isArg:
			return r.followArgument(t, argK, steps, depth)
		}
		return r.stepsFrom(t, st, steps, depth)
	}
	name, called := facts.Called(root)
	if b, ok := r.modBind[name]; ok && module == "" && c.here && len(steps) > 0 && !callback && !isArg {
		// pkg.Var.M(): the root is a module; its first step names a value in it.
		first, arg, i, callback := facts.SplitCallbackArg(steps[0])
		first, argK, isArg := facts.SplitArgument(first)
		name, called = facts.Called(first)
		steps = steps[1:]
		f, ok := r.inBinding(b, name, nil)
		if !ok {
			return nil, typeUnknown
		}
		d := f.def
		switch {
		case callback:
			return r.followCallback(&d, arg, i, steps, depth)
		case isArg:
			return r.followArgument(&d, argK, steps, depth)
		}
		return r.followSteps(&d, called, steps, depth)
	}
	var t *def
	var st typeState
	switch {
	case module != "":
		t, st = r.importedName(c, module, name)
	case name == "super":
		t, st = r.superType(c, depth)
		called = false
	case strings.HasPrefix(name, facts.Injected):
		t, st = r.injectedValue(c.path, name[len(facts.Injected):], depth)
		called = false
	case selfWords[name] && !called && c.receiver != nil:
		t, st = c.receiver, typeKnown
	case selfWords[name] && !called:
		t, st = r.selfType(c)
	default:
		t, st = r.rootName(c, name)
		if r.memberForType(c, t, st, called) || r.constructorForType(c, t, st) {
			c.typeOnly = true
			t, st = r.rootName(c, name)
		}
	}
	if st != typeKnown {
		return nil, st
	}
	switch {
	case callback:
		return r.followCallback(t, arg, i, steps, depth)
	case isArg:
		return r.followArgument(t, argK, steps, depth)
	}
	if name == "super" || selfWords[name] && module == "" || strings.HasPrefix(name, facts.Injected) {
		return r.followSteps(t, false, steps, depth)
	}
	return r.followSteps(t, called, steps, depth)
}

// followSteps takes the value of d (called or not), then each step's member.
func (r *resolver) followSteps(d *def, called bool, steps []string, depth int) (*def, typeState) {
	if !called {
		if n, c, ok := r.ownMemberStep(d, steps); ok {
			d, called, steps = n, c, steps[1:]
		} else if n, c, used, ok := r.bodyDef(d, steps); ok {
			d, called, steps = n, c, steps[used:]
		}
	}
	t := d
	st := typeKnown
	if !typeLike[d.Kind] || called {
		t, st = r.valueOf(d, called, depth)
	}
	return r.stepsFrom(t, st, steps, depth)
}

// appliedType is the value a use of a generic gives with its type
// arguments (facts.TypeApply), both chains read where the use is written
// (a class's constrained type parameter applied to its constraint is
// read as the parameter where a use gives it, else as the constraint):
// the argument the generic's Type names where it is an alias of one of its
// type parameters (type Maybe<T> = T | null: Maybe<User> is a User), or an
// outside value wrapping it (type NonEmpty<A> = readonly [A, ...A[]]: its
// elements are A's); the generic itself otherwise.
func (r *resolver) appliedType(c chainCtx, generic string, args []string, depth int) (*def, typeState) {
	if n, _, ok := facts.SplitTypeParam(generic); ok && len(args) == 1 {
		// A constrained type parameter of a generic class (T extends
		// Base): the argument its use gave, else its constraint.
		if c.targs != nil && n < len(c.targs.args) {
			return r.evalChain(c.targs.ctx, c.targs.args[n], depth+1)
		}
		return r.evalChain(c, args[0], depth+1)
	}
	g, st := r.evalChain(c, generic, depth+1)
	if st != typeKnown {
		return g, st
	}
	if g.Kind != facts.KindType || len(g.union) > 0 || g.Params != "" {
		// A class or interface of these arguments: its members typed by
		// its type parameters are of them (Box<User>'s value: T); so are
		// a function type alias's parameters (Handler<User>'s value: T).
		applied := *g
		applied.applied = &typeArgs{args: args, ctx: c}
		return &applied, typeKnown
	}
	i, wrapped, ok := facts.SplitTypeParam(g.Type)
	if !ok || i >= len(args) {
		return g, st
	}
	arg := args[i]
	if wrapped {
		if !facts.MayBeRepo(arg) {
			return nil, typeExternal // an array of untold or outside values
		}
		arg = facts.Wrapped(arg)
	}
	return r.evalChain(c, arg, depth+1)
}

// stepsFrom takes each step's member from a value t of state st.
func (r *resolver) stepsFrom(t *def, st typeState, steps []string, depth int) (*def, typeState) {
	for i := 0; i < len(steps); i++ {
		if st != typeKnown && st != typeWrapped {
			return nil, st
		}
		from, fromSt := t, st
		t, st = r.step(t, st, steps[i], depth)
		if st == typeUnknown && fromSt == typeKnown && i+1 < len(steps) {
			// A method's value says nothing, but a def in its body may be
			// what the next step names (TestX.setup_method.Example).
			if n, c, used, ok := r.localDefOfMember(from, steps[i], steps[i+1:], depth); ok {
				t, st = r.valueOf(n, c, depth)
				i += used
			}
		}
	}
	if st != typeKnown && st != typeWrapped {
		return nil, st
	}
	return t, st
}

// localDefOfMember is bodyDef from the method of t a step names, not called.
func (r *resolver) localDefOfMember(t *def, step string, rest []string, depth int) (d *def, called bool, used int, ok bool) {
	name, c := facts.Called(step)
	if !r.traits.LocalDefSteps || c {
		return nil, false, 0, false
	}
	m, st := r.memberOf(t, name, callable, "", depth)
	if st != typeKnown {
		return nil, false, 0, false
	}
	return r.bodyDef(m, rest)
}

// ownMemberStep follows a first step from a JavaScript module-level
// object into a member its file assigns it (const internals = {};
// internals.Request = class {...}, then internals.Request.generate(), or
// a default export of internals.Request), as ownObjectMember does for a
// call on the object itself.
func (r *resolver) ownMemberStep(d *def, steps []string) (*def, bool, bool) {
	if r.family != lang.FamilyJS || len(steps) == 0 || d.Parent != "" || (d.Kind != facts.KindVar && d.Kind != facts.KindConst) {
		return nil, false, false
	}
	name, called := facts.Called(steps[0])
	n, ok := r.first(r.filterIn(name, []string{d.Path}, nil, func(m def) bool { return m.Parent == d.Qualified }))
	if !ok || (!typeLike[n.Kind] && !called && len(steps) == 1) {
		// A function's own members (internals.end.bind) are outside ones,
		// as the object's were.
		return nil, false, false
	}
	return &n, called, true
}

// bodyDef follows steps from a function, not called, into the defs its
// body defines (Traits.LocalDefSteps): through nested functions, to the
// first step that names a class, a called def or the last step. used is
// how many steps that took; ok is false when a step names nothing the
// body defines.
func (r *resolver) bodyDef(fn *def, steps []string) (d *def, called bool, used int, ok bool) {
	if !r.traits.LocalDefSteps || len(steps) == 0 || !isFunctionKind(fn.Kind) {
		return nil, false, 0, false
	}
	cur := fn
	for i, step := range steps {
		name, c := facts.Called(step)
		inBody := func(d def) bool { return d.Path == cur.Path }
		n, found := r.first(r.filterParent(name, cur.Qualified, nil, inBody))
		if !found {
			return nil, false, 0, false
		}
		if isFunctionKind(n.Kind) && !c && i+1 < len(steps) {
			cur = &n
			continue
		}
		return &n, c, i + 1, true
	}
	return nil, false, 0, false
}

// isFunctionKind reports a function or method.
func isFunctionKind(kind string) bool { return kind == facts.KindFunction || kind == facts.KindMethod }

// followCallback takes the type of a callback parameter of fn (see
// callbackParam), then each step's member.
func (r *resolver) followCallback(fn *def, arg string, i int, steps []string, depth int) (*def, typeState) {
	t, st := r.callbackParam(fn, arg, i, depth)
	if st != typeKnown {
		return nil, st
	}
	return r.followSteps(t, false, steps, depth)
}

// step is the value of one step taken from a value of type t.
func (r *resolver) step(t *def, st typeState, step string, depth int) (*def, typeState) {
	if same, ok := strings.CutPrefix(step, facts.Same); ok {
		return r.sameStep(t, st, same, depth)
	}
	switch {
	case step == facts.Unwrap:
		if st == typeKnown {
			t, st = r.underlying(t, depth)
		}
		if st == typeWrapped && t != nil {
			return t, typeKnown
		}
		return nil, typeUnknown
	case st == typeWrapped && r.wrapperElementStep(step):
		if t != nil {
			return t, typeKnown // Map<K, V>.get(k): a V; items.find(f): an element
		}
		return nil, typeUnknown
	case st == typeWrapped && r.wrapperKeeperStep(step):
		return t, typeWrapped // items.filter(f): items of the same type
	case st == typeWrapped:
		if v, ok := r.wrapperCallbackParam(t, step); ok {
			return v, typeKnown // items.forEach((x) => ...): an element
		}
		return nil, typeExternal // a member of the wrapper (Option.map)
	}
	if name, k, ok := facts.SplitArgument(step); ok {
		m, mst := r.calleeMember(t, name, depth)
		if mst != typeKnown {
			return nil, mst
		}
		return r.argumentType(m, k, depth)
	}
	if name, arg, i, ok := facts.SplitCallbackArg(step); ok {
		m, mst := r.calleeMember(t, name, depth)
		if mst != typeKnown {
			if v, ok := r.inheritedWrapperCallback(t, step, depth); ok {
				return v, typeKnown
			}
			if mst == typeUnknown && r.resolvedValueCallback(name, arg, i) {
				return t, typeKnown // load().then((m) => m.run()): what load's promise resolves to
			}
			return nil, mst
		}
		return r.callbackParamOf(m, arg, i, ownerArgs(t, m), depth)
	}
	stepName, stepCalled := facts.Called(step)
	var m *def
	mst := typeUnknown
	if stepCalled {
		// A called member is a method even where a field shares its name (Rust getters).
		m, mst = r.memberOf(t, stepName, callable, "", depth)
	}
	if mst != typeKnown {
		if m, mst = r.memberOf(t, stepName, nil, "", depth); mst != typeKnown {
			if v, ok := r.inheritedWrapperValue(t, step, depth); ok {
				return v, typeKnown
			}
			return nil, mst
		}
	}
	if stepCalled && m.Kind == facts.KindMethod && selfRooted(m.Type) {
		return r.receiverResult(m, t, depth)
	}
	if targs := ownerArgs(t, m); targs != nil && typedByParams(m, stepCalled) {
		return r.evalChain(chainCtx{path: m.Path, here: m.Path == r.f.Path, from: m.Parent, owner: m.ID, targs: targs}, m.Type, depth+1)
	}
	return r.valueOf(m, stepCalled, depth)
}

// ownerArgs are the type arguments member m of a value of type t is read
// with: those of the applied base memberOf found it in (withOwnerArgs,
// the one place a member is given any), else those t was used with.
func ownerArgs(t, m *def) *typeArgs {
	if m.applied != nil {
		return m.applied
	}
	return t.applied
}

// typedByParams reports whether the value of member m (called or not)
// is its Type, written with its owner's type parameters.
func typedByParams(m *def, called bool) bool {
	if !strings.Contains(m.Type, "$") || len(m.union) > 0 {
		return false
	}
	switch m.Kind {
	case facts.KindMethod, facts.KindFunction:
		return called
	case facts.KindField, facts.KindVar, facts.KindConst:
		return !called
	}
	return false
}

// selfRooted reports whether a result type chain starts at self (return
// self, return cls(...), return cls.from_settings(...)).
func selfRooted(chain string) bool {
	module, root, _ := facts.SplitChain(chain)
	return module == "" && selfWords[root]
}

// receiverResult is the result of calling method m on a value of type t:
// its result type with self standing for t, not for the type that
// declares m, so that a base's factory called on a subclass gives the
// subclass (scrapy's Manager.from_crawler, returning
// cls.from_settings(...), returning cls(...)).
func (r *resolver) receiverResult(m, t *def, depth int) (*def, typeState) {
	return r.evalChain(chainCtx{path: m.Path, here: m.Path == r.f.Path, from: m.Parent, receiver: t, owner: m.ID}, m.Type, depth+1)
}

// wrapperCallbackParam is the value a Callback step gives on an outside
// value wrapping values of type t (Traits.WrapperCallbacks): one of them
// when the step names such a method's first argument and a parameter it
// passes an element to. ok is false otherwise, and when t is not known.
func (r *resolver) wrapperCallbackParam(t *def, step string) (*def, bool) {
	name, k, i, ok := facts.SplitCallback(step)
	if !ok || k != 0 || t == nil {
		return nil, false
	}
	return t, slices.Contains(r.traits.WrapperCallbacks[name], i)
}

// wrapperElementStep reports whether a step calls a method that gives
// one of the values of the outside value it is taken on
// (Traits.WrapperGetter, Traits.WrapperElements).
func (r *resolver) wrapperElementStep(step string) bool {
	name, called := facts.Called(step)
	return called && (r.traits.WrapperGetter != "" && name == r.traits.WrapperGetter || r.traits.WrapperElements[name])
}

// wrapperKeeperStep reports whether a step calls a method that gives a
// value wrapping the same values (Traits.WrapperKeepers).
func (r *resolver) wrapperKeeperStep(step string) bool {
	name, called := facts.Called(step)
	return called && r.traits.WrapperKeepers[name]
}

// sameStep is a step facts.Same marks: the member of a repository type
// that declares one of that name (a repository type's own pop or iter),
// else the value it is taken from (a standard collection's iter gives
// its values).
func (r *resolver) sameStep(t *def, st typeState, step string, depth int) (*def, typeState) {
	if st == typeKnown {
		name, called := facts.Called(step)
		if m, mst := r.memberOf(t, name, callable, "", depth); mst == typeKnown {
			return r.valueOf(m, called, depth)
		}
	}
	return t, st
}

// underlying follows a defined type to the type it is defined as (Go's
// type nodes []*node, Rust's type Nodes = Vec<Node>), as far as such
// definitions go, so that an element of a named slice is a *node.
func (r *resolver) underlying(t *def, depth int) (*def, typeState) {
	st := typeKnown
	for d := depth; st == typeKnown && t.Kind == facts.KindType && t.Type != "" && d <= maxChainDepth; d++ {
		t, st = r.typeOf(t, d)
	}
	return t, st
}

// inheritedWrapperValue is the value the wrapper getter's call (get())
// gives on an instance of a class that extends an outside wrapper and
// does not declare the getter: a class's Type is the wrapper it extends
// (TypeScript's class Modules extends Map<string, Module>: a Module).
func (r *resolver) inheritedWrapperValue(t *def, step string, depth int) (*def, bool) {
	if r.traits.WrapperGetter == "" || step != r.traits.WrapperGetter+"()" || t.Kind != facts.KindClass || t.Type == "" {
		return nil, false
	}
	v, st := r.typeOf(t, depth)
	return v, st == typeWrapped && v != nil
}

// inheritedWrapperCallback is wrapperCallbackParam on an instance of a
// class that extends an outside wrapper and does not declare the method
// (NestJS's ModulesContainer extends Map<string, Module>:
// this.modules.forEach((m) => ...) gives m a Module).
func (r *resolver) inheritedWrapperCallback(t *def, step string, depth int) (*def, bool) {
	if len(r.traits.WrapperCallbacks) == 0 || t == nil || t.Kind != facts.KindClass || t.Type == "" {
		return nil, false
	}
	v, st := r.typeOf(t, depth)
	if st != typeWrapped {
		return nil, false
	}
	return r.wrapperCallbackParam(v, step)
}

// resolvedValueCallback reports whether a Callback step names the first
// parameter of the first argument of Traits.ThenCallback, taken on a
// type that declares no method of that name: a promise of that type,
// whose chain is the type's (see genericChain in the JS extractor).
func (r *resolver) resolvedValueCallback(name, arg string, i int) bool {
	return r.traits.ThenCallback != "" && name == r.traits.ThenCallback && arg == "0" && i == 0
}

// calleeMember is the member of t a call step names: a method, else any
// member of that name (a field holding a function).
func (r *resolver) calleeMember(t *def, name string, depth int) (*def, typeState) {
	if m, st := r.memberOf(t, name, callable, "", depth); st == typeKnown {
		return m, st
	}
	return r.memberOf(t, name, nil, "", depth)
}

// valueOf is the type of the value a definition denotes, called or not:
// a type is itself (an instance when called, its static side when not); a
// function's call is its result type; a variable or field is its type. A
// value that is one of several types (facts.Symbol.Union: x: A | B, a
// field assigned values of two types) is their union (unionValue); a
// called field or variable keeps its own Type (calledValue: the class it
// holds first).
func (r *resolver) valueOf(d *def, called bool, depth int) (*def, typeState) {
	switch {
	case typeLike[d.Kind]:
		return d, typeKnown
	case d.Kind == facts.KindFunction || d.Kind == facts.KindMethod:
		if !called {
			return nil, typeUnknown
		}
	case called:
		return r.calledValue(d, depth)
	}
	if members, _ := facts.UnionMembers(d.union); len(members) > 0 {
		return unionValue(d, members[0]), typeKnown
	}
	return r.typeOf(d, depth)
}

// calledValue is the value of calling a variable or field. One that holds
// a class (config_class = Config; self.config_class()) makes an instance
// of it. Type chains do not tell a class from its instances, so a class
// that declares __call__ leaves the result unknown: the value may be an
// instance being called.
func (r *resolver) calledValue(d *def, depth int) (*def, typeState) {
	if r.traits.FuncValueResults && d.Params != "" && (d.Kind == facts.KindField || d.Kind == facts.KindVar) {
		return r.typeOf(d, depth) // declared of a function type: its Type is the result's
	}
	if !r.traits.CalledClassValues {
		return nil, typeUnknown
	}
	t, st := r.typeOf(d, depth)
	if st != typeKnown || t.Kind != facts.KindClass {
		return nil, typeUnknown
	}
	if _, cst := r.memberOf(t, "__call__", callable, "", depth+1); cst == typeKnown {
		return nil, typeUnknown
	}
	return t, typeKnown
}

// typeOf evaluates a definition's own Type where it was written.
func (r *resolver) typeOf(d *def, depth int) (*def, typeState) {
	if d.Type == "" {
		return nil, typeUnknown
	}
	self, _ := r.ownerType(d)
	return r.evalChain(chainCtx{path: d.Path, here: d.Path == r.f.Path, from: d.Parent, self: self, owner: d.ID}, d.Type, depth+1)
}

// unionValue is the value of d, whose Type is a union of its members
// (d.union): an alias of their union, written where d is, as a type alias
// naming a union is (facts.Symbol.Union). A member is looked up in the
// first of them that may be a repository type (memberOfOthers); a call
// reaches each member's method (unionTargets). Its qualified name names
// no type, so no member is looked up under it.
func unionValue(d *def, first string) *def {
	return &def{Path: d.Path, ID: d.ID, Name: d.Name, Qualified: d.Qualified + unionSuffix, Parent: d.Parent,
		Kind: facts.KindType, Type: first, union: d.union, order: d.order}
}

// unionSuffix ends the qualified name of a union value (unionValue).
const unionSuffix = "|union"

// ownerType is the type definition a member belongs to.
func (r *resolver) ownerType(d *def) (*def, bool) {
	if d.Parent == "" {
		return nil, false
	}
	t, st := r.typeByQualified(d.Parent, d.Path)
	return t, st == typeKnown
}

// typeByQualified finds the type with a qualified name, nearest to path
// (a Go method's receiver type may live in another file of the package).
func (r *resolver) typeByQualified(qualified, path string) (*def, typeState) {
	k := [2]string{qualified, path}
	if t, ok := r.typesByQualified[k]; ok {
		return t.def, t.st
	}
	d, st := r.findTypeByQualified(qualified, path)
	if r.typesByQualified == nil {
		r.typesByQualified = map[[2]string]typeFound{}
	}
	r.typesByQualified[k] = typeFound{d, st}
	return d, st
}

// typeFound is an answer of typeByQualified.
type typeFound struct {
	def *def
	st  typeState
}

func (r *resolver) findTypeByQualified(qualified, path string) (*def, typeState) {
	exact := func(d def) bool { return d.Qualified == qualified }
	cands := r.filterParent(lastSegment(qualified), parentOf(qualified), typeLike, exact)
	if len(cands) == 0 {
		// A qualified name whose parent is not its prefix (a namespace
		// declared as one dotted symbol): any definition of the name.
		cands = r.filter(lastSegment(qualified), typeLike, exact)
	}
	if d, ok := r.nearestOwner(path, cands); ok {
		return d, typeKnown
	}
	return nil, typeUnknown
}

func (r *resolver) selfType(c chainCtx) (*def, typeState) {
	if !c.here {
		if c.self == nil {
			return nil, typeUnknown
		}
		return c.self, typeKnown
	}
	class := r.enclosingClass(c.from)
	if class == "" {
		return nil, typeUnknown
	}
	return r.typeByQualified(class, r.f.Path)
}

// superType is the first base of the enclosing type.
func (r *resolver) superType(c chainCtx, depth int) (*def, typeState) {
	t, st := r.selfType(c)
	if st != typeKnown || len(t.baseList()) == 0 {
		return nil, typeUnknown
	}
	return r.baseOf(t, t.baseList()[0], depth)
}

// importedName finds name in the module an import of c's file names.
func (r *resolver) importedName(c chainCtx, module, name string) (*def, typeState) {
	targets := r.moduleFiles(module, c.path)
	if len(targets) == 0 {
		return nil, typeExternal
	}
	d, via, ok := r.findIn(targets, name, nil, 0)
	if !ok {
		return nil, typeUnknown
	}
	if c.here {
		r.useModule(module, via)
	}
	return &d, typeKnown
}

// moduleFiles resolves an import path written in the file at from.
func (r *resolver) moduleFiles(module, from string) []string {
	for _, cand := range r.language.ImportCandidates(facts.Import{Path: module}, from, r.idx.project) {
		if targets := r.lookupModule(cand); len(targets) > 0 {
			return targets
		}
	}
	return nil
}

// findIn finds a top-level name defined in one of the files, following
// re-exports: a name the file imports and exports again, then the modules
// it re-exports whole. via is the file among targets it was reached from.
func (r *resolver) findIn(targets []string, name string, kinds map[string]bool, depth int) (d def, via string, ok bool) {
	if depth > maxChainDepth {
		return def{}, "", false
	}
	cands := r.filterIn(name, targets, nil, func(d def) bool { return d.Parent == "" })
	for _, c := range cands {
		if c.Kind != kindAlias && accepts(kinds, c.Kind) {
			return *c, c.Path, true
		}
	}
	for _, c := range cands {
		if c.Kind != kindAlias {
			continue
		}
		if d, ok := r.followAlias(c, kinds, depth); ok {
			return d, c.Path, true
		}
	}
	if r.traits.NoReexports {
		return def{}, "", false // no file has star keys
	}
	for _, t := range targets {
		k := starKey(r.family, t)
		r.lookups[k] = true
		for _, module := range r.idx.starModules(k) {
			if d, _, ok := r.findIn(r.moduleFiles(module, t), name, kinds, depth+1); ok {
				return d, t, true
			}
		}
	}
	return def{}, "", false
}

// followAlias finds what a re-exported name names: the imported name in
// the module it is imported from, or (a chain without a module) the
// declaration of the alias's own file it exports under another name.
func (r *resolver) followAlias(alias *def, kinds map[string]bool, depth int) (def, bool) {
	module, root, _ := facts.SplitChain(alias.Type)
	files := []string{alias.Path}
	if module != "" {
		files = r.moduleFiles(module, alias.Path)
	}
	d, _, ok := r.findIn(files, root, kinds, depth+1)
	return d, ok
}

// useModule marks the binding of an import path as used by a file.
func (r *resolver) useModule(module, path string) {
	for _, b := range r.bindings {
		if b.imp.Path == module {
			b.use(path)
		}
	}
}

// rootName resolves the first name of a chain. A root an extractor wrote
// is never a local variable, so a name found nowhere in the scope the
// language gives it is an outside name (a builtin, a library's); the root
// of a qualifier as written may be a local, so it is only unknown.
func (r *resolver) rootName(c chainCtx, name string) (*def, typeState) {
	if c.here && c.asWritten {
		if d, ok := r.sameFile(name, c.from, nil, ""); ok {
			return &d, typeKnown
		}
		if b, ok := r.importBinding(name, c.from); ok {
			if f, ok := r.inBinding(b, name, nil); ok {
				d := f.def
				return &d, typeKnown
			}
		}
		if r.external[name] {
			return nil, typeExternal
		}
		return nil, typeUnknown
	}
	var kinds map[string]bool
	if c.typeOnly {
		kinds = typeLike
	}
	if c.here {
		if f, ok := r.bare(name, c.from, kinds, ""); ok {
			d := f.def
			return &d, typeKnown
		}
		if _, st := r.inScopes(name, c.from, nil, ""); st == typeExternal {
			// No repository type in scope declares it, and a base outside
			// the repository may (FilterReader's in).
			return nil, typeExternal
		}
		return r.absent(name)
	}
	if d, ok := r.nestedType(c, name); ok {
		return d, typeKnown
	}
	if r.nests(name) && c.from != "" {
		if d, ok, _ := r.enclosing(name, c.path, c.from, nil, nil, ""); ok {
			return &d, typeKnown
		}
	}
	reach := r.traits.Reach
	top := func(d def) bool { return d.Parent == "" }
	var cands []*def
	switch {
	case reach.Project:
		cands = r.filter(name, nil, top)
	case reach.Dir:
		cands = r.filterDir(name, dirOf(c.path), nil, top)
	default:
		cands = r.filterIn(name, []string{c.path}, nil, top)
	}
	if d, ok := r.nearestOwner(c.path, cands); ok {
		return d, typeKnown
	}
	if len(cands) > 0 {
		return cands[0], typeKnown
	}
	return r.absent(name)
}

// absent says what a name that is not in scope is. Where a language
// reaches only its imports, it is an outside name; elsewhere it is one
// only when the repository defines it nowhere, or when the language says
// so (Traits.UnfoundIsExternal: a C# root is a type or a member of an
// enclosing type, and every repository type is in reach, so a name not
// found is an outside one even when some member elsewhere, an enum's
// String, bears it).
func (r *resolver) absent(name string) (*def, typeState) {
	if reach := r.traits.Reach; !reach.Dir && !reach.Project || r.traits.UnfoundIsExternal {
		return nil, typeExternal
	}
	for _, d := range r.lookupName(name) {
		if r.visible(&d) {
			return nil, typeUnknown
		}
	}
	return nil, typeExternal
}
