package snapshot

import (
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// Uses counts how much the repository uses a file and each of its
// definitions, from the dependency edges into it (the reverse-edge index):
// per definition, aligned with the file's symbols, the distinct nodes
// that call or reference it, and the distinct other files that depend on
// the file. Containment is no use, nor is a definition's use of itself.
// It is what ranks definitions "by use" (offline summaries, module docs).
type Uses struct {
	// PerSymbol is aligned with the file's Facts.Symbols.
	PerSymbol []int
	path      string
	at        map[string]int // symbol id -> index in the file's symbols
	seen      map[[2]string]bool
	files     map[string]bool
}

// NewUses starts the counts of f, all zero.
func NewUses(f *File) *Uses {
	u := &Uses{path: f.Path, at: map[string]int{}, seen: map[[2]string]bool{}, files: map[string]bool{}}
	if f.Facts != nil {
		syms := f.Facts.Symbols
		for i, id := range nodeid.Symbols(f.Path, len(syms), func(i int) string { return syms[i].Qualified }) {
			u.at[id] = i
		}
		u.PerSymbol = make([]int, len(syms))
	}
	return u
}

// Add counts one edge into the file.
func (u *Uses) Add(e Edge) {
	if e.Kind == edgekind.Contains || e.Source == e.Target {
		return
	}
	if src := nodeid.PathOf(e.Source); src != u.path {
		u.files[src] = true
	}
	if i, ok := u.at[e.Target]; ok && !u.seen[[2]string{e.Target, e.Source}] {
		u.seen[[2]string{e.Target, e.Source}] = true
		u.PerSymbol[i]++
	}
}

// Users is the number of other files that depend on the file.
func (u *Uses) Users() int { return len(u.files) }

// UsesOf reads the counts of f from the reverse edges of an index.
func UsesOf(idx KV, f *File) (*Uses, error) {
	u := NewUses(f)
	err := idx.Scan(Prefix(KsRevEdge, f.Path), u.addKey)
	return u, err
}

// UsesIn counts f's uses from the reverse edges into it that a
// GroupCursor of KsRevEdge gave under f's path: what UsesOf reads, where
// a run counts every file's.
func UsesIn(g Group, f *File) *Uses {
	u := NewUses(f)
	_ = g.Each(u.addKey) // addKey fails on nothing
	return u
}

// addKey counts the edge a reverse-edge key names.
func (u *Uses) addKey(k, _ []byte) error {
	if e, ok := ParseRevEdge(k); ok {
		u.Add(e)
	}
	return nil
}

// ChangedTargets lists the files at the far end of the dependency edges
// one version of a record has and the other lacks (either may be nil):
// exactly the files whose use counts the change can have moved.
func ChangedTargets(was, is *File) []string {
	keys := func(f *File) map[string]bool {
		m := map[string]bool{}
		if f != nil {
			for _, e := range GenericEntries(f, KsRevEdge) {
				m[string(e.Key)] = true
			}
		}
		return m
	}
	a, b := keys(was), keys(is)
	var out []string
	for _, pair := range [2][2]map[string]bool{{a, b}, {b, a}} {
		for k := range pair[0] {
			if !pair[1][k] {
				out = append(out, KeyPart([]byte(k), 0))
			}
		}
	}
	return out
}
