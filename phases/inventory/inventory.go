package inventory

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/internal/workpool"
	"github.com/lgraph/lgraph/phases/phase"
)

// Phase is the inventory phase. Target is the tree being indexed.
type Phase struct {
	// Target lists the blobs of the target tree; used only on full runs.
	Target func(ctx context.Context) ([]gitrepo.Entry, error)
	// Read returns a blob's bytes (git blob or working-tree file).
	Read func(id string) ([]byte, error)
}

// Name implements phase.Phase.
func (Phase) Name() string { return "inventory" }

// Run applies the change set to st.Next (or lists the whole tree on a full
// run) and fills st.Touched.
func (p Phase) Run(ctx context.Context, st *phase.State) (store.Phase, error) {
	start := time.Now()
	rules := NewRules(st.Config)
	rep := store.Phase{Name: p.Name(), Mode: "incremental"}
	var entries []gitrepo.Entry
	// A full run lists the tree whatever the attributes say, so it lists
	// it while they are read: both walk every tree of the commit, and one
	// after the other they left a core idle.
	var listing <-chan listed
	if st.Full {
		listing = p.listAhead(ctx)
	}
	// A snapshot classified under other rules (a new kind of project file)
	// is listed again; files whose blob and language stay keep everything
	// later phases derived from them.
	attrs, attrsChanged, err := p.attributes(ctx, st)
	if err != nil {
		if listing != nil {
			<-listing // no walk outlives the run
		}
		return rep, err
	}
	relist := !st.Full && st.Base != nil && (st.Base.Versions["inventory"] != Version || attrsChanged)
	if st.Full || relist {
		rep.Mode, rep.Reason = "full", st.FullReason
		switch {
		case relist && st.Base.Versions["inventory"] != Version:
			rep.Reason = fmt.Sprintf("classification rules changed (%q -> %q)", st.Base.Versions["inventory"], Version)
		case relist:
			rep.Reason = "git attributes changed (.gitattributes)"
		}
		all, err := p.list(ctx, listing)
		if err != nil {
			return rep, err
		}
		entries = all
		st.Next.Files.Clear()
	} else {
		for _, c := range st.Changes {
			if c.From != nil {
				st.Next.Files.Delete(c.From.Path)
			}
			if c.To != nil {
				entries = append(entries, *c.To)
			}
		}
	}
	files, reasons, err := p.describe(ctx, st, rules, attrs, entries)
	if err != nil {
		return rep, err
	}
	// The skip counts read only the listing and the reasons: on a full run
	// (a pass over every entry) they are counted while the records are set.
	counted := make(chan skipCounts, 1)
	count := func() {
		extra, err := p.skipped(ctx, st, rules, attrs, relist, entries, reasons)
		counted <- skipCounts{extra, err}
	}
	if st.Full || relist {
		go count()
	} else {
		count()
	}
	for _, f := range files {
		// A file whose blob and language stay (a relisting, a change of
		// mode only) keeps everything later phases derived from it: they
		// see it untouched and would not derive it again. A full run
		// derives everything afresh.
		if !st.Full && st.Base != nil {
			if b := st.Base.Files.Get(f.Path); b != nil && b.Blob == f.Blob && b.Lang == f.Lang {
				f = b
			}
		}
		st.Next.Files.Set(f)
	}
	if st.Full || relist {
		st.Touched = touched(st.Base, st.Next, nil)
	} else {
		st.Touched = touched(st.Base, st.Next, changedPaths(st.Changes))
	}
	c := <-counted
	if c.err != nil {
		return rep, c.err
	}
	rep.Extra = c.extra
	st.Hit("inventory")
	rep.Files = len(entries)
	rep.MS = time.Since(start).Milliseconds()
	return rep, nil
}

// skipCounts is what skipped returned.
type skipCounts struct {
	extra map[string]int
	err   error
}

// listed is what Target returned.
type listed struct {
	entries []gitrepo.Entry
	err     error
}

// listAhead starts listing the target tree on a goroutine of its own.
func (p Phase) listAhead(ctx context.Context) <-chan listed {
	out := make(chan listed, 1)
	go func() {
		entries, err := p.Target(ctx)
		out <- listed{entries, err}
	}()
	return out
}

// list returns the target tree's entries: those listAhead is listing
// when it was started, or a listing of its own.
func (p Phase) list(ctx context.Context, ahead <-chan listed) ([]gitrepo.Entry, error) {
	if ahead == nil {
		return p.Target(ctx)
	}
	l := <-ahead
	return l.entries, l.err
}

// describe classifies entries, reading only blobs the cache has not seen.
// reasons holds, by entry, why a file that would be indexed is left out
// for what git says of it (Rules.SkipReason).
func (p Phase) describe(ctx context.Context, st *phase.State, rules Rules, attrs *gitrepo.Attributes, entries []gitrepo.Entry) (_ []*snapshot.File, reasons []string, _ error) {
	out := make([]*snapshot.File, len(entries))
	reasons = make([]string, len(entries))
	err := workpool.Each(ctx, len(entries), phase.Workers(st.Config.Concurrency), func(_ context.Context, i int) error {
		e := entries[i]
		if !rules.Candidate(e) {
			return nil
		}
		info, err := p.blobInfo(st, e.Blob)
		if errors.Is(err, gitrepo.ErrNotFetched) {
			reasons[i] = gitrepo.SkipNotFetched
			return nil
		}
		if err != nil {
			return err
		}
		if !rules.Counted(e.Path, info) {
			return nil
		}
		if reasons[i] = rules.SkipReason(attrs, e.Path, info); reasons[i] != "" {
			return nil
		}
		out[i] = &snapshot.File{Path: e.Path, Blob: e.Blob, SHA256: info.SHA256, NormSHA: info.NormSHA, Lang: rules.Language(e.Path, info), Size: info.Size}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	files := out[:0]
	for _, f := range out {
		if f != nil {
			files = append(files, f)
		}
	}
	return files, reasons, nil
}

// contentSkip returns Rules.SkipReason of one entry, or "" when it is
// not a file that would be indexed.
func (p Phase) contentSkip(st *phase.State, rules Rules, attrs *gitrepo.Attributes, e gitrepo.Entry) (string, error) {
	if !rules.Candidate(e) {
		return "", nil
	}
	info, err := p.blobInfo(st, e.Blob)
	if errors.Is(err, gitrepo.ErrNotFetched) {
		return gitrepo.SkipNotFetched, nil
	}
	if err != nil {
		return "", err
	}
	if !rules.Counted(e.Path, info) {
		return "", nil
	}
	return rules.SkipReason(attrs, e.Path, info), nil
}

func (p Phase) blobInfo(st *phase.State, blob string) (BlobInfo, error) {
	key := "blob/" + Version + "/" + blob
	var info BlobInfo
	found, err := st.Cache.Get(key, &info)
	if err != nil || found {
		return info, err
	}
	data, err := p.Read(blob)
	if err != nil {
		return info, fmt.Errorf("inventory: %w", err)
	}
	info = Describe(data)
	return info, st.Cache.PutLater(key, info)
}

// SkippedPrefix starts the inventory's report keys that count the files
// not indexed because of their path (see store.SkippedPrefix).
const SkippedPrefix = store.SkippedPrefix

// SkippedIn returns, by reason, the skip counts a run's inventory reported.
func SkippedIn(run *store.Run) map[string]int { return run.Skipped() }

// skipped counts the target tree's files skipped for their path: on a full
// run from the listing, on an update from the base's counts and the change
// set (a skipped path's change comes in as an addition, a deletion or
// both), so the counts always describe the whole tree.
func (p Phase) skipped(ctx context.Context, st *phase.State, rules Rules, attrs *gitrepo.Attributes, relist bool, listed []gitrepo.Entry, reasons []string) (map[string]int, error) {
	counts := map[string]int{}
	known := map[string]string{} // the listed entries' content reasons, by path
	for i, e := range listed {
		if reasons[i] != "" {
			known[e.Path+"\x00"+e.Blob] = reasons[i]
		}
	}
	add := func(e *gitrepo.Entry, n int, listed bool) error {
		if e == nil {
			return nil
		}
		reason := rules.Skipped(*e)
		if reason == "" && listed {
			reason = known[e.Path+"\x00"+e.Blob]
		} else if reason == "" {
			var err error
			if reason, err = p.contentSkip(st, rules, attrs, *e); err != nil {
				return err
			}
		}
		if reason != "" {
			counts[reason] += n
		}
		return nil
	}
	var err error
	switch {
	case st.Full || relist:
		for i := range listed {
			err = errors.Join(err, add(&listed[i], 1, true))
		}
	case st.BaseSkipped == nil:
		all, terr := p.Target(ctx)
		if terr != nil {
			return nil, terr
		}
		for i := range all {
			err = errors.Join(err, add(&all[i], 1, false))
		}
	default:
		for reason, n := range st.BaseSkipped {
			counts[reason] = n
		}
		for _, c := range st.Changes {
			err = errors.Join(err, add(c.From, -1, false), add(c.To, 1, true))
		}
	}
	if err != nil {
		return nil, err
	}
	var out map[string]int
	for reason, n := range counts {
		if n > 0 {
			if out == nil {
				out = map[string]int{}
			}
			out[SkippedPrefix+reason] = n
		}
	}
	return out, nil
}

// changedPaths lists both sides of every change.
func changedPaths(changes []gitrepo.Change) []string {
	out := []string{} // never nil: nil asks touched to compare every path

	for _, c := range changes {
		if c.From != nil {
			out = append(out, c.From.Path)
		}
		if c.To != nil {
			out = append(out, c.To.Path)
		}
	}
	return out
}

// touched lists the paths whose entries differ between two snapshots,
// looking only at candidates when given (an incremental run) and at every
// path otherwise.
func touched(base, next *snapshot.Snapshot, candidates []string) map[string]bool {
	out := map[string]bool{}
	if candidates == nil {
		candidates = next.Files.Paths()
		if base != nil {
			candidates = append(candidates, base.Files.Paths()...)
		}
	}
	// Only the heads are compared (blob, language): a published base
	// keeps every record Get decodes, which on a full update at 100,000
	// files held every old record at once (2 GB peak).
	const head = snapshot.Parts(0)
	for _, p := range candidates {
		var b, n *snapshot.File
		if base != nil {
			b = base.Files.GetParts(p, head)
		}
		n = next.Files.GetParts(p, head)
		if (b == nil) != (n == nil) || (b != nil && (b.Blob != n.Blob || b.Lang != n.Lang)) {
			out[p] = true
		}
	}
	return out
}
