package agentctx

import (
	"fmt"
	"strings"

	"github.com/lgraph/lgraph/internal/query"
)

// Text renders an answer as the CLI prints it.
func Text(a *Answer) string {
	var w strings.Builder
	fmt.Fprintf(&w, "%s  %s%s\n", a.Target.ID, kindOf(a.Target), markText(a.Target.Mark))
	field(&w, "signature", a.Signature)
	field(&w, "doc", a.Doc)
	field(&w, "module", a.Module)
	if len(a.Insights) > 0 {
		w.WriteString("insights:\n")
		for _, text := range a.Insights {
			fmt.Fprintf(&w, "  - %s\n", text)
		}
	}
	if a.Source != nil {
		w.WriteString(sourceText(a.Source))
	}
	section(&w, "members", a.Members, signatureText)
	section(&w, "callers", a.Callers, callSiteText)
	label := "callees"
	if a.Target.Kind == "file" {
		label = "definitions"
	}
	section(&w, label, a.Callees, signatureText)
	section(&w, "used by", a.UsedBy, usedByText)
	section(&w, "dependents", a.Dependents, dependentText)
	section(&w, "tests", a.Tests, refText)
	section(&w, "couplings", a.Couplings, couplingText)
	if len(a.Omitted) > 0 {
		var parts []string
		for _, o := range a.Omitted {
			parts = append(parts, fmt.Sprintf("%d %s (~%d tokens)", o.Count, o.Section, o.Tokens))
		}
		fmt.Fprintf(&w, "left out for the budget: %s (raise --tokens to see them)\n", strings.Join(parts, ", "))
	}
	fmt.Fprintf(&w, "tokens: %d of %d (%s)\n", a.Budget.Used, a.Budget.Tokens, a.Budget.Encoding)
	return w.String()
}

func kindOf(r query.NodeRef) string {
	if r.SymbolKind != "" {
		return fmt.Sprintf("%s  %s:%d", r.SymbolKind, r.Path, r.Line)
	}
	return r.Kind
}

func markText(m query.Mark) string {
	if !m.Stale {
		return ""
	}
	return "  [stale: " + m.Suggest + "]"
}

func field(w *strings.Builder, label, text string) {
	if text = strings.TrimSpace(text); text != "" {
		fmt.Fprintf(w, "%s: %s\n", label, strings.ReplaceAll(text, "\n", "\n  "))
	}
}

func section[T any](w *strings.Builder, label string, items []T, text func(T) string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(w, "%s:\n", label)
	for _, it := range items {
		w.WriteString(text(it))
	}
}

// numbered writes lines with their numbers, indented by pad.
func numbered(w *strings.Builder, pad string, start int, text string) {
	if text == "" {
		return
	}
	for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fmt.Fprintf(w, "%s%5d  %s\n", pad, start+i, l)
	}
}

func sourceText(s *Source) string {
	var w strings.Builder
	fmt.Fprintf(&w, "source %s:%d-%d (%s):\n", s.Path, s.StartLine, s.EndLine, s.From)
	numbered(&w, "", s.StartLine, s.Text)
	if s.CutLines > 0 {
		fmt.Fprintf(&w, "  … %d more lines\n", s.CutLines)
	}
	return w.String()
}

func callSiteText(c CallSite) string {
	var w strings.Builder
	fmt.Fprintf(&w, "  %s:%d  in %s  (%s; %s)%s\n", c.Caller.Path, c.Line, c.Caller.Name,
		strings.Join(c.Via, ", "), strings.Join(c.ResolvedBy, ", "), markText(c.Caller.Mark))
	numbered(&w, "  ", c.StartLine, c.Text)
	return w.String()
}

func signatureText(s Signature) string {
	sig := s.Signature
	if sig == "" {
		sig = s.Name
	}
	return fmt.Sprintf("  %s:%d  %s%s\n", s.Path, s.Line, sig, markText(s.Mark))
}

func dependentText(d query.FileDep) string {
	return fmt.Sprintf("  %s  %s  %s%s\n", d.Path, strings.Join(d.Kinds, ","), strings.Join(d.Via, ", "), markText(d.Mark))
}

func usedByText(e query.EdgeItem) string {
	return fmt.Sprintf("  %s:%d  %s %s%s\n", e.Path, e.Line, e.Name, e.EdgeKind, markText(e.Mark))
}

func refText(r query.NodeRef) string {
	if r.Line == 0 {
		return fmt.Sprintf("  %s%s\n", r.Path, markText(r.Mark))
	}
	return fmt.Sprintf("  %s:%d  %s%s\n", r.Path, r.Line, r.Name, markText(r.Mark))
}

func couplingText(c Coupling) string {
	return fmt.Sprintf("  %s (line %d) with %s\n", c.Key, c.Line, strings.Join(c.Files, ", "))
}
