package llm

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// How many symbol names, imports or edge names a rendered list shows before
// "and N more".
const (
	nameLimit   = 5
	importLimit = 8
	edgeLimit   = 8
)

// Offline builds summaries and docs from the inputs alone, with no network.
// Its output is a pure function of the input: byte-for-byte deterministic.
// The zero value is ready to use.
type Offline struct{}

// NewOffline returns the offline provider.
func NewOffline() Offline { return Offline{} }

// ID returns "offline".
func (Offline) ID() string { return "offline" }

// EstimateFile returns 0: offline calls are free.
func (Offline) EstimateFile(FileInput) int { return 0 }

// EstimateEdge returns 0: offline calls are free.
func (Offline) EstimateEdge(EdgeInput) int { return 0 }

// EstimateModule returns 0: offline calls are free.
func (Offline) EstimateModule(ModuleInput) int { return 0 }

// SummarizeFile joins the first sentence of the file's own doc (or of its
// main definition's, fileSentence), what it defines and what it imports.
func (Offline) SummarizeFile(ctx context.Context, in FileInput) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("offline summarize %s: %w", in.Path, err)
	}
	var parts []string
	if s := fileSentence(in); s != "" {
		parts = append(parts, s)
	}
	if s := definesSentence(in.Symbols); s != "" {
		parts = append(parts, s)
	}
	if len(in.Imports) > 0 {
		parts = append(parts, "Imports "+joinLimited(in.Imports, importLimit)+".")
	}
	if len(parts) == 0 {
		return Result{Text: describeEmpty(in)}, nil
	}
	return Result{Text: strings.Join(parts, " ")}, nil
}

// Inventory says whether a summary sentence only takes stock of a file (the
// offline "Defines 2 functions", "Imports os", "file with no definitions"),
// which says nothing of what the file is for.
func Inventory(sentence string) bool {
	return strings.HasPrefix(sentence, "Defines ") || strings.HasPrefix(sentence, "Imports ") ||
		strings.HasSuffix(sentence, "ile with no definitions or imports.")
}

// describeEmpty is the summary of a file with no doc, symbols or imports.
func describeEmpty(in FileInput) string {
	if in.Lang == "" {
		return "File with no definitions or imports."
	}
	return fmt.Sprintf("%s file with no definitions or imports.", in.Lang)
}

// fileSentence is the first sentence of the file's own doc, else of the
// doc of its main definition: the top-level type or function the
// repository uses most (a type with its members), public ones first (ties
// in source order). A
// member's doc (a method's) or a value's (a sentinel's comment) speaks for
// a part of the file, not for the file.
func fileSentence(in FileInput) string {
	if s := docSentence(in.Doc); s != "" {
		return s
	}
	// A type is used through its members too.
	uses := map[string]int{}
	for _, sym := range in.Symbols {
		top, _, _ := strings.Cut(sym.Qualified, ".")
		uses[top] += sym.Uses
	}
	best, rank := "", [2]int{-1, -1} // public, uses
	for _, sym := range in.Symbols {
		if !mainCandidate(sym) {
			continue
		}
		r := [2]int{0, uses[sym.Name]}
		if public(in.Lang, sym.Name) {
			r[0] = 1
		}
		if r[0] < rank[0] || (r[0] == rank[0] && r[1] <= rank[1]) {
			continue
		}
		if s := docSentence(sym.Doc); s != "" {
			best, rank = s, r
		}
	}
	return best
}

// mainCandidate says whether a definition may speak for its file: a
// type, function or namespace at the top level.
func mainCandidate(s SymbolInfo) bool {
	if s.Qualified != "" && s.Qualified != s.Name {
		return false
	}
	switch s.Kind {
	case facts.KindFunction, facts.KindClass, facts.KindStruct, facts.KindInterface, facts.KindTrait,
		facts.KindEnum, facts.KindType, facts.KindModule:
		return true
	}
	return false
}

// public says whether a name is part of a file's API: Go capitalises it;
// elsewhere a leading underscore or # marks it private.
func public(language, name string) bool {
	if name == "" || name[0] == '_' || name[0] == '#' {
		return false
	}
	if language == "go" {
		return name[0] >= 'A' && name[0] <= 'Z'
	}
	return true
}

// definesSentence renders "Defines 2 functions, 1 class: A, B, C." from the
// symbols in source order. Fields are not counted.
func definesSentence(syms []SymbolInfo) string {
	var kinds []string
	count := map[string]int{}
	var names []string
	for _, s := range syms {
		if s.Kind == "field" {
			continue
		}
		if count[s.Kind] == 0 {
			kinds = append(kinds, s.Kind)
		}
		count[s.Kind]++
		if s.Qualified == "" || s.Qualified == s.Name {
			names = append(names, s.Name)
		}
	}
	if len(kinds) == 0 {
		return ""
	}
	counts := make([]string, len(kinds))
	for i, k := range kinds {
		counts[i] = fmt.Sprintf("%d %s", count[k], kindNoun(k, count[k]))
	}
	out := "Defines " + strings.Join(counts, ", ")
	if len(names) > 0 {
		out += ": " + joinLimited(names, nameLimit)
	}
	return out + "."
}

// kindNoun names n symbols of kind k ("function", "classes").
func kindNoun(k string, n int) string {
	switch k {
	case "":
		k = "symbol"
	case "const":
		k = "constant"
	case "var":
		k = "variable"
	}
	if n == 1 {
		return k
	}
	return plural(k)
}

// plural is a small English plural for kind nouns.
func plural(w string) string {
	switch {
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"),
		strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"):
		return w + "es"
	case strings.HasSuffix(w, "y") && len(w) > 1 && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return w[:len(w)-1] + "ies"
	}
	return w + "s"
}

// joinLimited joins the first limit items with ", " and says how many more.
func joinLimited(items []string, limit int) string {
	if len(items) <= limit {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:limit], ", "), len(items)-limit)
}

// sortedUnique returns items sorted, without duplicates or empties: items
// itself when it is so already (the edge kinds and names a run explains
// come so, one set per edge of every file), else a copy. Callers only
// read it.
func sortedUnique(items []string) []string {
	if strictlySorted(items) {
		return items
	}
	out := make([]string, 0, len(items))
	seen := map[string]bool{}
	for _, it := range items {
		if it != "" && !seen[it] {
			seen[it] = true
			out = append(out, it)
		}
	}
	sort.Strings(out)
	return out
}

// strictlySorted says whether items ascend without repeats or empties.
func strictlySorted(items []string) bool {
	for i, it := range items {
		if it == "" || i > 0 && items[i-1] >= it {
			return false
		}
	}
	return true
}
