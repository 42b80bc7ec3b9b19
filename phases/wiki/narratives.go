package wiki

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// Request bounds of batched narratives (docs/design.md §9). A module's
// item is its whole file list, so a request holds fewer modules than a
// summary request holds definitions; the token bound is the summaries'.
const (
	maxModulesPerRequest = 16
	maxModuleTokens      = 12000
)

// narrativeItem is one module whose narrative the cache lacks.
type narrativeItem struct {
	key string
	in  llm.ModuleInput
}

// requestNarratives returns the narratives of the modules by input key:
// from the cache, or asked of the model for those it lacks, several
// modules per request, each cached under its own key, so which modules
// share a request changes no key. It also returns how many it asked for;
// usage gets every request's cost, failed ones included. Offline writes
// narratives itself and caches none.
func requestNarratives(ctx context.Context, st *phase.State, ins []llm.ModuleInput, usage func(llm.Usage)) (map[string]string, int, error) {
	texts := map[string]string{}
	if st.LLM.ID() == (llm.Offline{}).ID() {
		return texts, 0, nil
	}
	var todo []narrativeItem
	for _, in := range ins {
		key := inputKey(in, st.LLM.ID())
		var doc string
		found, err := st.Cache.Get(key, &doc)
		if err != nil {
			return nil, 0, err
		}
		if found {
			texts[key] = doc
		} else {
			todo = append(todo, narrativeItem{key, in})
		}
	}
	size := func(it narrativeItem) int { return llm.EstimateTokens(llm.ModulePromptText(it.in)) }
	limit := llm.BatchLimit(maxModuleTokens, st.Config.LLM.ContextTokens)
	// In-flight requests finish and are kept when one fails (paid work).
	g := new(errgroup.Group)
	g.SetLimit(max(1, st.Config.LLM.MaxConcurrency))
	var (
		mu      sync.Mutex
		written int
		stop    atomic.Bool
	)
	for _, b := range llm.Pack(todo, size, maxModulesPerRequest, limit) {
		g.Go(func() error {
			if stop.Load() {
				return nil
			}
			got, err := fillNarratives(ctx, st, b, usage)
			mu.Lock()
			maps.Copy(texts, got)
			written += len(got)
			mu.Unlock()
			if err != nil {
				stop.Store(true)
			}
			return err
		})
	}
	err := g.Wait()
	return texts, written, err
}

// fillNarratives sends one request and caches its narratives, which it
// returns by key; a request whose replies broke the schema is retried one
// module per request, so one confusing module does not fail its neighbours.
func fillNarratives(ctx context.Context, st *phase.State, b []narrativeItem, usage func(llm.Usage)) (map[string]string, error) {
	got := map[string]string{}
	err := sendNarratives(ctx, st, b, usage, got)
	if err == nil || !errors.Is(err, llm.ErrMalformedReply) || len(b) == 1 {
		return got, err
	}
	for _, it := range b {
		if err := sendNarratives(ctx, st, []narrativeItem{it}, usage, got); err != nil {
			return got, err
		}
	}
	return got, nil
}

// sendNarratives makes one request and caches each narrative, and puts it
// in got, as it is checked.
func sendNarratives(ctx context.Context, st *phase.State, b []narrativeItem, usage func(llm.Usage), got map[string]string) error {
	batch := llm.ModuleBatch{Modules: make([]llm.ModuleInput, len(b))}
	for i, it := range b {
		batch.Modules[i] = it.in
	}
	res, err := st.LLM.ModuleDocs(ctx, batch)
	usage(res.Usage)
	if err != nil {
		return err
	}
	if len(res.Texts) != len(b) {
		return fmt.Errorf("%w: %d narratives for %d modules", llm.ErrMalformedReply, len(res.Texts), len(b))
	}
	for i, it := range b {
		if err := st.Cache.Put(it.key, res.Texts[i]); err != nil {
			return err
		}
		got[it.key] = res.Texts[i]
	}
	return nil
}
