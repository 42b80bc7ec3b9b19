package wiki

import (
	"slices"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
)

// maxNarrativeDefs bounds the definitions a model is told of per file: a
// purpose paragraph needs a file's main types and functions, not all.
const maxNarrativeDefs = 6

// narrativeMember is what a module's narrative is told of one code file:
// its summary (offline writes from it; a model reads its first sentence
// only for a file whose code documents nothing) and its main definitions
// with their docs. A file kept from the provider (llm.secret_patterns) is
// told of by nothing, not even its names.
func narrativeMember(f snapshot.Member) llm.MemberInfo {
	m := llm.MemberInfo{Summary: f.Summary}
	if f.Secret || !f.HasFacts {
		return m
	}
	m.Doc = f.Doc
	// Top-level definitions first, then the members of types, each in
	// source order: a Java file's class comes before its methods.
	for _, top := range []bool{true, false} {
		for _, ms := range f.Symbols {
			if len(m.Defs) == maxNarrativeDefs {
				return m
			}
			if (ms.Parent == "") == top && narrated(f.Path, ms.Kind, ms.Name) {
				m.Defs = append(m.Defs, llm.DefInfo{Name: ms.Qualified, Doc: ms.Doc})
			}
		}
	}
	return m
}

// narrated says whether a definition speaks of its file's purpose: a
// public type, function or namespace. Fields, constants and variables are
// left to the rendered API section.
func narrated(file, kind, name string) bool {
	switch kind {
	case facts.KindField, facts.KindConst, facts.KindVar:
		return false
	}
	return exported(file, name)
}

// narrativeFiles gathers what a module's narrative is told of its files:
// its code files, or its test files when it has no other, so that a test
// directory is described by what it tests rather than by nothing.
type narrativeFiles struct {
	code, tests        []llm.MemberInfo
	codeUses, testUses usesCounter
}

// add takes one file, the modules its edges reach and the number of other
// files that use it.
func (n *narrativeFiles) add(f snapshot.Member, targets []string, users int) {
	m := narrativeMember(f)
	m.Users = users
	if lang.IsTestPath(f.Path) {
		n.tests = append(n.tests, m)
		n.testUses.add(targets)
		return
	}
	n.code = append(n.code, m)
	n.codeUses.add(targets)
}

// fill sets in's members and main dependencies.
func (n *narrativeFiles) fill(in *llm.ModuleInput) {
	if len(n.code) > 0 || len(n.tests) == 0 {
		in.Members, in.Uses = n.code, n.codeUses.uses()
		return
	}
	in.Members, in.Uses, in.Tests = n.tests, n.testUses.uses(), true
}

// usesCounter counts, over a module's code files, how many use each other
// module; uses are the modules a module mainly depends on (llm.ModuleInput
// Uses).
type usesCounter struct {
	files int
	by    map[string]int
}

// add counts one code file's target modules (each once).
func (u *usesCounter) add(targets []string) {
	if u.by == nil {
		u.by = map[string]int{}
	}
	u.files++
	for _, t := range targets {
		u.by[t]++
	}
}

// uses are the modules at least two of the files use, or the only file.
func (u *usesCounter) uses() []string {
	need := min(2, u.files)
	var out []string
	for t, n := range u.by {
		if n >= need {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}
