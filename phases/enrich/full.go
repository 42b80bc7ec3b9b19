package enrich

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// fusedRun says whether the run summarizes every file and explains its
// edges in one pass over the records (everyFile): a full offline run
// holding its records packed.
func (w *work) fusedRun(full bool) bool {
	return full && w.offline() && w.st.Next.Files.Packed()
}

// fullSlice is how many files everyFile restages at a time: the reverse
// edges into the next slice's files are read while one slice's records
// are restaged.
const fullSlice = 2048

// The parts of a record everyFile reads: the facts a summary is written
// from, the edges explained, and the summaries, to compare.
const fullReads = summaryParts | edgeReads

// everyFile gives every code file of a full offline run its summary and
// its edge summaries in one pass: each record is decoded once, in the
// parts both read, and encoded again once, in the one section they write.
// (Summaries first and then edge summaries decoded every record twice and
// held every file's summary between the two.) It can, because the offline
// edge sentence is made of the edges' kinds and names alone
// (llm.Offline.SummarizeEdge): no edge needs a summary of this run.
func (w *work) everyFile(ctx context.Context) error {
	edges, err := w.revEdges(ctx)
	if err != nil {
		return err
	}
	defer edges.Close()
	todo := w.st.Next.Files.CodePaths()
	w.st.Uses = phase.NewUseTable() // every code file's, for the wiki
	w.rep.Files, w.rep.Extra["edge_sources"] = len(todo), len(todo)
	// The use counts come from one ordered pass over the reverse edges
	// (snapshot.GroupCursor), not a scan each.
	cursor := snapshot.NewGroupCursor(edges, snapshot.KsRevEdge)
	defer cursor.Close()
	groups := func(paths []string) ([]snapshot.Group, error) {
		out := make([]snapshot.Group, len(paths))
		for i, p := range paths {
			g, err := cursor.Group(p)
			if err != nil {
				return nil, fmt.Errorf("uses of %s: %w", p, err)
			}
			out[i] = g
		}
		return out, nil
	}
	next, err := groups(todo[:min(fullSlice, len(todo))])
	for lo := 0; lo < len(todo) && err == nil; lo += fullSlice {
		hi := min(lo+fullSlice, len(todo))
		these := next
		ahead := make(chan error, 1)
		go func() {
			var err error
			next, err = groups(todo[hi:min(hi+fullSlice, len(todo))])
			ahead <- err
		}()
		err = w.st.RestageParts(ctx, todo[lo:hi], fullReads, edgeWrites, func(_, i int, cur *snapshot.File) (*snapshot.File, error) {
			return w.enrichFile(ctx, cur, these[i])
		})
		err = errors.Join(err, <-ahead)
	}
	return err
}

// enrichFile is cur with its offline summary and edge summaries, or nil
// when it has both; g holds the reverse edges into it.
func (w *work) enrichFile(ctx context.Context, cur *snapshot.File, g snapshot.Group) (*snapshot.File, error) {
	uses := w.counted(cur, snapshot.UsesIn(g, cur)) // a secret file's too: the wiki counts them
	res, err := w.summarizeFile(ctx, cur, uses)
	if err != nil {
		return nil, err
	}
	m, err := w.edgeSentences(ctx, cur)
	if err != nil {
		return nil, err
	}
	return withEdgeSummaries(cur, res, m, maps.Equal(cur.EdgeSummaries, m)), nil
}

// edgeSentences are f's edge summaries from the offline provider, one
// free call per edge, made of each edge's kinds and names alone: the
// summaries, which the offline sentence does not read, are not sent. A
// secret file has none, and no edge into one is explained.
func (w *work) edgeSentences(ctx context.Context, f *snapshot.File) (map[string]string, error) {
	if w.secret(f.Path) {
		return nil, nil
	}
	var m map[string]string
	for _, d := range dependencies(f, w.st.Next.Files.Has) {
		if w.secret(d.target) {
			continue // nothing about a secret file is sent, not even its names
		}
		res, err := w.st.LLM.SummarizeEdge(ctx, llm.EdgeInput{Kinds: d.kinds, Names: d.names})
		if err != nil {
			return nil, fmt.Errorf("explain edges of %s: %w", f.Path, err)
		}
		if m == nil {
			m = map[string]string{}
		}
		m[d.target] = res.Text
	}
	return m, nil
}

// revEdges are the reverse edges of every record (the reverse-edge
// keyspace of NextIndex), sorted, to be read once in key order: the use
// counts read each once, a group at a time, and look no key up. So they
// are sorted runs of keys merged as they are read (snapshot.SortOnWorkers),
// not an index's tables, built one entry at a time and compacted for
// lookups.
func (w *work) revEdges(ctx context.Context) (*snapshot.SpillRuns, error) {
	files := w.st.Next.Files
	keep := snapshot.PartsFor(snapshot.KsRevEdge)
	runs, err := snapshot.SortOnWorkers(ctx, files.Paths(), phase.Workers(w.st.Config.Concurrency), w.st.Scratch,
		func(s *snapshot.SpillSort, _ int, p string) {
			// Read in place: the keys are copied into the runs.
			files.ReadParts(p, keep, func(f *snapshot.File) {
				if f != nil {
					snapshot.KeyspaceEntriesTo(f, s.Add, snapshot.KsRevEdge)
				}
			})
		})
	if err != nil {
		return nil, fmt.Errorf("reverse edges: %w", err)
	}
	return snapshot.MergeSpills(runs...)
}
