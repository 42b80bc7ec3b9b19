package snapshot

import (
	"maps"
	"slices"
	"strings"
)

// ModuleSet is the module docs of a snapshot: read through to a base (a
// published snapshot's tables, or another set) with changes on top.
type ModuleSet struct {
	kv     KV
	parent *ModuleSet
	set    map[string]*Module
	del    map[string]bool
	err    error
	// spill, once Spill is called, holds the encodings of the docs set
	// since, where spilled says.
	spill   *spillFile
	spilled map[string]span
	// ahead are Encoded's read windows: the publishing asks for every doc
	// in the order the wiki spilled them (both sorted by dir), and one
	// read per doc was 0.1-0.4 s of CPU at 100,000 files
	// (docs/measurements.md, "Stop 50").
	ahead spillWindows
}

// Spill makes the set write the docs set from now on to an unlinked file
// in dir and read them back from there. A full run renders every
// module's doc (87 MB at 100,000 files) and held them all on the heap
// from its wiki phase until it published them, the heap's largest
// holding then but badger's, which made the collector run more often
// through the publishing and raised the run's peak. Close releases the
// file.
func (ms *ModuleSet) Spill(dir string) error {
	if ms.spill != nil {
		return nil
	}
	f, err := newSpillFile(dir, "module doc spill")
	if err != nil {
		return err
	}
	ms.spill, ms.spilled = f, map[string]span{}
	return nil
}

// Close releases the file Spill made (none: nothing to release); the set
// must not be read afterwards.
func (ms *ModuleSet) Close() error {
	if ms == nil {
		return nil
	}
	return ms.spill.Close()
}

// NewModuleSet returns a set reading through to parent (nil: empty).
func NewModuleSet(parent *ModuleSet) *ModuleSet {
	return &ModuleSet{parent: parent, set: map[string]*Module{}, del: map[string]bool{}}
}

func moduleSetOf(kv KV) *ModuleSet {
	ms := NewModuleSet(nil)
	ms.kv = kv
	return ms
}

// Get returns a module's doc, nil when it has none.
func (ms *ModuleSet) Get(dir string) *Module {
	if m, ok := ms.set[dir]; ok {
		return m
	}
	if sp, ok := ms.spilled[dir]; ok {
		m, err := ms.readSpilled(sp)
		ms.note(err)
		return m
	}
	if ms.del[dir] {
		return nil
	}
	if ms.parent != nil {
		return ms.parent.Get(dir)
	}
	if ms.kv == nil {
		return nil
	}
	v, ok, err := ms.kv.Get(ModDocKey(dir))
	if err == nil && ok {
		var m *Module
		if m, err = DecodeModule(v); err == nil {
			return m
		}
	}
	ms.note(err)
	return nil
}

// Has reports whether a module has a doc, without reading back a doc
// spilled on top of the base.
func (ms *ModuleSet) Has(dir string) bool {
	_, spilled := ms.spilled[dir]
	return spilled || ms.Get(dir) != nil
}

// Encoded returns the encoding of a module's doc (EncodeModule's), ok
// false when it has none: a spilled doc's bytes as they were written, not
// decoded to be encoded again.
func (ms *ModuleSet) Encoded(dir string) (_ []byte, ok bool) {
	if sp, ok := ms.spilled[dir]; ok {
		b, err := ms.spill.readAhead(sp, &ms.ahead, nil)
		ms.note(err)
		return b, err == nil
	}
	if m := ms.Get(dir); m != nil {
		return EncodeModule(m), true
	}
	return nil, false
}

func (ms *ModuleSet) readSpilled(sp span) (*Module, error) {
	b, err := ms.spill.ReadAt(sp, nil)
	if err != nil {
		return nil, err
	}
	return DecodeModule(b)
}

// note keeps err as the set's first error.
func (ms *ModuleSet) note(err error) {
	if err != nil && ms.err == nil {
		ms.err = err
	}
}

// Set adds or replaces a module doc: written to the spill file when the
// set has one (an error there is the set's Err).
func (ms *ModuleSet) Set(m *Module) {
	delete(ms.del, m.Dir)
	if ms.spill == nil {
		ms.set[m.Dir] = m
		return
	}
	delete(ms.set, m.Dir)
	sp, err := ms.spill.Append(EncodeModule(m))
	ms.note(err)
	ms.spilled[strings.Clone(m.Dir)] = sp
}

// Delete removes a module doc.
func (ms *ModuleSet) Delete(dir string) {
	delete(ms.set, dir)
	delete(ms.spilled, dir)
	ms.del[dir] = true
}

// Dirs lists the modules with docs, sorted: O(modules).
func (ms *ModuleSet) Dirs() []string {
	var base []string
	switch {
	case ms.parent != nil:
		base = ms.parent.Dirs()
	case ms.kv != nil:
		_ = ms.kv.Scan([]byte{KsModDoc}, func(k, _ []byte) error {
			base = append(base, string(k[1:]))
			return nil
		})
	}
	out := slices.DeleteFunc(base, func(d string) bool { return ms.setHere(d) || ms.del[d] })
	out = append(out, slices.Collect(maps.Keys(ms.set))...)
	out = append(out, slices.Collect(maps.Keys(ms.spilled))...)
	slices.Sort(out)
	return out
}

// setHere reports a dir whose doc was set on top of the base.
func (ms *ModuleSet) setHere(dir string) bool {
	_, set := ms.set[dir]
	_, spilled := ms.spilled[dir]
	return set || spilled
}

// Changed lists the dirs set or deleted on top of the base, sorted.
func (ms *ModuleSet) Changed() []string {
	out := slices.Collect(maps.Keys(ms.set))
	out = append(out, slices.Collect(maps.Keys(ms.spilled))...)
	for d := range ms.del {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// Err is the first error reading the base.
func (ms *ModuleSet) Err() error {
	if ms.err == nil && ms.parent != nil {
		return ms.parent.Err()
	}
	return ms.err
}
