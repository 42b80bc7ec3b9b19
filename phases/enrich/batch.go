package enrich

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/lgraph/lgraph/llm"
)

// Batch bounds: one request carries at most maxBatchItems items and about
// maxBatchTokens tokens of item text, so it fits any context window worth
// using and its reply stays short.
const (
	maxBatchItems  = 24
	maxBatchTokens = 6000
)

// batches splits item indexes into consecutive requests within the bounds.
func batches(idx []int, size func(int) int) [][]int {
	var out [][]int
	var cur []int
	tokens := 0
	for _, i := range idx {
		n := size(i)
		if len(cur) > 0 && (len(cur) == maxBatchItems || tokens+n > maxBatchTokens) {
			out = append(out, cur)
			cur, tokens = nil, 0
		}
		cur = append(cur, i)
		tokens += n
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// batchCall is one kind of batched request: call sends the items at the
// given indexes and returns their texts in order.
type batchCall func(ctx context.Context, idx []int) (llm.BatchResult, error)

// fillBatched fetches the texts of the items at missing indexes, batched; a
// batch whose replies broke the schema twice is retried one item per
// request, so one confusing item does not fail its neighbours.
func (w *work) fillBatched(ctx context.Context, missing []int, size func(int) int, call batchCall, done func(i int, text string) error) error {
	for _, b := range batches(missing, size) {
		texts, err := w.sendBatch(ctx, b, call)
		if err != nil && errors.Is(err, llm.ErrMalformedReply) && len(b) > 1 {
			w.count("batch_fallbacks")
			texts, err = nil, nil
			for _, i := range b {
				t, err1 := w.sendBatch(ctx, []int{i}, call)
				if err1 != nil {
					return err1
				}
				texts = append(texts, t...)
			}
		}
		if err != nil {
			return err
		}
		for k, i := range b {
			if err := done(i, texts[k]); err != nil {
				return err
			}
		}
	}
	return nil
}

// sendBatch makes one request and checks it answered every item.
func (w *work) sendBatch(ctx context.Context, b []int, call batchCall) ([]string, error) {
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

// sendAll runs each owner's batches, owners concurrently, and caches every
// text under its item's key as it arrives.
func (w *work) sendAll(ctx context.Context, keys [][]string, send [][]int, sh *shared, done string,
	size func(o, i int) int, call func(ctx context.Context, o int, idx []int) (llm.BatchResult, error)) error {
	g := w.group()
	for o := range send {
		if len(send[o]) == 0 {
			continue
		}
		g.Go(func() error {
			if w.stopped() {
				return nil
			}
			err := w.fillBatched(ctx, send[o], func(i int) int { return size(o, i) },
				func(ctx context.Context, idx []int) (llm.BatchResult, error) { return call(ctx, o, idx) },
				func(i int, text string) error {
					sh.put(keys[o][i], text)
					w.count(done)
					return w.keep(keys[o][i], text)
				})
			return w.fail(err)
		})
	}
	return g.Wait()
}
