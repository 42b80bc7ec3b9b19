package wiki

import (
	"fmt"
	"maps"
	"slices"

	"github.com/lgraph/lgraph/llm"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// CheckInputs verifies that every module doc of a snapshot was written for
// the input its files give now (recomputed from every record), and that
// exactly the modules with an input have a doc: the wiki an update patched
// has not drifted. model is the provider id the docs were written with.
func CheckInputs(s *snapshot.Snapshot, globs []string, model string) error {
	// A doc's history is taken from the doc, and checked against the window.
	inputs := allInputs(s, globs, func(dir string) []snapshot.HistoryEntry { return s.Modules.Get(dir).History })
	window, err := snapshot.KnownWindow(s.Window, s.Index)
	if err != nil {
		return err
	}
	byDir := positions(window)
	for _, dir := range s.Modules.Dirs() {
		in, ok := inputs[dir]
		if !ok {
			return fmt.Errorf("module %s has a doc but no input", dir)
		}
		if err := checkHistory(dir, in.history, byDir, window); err != nil {
			return err
		}
		if got, want := s.Modules.Get(dir).InputKey, in.key(model); got != want {
			return fmt.Errorf("module %s's doc was written for another input (%+v)", dir, in.llm)
		}
		delete(inputs, dir)
	}
	for dir := range inputs {
		return fmt.Errorf("module %s has an input but no doc", dir)
	}
	return nil
}

// allInputs is moduleInput for every module at once, from the records.
func allInputs(s *snapshot.Snapshot, globs []string, history func(dir string) []snapshot.HistoryEntry) map[string]modInput {
	ins, mfs := map[string]llm.ModuleInput{}, map[string]modFacts{}
	files := map[string]*narrativeFiles{}
	in := map[string]map[string]map[string]int{} // target module -> source module -> kind -> count
	into := map[string][]snapshot.Edge{}         // target path -> the edges into it, as the reverse index holds them
	for _, f := range s.Files.All() {
		for _, e := range depEdges(f) {
			into[nodeid.PathOf(e.Target)] = append(into[nodeid.PathOf(e.Target)], e)
		}
	}
	// Map order is fine: the rendering sorts the members, the narrative's
	// key does not depend on their order, and the rest are counts.
	for p, f := range s.Files.All() {
		dir := dirOf(p)
		for _, e := range depEdges(f) {
			t := nodeid.PathOf(e.Target)
			tf := s.Files.Get(t)
			if td := dirOf(t); t != "" && td != dir && tf != nil && tf.Lang != lang.ProjectFile && selected(dir, globs) {
				if in[td] == nil {
					in[td] = map[string]map[string]int{}
				}
				count(in[td], dir, e.Kind)
			}
		}
		// A project file's edges count for "used by"; it is no member.
		if f.Lang == lang.ProjectFile || !selected(dir, globs) {
			continue
		}
		m, ok := mfs[dir]
		if !ok {
			m = newFacts(dir)
		}
		u := snapshot.NewUses(f)
		for _, e := range into[p] {
			u.Add(e)
		}
		m.Members = append(m.Members, memberOf(snapshot.MemberOf(f), phase.UseCounts{PerSymbol: u.PerSymbol, Users: u.Users()}))
		var targets []string
		for _, e := range depEdges(f) {
			t := nodeid.PathOf(e.Target)
			if td := dirOf(t); t != "" && td != dir && s.Files.Get(t) != nil {
				count(m.Out, td, e.Kind)
				targets = appendNew(targets, td)
			}
		}
		mfs[dir] = m
		li := ins[dir]
		li.Dir = dir
		if files[dir] == nil {
			files[dir] = &narrativeFiles{}
		}
		files[dir].add(snapshot.MemberOf(f), targets, u.Users())
		ins[dir] = li
	}
	out := map[string]modInput{}
	for dir, m := range mfs {
		if in[dir] != nil {
			m.In = in[dir]
		}
		if s.Modules.Get(dir) != nil {
			m.History = history(dir)
		}
		li := ins[dir]
		li.Out, li.In = slices.Sorted(maps.Keys(m.Out)), slices.Sorted(maps.Keys(m.In))
		files[dir].fill(&li)
		out[dir] = newModInput(li, m)
	}
	return out
}
