package implicit

import (
	"slices"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// minSnippet is the shortest evidence quote looked for in the file: a
// shorter one would match lines it does not mean.
const minSnippet = 4

// place turns a model's proposals into a file's couplings: keys of the
// rule kinds are normalized as the rules normalize theirs (so that they
// join), and each proposal keeps the lines of the exact content its
// evidence quotes; a proposal whose evidence is nowhere in the file is
// dropped as made up. Positions come from the exact bytes, never from the
// cached reply, which was made from the normalized content.
func place(cs []llm.Coupling, data []byte) []facts.Coupling {
	lines := strings.Split(string(data), "\n")
	byName := map[string]*facts.Coupling{}
	for _, c := range cs {
		key, ok := normalizeKey(c.Kind, c.Key)
		if !ok {
			continue
		}
		var at []int
		for _, ev := range c.Evidence {
			if n := findLine(lines, ev); n > 0 {
				at = append(at, n)
			}
		}
		if len(at) == 0 {
			continue
		}
		name := c.Kind + ":" + key
		prev := byName[name]
		if prev == nil {
			prev = &facts.Coupling{Kind: c.Kind, Key: key}
			byName[name] = prev
		}
		prev.Lines = append(prev.Lines, at...)
		prev.Confidence = max(prev.Confidence, c.Confidence)
		for _, ev := range c.Evidence {
			if !slices.Contains(prev.Evidence, ev) {
				prev.Evidence = append(prev.Evidence, ev)
			}
		}
	}
	out := make([]facts.Coupling, 0, len(byName))
	for _, c := range byName {
		slices.Sort(c.Lines)
		c.Lines = slices.Compact(c.Lines)
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// normalizeKey is the form of a proposed key that files share.
func normalizeKey(kind, key string) (string, bool) {
	if kind == KindTable {
		key = strings.ToLower(key)
		for _, schema := range []string{"public.", "dbo.", "main."} {
			key = strings.TrimPrefix(key, schema)
		}
	}
	if key == "" {
		return "", false
	}
	return valid(kind, key)
}

// findLine is the 1-based number of the first line holding a quote's
// first line, or 0.
func findLine(lines []string, quote string) int {
	first, _, _ := strings.Cut(strings.TrimSpace(quote), "\n")
	first = strings.TrimSpace(first)
	if len(first) < minSnippet {
		return 0
	}
	for i, l := range lines {
		if strings.Contains(l, first) {
			return i + 1
		}
	}
	return 0
}

// couplingUsers answers "which files did the model say use this key".
func couplingUsers(kv snapshot.KV) users {
	idx := kvUsers(kv)
	return func(name string) []string { return idx(snapshot.CouplingSignal(name)) }
}

// couplingEntries are the coupling entries of the signal index of some files.
func couplingEntries(files []*snapshot.File) *snapshot.MemKV {
	var es []snapshot.Entry
	for _, f := range files {
		for _, c := range f.Couplings {
			es = append(es, snapshot.Entry{Key: snapshot.SignalKey(snapshot.CouplingSignal(c.Name()), f.Path)})
		}
	}
	return snapshot.NewMemKV(es)
}

// nextCouplingUsers is the coupling index of the snapshot being built, as
// nextUsers is its signal index.
func nextCouplingUsers(st *phase.State, full bool) users {
	return couplingUsers(nextEntries(st, full, snapshot.PartImplicit, couplingEntries))
}

// baseCouplingUsers is the base snapshot's coupling index.
func baseCouplingUsers(st *phase.State) users {
	return couplingUsers(baseEntries(st, couplingEntries))
}

// affectedExplored lists the files whose explorer edges may differ from
// Base's: the touched files and every user of a key (found by rule or
// proposed) whose rule users or proposing files changed.
func affectedExplored(st *phase.State, nextRules, nextLLM users) []string {
	baseRules, baseLLM := baseUsers(st), baseCouplingUsers(st)
	keys := map[string]bool{}
	for path := range st.Touched {
		for _, s := range []*snapshot.Snapshot{st.Base, st.Next} {
			if f := s.Files.Get(path); f != nil {
				for _, n := range keyNames(f) {
					keys[n] = true
				}
			}
		}
	}
	redo := map[string]bool{}
	for path := range st.Touched {
		redo[path] = true
	}
	for k := range keys {
		nr, nl := nextRules(k), nextLLM(k)
		if !slices.Equal(baseRules(k), nr) || !slices.Equal(baseLLM(k), nl) {
			for _, path := range append(nr, nl...) {
				redo[path] = true
			}
		}
	}
	return stillThere(st, redo)
}

// keyNames are the names of the keys a file uses, found by rule or
// proposed, sorted and once each.
func keyNames(f *snapshot.File) []string {
	var out []string
	for _, s := range f.Signals {
		out = append(out, s.Name())
	}
	for _, c := range f.Couplings {
		out = append(out, c.Name())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// exploredEdges joins a file to the other files using each of its keys
// where the model proposed the key at one end or both: an edge between
// two files that both found the key by rule is a rule edge, not one of
// these. A key used by more than limit files in all is too generic.
func exploredEdges(f *snapshot.File, rules, proposed users, limit int) []snapshot.Edge {
	mine := map[string]bool{}
	for _, s := range f.Signals {
		mine[s.Name()] = true
	}
	var out []snapshot.Edge
	for _, name := range keyNames(f) {
		lu := proposed(name)
		if len(lu) == 0 {
			continue // nobody proposed it: rule edges only
		}
		ru := rules(name)
		all := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(ru), lu...))))
		if len(all) < 2 || len(all) > limit {
			continue
		}
		for _, other := range all {
			if other == f.Path || (mine[name] && slices.Contains(ru, other)) {
				continue
			}
			out = append(out, snapshot.Edge{Source: nodeid.File(f.Path), Target: nodeid.File(other), Kind: edgekind.Implicit, Via: name, ResolvedBy: snapshot.DetectedByLLM})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Target != out[j].Target {
			return out[i].Target < out[j].Target
		}
		return out[i].Via < out[j].Via
	})
	return out
}
