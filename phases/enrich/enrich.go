// Package enrich is phase 3: file summaries, edge summaries ("why A
// depends on B") and tombstones for deleted files. With a paid provider a
// file summary is composed from per-definition piece summaries, each keyed
// by its normalized text, and an edge summary is keyed by the relation (the
// names used and the signatures they resolve to); both are batched across
// files, many files' items to a request. Every LLM result is cached under the hash of exactly
// what was sent for it, so a rerun never pays twice.
package enrich

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// Phase is the enrichment phase.
type Phase struct {
	// Read returns a blob's bytes.
	Read func(id string) ([]byte, error)
}

// Name implements phase.Phase.
func (Phase) Name() string { return "enrich" }

// Version is what a snapshot records: a change reruns the phase in full.
func Version(p llm.Provider) string {
	return llm.FilePromptVersion + "+" + llm.PiecePromptVersion + "+" + llm.EdgePromptVersion + "+" + p.ID()
}

// Run summarizes changed files and re-explains the edges whose inputs changed.
func (p Phase) Run(ctx context.Context, st *phase.State) (rep store.Phase, err error) {
	start := time.Now()
	rep = store.Phase{Name: p.Name(), Mode: "incremental", Extra: map[string]int{}}
	full, reason := st.Full, st.FullReason
	if !full && st.Base.Versions["enrich"] != Version(st.LLM) {
		full, reason = true, fmt.Sprintf("prompt version or model changed (%q -> %q)", st.Base.Versions["enrich"], Version(st.LLM))
	}
	if full {
		rep.Mode, rep.Reason = "full", reason
	}
	w := &work{st: st, read: p.Read, rep: &rep, patterns: st.Config.LLM.SecretPatterns}
	// What was paid is reported even when the phase stops early.
	defer func() {
		rep.Tokens = store.Tokens{Prompt: w.usage.PromptTokens, Completion: w.usage.CompletionTokens}
		rep.Calls = w.usage.Calls
		if w.usage.SystemTokens > 0 {
			// Of the prompt tokens, those every request repeats.
			rep.Extra[store.SystemTokensKey] = w.usage.SystemTokens
		}
		rep.MS = time.Since(start).Milliseconds()
	}()
	if w.fusedRun(full) {
		if err := w.everyFile(ctx); err != nil {
			return rep, err
		}
		st.Hit("enrich-files")
		st.Mark("enrich.files")
	} else {
		sums, err := w.summarizeFiles(ctx, full)
		if err != nil {
			return rep, err
		}
		st.Hit("enrich-files")
		st.Mark("enrich.files")
		if err := w.explainEdges(ctx, full, sums); err != nil {
			return rep, err
		}
	}
	st.Next.Versions["enrich"] = Version(st.LLM)
	st.Hit("enrich")
	return rep, nil
}

// work is one run of the phase.
type work struct {
	st       *phase.State
	read     func(string) ([]byte, error)
	rep      *store.Phase
	patterns []string // of secret files' names
	mu       sync.Mutex
	usage    llm.Usage
	stop     atomic.Bool
	// edges is the reverse-edge index of the snapshot being built, which
	// the offline summary's use counts are read from; nil for a model.
	edges snapshot.KV
	// secrets holds secret's answers by path: a run asks it of every file
	// it summarizes and again of each edge's source and target, and each
	// answer matches the base name against every pattern. (A sync.Map
	// boxed every path asked.)
	secretsMu sync.RWMutex
	secrets   map[string]bool
}

// group bounds concurrent LLM calls. It deliberately does not cancel calls
// in flight when one fails (a budget stop, a call that ran out of retries):
// those have been paid for, so they finish and their results are cached,
// and only new calls stop.
func (w *work) group() *errgroup.Group {
	g := new(errgroup.Group)
	g.SetLimit(max(1, w.st.Config.LLM.MaxConcurrency))
	return g
}

func (w *work) stopped() bool { return w.stop.Load() }

func (w *work) fail(err error) error {
	if err != nil {
		w.stop.Store(true)
	}
	return err
}

func (w *work) account(u llm.Usage) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.usage = w.usage.Add(u)
	w.rep.Extra["llm_calls"] = w.usage.Calls
}

func (w *work) count(key string) {
	w.mu.Lock()
	w.rep.Extra[key]++
	w.mu.Unlock()
}

// secret reports whether a path matches a secret pattern (by base name),
// with the same matcher the provider applies.
func (w *work) secret(p string) bool {
	w.secretsMu.RLock()
	secret, ok := w.secrets[p]
	w.secretsMu.RUnlock()
	if ok {
		return secret
	}
	secret = llm.SecretFilter{Patterns: w.patterns}.IsSecretPath(p)
	w.secretsMu.Lock()
	if w.secrets == nil {
		w.secrets = map[string]bool{}
	}
	// The path is copied: a decoded record's path shares its bytes.
	w.secrets[strings.Clone(p)] = secret
	w.secretsMu.Unlock()
	return secret
}

// summaries are the file summaries a run computed, set together with the
// edge summaries they feed: on a full run each record is then decoded and
// packed again once for both, not once for each.
type summaries struct {
	done    []string                  // the paths summarized, sorted
	of      map[string]*snapshot.File // by path, the result (slim when packed)
	changed map[string]bool           // the paths whose summary differs from the base's
}

// summarizeFiles (re)summarizes the files that need it. It sets no record:
// explainEdges sets the summaries with the edge summaries, except after a
// stop (a budget), when what was summarized is set all the same.
func (w *work) summarizeFiles(ctx context.Context, full bool) (*summaries, error) {
	if w.offline() {
		w.edges = w.st.NextIndex(snapshot.KsRevEdge)
		if full {
			w.st.Uses = phase.NewUseTable() // every code file's, for the wiki
		}
	}
	todo := w.summarySet(full)
	results := make([]*snapshot.File, len(todo))
	var err error
	if w.offline() {
		err = w.wholeFiles(ctx, todo, results, full)
	} else {
		err = w.composeFiles(ctx, todo, results)
	}
	s := w.newSummaries(todo, results)
	w.rep.Files = len(todo)
	if err != nil {
		return nil, errors.Join(err, w.setSummaries(ctx, s, s.done))
	}
	return s, nil
}

func (w *work) newSummaries(todo []string, results []*snapshot.File) *summaries {
	s := &summaries{of: map[string]*snapshot.File{}, changed: map[string]bool{}}
	for i, p := range todo {
		res := results[i]
		if res == nil {
			continue
		}
		s.done, s.of[p] = append(s.done, p), res
		if b := baseFile(w.st, p); b == nil || b.Summary != res.Summary {
			s.changed[p] = true
		}
	}
	return s
}

// setSummaries sets the summaries s holds of paths.
func (w *work) setSummaries(ctx context.Context, s *summaries, paths []string) error {
	return w.st.Restage(ctx, paths, func(i int, cur *snapshot.File) (*snapshot.File, error) {
		return newSummary(cur, s.of[paths[i]]), nil
	})
}

// newSummary is cur with the summary res holds, or nil when cur has it
// already: a record set again unchanged would still count as changed to
// the phases after this one (the wiki re-reads every module around a
// changed record).
func newSummary(cur, res *snapshot.File) *snapshot.File {
	if res == nil || cur != nil && cur.Summary == res.Summary && cur.SummaryKey == res.SummaryKey {
		return nil
	}
	return withSummary(cur, res)
}

// slim keeps only what summarizeFiles reads of a summarized record when
// the run holds its records packed: each Get of a packed record decodes a
// copy, and a full run's results would hold a decoded copy of every file.
func (w *work) slim(f *snapshot.File) *snapshot.File {
	if f == nil || !w.st.Next.Files.Packed() {
		return f
	}
	// Copies, the path too: a decoded record's strings share its bytes
	// (any one of them keeps the whole record alive: 225 MB at 100,000
	// files when the path was not copied), and an offline summary is often
	// a slice of a doc the record holds.
	return &snapshot.File{Path: strings.Clone(f.Path), Summary: strings.Clone(f.Summary), SummaryKey: strings.Clone(f.SummaryKey)}
}

// withSummary is cur with the summary summarizeFile computed for it (res,
// whole or slimmed), which is all res changed of cur.
func withSummary(cur, res *snapshot.File) *snapshot.File {
	if cur == nil {
		return res
	}
	nf := *cur
	nf.Summary, nf.SummaryKey = res.Summary, res.SummaryKey
	return &nf
}

// wholeFiles summarizes each file in one (free, offline) call. A full
// run summarizes every code file: their use counts come from one ordered
// pass over the reverse edges (snapshot.GroupCursor), not a scan each.
func (w *work) wholeFiles(ctx context.Context, todo []string, results []*snapshot.File, full bool) error {
	g := w.group()
	summarize := func(i int, uses func(f *snapshot.File) ([]int, error)) {
		g.Go(func() error {
			if w.stopped() {
				return nil
			}
			// Decoded here, on the worker, in the parts a summary reads (a
			// full run's records are packed): not the edges, which the use
			// counts come from the index for.
			f := w.st.Next.Files.GetParts(todo[i], summaryParts)
			u, err := uses(f) // a secret file's too: the wiki counts them
			if err != nil {
				return w.fail(err)
			}
			nf, err := w.summarizeFile(ctx, f, u)
			results[i] = w.slim(nf)
			return w.fail(err)
		})
	}
	if !full || w.edges == nil {
		for i := range todo {
			summarize(i, w.uses)
		}
		return g.Wait()
	}
	edges := snapshot.NewGroupCursor(w.edges, snapshot.KsRevEdge)
	defer edges.Close()
	for i, p := range todo {
		if w.stopped() {
			break
		}
		into, err := edges.Group(p)
		if err != nil {
			w.fail(err)
			return errors.Join(fmt.Errorf("uses of %s: %w", p, err), g.Wait())
		}
		summarize(i, func(f *snapshot.File) ([]int, error) { return w.counted(f, snapshot.UsesIn(into, f)), nil })
	}
	return g.Wait()
}

// summaryParts are the parts of a record an offline summary reads: its
// facts (doc, symbols, imports) and its summary and key; the head holds
// its language and normalized digest.
const summaryParts = snapshot.PartFacts | snapshot.PartSummary

// summarySet lists the files to (re)summarize, sorted: every code file on a
// full run; on an update the touched and re-resolved ones (a summary's input
// is the file's content and symbols).
func (w *work) summarySet(full bool) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string, f *snapshot.File) {
		if f != nil && f.Lang != lang.ProjectFile && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	if full {
		for _, p := range w.st.Next.Files.CodePaths() {
			seen[p] = true
			out = append(out, p)
		}
	} else {
		for _, set := range []map[string]bool{w.st.Touched, w.st.Reresolved} {
			for p := range set {
				add(p, w.st.Next.Files.Get(p))
				if w.edges == nil {
					continue
				}
				// An offline summary may speak through the most used
				// definition: a changed edge can move the counts of its target.
				for _, t := range snapshot.ChangedTargets(baseFile(w.st, p), w.st.Next.Files.Get(p)) {
					add(t, w.st.Next.Files.Get(t))
				}
			}
		}
	}
	// Sorted: the first file needing a piece shared with others sends it.
	slices.Sort(out)
	return out
}

// cached and keep read and write paid results. Offline results are
// computed from the inputs in microseconds, cheaper than a cache lookup, so
// they are not stored; paid ones are written at once, one transaction each,
// so a run stopped a moment later has still kept them.
func (w *work) cached(key string, v *string) (bool, error) {
	if w.st.LLM.ID() == "offline" {
		return false, nil
	}
	return w.st.Cache.Get(key, v)
}

func (w *work) keep(key, text string) error {
	if w.st.LLM.ID() == "offline" {
		return nil
	}
	return w.st.Cache.Put(key, text)
}

func baseFile(st *phase.State, p string) *snapshot.File {
	if st.Base == nil {
		return nil
	}
	return st.Base.Files.Get(p)
}

// known returns f's summary when it needs no call: a secret file (never
// summarized), an unchanged one, or one whose composed summary is cached.
// Otherwise it returns the file summary's key and the input it hashes
// (without content), so the caller need not read the file's uses again.
// uses is how much the repository uses each of f's definitions (nil
// counts none).
func (w *work) known(f *snapshot.File, uses []int) (*snapshot.File, string, llm.FileInput, error) {
	nf := *f
	if w.secret(f.Path) {
		nf.Summary, nf.SummaryKey = "", snapshot.SecretSummaryKey
		return &nf, "", llm.FileInput{}, nil
	}
	in := fileInput(f, uses)
	key := fileKey(f, in, w.st.LLM.ID())
	if f.SummaryKey == key {
		return f, "", in, nil // unchanged: keep the pointer so its stored record is reused
	}
	var text string
	found, err := w.cached(key, &text)
	if err != nil || !found {
		return nil, key, in, err
	}
	w.count("summary_cache_hits")
	nf.Summary, nf.SummaryKey = text, key
	return &nf, "", in, nil
}

// summarizeFile returns a copy of f with its offline summary set, uses
// counting how much the repository uses each of its definitions. The
// offline summary is written from the doc, definitions and imports alone,
// so the file's content is not read (a full run read every blob for
// nothing: 2.6 s CPU at 100,000 files); composeFiles sends a model the
// content.
func (w *work) summarizeFile(ctx context.Context, f *snapshot.File, uses []int) (*snapshot.File, error) {
	nf, key, in, err := w.known(f, uses)
	if err != nil || nf != nil {
		return nf, err
	}
	res, err := w.st.LLM.SummarizeFile(ctx, in)
	w.account(res.Usage)
	if err != nil {
		return nil, fmt.Errorf("summarize %s: %w", f.Path, err)
	}
	c := *f
	c.Summary, c.SummaryKey = res.Text, key
	return &c, nil
}

// composeFiles gives each file a summary composed from its pieces: the
// file's definitions are summarized one piece each, only pieces no cache
// holds are sent, batched across files, and the file summary is composed from
// the piece summaries without a call.
func (w *work) composeFiles(ctx context.Context, todo []string, results []*snapshot.File) error {
	ps := make([][]piece, len(todo))
	keys := make([][]string, len(todo))
	fkeys := make([]string, len(todo))
	model := w.st.LLM.ID()
	for i, p := range todo {
		f := w.st.Next.Files.Get(p)
		uses, err := w.uses(f)
		if err != nil {
			return err
		}
		nf, key, _, err := w.known(f, uses)
		if err != nil {
			return err
		}
		if results[i], fkeys[i] = w.slim(nf), key; nf != nil {
			continue
		}
		data, err := w.read(f.Blob)
		if err != nil {
			return fmt.Errorf("summarize %s: %w", p, err)
		}
		ff := f.Facts
		if ff == nil {
			ff = &facts.File{}
		}
		ps[i] = pieces(data, ff)
		for j := range ps[i] {
			// A piece names its file: requests mix the pieces of many files.
			ps[i][j].Path, ps[i][j].Lang = f.Path, f.Lang
			keys[i] = append(keys[i], pieceKey(f.Lang, ps[i][j].Piece, model))
		}
	}
	sh, send, err := w.assign(keys, "piece_cache_hits")
	if err != nil {
		return err
	}
	err = w.sendAll(ctx, keys, send, sh, "pieces_summarized",
		func(o, i int) int { return llm.EstimateTokens(ps[o][i].Content) },
		func(ctx context.Context, b []item) (llm.BatchResult, error) {
			var in llm.PieceBatch
			for _, it := range b {
				in.Pieces = append(in.Pieces, ps[it.o][it.i].Piece)
			}
			return w.st.LLM.SummarizePieces(ctx, in)
		})
	if err != nil {
		return err
	}
	for i, p := range todo {
		if results[i] != nil {
			continue
		}
		f := *w.st.Next.Files.Get(p)
		f.Summary, f.SummaryKey = emptySummary(f.Lang), fkeys[i]
		if len(ps[i]) > 0 {
			texts := make([]string, len(ps[i]))
			for j, k := range keys[i] {
				texts[j] = sh.texts[k]
			}
			f.Summary = compose(ps[i], texts)
		}
		if err := w.keep(fkeys[i], f.Summary); err != nil {
			return err
		}
		results[i] = w.slim(&f)
	}
	return nil
}

func emptySummary(lang string) string {
	if lang == "" {
		return "Empty file."
	}
	return "Empty " + lang + " file."
}

// IsBudget reports whether err stopped the phase on its token budget.
func IsBudget(err error) bool { return errors.Is(err, llm.ErrBudget) }
