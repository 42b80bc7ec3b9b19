package snapshot

import (
	"maps"
	"slices"
)

// ModuleSet is the module docs of a snapshot: read through to a base (a
// published snapshot's tables, or another set) with changes on top.
type ModuleSet struct {
	kv     KV
	parent *ModuleSet
	set    map[string]*Module
	del    map[string]bool
	err    error
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
	if err != nil && ms.err == nil {
		ms.err = err
	}
	return nil
}

// Set adds or replaces a module doc.
func (ms *ModuleSet) Set(m *Module) {
	ms.set[m.Dir] = m
	delete(ms.del, m.Dir)
}

// Delete removes a module doc.
func (ms *ModuleSet) Delete(dir string) {
	delete(ms.set, dir)
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
	out := slices.DeleteFunc(base, func(d string) bool { _, changed := ms.set[d]; return changed || ms.del[d] })
	out = append(out, slices.Collect(maps.Keys(ms.set))...)
	slices.Sort(out)
	return out
}

// Changed lists the dirs set or deleted on top of the base, sorted.
func (ms *ModuleSet) Changed() []string {
	out := slices.Collect(maps.Keys(ms.set))
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
