package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

var selfWords = map[string]bool{"self": true, "this": true, "Self": true, "$this": true, "cls": true, "@": true}

// callable and typeLike are the definition kinds a call or a type
// reference may land on.
var (
	callable = map[string]bool{facts.KindFunction: true, facts.KindMethod: true, facts.KindClass: true, facts.KindStruct: true, facts.KindType: true, facts.KindEnum: true}
	typeLike = map[string]bool{facts.KindClass: true, facts.KindStruct: true, facts.KindInterface: true, facts.KindTrait: true, facts.KindEnum: true, facts.KindType: true, facts.KindModule: true}
)

// valueCallable is callable where a const or variable (export const map =
// dual(...)) and a property (timeoutProvider.setTimeout(...)) may hold the
// function a call calls (Traits.CallableValues): the call lands on the
// declaration that holds it.
var valueCallable = func() map[string]bool {
	m := map[string]bool{facts.KindConst: true, facts.KindVar: true, facts.KindField: true}
	for k := range callable {
		m[k] = true
	}
	return m
}()

func (r *resolver) wanted(kind string) map[string]bool {
	if kind == facts.RefCall && r.traits.CallableValues {
		return valueCallable
	}
	return wanted(kind)
}

func wanted(kind string) map[string]bool {
	if kind == facts.RefCall {
		return callable
	}
	return typeLike
}

// found is a resolved reference: the definition and how it was reached
// (snapshot.ByType, ByImport, ByScope or ByName).
type found struct {
	def
	by string
}

func (r *resolver) reference(ref facts.Ref) {
	r.caller, r.untyped, r.line, r.instantiated, r.unionAlts = "", false, ref.Line, nil, nil
	if ref.Kind == facts.RefCall {
		r.caller = r.sourceOf(ref)
	}
	via := viaText(ref)
	ref = r.selfReceiver(ref)
	ref, tparam := r.deducedRecv(ref)
	target, ok := r.resolve(ref)
	if !ok {
		target, ok = r.hiddenFriend(ref)
	}
	if !ok && tparam != "" && r.deducedCall(ref, tparam) {
		return
	}
	if !ok {
		r.unresolved++
		r.unresolvedSite(ref)
		return
	}
	target, ok = r.cppMethodTarget(r.constructor(target, ref), ref)
	if !ok {
		r.unresolved++
		r.unresolvedSite(ref)
		return
	}
	kind := edgekind.References
	if ref.Kind == facts.RefCall && !r.isConversion(target.def) {
		kind = edgekind.Calls
	}
	var twins []def
	if kind == edgekind.Calls {
		twins = append(r.twins(target.def), r.pyTwins(target.def)...)
	}
	if target.ID != r.caller || len(twins) == 0 {
		// Of a function's #if twins, a call in one of them reaches the
		// others: each build compiles one, which recursion would not leave.
		r.add(r.sourceOf(ref), target.ID, kind, via, target.by)
	}
	for _, t := range twins {
		if t.ID != r.caller {
			r.add(r.sourceOf(ref), t.ID, kind, via, target.by)
		}
	}
	for _, alt := range r.unionAlts {
		r.add(r.sourceOf(ref), alt.ID, kind, via, target.by)
		r.usedFile(alt.Path)
	}
	r.addInstantiated(ref, target, kind, via)
	r.addSpecializations(ref, target, kind, via)
	r.usedFile(target.Path)
}

// viaText is how an edge names its reference: the qualifier as written
// and the name.
func viaText(ref facts.Ref) string {
	if ref.Qualifier != "" && ref.Qualifier != facts.Unknown && ref.Qualifier != facts.GlobalScope {
		return ref.Qualifier + "." + ref.Name
	}
	return ref.Name
}

// selfReceiver resolves a Go call on the method's receiver (c.JSON, whose
// Recv is "self") as qualified by self: the receiver's type may be
// declared in another file of the package, which the qualifier self finds
// by name where the chain self is not known. The edge's via keeps c.
// Only the receiver's own name qualifies so (c, c.engine: the same steps
// after it as after self); a local whose chain starts at self
// (builder := c.newBuilder()) keeps its chain.
func (r *resolver) selfReceiver(ref facts.Ref) facts.Ref {
	steps, ok := strings.CutPrefix(ref.Recv, "self")
	if r.family != lang.FamilyGo || !ok || (steps != "" && steps[0] != '.') {
		return ref
	}
	head, _, _ := strings.Cut(ref.Qualifier, ".")
	if head+steps != ref.Qualifier {
		return ref
	}
	ref.Qualifier, ref.Recv = ref.Recv, ""
	return ref
}

// isConstructor reports a constructor where the language names them after
// their class (Traits.NamedConstructors): a method named as its class.
func (r *resolver) isConstructor(s facts.Symbol) bool {
	return r.traits.NamedConstructors && s.Kind == facts.KindMethod && s.Parent != "" && lastSegment(s.Parent) == s.Name
}

// constructor turns a call of a class (new Foo(...)) into a call of its
// constructor when the class declares constructors and one takes the
// call's arguments.
func (r *resolver) constructor(t found, ref facts.Ref) found {
	if ref.Kind != facts.RefCall || t.Kind != facts.KindClass || !r.traits.NamedConstructors {
		return t
	}
	cands := r.filterParent(t.Name, t.Qualified, callable, func(d def) bool {
		return d.Kind == facts.KindMethod && d.Path == t.Path
	})
	kept, stop := r.choose(cands, ref.Args)
	if stop || len(kept) == 0 {
		return t
	}
	return found{*kept[0], t.by}
}

// usedFile marks a file as used by every import that binds it: a package
// import is used by whatever the file reaches in the package, also through
// a value's type.
func (r *resolver) usedFile(path string) {
	for _, b := range r.bindings {
		if contains(b.targets, path) {
			b.use(path)
		}
	}
}

// isConversion reports a call of a type where that converts a value and
// calls nothing (Traits.TypeConversions: Go's T(x)).
func (r *resolver) isConversion(d def) bool {
	return r.traits.TypeConversions && typeLike[d.Kind]
}

// sourceOf is the node a reference comes from: the enclosing symbol, and
// among same-named symbols (two init functions) the one whose span holds it.
func (r *resolver) sourceOf(ref facts.Ref) string {
	first, ok := r.byQual[ref.From]
	if !ok || ref.From == "" {
		return nodeid.File(r.f.Path)
	}
	for i := first; i < len(r.f.Facts.Symbols); i++ {
		s := r.f.Facts.Symbols[i]
		if s.Qualified == ref.From && s.Line <= ref.Line && ref.Line <= s.EndLine {
			return r.ids[i]
		}
	}
	return r.ids[first]
}

// inheritance resolves each symbol's extends and implements names.
func (r *resolver) inheritance() {
	for i, s := range r.f.Facts.Symbols {
		for _, kind := range []string{edgekind.Extends, edgekind.Implements} {
			names := s.Extends
			if kind == edgekind.Implements {
				names = s.Implements
			}
			for _, full := range names {
				t, ok := r.baseType(full, s.Parent)
				switch {
				case ok && t.ID != r.ids[i]:
					r.add(r.ids[i], t.ID, kind, baseVia(full, t.Name), t.by)
				case !ok:
					r.unresolved++
				}
			}
		}
	}
}

// baseType resolves a base type name written in this file: an imported
// chain, or a name as written ("pkg.Base", "a::B").
func (r *resolver) baseType(full, from string) (found, bool) {
	if strings.HasPrefix(full, "@") || facts.IsTypeApply(full) {
		if t, st := r.evalChain(chainCtx{path: r.f.Path, here: true, from: from}, full, 0); st == typeKnown {
			return found{*t, snapshot.ByImport}, true
		}
		return found{}, false
	}
	q, name := splitQualified(full)
	return r.resolveName(facts.Ref{Name: name, Qualifier: q, From: from}, typeLike)
}

// baseVia is how an extends or implements edge names its base: as
// written, but a JS default import's chain (@./store|default) by the name
// of the declaration it lands on, which the reader knows it by.
func baseVia(chain, target string) string {
	if generic, _, ok := facts.SplitTypeApply(chain); ok {
		chain = generic // Repository[User] extends Repository
	}
	if name := displayName(chain); name != "default" {
		return name
	}
	return target
}

// displayName is a chain as a reader writes it: "@pkg|Base" -> "Base".
func displayName(chain string) string {
	if module, root, steps := facts.SplitChain(chain); module != "" {
		return strings.Join(append([]string{root}, steps...), ".")
	}
	return chain
}

// splitQualified splits "pkg.Base" or "a::B" into qualifier and name.
func splitQualified(s string) (string, string) {
	i := strings.LastIndexAny(s, ".:\\")
	if i < 0 {
		return "", s
	}
	q := strings.TrimRight(s[:i], ".:\\")
	return q, s[i+1:]
}

// resolve finds the definition a reference names: a bare name in scope
// order; a qualified one through the module its qualifier names, else
// through the receiver's type, else (marked as a name match) by name.
func (r *resolver) resolve(ref facts.Ref) (found, bool) {
	kinds := r.wanted(ref.Kind)
	if facts.TypeParamRooted(ref.Recv) {
		// A value of a generic's type parameter, read inside the generic:
		// what it is depends on each use, so it is as untold as before
		// parameters were chained.
		ref.Recv = facts.Unknown
	}
	switch {
	case ref.Qualifier == "" && ref.Recv == "":
		return r.bare(ref.Name, ref.From, kinds, ref.Args)
	case ref.Recv == facts.NotRepo:
		return found{}, false
	case ref.Qualifier == facts.GlobalScope && r.family == lang.FamilyC:
		// ::close(fd) names the global namespace: never a member of the
		// class around the call, nor a namespace's function.
		return r.bare(ref.Name, "", kinds, ref.Args)
	}
	if ref.Recv == "" {
		if b, ok := r.modBind[ref.Qualifier]; ok {
			return r.inBindingOrDefault(b, ref.Qualifier, ref.Name, kinds, ref.Args)
		}
		if f, ok := r.inSubmodule(ref, kinds); ok {
			return f, true
		}
		// Not a local's: a module-level object, or the module's exports.
		if d, ok := r.ownObjectMember(ref.Qualifier, ref.Name, kinds); ok {
			return found{d, snapshot.ByScope}, true
		}
		if ref.Qualifier == "exports" && r.family == lang.FamilyJS {
			return found{}, false // an export set elsewhere: never guessed at
		}
	}
	chain := ref.Recv
	if chain == "" {
		chain = ref.Qualifier
	}
	if chain != facts.Unknown {
		t, st := r.evalChain(chainCtx{path: r.f.Path, here: true, from: ref.From, asWritten: ref.Recv == ""}, chain, 0)
		switch st {
		case typeKnown:
			m, mst := r.memberOf(t, ref.Name, kinds, ref.Args, 0)
			if len(t.union) == 0 {
				if mst != typeKnown {
					return found{}, false
				}
				return found{*m, snapshot.ByType}, true
			}
			seen := map[string]bool{}
			if mst == typeKnown {
				seen[m.ID] = true
			}
			alts := r.unionTargets(t, seen, ref.Name, kinds, ref.Args, 0)
			if mst != typeKnown {
				if len(alts) == 0 {
					return found{}, false
				}
				// A union whose first member is an outside type or does
				// not declare the method: the members that do.
				m, alts = &alts[0], alts[1:]
			}
			r.unionAlts = alts
			return found{*m, snapshot.ByType}, true
		case typeExternal, typeWrapped:
			return found{}, false
		}
	}
	if ref.Recv == facts.Unknown && r.traits.TypedReceivers {
		// The extractor typed every receiver it could: one it could not
		// tell is not guessed at by name.
		r.untyped = true
		return found{}, false
	}
	return r.resolveName(ref, kinds)
}

// namedLikeSelf reports a JavaScript or TypeScript receiver that is only
// named like a self word: a parameter called self (effect's dual(2, (self,
// f) => self.modify(f)), whose type the extractor chained and the
// resolver could not tell. Only this, or a local bound to it (const self
// = this, which the extractor chains as this), is the class's own.
func (r *resolver) namedLikeSelf(ref facts.Ref) bool {
	return r.family == lang.FamilyJS && ref.Qualifier != "this" && ref.Recv != "" && ref.Recv != "this"
}

// moduleOf returns the import binding a qualifier (or its head) names.
func (r *resolver) moduleOf(qualifier string) (*binding, bool) {
	if b, ok := r.modBind[qualifier]; ok {
		return b, true
	}
	if head, rest, _ := strings.Cut(qualifier, "."); head != qualifier {
		if b, ok := r.pySubmodule(qualifier, head, rest); ok {
			return b, true
		}
		if b, ok := r.modBind[head]; ok {
			return b, true
		}
	}
	return nil, false
}

// inBinding finds a name bound by an import (or a member of the module it
// binds) among its files, following re-exports.
func (r *resolver) inBinding(b *binding, name string, kinds map[string]bool) (found, bool) {
	d, via, ok := r.findIn(b.targets, b.origName(name), kinds, 0)
	if ok {
		b.use(via)
	}
	return found{d, snapshot.ByImport}, ok
}

// ownObjectMember resolves o.m in a JavaScript file that defines m on o
// itself: a module-level object the file assigns members to (const
// internals = {}; internals.m = function () {}, as hapi writes every
// module), or exports, whose members are the file's own exports
// (exports.m(...) after exports.m = function () {}). Such a member is a
// symbol of the file (lang/js/assigns.go) with o as its parent, or none
// for exports.
func (r *resolver) ownObjectMember(qualifier, name string, kinds map[string]bool) (def, bool) {
	if r.family != lang.FamilyJS || strings.ContainsAny(qualifier, ".?") || qualifier == "" {
		return def{}, false
	}
	parent := qualifier
	if qualifier == "exports" {
		parent = ""
	}
	return r.first(r.filterIn(name, []string{r.f.Path}, kinds, func(d def) bool { return d.Parent == parent }))
}

// defaultExport is the name a JavaScript module's default export has among
// its exports (lang/js: module.exports = X, export default X).
const defaultExport = "default"

// inBindingOrDefault finds q.name where q is bound by an import: an
// export of the module, else, where q is the module's default export, a
// member of that (defaultMember).
func (r *resolver) inBindingOrDefault(b *binding, q, name string, kinds map[string]bool, args string) (found, bool) {
	if f, ok := r.inBinding(b, name, kinds); ok || b.orig[q] != defaultExport {
		return f, ok
	}
	return r.defaultMember(b, name, kinds, args)
}

// defaultMember resolves g.m where g binds a module's default export
// (const g = require('./m'), import g from './m') and the module exports
// no m: CommonJS's module.exports = SomeClass makes g that class, so g.m
// is its static member (fastify: ContentType.from).
func (r *resolver) defaultMember(b *binding, name string, kinds map[string]bool, args string) (found, bool) {
	d, via, ok := r.findIn(b.targets, defaultExport, nil, 0)
	if !ok {
		return found{}, false
	}
	t, st := r.valueOf(&d, false, 0)
	if st != typeKnown {
		return found{}, false
	}
	m, mst := r.memberOf(t, name, kinds, args, 0)
	if mst != typeKnown {
		return found{}, false
	}
	b.use(via)
	return found{*m, snapshot.ByImport}, true
}

// resolveName resolves a qualified reference whose receiver type is not
// known, by the qualifier's text: self and super, a package outside the
// repository (never guessed at), a type name, or a unique method.
func (r *resolver) resolveName(ref facts.Ref, kinds map[string]bool) (found, bool) {
	name, qualifier, from := ref.Name, ref.Qualifier, ref.From
	if ref.Recv == facts.Unknown {
		// A local of unknown type: its name says nothing about its type.
		qualifier = facts.Unknown
	}
	switch {
	case qualifier == "":
		return r.bare(name, from, kinds, ref.Args)
	case selfWords[qualifier] && !r.namedLikeSelf(ref):
		d, ok := r.member(name, from, kinds, ref.Args)
		return found{d, snapshot.ByType}, ok
	case qualifier == "super" || qualifier == "super()" || qualifier == r.traits.BaseQualifier:
		// super.m() is the base type's m, never the overriding method itself.
		t, st := r.evalChain(chainCtx{path: r.f.Path, here: true, from: from}, "super", 0)
		if st != typeKnown {
			return found{}, false
		}
		m, mst := r.memberOf(t, name, kinds, ref.Args, 0)
		if mst != typeKnown {
			return found{}, false
		}
		return found{*m, snapshot.ByType}, true
	}
	if b, ok := r.moduleOf(qualifier); ok {
		return r.inBindingOrDefault(b, qualifier, name, kinds, ref.Args)
	}
	first, _, _ := strings.Cut(qualifier, ".")
	if r.external[qualifier] || r.external[first] {
		// A call into a package outside the repository is not guessed at.
		return found{}, false
	}
	r.untyped = true // from here on, only the name says where the call goes
	if r.unknownLocal(ref) {
		d, ok := r.uniqueElsewhere(name, from)
		return found{d, snapshot.ByName}, ok
	}
	if r.traits.NoMethodGuess {
		// Nothing but a name would say where the call goes: no guess (and no
		// lookup, so no other file's change re-resolves this one).
		return found{}, false
	}
	if qualifier == facts.Unknown || strings.HasPrefix(qualifier, "self.") {
		d, ok := r.uniqueMethod(name, from, qualifier != facts.Unknown, ref.Args)
		return found{d, snapshot.ByName}, ok
	}
	d, ok := r.qualified(name, qualifier, from, kinds, ref.Args)
	return found{d, snapshot.ByName}, ok
}
