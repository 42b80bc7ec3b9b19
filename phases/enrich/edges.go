package enrich

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// dependency is everything one file uses from another.
type dependency struct {
	target  string
	kinds   []string
	names   []string
	targets []string // symbol ids the calls resolve to
}

// dependencies groups a file's cross-file import and call edges by target
// file, of the targets has finds. The edges are sorted by target rather
// than gathered in maps of sets per target: every source of a full run is
// grouped, and the maps were the phase's largest allocation.
func dependencies(f *snapshot.File, has func(path string) bool) []dependency {
	type use struct{ target, kind, via, symbol string }
	var uses []use
	for _, e := range f.Res.Edges {
		if e.Kind != edgekind.Imports && e.Kind != edgekind.Calls {
			continue
		}
		if t := nodeid.PathOf(e.Target); t != "" && t != f.Path {
			uses = append(uses, use{t, e.Kind, e.Via, e.Target})
		}
	}
	slices.SortFunc(uses, func(a, b use) int { return strings.Compare(a.target, b.target) })
	var out []dependency
	for lo := 0; lo < len(uses); {
		hi := lo + 1
		for hi < len(uses) && uses[hi].target == uses[lo].target {
			hi++
		}
		if group := uses[lo:hi]; has(group[0].target) {
			d := dependency{target: group[0].target}
			for _, u := range group {
				d.kinds = append(d.kinds, u.kind)
				if u.kind == edgekind.Calls {
					d.names, d.targets = append(d.names, u.via), append(d.targets, u.symbol)
				}
			}
			d.kinds, d.names, d.targets = sortedSet(d.kinds), sortedSet(d.names), sortedSet(d.targets)
			out = append(out, d)
		}
		lo = hi
	}
	return out
}

// sortedSet is s sorted without repeats, in place.
func sortedSet(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// explainEdges recomputes the edge summaries of every source file whose
// edges or own summary changed, or one of whose targets changed, and sets
// them with the summaries s holds.
func (w *work) explainEdges(ctx context.Context, full bool, s *summaries) (err error) {
	views := newEdgeViews(w.st.Next.Files, s.of)
	sources := w.edgeSources(views, full, s.changed)
	defer func() {
		if err != nil { // what was summarized is set all the same
			err = errors.Join(err, w.setSummaries(ctx, s, s.done))
		}
	}()
	step := max(1, len(sources))
	if w.st.LLM.ID() == "offline" && w.st.Next.Files.Packed() {
		// Offline texts are one call per edge, so a run holding its
		// records packed explains a slice of sources at a time and lets
		// their decoded views go, rather than hold every file's.
		step = explainSlice
	}
	for lo := 0; lo < len(sources); lo += step {
		if err := w.explainSources(ctx, views, sources[lo:min(lo+step, len(sources))], s); err != nil {
			return err
		}
		views.forget()
	}
	w.rep.Extra["edge_sources"] = len(sources)
	// The files summarized that are no source (a target whose use counts
	// changed its key, not its text) get their summary alone.
	return w.setSummaries(ctx, s, sortedMinus(s.done, sources))
}

// sortedMinus is the paths of a that b lacks; both are sorted.
func sortedMinus(a, b []string) []string {
	var out []string
	for _, p := range a {
		for len(b) > 0 && b[0] < p {
			b = b[1:]
		}
		if len(b) == 0 || b[0] != p {
			out = append(out, p)
		}
	}
	return out
}

// explainSlice is how many sources a packed run explains at a time.
const explainSlice = 2048

// explainSources sets the edge summaries of sources, and the summaries s
// holds of them.
func (w *work) explainSources(ctx context.Context, views edgeViews, sources []string, s *summaries) error {
	if w.offline() && w.st.Next.Files.Packed() {
		// A full run decodes every source's record to set it: its edges
		// are explained from that record, on the worker, with no view. It
		// is decoded in the parts the explanation reads and encoded again
		// in the one section it writes, not whole.
		return w.st.RestageParts(ctx, sources, edgeReads, edgeWrites, func(_, i int, cur *snapshot.File) (*snapshot.File, error) {
			res := s.of[sources[i]]
			m, err := w.offlineEdgeSummaries(ctx, views, withNewSummary(cur, res))
			if err != nil {
				return nil, err
			}
			return withEdgeSummaries(cur, res, m, maps.Equal(cur.EdgeSummaries, m)), nil
		})
	}
	targets := make([][]string, len(sources))
	ins := make([][]llm.EdgeInput, len(sources))
	keys := make([][]string, len(sources))
	var offline []map[string]string // the edge summaries, when each is a free call
	if w.offline() {
		offline = make([]map[string]string, len(sources))
	}
	err := w.onWorkers(len(sources), func(o int) (err error) {
		if offline != nil {
			offline[o], err = w.offlineEdgeSummaries(ctx, views, views.get(sources[o]))
			return err
		}
		targets[o], ins[o] = w.edgeInputs(views, views.get(sources[o]))
		for _, in := range ins[o] {
			keys[o] = append(keys[o], edgeKey(in, w.st.LLM.ID()))
		}
		return nil
	})
	if err != nil {
		return err
	}
	edgesOf := func(o int) map[string]string { return offline[o] }
	if offline == nil {
		texts, err := w.edgeTexts(ctx, sources, ins, keys)
		if err != nil {
			return err
		}
		edgesOf = func(o int) map[string]string {
			return edgeSummaries(targets[o], func(i int) string { return texts(o, i) })
		}
	}
	var redo []string             // the sources whose summaries or edge summaries changed
	var edges []map[string]string // aligned with redo
	var same []bool               // aligned with redo: the edge summaries are unchanged
	for o, p := range sources {
		m := edgesOf(o)
		eq := maps.Equal(views.get(p).EdgeSummaries, m)
		if !eq || s.of[p] != nil {
			redo, edges, same = append(redo, p), append(edges, m), append(same, eq)
		}
	}
	return w.st.Restage(ctx, redo, func(i int, f *snapshot.File) (*snapshot.File, error) {
		return withEdgeSummaries(f, s.of[redo[i]], edges[i], same[i]), nil
	})
}

// The parts of a source's record a full offline run's explanation reads
// (its edges, its summary, its edge summaries, to compare) and writes.
const (
	edgeReads  = snapshot.PartRes | snapshot.PartSummary | snapshot.PartEdgeSummaries
	edgeWrites = snapshot.PartSummary | snapshot.PartEdgeSummaries
)

// offlineEdgeSummaries are f's edge summaries from the offline provider,
// one free call per edge.
func (w *work) offlineEdgeSummaries(ctx context.Context, views edgeViews, f *snapshot.File) (map[string]string, error) {
	targets, ins := w.edgeInputs(views, f)
	texts := make([]string, len(ins))
	for i, in := range ins {
		res, err := w.st.LLM.SummarizeEdge(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("explain edges of %s: %w", f.Path, err)
		}
		texts[i] = res.Text
	}
	return edgeSummaries(targets, func(i int) string { return texts[i] }), nil
}

// edgeSummaries maps each target to its text (nil for none).
func edgeSummaries(targets []string, text func(i int) string) map[string]string {
	if len(targets) == 0 {
		return nil
	}
	m := make(map[string]string, len(targets))
	for i, t := range targets {
		m[t] = text(i)
	}
	return m
}

// withEdgeSummaries is cur with the summary res holds and the edge
// summaries m (same: cur has them already), or nil when it has both.
func withEdgeSummaries(cur, res *snapshot.File, m map[string]string, same bool) *snapshot.File {
	nf := newSummary(cur, res)
	if same {
		return nf
	}
	if nf == nil {
		c := *cur
		nf = &c
	}
	nf.EdgeSummaries = m
	return nf
}

// withNewSummary is f as the edges read it: with the summary res holds.
func withNewSummary(f, res *snapshot.File) *snapshot.File {
	if res == nil {
		return f
	}
	return withSummary(f, res)
}

// onWorkers calls do(i) for i from 0 to n-1 on the phase's workers, each
// a contiguous run of them.
func (w *work) onWorkers(n int, do func(i int) error) error {
	workers := phase.Workers(w.st.Config.Concurrency)
	per := max(1, (n+workers-1)/workers)
	g := new(errgroup.Group)
	for lo := 0; lo < n; lo += per {
		g.Go(func() error {
			for i := lo; i < min(lo+per, n); i++ {
				if err := do(i); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// edgeTexts computes the edge texts of a paid provider: from the cache or
// in requests batched across source files.
func (w *work) edgeTexts(ctx context.Context, sources []string, ins [][]llm.EdgeInput, keys [][]string) (func(o, i int) string, error) {
	sh, send, err := w.assign(keys, "edge_cache_hits")
	if err != nil {
		return nil, err
	}
	err = w.sendAll(ctx, keys, send, sh, "edges_explained",
		func(o, i int) int { return llm.EstimateTokens(llm.EdgeItem(ins[o][i])) },
		func(ctx context.Context, b []item) (llm.BatchResult, error) {
			var in llm.EdgeBatch
			for _, it := range b {
				e := ins[it.o][it.i]
				e.SourcePath = sources[it.o] // for errors; not sent
				in.Edges = append(in.Edges, e)
			}
			return w.st.LLM.SummarizeEdges(ctx, in)
		})
	return func(o, i int) string { return sh.texts[keys[o][i]] }, err
}

// edgeSources lists the files whose edge summaries must be recomputed:
// every code file on a full run; on an update the changed, touched and
// re-resolved files and every file with an edge into one whose summary
// changed (found through the reverse-edge index).
func (w *work) edgeSources(views edgeViews, full bool, changed map[string]bool) []string {
	if full {
		return w.st.Next.Files.CodePaths() // in path order: the first source needing an edge item sends it
	}
	set := map[string]bool{}
	for _, m := range []map[string]bool{changed, w.st.Touched, w.st.Reresolved} {
		for p := range m {
			set[p] = true
		}
	}
	// A dependent's edge input holds the target's signatures (paid) or
	// summary: redo the dependents of every touched file and of every file
	// whose summary changed. Unchanged inputs are cache hits, not calls.
	targets := maps.Clone(changed)
	maps.Copy(targets, w.st.Touched)
	rev := w.st.NextIndex(snapshot.KsRevEdge)
	for t := range targets {
		_ = rev.Scan(snapshot.Prefix(snapshot.KsRevEdge, t), func(k, _ []byte) error {
			if e, ok := snapshot.ParseRevEdge(k); ok && e.Kind != edgekind.Implicit {
				set[nodeid.PathOf(e.Source)] = true
			}
			return nil
		})
	}
	var out []string
	for p := range set {
		if f := views.get(p); f != nil && f.Lang != lang.ProjectFile {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// edgeViews reads the files an edge explanation needs, each once and
// without its references and lookups (snapshot.FileSet.EdgeView): a
// changed utility module has hundreds of dependents, each of which names
// several targets, and a whole record is mostly its references.
//
// A file summarized this run is read with its new summary (sums), which
// is set with its edge summaries.
// Safe for concurrent use.
type edgeViews struct {
	files *snapshot.FileSet
	sums  map[string]*snapshot.File
	*viewCache
}

type viewCache struct {
	mu  sync.Mutex
	got map[string]*snapshot.File
}

func newEdgeViews(files *snapshot.FileSet, sums map[string]*snapshot.File) edgeViews {
	return edgeViews{files: files, sums: sums, viewCache: &viewCache{got: map[string]*snapshot.File{}}}
}

func (v edgeViews) get(path string) *snapshot.File {
	v.mu.Lock()
	f, ok := v.got[path]
	v.mu.Unlock()
	if ok {
		return f
	}
	// Decoded outside the lock: two workers may both decode a target.
	f = v.files.EdgeView(path)
	if res := v.sums[path]; f != nil && res != nil {
		f = withSummary(f, res)
	}
	v.mu.Lock()
	v.got[path] = f
	v.mu.Unlock()
	return f
}

// forget lets the views read so far go.
func (v edgeViews) forget() {
	v.mu.Lock()
	clear(v.got)
	v.mu.Unlock()
}

// has reports whether path has a record; a file summarized this run has.
func (v edgeViews) has(path string) bool { return v.sums[path] != nil || v.get(path) != nil }

// target is what an edge input reads of a target file: offline its
// summary alone, which a file summarized this run has in sums, without a
// read of its record (a full run's slice of sources names most of the
// repository's files as targets).
func (v edgeViews) target(path string, summaryOnly bool) *snapshot.File {
	if res := v.sums[path]; summaryOnly && res != nil {
		return res
	}
	return v.get(path)
}

// edgeInputs lists the targets of f's edges and what each edge summary
// is made of. A secret file has none, and no edge into one is explained.
func (w *work) edgeInputs(views edgeViews, f *snapshot.File) ([]string, []llm.EdgeInput) {
	if w.secret(f.Path) {
		return nil, nil
	}
	var targets []string
	var ins []llm.EdgeInput
	for _, d := range dependencies(f, views.has) {
		if w.secret(d.target) {
			continue // nothing about a secret file is sent, not even its names
		}
		targets = append(targets, d.target)
		ins = append(ins, w.edgeInput(f, views.target(d.target, w.offline()), d))
	}
	return targets, ins
}

// edgeInput is what an edge summary is made of. No paths, so a rename costs
// no call. The offline provider is keyed, as before, on both summaries; a
// paid one on what the relation is: the names used and the signatures they
// resolve to, and the target's summary only for a bare import, where no
// name says what is used. A changed file summary then redoes no call edge.
func (w *work) edgeInput(f, t *snapshot.File, d dependency) llm.EdgeInput {
	in := llm.EdgeInput{Kinds: d.kinds, Names: d.names}
	if w.st.LLM.ID() == "offline" {
		in.SourceSummary, in.TargetSummary = f.Summary, t.Summary
		return in
	}
	if t.Facts != nil && len(d.targets) > 0 {
		want := map[string]bool{}
		for _, id := range d.targets {
			want[id] = true
		}
		for i, id := range snapshot.SymbolIDs(t.Path, t.Facts.Symbols) {
			if s := t.Facts.Symbols[i]; want[id] {
				in.Signatures = append(in.Signatures, signatureOf(s.Signature, s.Kind, s.Qualified))
			}
		}
	}
	if len(in.Signatures) == 0 {
		in.TargetSummary = t.Summary
	}
	return in
}

func signatureOf(sig, kind, name string) string {
	if sig != "" {
		return sig
	}
	return kind + " " + name
}

// edgeKey hashes what is sent for an edge: the batched item text of a paid
// provider, or the inputs of the offline sentence.
func edgeKey(in llm.EdgeInput, model string) string {
	h := sha256.New()
	if model == "offline" {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%s", llm.EdgePromptVersion, model,
			in.SourceSummary, in.TargetSummary, strings.Join(in.Kinds, ","), strings.Join(in.Names, ","))
	} else {
		fmt.Fprintf(h, "%s\x00%s\x00%s", llm.EdgePromptVersion, model, llm.EdgeItem(in))
	}
	return "edge/" + hex.EncodeToString(h.Sum(nil))
}
