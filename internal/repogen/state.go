package repogen

import "sort"

// maxHistory bounds the earlier versions kept per unit for revert edits.
const maxHistory = 8

// state is the content of one branch: files, the unit models that own code
// files, derived files, and earlier unit versions for revert edits.
type state struct {
	files   map[string]string
	units   map[string]*unit  // primary path -> unit
	owner   map[string]string // file path -> primary path of its unit
	derived map[string]bool   // files maintained from the layout (__init__.py, mod.rs)
	history map[string][]*unit
	sorted  map[string][]*unit // cache for sortedUnits; nil entries are stale
}

func newState() *state {
	return &state{
		files:   map[string]string{},
		units:   map[string]*unit{},
		owner:   map[string]string{},
		derived: map[string]bool{},
		history: map[string][]*unit{},
		sorted:  map[string][]*unit{},
	}
}

// clone deep-copies the state.
func (s *state) clone() *state {
	c := newState()
	for k, v := range s.files {
		c.files[k] = v
	}
	for k, v := range s.units {
		c.units[k] = v.clone()
	}
	for k, v := range s.owner {
		c.owner[k] = v
	}
	for k, v := range s.derived {
		c.derived[k] = v
	}
	for k, v := range s.history {
		c.history[k] = append([]*unit(nil), v...) // snapshots are immutable
	}
	return c
}

// sortedUnits returns the units of lang (all languages if lang is "") in
// path order.
func (s *state) sortedUnits(lang string) []*unit {
	if cached, ok := s.sorted[lang]; ok {
		return cached
	}
	var out []*unit
	for _, u := range s.units {
		if lang == "" || u.Lang == lang {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	s.sorted[lang] = out
	return out
}

// setUnit stores u under its path and invalidates the sorted cache.
func (s *state) setUnit(u *unit) {
	s.units[u.Path] = u
	s.invalidate()
}

// deleteUnit removes the unit at p and invalidates the sorted cache.
func (s *state) deleteUnit(p string) {
	delete(s.units, p)
	s.invalidate()
}

func (s *state) invalidate() {
	if len(s.sorted) > 0 {
		s.sorted = map[string][]*unit{}
	}
}

// remember records u's current version before it is edited.
func (s *state) remember(u *unit) {
	h := append(s.history[u.Path], u.clone())
	if len(h) > maxHistory {
		h = h[len(h)-maxHistory:]
	}
	s.history[u.Path] = h
}
