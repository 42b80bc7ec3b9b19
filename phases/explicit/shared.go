package explicit

import (
	"slices"
	"sync"
)

// shared holds the answers the views of one index (Index.views) read
// from its KV, for each other: each view keeps answers of its own, unlocked,
// and asks here only before a read of the KV, so the lock is taken once a
// read, not once a question. The workers resolve neighbouring files and ask
// much the same; at 100,000 files 21% of their reads were of a key the other
// worker had read, or this one before emptying its own answers.
//
// Answers are functions of the KV, so which view read one changes nothing
// it finds. Like a view's, the store is emptied once it holds its limit of
// keys. Answers are clipped when stored: an append to one never writes
// into what another view reads.
type shared struct {
	mu      sync.Mutex
	limit   int
	names   map[lookup][]def
	modules map[lookup]moduleAnswer
	stars   map[lookup][]string
}

// moduleAnswer is a module key's files and each one's declared package
// (Index.pkgOf).
type moduleAnswer struct {
	paths, pkgs []string
}

func newShared(limit int) *shared {
	return &shared{limit: max(1, limit), names: map[lookup][]def{}, modules: map[lookup]moduleAnswer{}, stars: map[lookup][]string{}}
}

// trim empties the store once it holds its limit; the caller holds mu.
func (s *shared) trim() {
	if len(s.names)+len(s.modules)+len(s.stars) < s.limit {
		return
	}
	clear(s.names)
	clear(s.modules)
	clear(s.stars)
}

// getNames is the stored answer of a name key (a nil store holds none).
func (s *shared) getNames(k lookup) ([]def, bool) {
	if s == nil {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ds, ok := s.names[k]
	return ds, ok
}

// putNames stores a name key's answer and returns it as stored.
func (s *shared) putNames(k lookup, ds []def) []def {
	if s == nil {
		return ds
	}
	ds = slices.Clip(ds)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.trim()
	s.names[k] = ds
	return ds
}

func (s *shared) getModule(k lookup) (moduleAnswer, bool) {
	if s == nil {
		return moduleAnswer{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.modules[k]
	return m, ok
}

func (s *shared) putModule(k lookup, m moduleAnswer) {
	if s == nil {
		return
	}
	m = moduleAnswer{slices.Clip(m.paths), slices.Clip(m.pkgs)}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.trim()
	s.modules[k] = m
}

func (s *shared) getStars(k lookup) ([]string, bool) {
	if s == nil {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ms, ok := s.stars[k]
	return ms, ok
}

func (s *shared) putStars(k lookup, ms []string) []string {
	if s == nil {
		return ms
	}
	ms = slices.Clip(ms)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.trim()
	s.stars[k] = ms
	return ms
}
