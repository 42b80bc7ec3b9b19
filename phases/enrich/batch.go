package enrich

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/lgraph/lgraph/llm"
)

// Request bounds. A request closes once it holds maxBatchItems items or
// its items' text reaches maxBatchTokens tokens (estimated), so it fits any
// context window worth using (docs/design.md §9: llm.context_tokens lowers
// the token bound) and its reply stays short. Items of many files share a
// request: the system prompt is paid once per request, and a real endpoint's
// requests-per-minute limit, not its tokens, is what a full run waits on.
const (
	maxBatchItems  = 48
	maxBatchTokens = 12000
)

// item is one item to send: its owner (a file) and its index among the
// owner's items.
type item struct{ o, i int }

// batches packs items, in order, into requests (llm.Pack: a run resumed
// after a budget stop packs exactly the requests the stopped run did not
// send).
func batches(items []item, size func(item) int, limit int) [][]item {
	return llm.Pack(items, size, maxBatchItems, limit)
}

// batchLimit is the item tokens at which a request closes: maxBatchTokens,
// or less when the configured context window is small.
func (w *work) batchLimit() int {
	return llm.BatchLimit(maxBatchTokens, w.st.Config.LLM.ContextTokens)
}

// batchCall is one kind of batched request: call sends the given items and
// returns their texts in order.
type batchCall func(ctx context.Context, b []item) (llm.BatchResult, error)

// fillBatch fetches the texts of one request's items; a request whose
// replies broke the schema twice is retried one item per request, so one
// confusing item does not fail its neighbours.
func (w *work) fillBatch(ctx context.Context, b []item, call batchCall, done func(it item, text string) error) error {
	texts, err := w.sendBatch(ctx, b, call)
	if err != nil && errors.Is(err, llm.ErrMalformedReply) && len(b) > 1 {
		w.count("batch_fallbacks")
		for _, it := range b {
			t, err := w.sendBatch(ctx, []item{it}, call)
			if err != nil {
				return err
			}
			if err := done(it, t[0]); err != nil {
				return err
			}
		}
		return nil
	}
	if err != nil {
		return err
	}
	for k, it := range b {
		if err := done(it, texts[k]); err != nil {
			return err
		}
	}
	return nil
}

// sendBatch makes one request and checks it answered every item.
func (w *work) sendBatch(ctx context.Context, b []item, call batchCall) ([]string, error) {
	if w.stopped() {
		return nil, errStopped
	}
	res, err := call(ctx, b)
	w.account(res.Usage)
	if err != nil {
		return nil, err
	}
	if len(res.Texts) != len(b) {
		return nil, fmt.Errorf("%w: %d texts for %d items", llm.ErrMalformedReply, len(res.Texts), len(b))
	}
	return res.Texts, nil
}

// errStopped ends a file's work when another file's call failed.
var errStopped = errors.New("stopped: another call failed")

// shared holds the texts of one kind of item by key: from the cache, then
// from the calls as they answer.
type shared struct {
	mu    sync.Mutex
	texts map[string]string
}

func (sh *shared) put(k, text string) {
	sh.mu.Lock()
	sh.texts[k] = text
	sh.mu.Unlock()
}

// assign looks every key up once and gives each missing key to the first
// owner, in the callers' (sorted) order, that needs it. Which owner sends
// what is thus decided before any call, from the cache alone: concurrent
// owners never pay twice for an item they share, and a run resumed after a
// budget stop sends exactly the batches the stopped run did not.
func (w *work) assign(keys [][]string, hits string) (*shared, [][]int, error) {
	sh := &shared{texts: map[string]string{}}
	taken := map[string]bool{}
	send := make([][]int, len(keys))
	for o, ks := range keys {
		for i, k := range ks {
			if taken[k] {
				continue
			}
			taken[k] = true
			var text string
			found, err := w.cached(k, &text)
			if err != nil {
				return nil, nil, err
			}
			if found {
				sh.texts[k] = text
				w.count(hits)
				continue
			}
			send[o] = append(send[o], i)
		}
	}
	return sh, send, nil
}

// sendAll sends every owner's items to send, packed in owner order into
// requests that mix owners, requests concurrently, and caches every text
// under its item's key as it arrives.
func (w *work) sendAll(ctx context.Context, keys [][]string, send [][]int, sh *shared, done string,
	size func(o, i int) int, call batchCall) error {
	var items []item
	for o := range send {
		for _, i := range send[o] {
			items = append(items, item{o, i})
		}
	}
	g := w.group()
	for _, b := range batches(items, func(it item) int { return size(it.o, it.i) }, w.batchLimit()) {
		g.Go(func() error {
			if w.stopped() {
				return nil
			}
			err := w.fillBatch(ctx, b, call, func(it item, text string) error {
				k := keys[it.o][it.i]
				sh.put(k, text)
				w.count(done)
				return w.keep(k, text)
			})
			return w.fail(err)
		})
	}
	return g.Wait()
}
