// Package enrich is phase 3: file summaries keyed by whitespace-normalized
// content, edge summaries ("why A depends on B") keyed by the summaries at
// both ends, and tombstones for deleted files. Every LLM result is cached
// under the hash of exactly what was sent, so a rerun never pays twice.
package enrich

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/snapshot"
	"github.com/lgraph/lgraph/store"
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
	return llm.FilePromptVersion + "+" + llm.EdgePromptVersion + "+" + p.ID()
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
	w := &work{st: st, read: p.Read, rep: &rep, secrets: st.Config.LLM.SecretPatterns}
	// What was paid is reported even when the phase stops early.
	defer func() {
		rep.Tokens = store.Tokens{Prompt: w.usage.PromptTokens, Completion: w.usage.CompletionTokens}
		rep.Calls = w.usage.Calls
		rep.MS = time.Since(start).Milliseconds()
	}()
	changed, err := w.summarizeFiles(ctx, full)
	if err != nil {
		return rep, err
	}
	st.Hit("enrich-files")
	if err := w.explainEdges(ctx, full, changed); err != nil {
		return rep, err
	}
	st.Next.Versions["enrich"] = Version(st.LLM)
	st.Hit("enrich")
	return rep, nil
}

// work is one run of the phase.
type work struct {
	st      *phase.State
	read    func(string) ([]byte, error)
	rep     *store.Phase
	secrets []string
	mu      sync.Mutex
	usage   llm.Usage
	stop    atomic.Bool
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
	return llm.SecretFilter{Patterns: w.secrets}.IsSecretPath(p)
}

// summarizeFiles (re)summarizes the files that need it and returns the
// paths whose summary text changed.
func (w *work) summarizeFiles(ctx context.Context, full bool) (map[string]bool, error) {
	todo := w.summarySet(full)
	results := make([]*snapshot.File, len(todo))
	g := w.group()
	for i, p := range todo {
		f := w.st.Next.Files.Get(p)
		g.Go(func() error {
			if w.stopped() {
				return nil
			}
			nf, err := w.summarizeFile(ctx, f)
			results[i] = nf
			return w.fail(err)
		})
	}
	err := g.Wait()
	changed := map[string]bool{}
	for i, p := range todo {
		if results[i] == nil {
			continue
		}
		w.st.Next.Files.Set(results[i])
		if b := baseFile(w.st, p); b == nil || b.Summary != results[i].Summary {
			changed[p] = true
		}
	}
	w.rep.Files = len(todo)
	return changed, err
}

// summarySet lists the files to (re)summarize: every code file on a full
// run; on an update the touched and re-resolved ones (a summary's input is
// the file's content and symbols).
func (w *work) summarySet(full bool) []string {
	var out []string
	if full {
		for p, f := range w.st.Next.Files.All() {
			if f.Lang != inventory.ConfigLang {
				out = append(out, p)
			}
		}
		return out
	}
	seen := map[string]bool{}
	for _, set := range []map[string]bool{w.st.Touched, w.st.Reresolved} {
		for p := range set {
			if f := w.st.Next.Files.Get(p); f != nil && f.Lang != inventory.ConfigLang && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
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

// summarizeFile returns a copy of f with its summary set.
func (w *work) summarizeFile(ctx context.Context, f *snapshot.File) (*snapshot.File, error) {
	nf := *f
	if w.secret(f.Path) {
		nf.Summary, nf.SummaryKey = "", "secret"
		return &nf, nil
	}
	in := fileInput(f)
	key := fileKey(f, in, w.st.LLM.ID())
	if f.SummaryKey == key {
		return f, nil // unchanged: keep the pointer so its stored record is reused
	}
	var text string
	found, err := w.cached(key, &text)
	if err != nil {
		return nil, err
	}
	if found {
		w.count("summary_cache_hits")
		nf.Summary, nf.SummaryKey = text, key
		return &nf, nil
	}
	data, err := w.read(f.Blob)
	if err != nil {
		return nil, fmt.Errorf("summarize %s: %w", f.Path, err)
	}
	// The provider sees exactly what the key hashes: normalized content, no path.
	in.Content = inventory.Normalize(data)
	res, err := w.st.LLM.SummarizeFile(ctx, in)
	w.account(res.Usage)
	if err != nil {
		return nil, fmt.Errorf("summarize %s: %w", f.Path, err)
	}
	if err := w.keep(key, res.Text); err != nil {
		return nil, err
	}
	nf.Summary, nf.SummaryKey = res.Text, key
	return &nf, nil
}

// fileInput is the summary input without content: symbols as the
// extractor saw them.
func fileInput(f *snapshot.File) llm.FileInput {
	in := llm.FileInput{Lang: f.Lang}
	if f.Facts == nil {
		return in
	}
	for _, s := range f.Facts.Symbols {
		in.Symbols = append(in.Symbols, llm.SymbolInfo{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Signature: s.Signature, Doc: s.Doc})
	}
	for _, imp := range f.Facts.Imports {
		in.Imports = append(in.Imports, imp.Path)
	}
	return in
}

// fileKey hashes normalized content, language, the symbol list, the
// prompt version and the model.
func fileKey(f *snapshot.File, in llm.FileInput, model string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", llm.FilePromptVersion, model, f.NormSHA, f.Lang)
	for _, s := range in.Symbols {
		fmt.Fprintf(h, "%s\x01%s\x01%s\x01%s\x01%s\x00", s.Name, s.Qualified, s.Kind, s.Signature, s.Doc)
	}
	for _, i := range in.Imports {
		fmt.Fprintf(h, "%s\x00", i)
	}
	return "summary/" + hex.EncodeToString(h.Sum(nil))
}

// IsBudget reports whether err stopped the phase on its token budget.
func IsBudget(err error) bool { return errors.Is(err, llm.ErrBudget) }

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
