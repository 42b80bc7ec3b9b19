package explicit

import (
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// hiddenFriend is, for a C++ call by bare name that nothing else
// resolved, the function of that name the class of one of its arguments
// defines in its body: a friend (fmt's bigint's compare(lhs, rhs)), which
// only argument-dependent lookup finds. The extractor records it as a
// method of the class; a member proper is never called by bare name
// with the class's values from outside it.
func (r *resolver) hiddenFriend(ref facts.Ref) (found, bool) {
	if r.family != lang.FamilyC || ref.Kind != facts.RefCall || ref.Qualifier != "" || ref.Args == "" {
		return found{}, false
	}
	as := splitTypes(ref.Args)
	for _, a := range as {
		t := parseCType(a)
		if t.tparam || t.fn || t.ptr > 0 || t.name == "?" || arithmetic[t.name] {
			continue
		}
		for _, d := range r.lookupName(ref.Name) {
			if d.Kind == facts.KindMethod && lastSegment(d.Parent) == t.name && fitOf(arityOnly(d.Params), as).ok && r.visible(&d) {
				return found{d, snapshot.ByType}, true
			}
		}
	}
	return found{}, false
}
