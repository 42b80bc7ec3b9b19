package wiki

import (
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// useCounter counts how much the repository uses a file and each of its
// definitions, from the dependency edges into it: per definition (aligned
// with the file's symbols) the distinct nodes that call or reference it,
// and for the file the distinct other files that depend on it.
// Containment is no use, nor is a definition's use of itself.
//
// Every count changes only with an edge into the file, and a changed edge
// puts its target's module among those the phase recomputes
// (changedTargets), so docs ranked by these counts equal a rebuild's.
type useCounter struct {
	path   string
	at     map[string]int // symbol id -> index in the file's symbols
	perSym []int
	seen   map[[2]string]bool // target, source
	files  map[string]bool
}

func newUseCounter(f *snapshot.File) *useCounter {
	u := &useCounter{path: f.Path, at: map[string]int{}, seen: map[[2]string]bool{}, files: map[string]bool{}}
	if f.Facts != nil {
		syms := f.Facts.Symbols
		for i, id := range nodeid.Symbols(f.Path, len(syms), func(i int) string { return syms[i].Qualified }) {
			u.at[id] = i
		}
		u.perSym = make([]int, len(syms))
	}
	return u
}

// add counts one edge into the file.
func (u *useCounter) add(e snapshot.Edge) {
	if e.Kind == edgekind.Contains || e.Source == e.Target {
		return
	}
	if src := nodeid.PathOf(e.Source); src != u.path {
		u.files[src] = true
	}
	if i, ok := u.at[e.Target]; ok && !u.seen[[2]string{e.Target, e.Source}] {
		u.seen[[2]string{e.Target, e.Source}] = true
		u.perSym[i]++
	}
}

// uses reads the counts of f from the reverse edges of the index.
func uses(idx snapshot.KV, f *snapshot.File) (perSym []int, users int, err error) {
	u := newUseCounter(f)
	err = idx.Scan(snapshot.Prefix(snapshot.KsRevEdge, f.Path), func(k, _ []byte) error {
		if e, ok := snapshot.ParseRevEdge(k); ok {
			u.add(e)
		}
		return nil
	})
	return u.perSym, len(u.files), err
}
