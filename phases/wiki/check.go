package wiki

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"

	"github.com/lgraph/lgraph/snapshot"
)

// CheckInputs verifies that every module doc of a snapshot was written for
// the input its files give now (recomputed from every record), and that
// exactly the modules with an input have a doc: the wiki an update patched
// has not drifted. model is the provider id the docs were written with.
func CheckInputs(s *snapshot.Snapshot, globs []string, model string) error {
	inputs := Inputs(s, globs)
	for _, dir := range s.Modules.Dirs() {
		in, ok := inputs[dir]
		if !ok {
			return fmt.Errorf("module %s has a doc but no input", dir)
		}
		if got, want := s.Modules.Get(dir).InputKey, inputKey(in, model); got != want {
			return fmt.Errorf("module %s's doc was written for another input (%+v)", dir, in)
		}
		delete(inputs, dir)
	}
	for dir := range inputs {
		return fmt.Errorf("module %s has an input but no doc", dir)
	}
	return nil
}

// Inputs computes every module's doc input from a snapshot: the summaries
// of its code files (no paths: DESIGN §2 keys a doc on member summaries,
// so renaming a file inside a module rewrites nothing) and the modules it
// depends on and that depend on it, through any edge between their files.
func Inputs(s *snapshot.Snapshot, globs []string) map[string]llm.ModuleInput {
	out := map[string]llm.ModuleInput{}
	in, uses := map[string]map[string]bool{}, map[string]map[string]bool{}
	// Map order is fine: members are sorted below and the rest are sets.
	for p, f := range s.Files.All() {
		if f.Lang == inventory.ConfigLang {
			continue
		}
		dir := dirOf(p)
		if !selected(dir, globs) {
			continue
		}
		m := out[dir]
		m.Dir = dir
		m.Members = append(m.Members, llm.MemberInfo{Summary: f.Summary})
		out[dir] = m
		for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
			for _, e := range list {
				if e.Kind == "contains" {
					continue
				}
				t := snapshot.FileOfID(e.Target)
				if td := dirOf(t); t != "" && td != dir && s.Files.Get(t) != nil {
					add(uses, dir, td)
					add(in, td, dir)
				}
			}
		}
	}
	for dir, m := range out {
		m.Out, m.In = slices.Sorted(maps.Keys(uses[dir])), slices.Sorted(maps.Keys(in[dir]))
		sort.Slice(m.Members, func(i, j int) bool { return m.Members[i].Summary < m.Members[j].Summary })
		out[dir] = m
	}
	return out
}
