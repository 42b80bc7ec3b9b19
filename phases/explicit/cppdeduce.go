package explicit

import (
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Receivers deduced from a template's callers. In fmt's
//
//	template <typename Handler> parse_align(const Char* begin, const Char* end, Handler&& handler)
//
// handler.on_fill(...) calls the on_fill of each class an instantiation
// binds Handler to, and the callers choose those, mostly in other files:
// parse_format_specs(begin, end, handler) passes its own Handler on, and
// formatter::parse passes a specs_checker. The extractor writes such a
// receiver's Recv as "$Handler" and keeps each file's calls with a class or
// template-parameter argument as call sites (facts.File.Sites); the index
// holds them under the name called (siteName), so that a template's file
// looks its callers up through lookup keys, and an update that changes a
// caller's sites re-resolves the template's file (invariant 1).

// kindSite marks an index entry for a call site: Name is siteName of the
// name called, Parent (and Qualified) the calling function, Params the
// call's Args, Type its qualifier. Like an alias it is no symbol and has
// no node.
const kindSite = "site"

// siteName is the name a call site of name is indexed under: no
// identifier, so no reference asks for it.
func siteName(name string) string { return "()" + name }

// Of the classes deduced, only those the template's own file defines are
// kept. Measured against clang on fmt, the others were classes of
// templates this build never instantiates: chrono's spec_handler, passed
// to parse_align by formatter<duration>::parse, and fmt's
// basic_format_context for the FormatContext of formatters no unit
// formats with (11 and 4 edges, all counted wrong); a header's template
// is written for the handlers the header declares beside it.

// maxDeduced bounds the classes a receiver is deduced to: a template every
// class of a library passes through says nothing of one call.
const maxDeduced = 4

// maxDeduceDepth bounds the templates a deduction follows up through
// callers that pass their own template parameter on.
const maxDeduceDepth = 3

// siteEntries calls site for each call site of a C++ file.
func siteEntries(f *snapshot.File, site func(s facts.Ref)) {
	if f.Facts == nil || lang.FamilyOf(f.Lang) != lang.FamilyC {
		return
	}
	for _, s := range f.Facts.Sites {
		site(s)
	}
}

// deducedRecv splits a C++ reference whose receiver the extractor typed by
// a template parameter ("$Handler") into the reference with an unknown
// receiver (as every other step reads it) and the parameter's name.
func (r *resolver) deducedRecv(ref facts.Ref) (facts.Ref, string) {
	if r.family != lang.FamilyC || !strings.HasPrefix(ref.Recv, "$") {
		return ref, ""
	}
	tparam := ref.Recv[1:]
	ref.Recv = facts.Unknown
	if ref.Qualifier == "this" && strings.Contains(tparam, classParamMark) {
		ref.Recv = "" // this->m(): the class's own m first, its template base's after
	}
	if strings.ContainsAny(tparam, ".()*:") || tparam == "" {
		return ref, ""
	}
	return ref, tparam
}

// deducedCall links a member call on a receiver typed by the template
// parameter tparam of the calling function to the method of each class
// the function's callers bind it to; false when it links none.
func (r *resolver) deducedCall(ref facts.Ref, tparam string) bool {
	fn, ok := r.callerSymbol(ref)
	if !ok {
		return false
	}
	var classes []*def
	_, pos, ofClass := classParamOf(tparam)
	if ofClass {
		classes = r.classArgs(fn.Parent, pos, 0)
	} else {
		classes = r.deducedTypes(def{Path: r.f.Path, Name: fn.Name, Qualified: fn.Qualified, Params: fn.Params}, tparam, 0)
		classes = slices.DeleteFunc(slices.Clone(classes), func(c *def) bool { return c.Path != r.f.Path })
	}
	if len(classes) == 0 || len(classes) > maxDeduced {
		return false
	}
	kind := edgekind.References
	if ref.Kind == facts.RefCall {
		kind = edgekind.Calls
	}
	// A method one deduced class declares itself stands for the one the
	// others inherit: a handler wrapped by another (fmt's specs_checker<Handler>
	// : Handler) is called through the wrapper's override.
	type pair struct{ class, method *def }
	var hits []pair
	own := false
	for _, c := range classes {
		m, st := r.memberOf(c, ref.Name, r.wanted(ref.Kind), ref.Args, 0)
		if st == typeKnown {
			hits = append(hits, pair{c, m})
			// A class template's instantiations are apart: each calls its own.
			own = own || m.Parent == c.Qualified && !ofClass
			continue
		}
		for _, b := range r.templateBaseArgs(c) {
			if m, st := r.memberOf(b, ref.Name, r.wanted(ref.Kind), ref.Args, 0); st == typeKnown {
				hits = append(hits, pair{b, m})
			}
		}
	}
	src, via, linked := r.sourceOf(ref), ref.Qualifier+"."+ref.Name, false
	for _, p := range hits {
		if own && p.method.Parent != p.class.Qualified {
			continue
		}
		t := r.definitionOf(found{*p.method, snapshot.ByType})
		r.add(src, t.ID, kind, via, snapshot.ByType)
		r.usedFile(t.Path)
		linked = true
	}
	return linked
}

// callerSymbol is the function a reference is written in.
func (r *resolver) callerSymbol(ref facts.Ref) (facts.Symbol, bool) {
	first, ok := r.byQual[ref.From]
	if !ok || ref.From == "" {
		return facts.Symbol{}, false
	}
	for i := first; i < len(r.f.Facts.Symbols); i++ {
		s := r.f.Facts.Symbols[i]
		if s.Qualified == ref.From && s.Line <= ref.Line && ref.Line <= s.EndLine {
			return s, true
		}
	}
	return r.f.Facts.Symbols[first], true
}

// deducedTypes are the classes fn's callers pass for its parameter typed
// by tparam: a class named at a call site, or, where the caller passes a
// parameter of its own template parameter's type, what its callers pass
// for that one. Nil when fn has no such parameter.
func (r *resolver) deducedTypes(fn def, tparam string, depth int) []*def {
	key := deduction{fn.Path, fn.Qualified, fn.Params, tparam, depth}
	if ds, ok := r.deduced[key]; ok {
		return ds
	}
	if r.deduced == nil {
		r.deduced = map[deduction][]*def{}
	}
	r.deduced[key] = nil // a template its own callers reach again adds nothing
	ds := r.deduceFromSites(fn, tparam, depth)
	r.deduced[key] = ds
	return ds
}

// deduction is what deducedTypes answers: a function's template parameter
// at a depth of the walk up its callers.
type deduction struct {
	path, qualified, params, tparam string
	depth                           int
}

// deduceFromSites is deducedTypes for one function, from its call sites.
func (r *resolver) deduceFromSites(fn def, tparam string, depth int) []*def {
	i := tparamIndex(fn.Params, tparam)
	if i < 0 || depth > maxDeduceDepth {
		return nil
	}
	var found defSet
	for _, s := range r.lookupName(siteName(fn.Name)) {
		as := splitTypes(s.Params)
		if s.Kind != kindSite || i >= len(as) || !fitOf(arityOnly(fn.Params), as).ok || s.Path == fn.Path && s.Parent == fn.Qualified {
			continue
		}
		a := as[i]
		switch {
		case strings.HasPrefix(a, "$") && depth < maxDeduceDepth && s.Parent != "":
			found.add(r.deducedInCaller(&s, a[1:], depth))
		case !strings.HasPrefix(a, "$"):
			found.add(r.classesNamed(a, s.Path))
		}
	}
	return found.defs
}

// classesNamed are the classes (and structs) named name, those in path
// when any is there; nil when more than two are left.
func (r *resolver) classesNamed(name, path string) []*def {
	var all, here []*def
	for _, d := range r.lookupName(name) {
		if d.Kind != facts.KindClass && d.Kind != facts.KindStruct {
			continue
		}
		all = append(all, &d)
		if d.Path == path {
			here = append(here, &d)
		}
	}
	if len(here) > 0 {
		all = here
	}
	if len(all) > 2 {
		return nil
	}
	return all
}

// tparamIndex is the position of the first parameter in params whose type
// is the template parameter tparam itself ("$Handler", "$Handler&&"), -1
// when none is.
func tparamIndex(params, tparam string) int {
	for i, p := range splitTypes(cppParams(params)) {
		if t := parseCType(p); t.tparam && t.ptr == 0 && t.name == tparam {
			return i
		}
	}
	return -1
}

// deducedInCaller is what a call site passing the caller's own template
// parameter param deduces: the classes the caller's callers pass for it,
// one level further up.
func (r *resolver) deducedInCaller(site *def, param string, depth int) []*def {
	var out []*def
	for _, g := range r.lookupName(lastSegment(site.Parent)) {
		if g.Path == site.Path && g.Qualified == site.Parent && g.Params != "" && (g.Kind == facts.KindFunction || g.Kind == facts.KindMethod) {
			out = append(out, r.deducedTypes(g, param, depth+1)...)
		}
	}
	return out
}

// defSet gathers definitions once each, in the order first added.
type defSet struct {
	seen map[string]bool
	defs []*def
}

func (s *defSet) add(ds []*def) {
	for _, d := range ds {
		if !s.seen[d.ID] {
			if s.seen == nil {
				s.seen = map[string]bool{}
			}
			s.seen[d.ID] = true
			s.defs = append(s.defs, d)
		}
	}
}
