package query

import (
	"cmp"
	"container/heap"
	"slices"
	"strings"
)

// ranking collects a search's hits: it counts every one and keeps the best
// limit of them (all when limit <= 0) in a heap whose top is the worst
// kept, so a broad search neither copies nor sorts what it will not show.
// The order (tier, gaps, name, id) is total, so the hits kept are exactly
// the first limit of all hits sorted.
type ranking struct {
	ix    *Index
	limit int
	total int
	hits  []candidate
}

// compare orders hits best first.
func (r *ranking) compare(a, b candidate) int {
	if c := cmp.Compare(a.tier, b.tier); c != 0 {
		return c
	}
	if c := cmp.Compare(a.gaps, b.gaps); c != 0 {
		return c
	}
	if c := strings.Compare(a.name, b.name); c != 0 {
		return c
	}
	return strings.Compare(r.ix.candidateID(a), r.ix.candidateID(b))
}

// admits counts a hit and reports whether it would be kept.
func (r *ranking) admits(c candidate) bool {
	r.total++
	return r.limit <= 0 || len(r.hits) < r.limit || r.compare(c, r.hits[0]) < 0
}

// add keeps a hit admits accepted, dropping the worst kept when full.
func (r *ranking) add(c candidate) {
	switch {
	case r.limit <= 0:
		r.hits = append(r.hits, c)
	case len(r.hits) < r.limit:
		heap.Push((*worstFirst)(r), c)
	default:
		r.hits[0] = c
		heap.Fix((*worstFirst)(r), 0)
	}
}

// offer counts a hit and keeps it if it ranks.
func (r *ranking) offer(c candidate) {
	if r.admits(c) {
		r.add(c)
	}
}

// best returns the kept hits, best first.
func (r *ranking) best() []candidate {
	slices.SortFunc(r.hits, r.compare)
	return r.hits
}

// worstFirst is the ranking's heap: the worst kept hit on top.
type worstFirst ranking

func (h *worstFirst) Len() int           { return len(h.hits) }
func (h *worstFirst) Less(i, j int) bool { return (*ranking)(h).compare(h.hits[i], h.hits[j]) > 0 }
func (h *worstFirst) Swap(i, j int)      { h.hits[i], h.hits[j] = h.hits[j], h.hits[i] }
func (h *worstFirst) Push(x any)         { h.hits = append(h.hits, x.(candidate)) }
func (h *worstFirst) Pop() any {
	c := h.hits[len(h.hits)-1]
	h.hits = h.hits[:len(h.hits)-1]
	return c
}
