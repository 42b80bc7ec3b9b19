package wiki

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// apiEntry is one exported symbol of the Public API section.
type apiEntry struct {
	sym   *snapshot.MemberSymbol // a pointer: sorting moves entries
	file  string
	uses  int // nodes that call or reference it (member.Uses)
	order int // position in path and source order, the last tie-break
	shown bool
}

// apiGroup is one heading of the Public API section: a type with its
// members, the functions, or the constants and variables.
type apiGroup struct {
	title   string
	rank    int // ties between groups: types by name, then functions, then values
	entries []apiEntry
}

func isType(kind string) bool {
	switch kind {
	case facts.KindClass, facts.KindStruct, facts.KindInterface, facts.KindTrait, facts.KindEnum, facts.KindType:
		return true
	}
	return false
}

// writeAPI writes the exported symbols of the production files, the ones
// the repository uses most first: the maxAPIEntries most used are shown,
// grouped by type (each type with its exported members), functions, and
// constants and variables; the group holding the most used definition
// comes first, and in a group a type leads, then its members by use.
// Definitions nested in functions are no API, and a name defined twice
// (a property's getter and setter, a definition per platform) is listed
// once.
func writeAPI(b *bytes.Buffer, ms []member) {
	groups := apiGroups(ms)
	var all []*apiEntry
	for _, g := range groups {
		for i := range g.entries {
			all = append(all, &g.entries[i])
		}
	}
	if len(all) == 0 {
		return
	}
	slices.SortStableFunc(all, func(x, y *apiEntry) int { return cmp.Or(y.uses-x.uses, x.order-y.order) })
	shown := all[:min(len(all), maxAPIEntries)]
	for _, e := range shown {
		e.shown = true
	}
	type section struct {
		g       *apiGroup
		entries []apiEntry
		top     int
	}
	var secs []section
	for gi := range groups {
		g := &groups[gi]
		s := section{g: g}
		for i := range g.entries {
			if e := &g.entries[i]; e.shown {
				s.entries = append(s.entries, *e)
				s.top = max(s.top, e.uses)
			}
		}
		if len(s.entries) > 0 {
			secs = append(secs, s)
		}
	}
	slices.SortStableFunc(secs, func(x, y section) int { return cmp.Or(y.top-x.top, x.g.rank-y.g.rank) })
	b.WriteString("\n## Public API\n")
	for _, s := range secs {
		fmt.Fprintf(b, "\n### %s\n\n", s.g.title)
		for _, e := range s.entries {
			writeAPIEntry(b, e)
		}
	}
	if n := len(all) - len(shown); n > 0 {
		fmt.Fprintf(b, "\n… %d more exported symbols, less used.\n", n)
	}
}

// apiGroups gathers the exported symbols into groups, each group's
// entries by use (a type's own entry first), ties in source order.
func apiGroups(ms []member) []apiGroup {
	types := map[string]bool{} // the module's exported top-level types
	for _, m := range ms {
		for _, s := range m.Syms {
			if s.Parent == "" && isType(s.Kind) && exported(m.Path, s.Name) {
				types[s.Name] = true
			}
		}
	}
	const funcs, vals = "\x00functions", "\x00values"
	lists := map[string][]apiEntry{} // group -> its entries
	at := map[[2]string]int{}        // group, qualified name -> index in its list
	order := 0
	for _, m := range ms {
		for i := range m.Syms {
			s := &m.Syms[i]
			order++
			if !exported(m.Path, s.Name) || s.Kind == facts.KindField {
				continue
			}
			group := apiGroupOf(*s, types)
			if group == "" {
				continue
			}
			if j, ok := at[[2]string{group, s.Qualified}]; ok {
				lists[group][j].uses += m.usesOf(i) // defined again: one entry, every use
				continue
			}
			at[[2]string{group, s.Qualified}] = len(lists[group])
			lists[group] = append(lists[group], apiEntry{sym: s, file: m.Path, uses: m.usesOf(i), order: order})
		}
	}
	var out []apiGroup
	for _, t := range slices.Sorted(maps.Keys(lists)) {
		if t != funcs && t != vals {
			out = append(out, apiGroup{title: CodeSpan(t), entries: lists[t]})
		}
	}
	out = append(out, apiGroup{title: "Functions", entries: lists[funcs]}, apiGroup{title: "Constants and variables", entries: lists[vals]})
	for i := range out {
		out[i].rank = i
		slices.SortStableFunc(out[i].entries, func(x, y apiEntry) int {
			return cmp.Or(leads(y)-leads(x), y.uses-x.uses, x.order-y.order)
		})
	}
	return out
}

// apiGroupOf names the group an exported symbol is listed in: its type's
// name, or the functions' or the values' group; "" for no API (a
// definition nested in a function, a member of a private type).
func apiGroupOf(s snapshot.MemberSymbol, types map[string]bool) string {
	switch {
	case s.Parent == "" && isType(s.Kind):
		return s.Name
	case s.Parent != "":
		if types[s.Parent] {
			return s.Parent
		}
	case s.Kind == facts.KindFunction || s.Kind == facts.KindMethod:
		return "\x00functions"
	case s.Kind == facts.KindConst || s.Kind == facts.KindVar:
		return "\x00values"
	}
	return ""
}

// leads is 1 for the entry that heads its group: the type itself.
func leads(e apiEntry) int {
	if e.sym.Parent == "" && isType(e.sym.Kind) {
		return 1
	}
	return 0
}

// writeAPIEntry writes one entry: its signature on one line and its doc's
// first sentence.
func writeAPIEntry(b *bytes.Buffer, e apiEntry) {
	sig := oneLineSignature(e.sym.Signature)
	if sig == "" {
		sig = e.sym.Kind + " " + e.sym.Qualified
	}
	b.WriteString("- ")
	b.WriteString(CodeSpan(sig))
	if d := firstLine(e.sym.Doc); d != "" {
		b.WriteString(" — ")
		b.WriteString(Text(d))
	}
	b.WriteString("\n")
}

// oneLineSignature joins a signature written over several lines onto
// one (extractors keep the lines of some).
func oneLineSignature(sig string) string {
	sig = oneSpaced(sig)
	// Most signatures have no joint: the Replacer would copy them all.
	if strings.Contains(sig, "( ") || strings.Contains(sig, ",)") || strings.Contains(sig, " )") {
		return signatureJoints.Replace(sig)
	}
	return sig
}

var signatureJoints = strings.NewReplacer("( ", "(", ", )", ")", ",)", ")", " )", ")")
