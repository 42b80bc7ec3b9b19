package explicit

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// Tallies holds what the code files tell their family's project reader
// through their directory (Traits.DirFacts): by family, then directory,
// how many files tell each token. Tallies add up, so an update applies
// its touched files to its base's and reads no other file's.
type Tallies map[string]map[string]lang.Tally

// NewTallies returns empty tallies.
func NewTallies() Tallies { return Tallies{} }

// Add counts a file's tokens in its directory's tally (nil: nothing).
func (t Tallies) Add(langs *lang.Registry, f *snapshot.File) { t.count(langs, f, 1) }

// count adds a file's tokens sign times, dropping a token (and a tally)
// that falls to zero.
func (t Tallies) count(langs *lang.Registry, f *snapshot.File, sign int) {
	fam, toks, ok := dirFactsOf(langs, f)
	if !ok {
		return
	}
	dir := path.Dir(f.Path)
	tally := t.tally(fam, dir)
	for _, tok := range toks {
		if tally[tok] += sign; tally[tok] == 0 {
			delete(tally, tok)
		}
	}
	if len(tally) == 0 {
		delete(t[fam], dir)
	}
}

// tally returns a directory's tally, made empty when it had none.
func (t Tallies) tally(fam, dir string) lang.Tally {
	if t[fam] == nil {
		t[fam] = map[string]lang.Tally{}
	}
	if t[fam][dir] == nil {
		t[fam][dir] = lang.Tally{}
	}
	return t[fam][dir]
}

// Entries lists the tallies as index entries (snapshot.KsDirFacts).
func (t Tallies) Entries() []snapshot.Entry {
	var out []snapshot.Entry
	for fam, dirs := range t {
		for dir, tally := range dirs {
			out = append(out, snapshot.Entry{Key: snapshot.DirFactsKey(fam, dir), Value: snapshot.EncodeTally(tally)})
		}
	}
	return snapshot.SortEntries(out)
}

// dirFactsOf is a file's family and the tokens it adds to its
// directory's tally; ok is false when its language adds none (or its
// extension names another family, whose reader would not be handed it).
func dirFactsOf(langs *lang.Registry, f *snapshot.File) (fam string, toks []string, ok bool) {
	if f == nil {
		return "", nil, false
	}
	l := langs.Get(f.Lang)
	if l == nil || l.Traits().DirFacts == nil {
		return "", nil, false
	}
	fam = lang.FamilyOf(f.Lang)
	if s := lang.ByExtension(f.Path); s != nil && s.Family != fam {
		return "", nil, false
	}
	return fam, l.Traits().DirFacts(f.Path, f.Facts), true
}

// dirFactsChanged reports whether a file's tokens differ between two
// records of it (either nil when the file is absent).
func dirFactsChanged(langs *lang.Registry, before, after *snapshot.File) bool {
	wasFam, was, wasOK := dirFactsOf(langs, before)
	isFam, is, isOK := dirFactsOf(langs, after)
	return wasOK != isOK || wasFam != isFam || !slices.Equal(was, is)
}

// tokensKept reports whether edits that bring and take tokens (delta,
// counted by family and directory) leave each family's reader answering
// as it did: no directory's tally gains or loses a token (each touched
// directory's tally read from the base), or every token that comes or goes
// does not matter to its family (Traits.DirTokenMatters; the names of
// the directories below the top read from the base's tally keys, not
// their tallies).
func tokensKept(st *phase.State, delta Tallies) (bool, error) {
	for fam, dirs := range delta {
		var moved []string
		for dir, d := range dirs {
			base, err := baseTally(st.Base.Index, fam, dir)
			if err != nil {
				return false, err
			}
			for tok, n := range d {
				if (base[tok] > 0) != (base[tok]+n > 0) {
					moved = append(moved, tok)
				}
			}
		}
		if len(moved) == 0 {
			continue
		}
		matters := familyMatters(st.Langs, fam)
		if matters == nil {
			return false, nil
		}
		nested, err := nestedDirNames(st.Base.Index, fam)
		if err != nil {
			return false, err
		}
		for _, tok := range moved {
			if matters(tok, func(name string) bool { return nested[name] }) {
				return false, nil
			}
		}
	}
	return true, nil
}

// baseTally reads one directory's tally of the base (empty when it has none).
func baseTally(kv snapshot.KV, fam, dir string) (lang.Tally, error) {
	if kv == nil {
		return nil, fmt.Errorf("no base index")
	}
	v, ok, err := kv.Get(snapshot.DirFactsKey(fam, dir))
	if err != nil || !ok {
		return lang.Tally{}, err
	}
	t, err := snapshot.DecodeTally(v)
	if err != nil {
		return nil, fmt.Errorf("tally %s %s: %w", fam, dir, err)
	}
	return t, nil
}

// nestedDirNames names every directory below the top that holds a file of
// the family with a tally, or is above one: each segment of a tallied
// directory's path but the first. Keys only: no tally is decoded.
func nestedDirNames(kv snapshot.KV, fam string) (map[string]bool, error) {
	out := map[string]bool{}
	err := kv.Scan(snapshot.Prefix(snapshot.KsDirFacts, fam), func(k, _ []byte) error {
		segs := strings.Split(snapshot.KeyPart(k, 1), "/")
		for _, s := range segs[1:] {
			out[s] = true
		}
		return nil
	})
	return out, err
}

// familyMatters is Traits.DirTokenMatters for a family: a token matters
// when it matters to any of the family's languages that tally, and every
// token does when one of them does not say (nil).
func familyMatters(langs *lang.Registry, fam string) func(tok string, nested func(string) bool) bool {
	var each []func(string, func(string) bool) bool
	for _, name := range langs.Names() {
		tr := langs.Get(name).Traits()
		if lang.FamilyOf(name) != fam || tr.DirFacts == nil {
			continue
		}
		if tr.DirTokenMatters == nil {
			return nil
		}
		each = append(each, tr.DirTokenMatters)
	}
	if len(each) == 0 {
		return nil
	}
	return func(tok string, nested func(string) bool) bool {
		for _, m := range each {
			if m(tok, nested) {
				return true
			}
		}
		return false
	}
}

// readTallies reads every tally of a published snapshot's index.
func readTallies(kv snapshot.KV) (Tallies, error) {
	t := Tallies{}
	err := kv.Scan([]byte{snapshot.KsDirFacts}, func(k, v []byte) error {
		tally, err := snapshot.DecodeTally(v)
		if err != nil {
			return fmt.Errorf("tally %q: %w", k[1:], err)
		}
		fam, dir := snapshot.KeyPart(k, 0), snapshot.KeyPart(k, 1)
		if t[fam] == nil {
			t[fam] = map[string]lang.Tally{}
		}
		t[fam][dir] = tally
		return nil
	})
	return t, err
}

// DirFactsDelta lists what an update changes in its base's tallies: the
// changed files' tokens taken out as they were and added as they are, and
// each tally that moved read from the base and written again (or
// removed, when it fell empty).
func DirFactsDelta(langs *lang.Registry, st *phase.State) ([]snapshot.Entry, error) {
	delta := Tallies{}
	for _, p := range st.Next.Files.Changed() {
		before, after := st.Base.Files.Get(p), st.Next.Files.Get(p)
		if dirFactsChanged(langs, before, after) {
			delta.count(langs, before, -1)
			delta.count(langs, after, 1)
		}
	}
	var out []snapshot.Entry
	for fam, dirs := range delta {
		for dir, moved := range dirs {
			key := snapshot.DirFactsKey(fam, dir)
			e, err := applyTally(st.Base.Index, key, moved)
			if err != nil {
				return nil, err
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// applyTally adds moved to the tally the base holds under key.
func applyTally(base snapshot.KV, key []byte, moved lang.Tally) (snapshot.Entry, error) {
	tally := map[string]int{}
	if v, found, err := base.Get(key); err != nil {
		return snapshot.Entry{}, fmt.Errorf("read tally %q: %w", key[1:], err)
	} else if found {
		if tally, err = snapshot.DecodeTally(v); err != nil {
			return snapshot.Entry{}, fmt.Errorf("tally %q: %w", key[1:], err)
		}
	}
	for tok, n := range moved {
		if tally[tok] += n; tally[tok] <= 0 {
			delete(tally, tok)
		}
	}
	if len(tally) == 0 {
		return snapshot.Entry{Key: key, Tomb: true}, nil
	}
	return snapshot.Entry{Key: key, Value: snapshot.EncodeTally(tally)}, nil
}
