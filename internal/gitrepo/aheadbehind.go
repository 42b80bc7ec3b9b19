package gitrepo

import (
	"container/heap"
	"fmt"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Divergence is how two commits stand, as git status says it of a branch
// and its upstream: the commits only one of them reaches.
type Divergence struct {
	// Ahead counts the commits the first reaches and the second does not.
	Ahead int
	// Behind counts the commits the second reaches and the first does not.
	Behind int
	// Capped is set when the count stopped at the limit.
	Capped bool
}

const (
	fromA = 1 << iota
	fromB
	fromBoth = fromA | fromB
)

// AheadBehind counts the commits only a reaches and only b reaches, walking
// both histories newest first from the two tips down to where they meet
// (git's rev-list --left-right --count a...b), reading at most limit
// commits. Commit times only order the walk: a commit counted for one side
// and reached later from the other (equal or skewed clocks) is uncounted
// and walked again. A commit the store lacks (beyond a shallow boundary)
// ends its line.
func (r *Repo) AheadBehind(a, b string, limit int) (Divergence, error) {
	if a == b {
		return Divergence{}, nil
	}
	w := &painter{repo: r, flags: map[plumbing.Hash]uint8{}, queued: map[plumbing.Hash]bool{}}
	err := w.paint(plumbing.NewHash(a), fromA)
	if err == nil {
		err = w.paint(plumbing.NewHash(b), fromB)
	}
	for read := 0; err == nil && w.queue.Len() > 0 && !w.allCommon(); read++ {
		if read == limit {
			w.d.Capped = true
			break
		}
		c := heap.Pop(&w.queue).(*object.Commit)
		w.queued[c.Hash] = false
		f := w.flags[c.Hash]
		w.count(f, 1)
		if f != fromBoth && (w.oldestSingle.IsZero() || c.Committer.When.Before(w.oldestSingle)) {
			w.oldestSingle = c.Committer.When
		}
		for _, p := range c.ParentHashes {
			if err = w.paint(p, f); err != nil {
				break
			}
		}
	}
	if err != nil {
		return w.d, fmt.Errorf("compare %s with %s: %w", a, b, err)
	}
	return w.d, nil
}

// painter carries the sides each commit is reached from.
type painter struct {
	repo   *Repo
	flags  map[plumbing.Hash]uint8
	queued map[plumbing.Hash]bool // false once walked
	queue  byTime
	d      Divergence
	// oldestSingle is the oldest commit time walked for one side only.
	oldestSingle time.Time
}

func (w *painter) count(f uint8, n int) {
	switch f {
	case fromA:
		w.d.Ahead += n
	case fromB:
		w.d.Behind += n
	}
}

// paint marks a commit reached from side f and queues it when that is
// news: a new commit, or one walked already for the other side only,
// which is uncounted and walked again to carry the side to its parents.
// A missing commit (a shallow boundary) is left out.
func (w *painter) paint(h plumbing.Hash, f uint8) error {
	old, seen := w.flags[h]
	if seen && old|f == old {
		return nil
	}
	w.flags[h] = old | f
	if w.queued[h] {
		return nil
	}
	c, err := object.GetCommit(w.repo.objects, h)
	if err == plumbing.ErrObjectNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	if seen {
		w.count(old, -1)
	}
	w.queued[h] = true
	heap.Push(&w.queue, c)
	return nil
}

// allCommon reports whether every queued commit is reached from both
// sides and older than every commit counted for one side: nothing left can
// count, or reach a counted commit, any more. Under equal times (scripted
// histories) the walk goes on to the roots.
func (w *painter) allCommon() bool {
	for _, c := range w.queue {
		if w.flags[c.Hash] != fromBoth || !c.Committer.When.Before(w.oldestSingle) {
			return false
		}
	}
	return true
}

// byTime is a max-heap of commits by committer time.
type byTime []*object.Commit

func (q byTime) Len() int           { return len(q) }
func (q byTime) Less(i, j int) bool { return q[i].Committer.When.After(q[j].Committer.When) }
func (q byTime) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *byTime) Push(x any)        { *q = append(*q, x.(*object.Commit)) }
func (q *byTime) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}
