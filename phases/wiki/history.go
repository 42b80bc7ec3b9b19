package wiki

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// A module's recent history is the newest HistoryLen commits, among the
// last HistoryDepth commits of the first-parent line of the indexed
// commit, that changed a path directly in its directory (against their
// first parent: a merge stands for the commits it brought in). The window
// is bounded so init reads at most HistoryDepth commits, and defined by
// position so an update can shift it: the snapshot keeps the window, and an
// update walks only from HEAD down to its baseline, appends those commits
// and drops as many old ones.
const (
	HistoryDepth = 500
	HistoryLen   = 5
)

// historyVersion names the window's definition; it is part of Version.
var historyVersion = fmt.Sprintf("h2.%d.%d", HistoryDepth, HistoryLen)

// history is one run's window and what changed in it.
type history struct {
	repo   *gitrepo.Repo
	window []snapshot.WindowCommit
	// base holds the directories of the window's commits not Known (those
	// kept from the base's window) in its tables.
	base *snapshot.Snapshot
	// touched are the directories changed by a commit that entered or
	// left the window: only their histories can differ from the base's.
	touched map[string]bool
	byDir   map[string][]int // dir -> its first HistoryLen positions among Known commits
	at      map[string]int   // commit -> its position, for the commits not Known
	info    map[string]gitrepo.Commit
	// diffed counts the commits whose trees the window diffed itself.
	diffed int
}

// diffedByRun returns the directories the one commit that entered the
// window changed, when the run's own diff is that commit's against its
// first parent (the base's commit): an update of one commit diffs its
// trees once, not again here. nil when the window must diff them.
func diffedByRun(st *phase.State, fresh []gitrepo.Commit, stop string, found bool) []string {
	d := st.CommitDiff
	if d == nil || !found || stop == "" || len(fresh) != 1 || d.From != stop || d.To != fresh[0].Hash {
		return nil
	}
	return slices.Clone(d.Dirs)
}

// newHistory folds the commits from the base's commit to the indexed one
// into the base's window, or, when the base is not on the indexed commit's
// first-parent line within the window (another branch, a rewritten
// history) or full is set, walks the window anew.
func newHistory(ctx context.Context, st *phase.State, full bool) (*history, error) {
	h := &history{repo: st.Repo, base: st.Base, touched: map[string]bool{}, info: map[string]gitrepo.Commit{}}
	var old []snapshot.WindowCommit
	if !full && st.Base != nil {
		old = st.Base.Window
	}
	// A window shorter than HistoryDepth ends at a root or at a shallow
	// clone's boundary; once the clone is deepened, that commit's parent is
	// here and the line goes on: the window is walked anew, and the
	// boundary commit is diffed again, as entering and leaving at once.
	stale := ""
	if n := len(old); n > 0 && n < HistoryDepth && st.Repo.ParentPresent(old[n-1].Hash) {
		stale = old[n-1].Hash
	}
	stop := ""
	if len(old) > 0 && old[0].Hash == st.Base.Commit && stale == "" {
		stop = st.Base.Commit
	}
	fresh, found, err := st.Repo.FirstParents(ctx, st.Commit, stop, HistoryDepth)
	if err != nil {
		return nil, err
	}
	known := map[string]int{} // the old window's commits, by position, whose dirs a walk anew reuses
	for i, c := range old {
		if c.Hash != stale {
			known[c.Hash] = i
		}
	}
	entered := make([]snapshot.WindowCommit, len(fresh))
	reused := diffedByRun(st, fresh, stop, found)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(phase.Workers(st.Config.Concurrency))
	for i, c := range fresh {
		h.info[c.Hash] = c
		entered[i] = snapshot.WindowCommit{Hash: c.Hash, Known: true}
		if j, ok := known[c.Hash]; ok {
			dirs, err := st.Base.WindowDirsAt(j)
			if err != nil {
				return nil, err
			}
			entered[i].Dirs = dirs
			continue
		}
		if reused != nil {
			entered[i].Dirs = reused
			continue
		}
		h.diffed++
		g.Go(func() error {
			dirs, err := st.Repo.TouchedDirs(gctx, c.Hash)
			entered[i].Dirs = dirs
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := h.shift(st.Base, old, entered, found, stale); err != nil {
		return nil, err
	}
	return h, nil
}

// shift makes the window the commits that entered it followed by what is
// kept of the old one, and marks the directories whose history may have
// changed: every one an entering commit changed, and those whose doc lists
// a commit that left (a module whose newest HistoryLen commits are all
// still in the window keeps its history, however many older ones left).
func (h *history) shift(base *snapshot.Snapshot, old, entered []snapshot.WindowCommit, found bool, stale string) error {
	var left []int // positions in old
	if found {
		keep := min(len(old), HistoryDepth-len(entered))
		h.window = append(entered, old[:keep]...)
		h.mark(entered)
		for i := keep; i < len(old); i++ {
			left = append(left, i)
		}
	} else {
		h.window = entered
		in, was := hashes(h.window), hashes(old)
		for _, c := range h.window {
			if !was[c.Hash] || c.Hash == stale {
				h.mark([]snapshot.WindowCommit{c})
			}
		}
		for i, c := range old {
			if !in[c.Hash] || c.Hash == stale {
				left = append(left, i)
			}
		}
	}
	for _, i := range left {
		dirs, err := base.WindowDirsAt(i)
		if err != nil {
			return err
		}
		hash := old[i].Hash
		for _, d := range dirs {
			if m := base.Modules.Get(d); m != nil && slices.ContainsFunc(m.History, func(e snapshot.HistoryEntry) bool { return e.Hash == hash }) {
				h.touched[d] = true
			}
		}
	}
	return nil
}

func hashes(w []snapshot.WindowCommit) map[string]bool {
	out := make(map[string]bool, len(w))
	for _, c := range w {
		out[c.Hash] = true
	}
	return out
}

func (h *history) mark(cs []snapshot.WindowCommit) {
	for _, c := range cs {
		for _, d := range c.Dirs {
			h.touched[d] = true
		}
	}
}

// of is a module's recent history, newest first.
func (h *history) of(dir string) ([]snapshot.HistoryEntry, error) {
	ps, err := h.positionsOf(dir)
	if err != nil {
		return nil, err
	}
	var out []snapshot.HistoryEntry
	for _, i := range ps {
		hash := h.window[i].Hash
		c, ok := h.info[hash]
		if !ok {
			var err error
			if c, err = h.repo.CommitInfo(hash); err != nil {
				return nil, err
			}
			h.info[hash] = c
		}
		out = append(out, snapshot.HistoryEntry{Hash: c.Hash, Time: c.Time, Subject: c.Subject, Title: c.Title, Merge: c.Merge})
	}
	return out, nil
}

// positionsOf is dir's first HistoryLen positions in the window: among the
// commits this run knows the directories of (those that entered), from
// memory; among those kept from the base's window, from the base's
// tables, by directory, so an update reads no other directory's commits.
func (h *history) positionsOf(dir string) ([]int, error) {
	if h.byDir == nil {
		h.byDir = positions(h.window) // a commit not Known has no Dirs yet: none of its positions
		h.at = map[string]int{}
		for i, c := range h.window {
			if !c.Known {
				h.at[c.Hash] = i
			}
		}
	}
	ps := h.byDir[dir]
	if len(h.at) == 0 {
		return ps, nil
	}
	if h.base == nil || h.base.Index == nil {
		return nil, fmt.Errorf("module %s: the window's older commits have no tables to read", dir)
	}
	hs, err := snapshot.WindowCommitsOf(h.base.Index, dir)
	if err != nil {
		return nil, err
	}
	ps = slices.Clone(ps)
	for _, hash := range hs {
		if i, ok := h.at[hash]; ok {
			ps = append(ps, i)
		}
	}
	slices.Sort(ps)
	return ps[:min(len(ps), HistoryLen)], nil
}

// positions maps each directory to its first HistoryLen positions in the
// window, among the commits whose directories are known.
func positions(window []snapshot.WindowCommit) map[string][]int {
	out := map[string][]int{}
	for i, c := range window {
		for _, d := range c.Dirs {
			if len(out[d]) < HistoryLen {
				out[d] = append(out[d], i)
			}
		}
	}
	return out
}

// checkHistory verifies a module's stored history against the window.
func checkHistory(dir string, got []snapshot.HistoryEntry, byDir map[string][]int, window []snapshot.WindowCommit) error {
	want := byDir[dir]
	if len(got) != len(want) {
		return fmt.Errorf("module %s's history has %d commits, the window gives %d", dir, len(got), len(want))
	}
	for i, p := range want {
		if got[i].Hash != window[p].Hash {
			return fmt.Errorf("module %s's history names %.12s where the window gives %.12s", dir, got[i].Hash, window[p].Hash)
		}
	}
	return nil
}

// historySection is the Recent history section, the last of a doc.
func historySection(hs []snapshot.HistoryEntry) string {
	var b strings.Builder
	writeHistory(&b, hs)
	return b.String()
}

// writeHistory writes the Recent history section: date, short id and
// subject of each commit; a merge shows its pull request's title.
func writeHistory(b *strings.Builder, hs []snapshot.HistoryEntry) {
	if len(hs) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## Recent history\n\nThe last commits on HEAD's first-parent line (within its last %d) that changed a file in this directory; a merge stands for the commits it brought in.\n\n| Date | Commit | Subject |\n|---|---|---|\n", HistoryDepth)
	for _, c := range hs {
		subject := c.Subject
		if c.Merge && c.Title != "" {
			subject = c.Title + " (" + c.Subject + ")"
		}
		fmt.Fprintf(b, "| %s | `%.7s` | %s |\n", time.Unix(c.Time, 0).UTC().Format("2006-01-02"), c.Hash, Cell(subject))
	}
}
