package llm

import (
	"context"
	"fmt"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
)

// edgeVerb maps edge kinds to the verb of the offline edge sentence.
func edgeVerb(kind string) string {
	switch kind {
	case edgekind.Imports, edgekind.Calls, edgekind.References, edgekind.Extends, edgekind.Implements, edgekind.Contains:
		return kind
	case "call":
		return edgekind.Calls
	case "reference":
		return edgekind.References
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
		if k == edgekind.Implicit {
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
	if len(verbs) == 1 && verbs[0] == edgekind.Imports {
		prep = "from"
	}
	return fmt.Sprintf("%s %s %s %s %s", side(in.SourcePath, "this file"), v, joinLimited(names, edgeLimit), prep, side(in.TargetPath, "the target file"))
}

// ModuleDoc writes the narrative paragraph of a module doc (the wiki phase
// renders the title and every other section from the graph): the most
// descriptive first sentence among what the members say of themselves (a
// file's own doc, else its summary; a package doc comment first), then the
// size.
// Members, In and Out are order-insensitive.
func (Offline) ModuleDoc(ctx context.Context, in ModuleInput) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("offline module doc %s: %w", in.Dir, err)
	}
	best := ""
	for _, m := range in.Members {
		s := firstSentence(oneLine(m.Doc)) // what the file says of itself, else its summary
		if s == "" {
			s = firstSentence(oneLine(m.Summary))
		}
		if Inventory(s) {
			continue // a count of declarations says nothing of purpose
		}
		// A package doc comment states the purpose; otherwise the longest
		// sentence is taken as the most descriptive.
		pkg, bestPkg := strings.HasPrefix(s, "Package "), strings.HasPrefix(best, "Package ")
		if pkg != bestPkg {
			if pkg {
				best = s
			}
			continue
		}
		if len(s) > len(best) || (len(s) == len(best) && s < best) {
			best = s
		}
	}
	name := moduleName(in.Dir)
	kind := "source"
	if in.Tests {
		kind = "test"
	}
	text := fmt.Sprintf("%s holds %d %s %s", name, len(in.Members), kind, kindNoun("file", len(in.Members)))
	if n := len(sortedUnique(in.Out)); n > 0 {
		text += fmt.Sprintf(", depends on %d %s", n, kindNoun("module", n))
	}
	if n := len(sortedUnique(in.In)); n > 0 {
		text += fmt.Sprintf(", is used by %d %s", n, kindNoun("module", n))
	}
	text += "."
	if best != "" {
		text = best + " " + text
	}
	return Result{Text: text + "\n"}, nil
}

// moduleName is the title of a module doc.
func moduleName(dir string) string {
	if dir == "" || dir == "." || dir == "/" {
		return "Repository root"
	}
	return "`" + dir + "`"
}

// side names one end of an edge: its path, or a neutral word when the
// caller left paths out so that the text is independent of file names.
func side(path, neutral string) string {
	if path == "" {
		return neutral
	}
	return path
}
