package llm

import (
	"context"
	"fmt"
	"path"
	"slices"
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
// renders the title and every other section from the graph): the first
// sentence one member says of itself, then the size. The package's own
// doc (a package doc comment, an __init__.py docstring) speaks first;
// else the file the most other files use, by its own doc or its summary
// (which a file with no doc takes from its most used definition).
// Members, In and Out are order-insensitive.
func (Offline) ModuleDoc(ctx context.Context, in ModuleInput) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("offline module doc %s: %w", in.Dir, err)
	}
	var best purpose
	for _, m := range in.Members {
		if c := purposeOf(m); c.better(best) {
			best = c
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
	if best.text != "" {
		text = best.text + " " + text
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

// purpose is a member's candidate for a module's purpose sentence.
type purpose struct {
	text  string
	kind  int // 1 the package's own doc, 2 a file's own doc, 3 a summary; 0 none
	users int
}

// packageFiles hold a package's own doc by convention.
var packageFiles = []string{"__init__.py", "__init__.pyi", "doc.go", "index.ts", "index.js", "lib.rs", "mod.rs", "package-info.java"}

// purposeOf is what a member says of itself: its own doc's first
// sentence, else its summary's, unless that only takes stock of it.
func purposeOf(m MemberInfo) purpose {
	p := purpose{kind: 2, users: m.Users}
	if p.text = docSentence(oneLine(m.Doc)); p.text == "" {
		p.kind = 3
		if p.text = docSentence(oneLine(m.Summary)); p.text == "" || Inventory(p.text) {
			return purpose{}
		}
	}
	if strings.HasPrefix(p.text, "Package ") || (p.kind == 2 && slices.Contains(packageFiles, path.Base(m.Path))) {
		p.kind = 1
	}
	return p
}

// better says whether p speaks for a module better than q: the package's
// own doc, else the most used file's, a file's own doc before a summary,
// then the longest sentence.
func (p purpose) better(q purpose) bool {
	switch {
	case p.kind == 0:
		return false
	case q.kind == 0:
		return true
	case (p.kind == 1) != (q.kind == 1):
		return p.kind == 1
	case p.users != q.users:
		return p.users > q.users
	case p.kind != q.kind:
		return p.kind < q.kind
	case len(p.text) != len(q.text):
		return len(p.text) > len(q.text)
	}
	return p.text < q.text
}
