package explicit

import (
	"strconv"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// Class template parameters deduced from instantiations. A receiver typed
// by a parameter of the class template the call is written in (fmt's
// specs_checker<Handler>: Handler::on_align(align), or this->on_error(...)
// where the class derives from Handler) has the Recv "$Handler^0": the
// parameter and its position. The code that names specs_checker<X>
// chooses X; the extractor keeps each X<A> a function writes as a site
// named "<X" (instanceName) with the template arguments as Args, which
// the index holds like a call site, so that the template's file looks
// its instantiations up through lookup keys and an update that changes
// them re-resolves it (invariant 1).
//
// Of the classes an instantiation names, those the template's file or
// the instantiating file defines are kept: the instantiating code is
// written for the classes beside it (vformat_to's specs_handler, in
// format.h, for core.h's specs_checker). Of the instantiating file's,
// those nested in a class are not (nestedInClass).

// classParamMark separates a class template parameter from its position
// in a Recv or base (cfamily's classParamMark).
const classParamMark = "^"

// instanceName is the site name of an instantiation of the template
// named name (cfamily's instanceName).
func instanceName(name string) string { return "<" + name }

// classParamOf splits a class template parameter written with its
// position ("Handler^0").
func classParamOf(tparam string) (name string, pos int, ok bool) {
	name, p, found := strings.Cut(tparam, classParamMark)
	if !found {
		return "", 0, false
	}
	pos, err := strconv.Atoi(p)
	return name, pos, err == nil && pos >= 0
}

// classArgs are the classes the instantiations of class template qual
// pass at position pos: a class named there, or, where a function
// template passes its own parameter (specs_checker<Handler>), what its
// callers pass for that one.
func (r *resolver) classArgs(qual string, pos, depth int) []*def {
	key := deduction{"", qual, "", classParamMark + strconv.Itoa(pos), depth}
	if ds, ok := r.deduced[key]; ok {
		return ds
	}
	if r.deduced == nil {
		r.deduced = map[deduction][]*def{}
	}
	r.deduced[key] = nil
	ds := r.classArgsFromSites(qual, pos, depth)
	r.deduced[key] = ds
	return ds
}

// classArgsFromSites is classArgs from the instantiation sites.
func (r *resolver) classArgsFromSites(qual string, pos, depth int) []*def {
	classPath, ok := r.typePath(qual)
	if !ok || depth > maxDeduceDepth {
		return nil
	}
	var found defSet
	for _, s := range r.lookupName(siteName(instanceName(lastSegment(qual)))) {
		as := splitTypes(s.Params)
		if s.Kind != kindSite || pos >= len(as) {
			continue
		}
		a := as[pos]
		switch {
		case strings.HasPrefix(a, "$") && depth < maxDeduceDepth && s.Parent != "":
			found.add(r.deducedInCaller(&s, a[1:], depth))
		case !strings.HasPrefix(a, "$"):
			for _, c := range r.classesNamed(a, s.Path) {
				if c.Path == classPath || c.Path == s.Path && !r.nestedInClass(c) {
					found.add([]*def{c})
				}
			}
		}
	}
	return found.defs
}

// nestedInClass reports a class declared in another class: a helper of
// that class's own templates (fmt's dynamic_formatter<Char>::null_handler,
// instantiating specs_checker in a parse no unit instantiates), measured
// against clang to name no instantiation that is compiled.
func (r *resolver) nestedInClass(c *def) bool {
	_, ok := r.typePath(c.Parent)
	return c.Parent != "" && ok
}

// typePath is the file defining the class or struct qual.
func (r *resolver) typePath(qual string) (string, bool) {
	for _, c := range r.lookupName(lastSegment(qual)) {
		if c.Qualified == qual && (c.Kind == facts.KindClass || c.Kind == facts.KindStruct) {
			return c.Path, true
		}
	}
	return "", false
}

// templateBaseArgs are the classes a class template derived from its
// parameter (specs_checker : public Handler) is instantiated with: a
// member its body does not declare is theirs.
func (r *resolver) templateBaseArgs(c *def) []*def {
	var out []*def
	for _, b := range c.baseList() {
		if !strings.HasPrefix(b, "$") {
			continue
		}
		if _, pos, ok := classParamOf(b[1:]); ok {
			out = append(out, r.classArgs(c.Qualified, pos, 0)...)
		}
	}
	if len(out) > maxDeduced {
		return nil
	}
	return out
}
