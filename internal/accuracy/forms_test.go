package accuracy

import (
	"fmt"
	"sort"
	"strings"
)

// formOf names the call form of a truth edge ("a.m()", "m()", ...).
type formOf interface{ form() string }

func (c javaCall) form() string { return c.shape }
func (c cCall) form() string    { return c.shape }

// recallByForm counts, per call form, the truth's edges and those lgraph
// scored: "form found/truth, ...", the most frequent form first.
func recallByForm[C formOf](truth map[edge]C, scored map[edge]string) string {
	type tally struct{ truth, found int }
	forms := map[string]*tally{}
	for e, c := range truth {
		f := c.form()
		if forms[f] == nil {
			forms[f] = &tally{}
		}
		forms[f].truth++
		if _, ok := scored[e]; ok {
			forms[f].found++
		}
	}
	names := make([]string, 0, len(forms))
	for f := range forms {
		names = append(names, f)
	}
	sort.Slice(names, func(i, j int) bool {
		if a, b := forms[names[i]].truth, forms[names[j]].truth; a != b {
			return a > b
		}
		return names[i] < names[j]
	})
	parts := make([]string, 0, len(names))
	for _, f := range names {
		parts = append(parts, fmt.Sprintf("%s %d/%d", f, forms[f].found, forms[f].truth))
	}
	return strings.Join(parts, ", ")
}
