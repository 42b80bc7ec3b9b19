package explicit

import (
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// twins are the other definitions of a C or C++ function in its file with
// the same qualified name and parameters: the one function written under
// two branches of an #if (#ifdef _WIN32 ... #else ... #endif), of which
// each build compiles one. A call reaches whichever the build compiles, so
// it links to every twin. C++ overloads differ in their parameters (and
// const) and stay apart; C has no overloads, so a C file's call takes
// every definition of the name (twins may differ in a parameter's type:
// HANDLE under _WIN32, int elsewhere). Methods of one qualified name
// are C++'s class template specializations, not twins.
func (r *resolver) twins(d def) []def {
	c := r.f.Lang == lang.C
	if r.family != lang.FamilyC || d.Params == "" || d.Kind != facts.KindFunction && !(c && d.Kind == facts.KindMethod) || sfinaeTemplate(d) {
		return nil
	}
	var out []def
	for _, o := range r.lookupName(d.Name) {
		if o.Path == d.Path && o.ID != d.ID && o.Qualified == d.Qualified && o.Kind == d.Kind && (c || sansExplicit(o.Params) == sansExplicit(d.Params)) {
			out = append(out, o)
		}
	}
	return out
}

// wholeQualifier keeps, of the C/C++ candidates a qualified call's last
// qualifier segment found, those in the namespace the whole qualifier
// names (lib::detail::f: lib.detail, not another detail), when any is.
func (r *resolver) wholeQualifier(cands []*def, qualifier string) []*def {
	if r.family != lang.FamilyC || !strings.Contains(qualifier, "::") {
		return cands
	}
	q := strings.ReplaceAll(strings.TrimPrefix(qualifier, "::"), "::", ".")
	var out []*def
	for _, d := range cands {
		if d.Parent == q || strings.HasSuffix(d.Parent, "."+q) {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}

// chooseByArity is choose for C and C++: the extractor counts a call's
// arguments without their types, so overloads are told apart by how many
// parameters they take (defaults and packs counted); of several in one
// scope that take as many, the argument types choose (cppconv.go), else
// none is guessed (a function declared and defined, or twins, count once). Candidates in other scopes are left to
// the caller's choice by nearness.
func (r *resolver) chooseByArity(cands []*def, args string) ([]*def, bool) {
	if args == "" || len(cands) < 2 {
		return cands, false
	}
	as := splitTypes(args)
	var kept []*def
	for _, d := range cands {
		if fitOf(arityOnly(d.Params), as).ok {
			kept = append(kept, d)
		}
	}
	if len(kept) == 0 {
		return r.fewestMissing(cands, as)
	}
	var out []*def
	for _, group := range byParent(kept) {
		group = explicitTemplates(group, args)
		if !overloaded(group) {
			out = append(out, group...)
			continue
		}
		chosen, ok := r.chooseByTypes(group, args)
		if !ok && (dependentArgs(args) || r.unknownInTemplate(args)) {
			chosen = r.viableOverloads(group, args)
			ok = len(chosen) > 0
		}
		if !ok {
			chosen, ok = r.otherThanCaller(group)
		}
		if !ok {
			return nil, true
		}
		out = append(out, chosen...)
	}
	return out, false
}

// padArgs is a call's argument types followed by unknown ones up to n:
// the arguments a prototype's defaults add.
func padArgs(as []string, n int) string {
	out := slices.Clone(as)
	for len(out) < n {
		out = append(out, "?")
	}
	return "(" + strings.Join(out, ",") + ")"
}

// byParent groups candidates by their scope, in their order.
func byParent(cands []*def) [][]*def {
	var groups [][]*def
	at := map[string]int{}
	for _, d := range cands {
		i, ok := at[d.Parent]
		if !ok {
			i = len(groups)
			at[d.Parent] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], d)
	}
	return groups
}

// overloaded reports a group of one scope's candidates that holds two
// overloads (not one function declared and defined, or twins).
func overloaded(group []*def) bool {
	for i, a := range group {
		for _, b := range group[i+1:] {
			if a.Params == "" || b.Params == "" || noDefaults(a.Params) != noDefaults(b.Params) || sfinaeTemplate(*a) {
				return true
			}
		}
	}
	return false
}

// sfinaeTemplate reports a C++ function template (a parameter typed by a
// template parameter, "$T"): two of one name and parameters in a scope
// are overloads told apart by their template headers' enable_if
// (fmt's two bit_cast(const From&)), not #if twins, and a free function's
// prototype is no symbol, so they are not one function declared twice.
func sfinaeTemplate(d def) bool {
	return d.Kind == facts.KindFunction && strings.Contains(d.Params, "$") && !hasMark(d.Params, inBranch)
}

// inBranch ends the Params of a function template written in a branch
// of a preprocessor conditional (cfamily's inBranch): one of its name and
// parameters is its #if twin, not a SFINAE overload.
const inBranch = "#"

// noDefaults is a Params list without its default marks: a declaration
// writes the defaults its definition leaves out. The explicitOnly mark
// goes too: it tells how a template may be called, not what it takes.
func noDefaults(params string) string {
	return defaultMarks.Replace(sansExplicit(params))
}

// sansExplicit is a Params list without its explicitOnly, complementary
// and inBranch marks.
func sansExplicit(params string) string {
	return strings.TrimRight(params, explicitOnly+complementary+inBranch)
}

// hasMark reports a Params list marked after its parameters.
func hasMark(params, mark string) bool {
	return strings.Contains(params[strings.LastIndex(params, ")")+1:], mark)
}

// defaultMarks is built once: a Replacer builds its tables on first use.
var defaultMarks = strings.NewReplacer("=,", ",", "=)", ")")

// arityOnly drops a Params list's types, keeping what says how many
// arguments it takes: "(int,char*=,Args&...)" -> "(?,?=,?...)".
func arityOnly(params string) string {
	ps := splitTypes(sansExplicit(params))
	if params == "" {
		return ""
	}
	for i, p := range ps {
		switch {
		case strings.HasSuffix(p, "..."):
			ps[i] = "?..."
		case strings.HasSuffix(p, "="):
			ps[i] = "?="
		default:
			ps[i] = "?"
		}
	}
	return "(" + strings.Join(ps, ",") + ")"
}

// cppMethodTarget is the method a C++ call of t means: the overload of
// t's class that takes the call's arguments (member lookup finds a name,
// not an overload), then its definition outside the class. It is false
// when several overloads take as many arguments.
func (r *resolver) cppMethodTarget(t found, ref facts.Ref) (found, bool) {
	if r.family != lang.FamilyC || t.Kind != facts.KindMethod || ref.Kind != facts.RefCall {
		return t, true
	}
	if ref.Args != "" {
		var sibs []*def
		for _, o := range r.lookupName(t.Name) {
			if o.Parent == t.Parent && o.Kind == t.Kind {
				sibs = append(sibs, &o)
			}
		}
		kept, stop := r.chooseByArity(sibs, ref.Args)
		if stop {
			return t, false
		}
		if len(kept) > 0 && !containsID(kept, t.ID) {
			t = found{*kept[0], t.by}
		}
	}
	return r.definitionOf(r.sameSpecialization(t)), true
}

// sameSpecialization is, for a call written in a body of t's class in
// this file, the method of that body with t's parameters: a class
// template's specializations share a qualified name, and member lookup
// found the first body's.
func (r *resolver) sameSpecialization(t found) found {
	from, to, ok := r.classBodyAt(t.Parent, r.line)
	if !ok || t.Path != r.f.Path {
		return t
	}
	params := noDefaults(t.Params)
	for _, o := range r.lookupName(t.Name) {
		if o.Path != r.f.Path || o.Qualified != t.Qualified || o.Kind != t.Kind || noDefaults(o.Params) != params || o.order >= len(r.f.Facts.Symbols) {
			continue
		}
		if line := r.f.Facts.Symbols[o.order].Line; from < line && line <= to {
			return found{o, t.by}
		}
	}
	return t
}

// classBodyAt returns the lines of the body of class qual in this file
// that holds line, if any.
func (r *resolver) classBodyAt(qual string, line int) (from, to int, ok bool) {
	parent, _ := splitQualified(qual)
	for _, i := range r.symbolsIn(lastSegment(qual), parent) {
		if s := r.f.Facts.Symbols[i]; typeLike[s.Kind] && s.Line <= line && line <= s.EndLine {
			return s.Line, s.EndLine, true
		}
	}
	return 0, 0, false
}

func containsID(list []*def, id string) bool {
	for _, d := range list {
		if d.ID == id {
			return true
		}
	}
	return false
}

// definitionOf turns a call of a C++ method declared in its class (the
// header's `Status Get(...);`) into a call of its definition outside the
// class (`Status DBImpl::Get(...) {` in the .cc), which holds the body the
// call runs: the same qualified name and parameters (defaults aside),
// written in another file than the class, or later in the class's file.
// A method with no such definition (pure virtual, or defined in the
// class) keeps its target.
func (r *resolver) definitionOf(t found) found {
	if r.family != lang.FamilyC || t.Kind != facts.KindMethod || t.Parent == "" || t.Params == "" {
		return t
	}
	classPath := ""
	for _, c := range r.lookupName(lastSegment(t.Parent)) {
		if c.Qualified == t.Parent && typeLike[c.Kind] {
			classPath = c.Path
			break
		}
	}
	if classPath != t.Path {
		return t // t is itself written outside its class's file
	}
	params := noDefaults(t.Params)
	for _, o := range r.lookupName(t.Name) {
		if o.ID == t.ID || o.Qualified != t.Qualified || o.Kind != t.Kind || noDefaults(o.Params) != params {
			continue
		}
		if o.Path != classPath || o.order > t.order && !r.inClassBody(o) {
			return found{o, t.by}
		}
	}
	return t
}

// inClassBody reports a method of the file being resolved that is written
// in a body of its class: a class template's specializations each hold
// their own (iterator_buffer's flush, twice in core.h), none of which is
// another's definition outside the class. Another file's method is not
// known to be (its lines are not at hand).
func (r *resolver) inClassBody(d def) bool {
	if d.Path != r.f.Path || d.order >= len(r.f.Facts.Symbols) {
		return false
	}
	_, _, ok := r.classBodyAt(d.Parent, r.f.Facts.Symbols[d.order].Line)
	return ok
}

// oneClassMethod is uniqueElsewhere for C++: a method is declared in its
// class and defined outside it, and overloaded, so a name is unique when
// one class (not the caller's) holds every method of it; the call's
// arguments then choose among them (cppMethodTarget).
func (r *resolver) oneClassMethod(name, from string) (def, bool) {
	methods := r.filter(name, callable, func(d def) bool { return d.Kind == facts.KindMethod })
	if len(methods) == 0 {
		return def{}, false
	}
	for _, m := range methods[1:] {
		if m.Parent != methods[0].Parent {
			return def{}, false
		}
	}
	if class := r.enclosingClass(from); class != "" && methods[0].Parent == class {
		return def{}, false
	}
	return *methods[0], true
}

// fewestMissing is chooseByArity's answer when no candidate takes as
// many arguments: the one meant has its defaults on a prototype, which
// is no symbol, or the extractor miscounted a macro argument. Of each
// scope's overloads it keeps those missing the fewest arguments
// (pad(1) against pad(int, int) and pad(int, int, int, int)); of
// overloads that tie, the argument types given choose (the missing ones
// take any type), else none is linked (fmt's vformat_to(buf, fmt, args)
// against two of four parameters, where nearness picked the wrong one).
func (r *resolver) fewestMissing(cands []*def, as []string) ([]*def, bool) {
	n := len(as)
	var out []*def
	for _, group := range byParent(cands) {
		best, fewest := []*def(nil), -1
		for _, d := range group {
			k := len(splitTypes(cppParams(d.Params)))
			switch {
			case k < n:
			case fewest < 0 || k < fewest:
				best, fewest = []*def{d}, k
			case k == fewest:
				best = append(best, d)
			}
		}
		if best == nil {
			best = group
		}
		if overloaded(best) {
			chosen, ok := r.chooseByTypes(best, padArgs(as, fewest))
			if !ok {
				return nil, true
			}
			best = chosen
		}
		out = append(out, best...)
	}
	return out, false
}

// otherThanCaller is, of two overloads a call's arguments cannot tell
// apart, the one that is not the calling function: a function calling
// an overload of its own name and arity delegates (gmtime(time_point)
// to gmtime(time_t)) far more often than it recurses.
func (r *resolver) otherThanCaller(group []*def) ([]*def, bool) {
	var rest []*def
	caller := false
	for _, d := range group {
		if d.ID == r.caller {
			caller = true
		} else {
			rest = append(rest, d)
		}
	}
	if !caller || overloaded(rest) || len(rest) == 0 {
		return nil, false
	}
	return rest, true
}

// addSpecializations links a call of a class's method by the class's
// name (cache_accessor<T>::get_cached_power(k)), written outside the
// class's bodies, to the method of each other body of the class in the
// file with its parameters: the class template's explicit
// specializations (cache_accessor<float>, cache_accessor<double>) share a
// qualified name, and the template calling X<T>::m is instantiated with
// each. Member lookup found the first body's (sameSpecialization keeps a
// call inside a body to its own).
func (r *resolver) addSpecializations(ref facts.Ref, t found, kind, via string) {
	if r.family != lang.FamilyC || kind != edgekind.Calls || t.Kind != facts.KindMethod || t.Path != r.f.Path ||
		ref.Recv != "" || ref.Qualifier == "" || selfWords[ref.Qualifier] || t.order >= len(r.f.Facts.Symbols) {
		return
	}
	if _, _, in := r.classBodyAt(t.Parent, ref.Line); in {
		return
	}
	first, _, ok := r.classBodyAt(t.Parent, r.f.Facts.Symbols[t.order].Line)
	if !ok {
		return
	}
	params := noDefaults(t.Params)
	bodies := map[int]bool{first: true}
	for _, o := range r.lookupName(t.Name) {
		if o.Path != r.f.Path || o.Qualified != t.Qualified || o.Kind != t.Kind || noDefaults(o.Params) != params || o.order >= len(r.f.Facts.Symbols) {
			continue
		}
		if from, _, ok := r.classBodyAt(o.Parent, r.f.Facts.Symbols[o.order].Line); ok && !bodies[from] {
			bodies[from] = true
			r.add(r.sourceOf(ref), o.ID, kind, via, t.by)
		}
	}
}
