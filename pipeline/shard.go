package pipeline

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/explicit"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
)

// FactsReport says what a shard's extraction found and did.
type FactsReport struct {
	Commit string `json:"commit"`
	// Files counts the shard's code files; Parsed those parsed now,
	// CacheHits those whose facts the cache held.
	Files     int `json:"files"`
	Parsed    int `json:"parsed"`
	CacheHits int `json:"cache_hits"`
	// Resolved counts files resolved: none, since the assembling init
	// resolves the whole tree.
	Resolved int `json:"resolved"`
	// Keys are the cache keys of the shard's facts, sorted.
	Keys []string `json:"-"`
	MS   int64    `json:"ms"`
}

// Facts fills the cache with the facts of the files of HEAD's tree that
// keep selects, by the same inventory and extractor an init runs, and
// publishes nothing: no snapshot, no baseline, no ledger entry. It is one
// shard of a sharded init (docs/remote.md): the assembling init then finds
// every file's facts under the key its own parse would have used.
func Facts(ctx context.Context, o Options, keep func(path string) bool) (*FactsReport, error) {
	start := time.Now()
	head, err := o.Repo.Head()
	if err != nil {
		return nil, err
	}
	t, err := commitTarget(o.Repo, head, RefName(head))
	if err != nil {
		return nil, err
	}
	c, err := cache.OpenWith(ctx, o.Store.CacheDir(), o.Wait, cacheOptions(o, true))
	if err != nil {
		return nil, err
	}
	defer closeCache(o, c)
	say(o, cacheNotes(c))
	st := &phase.State{
		Repo: o.Repo, Commit: head.Commit, Cache: c, Config: o.Config, Langs: o.Langs, Parsers: lang.NewParsers(),
		LLM: provider(o), Full: true, FullReason: "shard", Next: snapshot.New(), Progress: o.Progress,
	}
	defer st.Parsers.Close()
	if st.Progress == nil {
		st.Progress = phase.NoProgress{}
	}
	read := memoize(t.read, memoBound(o))
	sliced := func(ctx context.Context) ([]gitrepo.Entry, error) {
		all, err := t.entries(ctx)
		if err != nil {
			return nil, err
		}
		// Each file's inventory verdict is a function of its own path,
		// bytes and the tree's attributes (docs/design.md §4), so the
		// slice's verdicts are those a whole-tree inventory gives.
		return slices.DeleteFunc(all, func(e gitrepo.Entry) bool { return !keep(e.Path) }), nil
	}
	rep := &FactsReport{Commit: head.Commit}
	for _, ph := range []phase.Phase{inventory.Phase{Target: sliced, Read: read}, explicit.Phase{Read: read, ExtractOnly: true}} {
		r, err := ph.Run(ctx, st)
		if ferr := c.Flush(); ferr != nil && err == nil {
			err = ferr
		}
		if err != nil {
			return nil, fmt.Errorf("shard: phase %s: %w", ph.Name(), err)
		}
		if ph.Name() == "explicit" {
			rep.Files, rep.Parsed, rep.CacheHits = r.Files, r.Extra["parsed"], r.Extra["cache_hits"]
			rep.Resolved = r.Extra["resolved"]
		}
	}
	for _, f := range st.Next.Files.All() {
		if f.Lang != lang.ProjectFile {
			rep.Keys = append(rep.Keys, explicit.FactsKey(f.Lang, f.Blob))
		}
	}
	slices.Sort(rep.Keys)
	rep.Keys = slices.Compact(rep.Keys)
	rep.MS = time.Since(start).Milliseconds()
	return rep, nil
}
