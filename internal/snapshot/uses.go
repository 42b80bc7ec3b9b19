package snapshot

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"unique"

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
	// in counts the distinct edges into the file from each other
	// directory, by kind; lastKey is the reverse-edge key counted last.
	in      map[DirUse]int
	lastKey []byte
}

// DirUse names Count dependency edges of Kind into a file from the files
// of the directory Dir: a module doc's "used by" sums them over its
// members. It counts what the used-by index (KsUsedBy) holds of the file,
// read off the reverse edges a run counts the uses from anyway.
type DirUse struct {
	Dir, Kind string
	Count     int
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
	// The keys are made strings in one copy, which the parsed edges'
	// parts share: not a copy per key (a full run counts every edge).
	keys := string(g.buf)
	start, last := 0, ""
	for i := 0; i+1 < len(g.ends); i += 2 {
		k := keys[start:g.ends[i]]
		start = g.ends[i+1]
		if len(k) == 0 || k[0] != KsRevEdge {
			continue
		}
		if e, ok := parseRevEdge(k[1:]); ok {
			u.Add(e)
			if k != last { // keys come sorted: a repeat is the one before
				last = k
				u.addIn(e)
			}
		}
	}
	return u
}

// addKey counts the edge a reverse-edge key names: in the use counts, and,
// once per distinct key as the used-by index counts them, by the
// source's directory.
func (u *Uses) addKey(k, _ []byte) error {
	e, ok := ParseRevEdge(k)
	if !ok {
		return nil
	}
	u.Add(e)
	if !bytes.Equal(k, u.lastKey) { // keys come sorted: a repeat is the one before
		u.lastKey = append(u.lastKey[:0], k...)
		u.addIn(e)
	}
	return nil
}

// addIn counts e by its source's directory when that is another one than
// the file's: a module's "used by" counts no edge from within the module.
func (u *Uses) addIn(e Edge) {
	if e.Kind == edgekind.Contains {
		return
	}
	if d := dirOfPath(nodeid.PathOf(e.Source)); d != dirOfPath(u.path) {
		if u.in == nil {
			u.in = map[DirUse]int{}
		}
		u.in[DirUse{Dir: d, Kind: e.Kind}]++
	}
}

// In is how the files of other directories use the file: the distinct
// dependency edges into it (containment left out) by source directory and
// kind, in that order. The names are interned: a reverse-edge key's parts
// share its bytes, and every file of a directory names the same few.
func (u *Uses) In() []DirUse { return u.InBy(uniqueString) }

func uniqueString(s string) string { return unique.Make(s).Value() }

// InBy is In with the names interned by intern, which returns a string
// equal to the one it is given that shares no bytes with it: a caller
// that holds a lock anyway interns in a map of its own for less than
// unique.Make costs.
func (u *Uses) InBy(intern func(string) string) []DirUse {
	if len(u.in) == 0 {
		return nil
	}
	out := make([]DirUse, 0, len(u.in))
	for k, n := range u.in {
		out = append(out, DirUse{Dir: intern(k.Dir), Kind: intern(k.Kind), Count: n})
	}
	slices.SortFunc(out, func(a, b DirUse) int { return cmp.Or(strings.Compare(a.Dir, b.Dir), strings.Compare(a.Kind, b.Kind)) })
	return out
}

// dirOfPath is path.Dir for the clean, relative paths of a snapshot,
// without allocating.
func dirOfPath(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
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
