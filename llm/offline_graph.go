package llm

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// edgeVerb maps edge kinds to the verb of the offline edge sentence.
func edgeVerb(kind string) string {
	switch kind {
	case "imports", "calls", "references", "extends", "implements", "contains":
		return kind
	case "call":
		return "calls"
	case "reference":
		return "references"
	}
	return "uses (" + kind + ")"
}

// SummarizeEdge renders "a.go calls Foo, Bar in b.go." from the edge kinds and
// names; implicit links get their own clause. Kinds and names are sorted, so
// their order in the input does not matter.
func (Offline) SummarizeEdge(ctx context.Context, in EdgeInput) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("offline summarize edge %s -> %s: %w", in.SourcePath, in.TargetPath, err)
	}
	names := sortedUnique(in.Names)
	var verbs []string
	implicit := false
	for _, k := range sortedUnique(in.Kinds) {
		if k == "implicit" {
			implicit = true
			continue
		}
		verbs = append(verbs, edgeVerb(k))
	}
	var clauses []string
	if len(verbs) > 0 {
		clauses = append(clauses, explicitClause(in, verbs, names))
	}
	if implicit {
		c := fmt.Sprintf("%s is implicitly linked to %s", side(in.SourcePath, "this file"), side(in.TargetPath, "the target file"))
		if len(verbs) == 0 && len(names) > 0 {
			c += " via " + joinLimited(names, edgeLimit)
		}
		clauses = append(clauses, c)
	}
	if len(clauses) == 0 {
		clauses = append(clauses, fmt.Sprintf("%s depends on %s", side(in.SourcePath, "this file"), side(in.TargetPath, "the target file")))
	}
	return Result{Text: strings.Join(clauses, "; ") + "."}, nil
}

// explicitClause renders "a.go calls and references Foo, Bar in b.go".
func explicitClause(in EdgeInput, verbs, names []string) string {
	v := strings.Join(verbs, " and ")
	if len(names) == 0 {
		return fmt.Sprintf("%s %s %s", side(in.SourcePath, "this file"), v, side(in.TargetPath, "the target file"))
	}
	prep := "in"
	if len(verbs) == 1 && verbs[0] == "imports" {
		prep = "from"
	}
	return fmt.Sprintf("%s %s %s %s %s", side(in.SourcePath, "this file"), v, joinLimited(names, edgeLimit), prep, side(in.TargetPath, "the target file"))
}

// ModuleDoc renders a markdown page: a title, the member files with their
// summaries, and what the module depends on and is used by. Members, In and
// Out are sorted, so their order in the input does not matter.
func (Offline) ModuleDoc(ctx context.Context, in ModuleInput) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("offline module doc %s: %w", in.Dir, err)
	}
	members := append([]MemberInfo(nil), in.Members...)
	sort.SliceStable(members, func(i, j int) bool { return members[i].Path < members[j].Path })
	var b strings.Builder
	name := moduleName(in.Dir)
	fmt.Fprintf(&b, "# %s\n\n", name)
	fmt.Fprintf(&b, "%s holds %d %s.\n", name, len(members), kindNoun("file", len(members)))
	if len(members) > 0 {
		b.WriteString("\n## Files\n\n")
		for _, m := range members {
			if m.Path == "" { // callers may key docs on summaries alone
				fmt.Fprintf(&b, "- %s\n", memberSummary(m.Summary))
				continue
			}
			fmt.Fprintf(&b, "- `%s`: %s\n", m.Path, memberSummary(m.Summary))
		}
	}
	writeList(&b, "Depends on", in.Out)
	writeList(&b, "Used by", in.In)
	return Result{Text: b.String()}, nil
}

// moduleName is the title of a module doc.
func moduleName(dir string) string {
	if dir == "" || dir == "." || dir == "/" {
		return "Repository root"
	}
	return "`" + dir + "`"
}

// memberSummary puts a member summary on one line.
func memberSummary(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "(no summary)"
	}
	return s
}

// writeList writes a markdown section listing items, sorted and deduplicated;
// nothing when there are none.
func writeList(b *strings.Builder, title string, items []string) {
	items = sortedUnique(items)
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n", title)
	for _, it := range items {
		fmt.Fprintf(b, "- `%s`\n", it)
	}
}

// side names one end of an edge: its path, or a neutral word when the
// caller left paths out so that the text is independent of file names.
func side(path, neutral string) string {
	if path == "" {
		return neutral
	}
	return path
}
