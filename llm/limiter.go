package llm

import (
	"context"
	"math"
	"sync"
	"time"
)

// SleepFunc waits for d or until ctx is done, returning ctx.Err() in that
// case. It is injectable so tests need not wait for real backoffs.
type SleepFunc func(ctx context.Context, d time.Duration) error

// sleepCtx is the real SleepFunc.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// semaphore bounds the number of requests in flight.
type semaphore chan struct{}

// acquire takes a slot or fails when ctx is done.
func (s semaphore) acquire(ctx context.Context) error {
	select {
	case s <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release returns a slot.
func (s semaphore) release() { <-s }

// tokenBucket limits estimated prompt tokens per minute. It refills
// continuously at perMinute/60 tokens a second up to perMinute. A take larger
// than the bucket is clamped to its size so it can eventually pass.
type tokenBucket struct {
	perMinute int
	now       func() time.Time
	sleep     SleepFunc

	mu     sync.Mutex
	tokens float64
	last   time.Time
}

// newTokenBucket returns a full bucket; perMinute <= 0 means unlimited (nil).
func newTokenBucket(perMinute int, now func() time.Time, sleep SleepFunc) *tokenBucket {
	if perMinute <= 0 {
		return nil
	}
	return &tokenBucket{perMinute: perMinute, now: now, sleep: sleep, tokens: float64(perMinute), last: now()}
}

// take reserves n tokens, waiting until the bucket has refilled enough. A
// reservation may drive the bucket negative: later callers wait for the debt,
// which keeps the order of callers. On cancellation the reservation is
// returned.
func (b *tokenBucket) take(ctx context.Context, n int) error {
	if b == nil || n <= 0 {
		return ctx.Err()
	}
	n = min(n, b.perMinute)
	wait := b.reserve(float64(n))
	if wait <= 0 {
		return nil
	}
	if err := b.sleep(ctx, wait); err != nil {
		b.refund(float64(n))
		return err
	}
	return nil
}

// reserve takes n tokens and returns how long until the bucket is out of debt.
func (b *tokenBucket) reserve(n float64) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	rate := float64(b.perMinute) / float64(time.Minute) // tokens per nanosecond
	b.tokens = min(float64(b.perMinute), b.tokens+float64(now.Sub(b.last))*rate)
	b.last = now
	b.tokens -= n
	if b.tokens >= 0 {
		return 0
	}
	return time.Duration(math.Ceil(-b.tokens / rate))
}

// refund gives back tokens of a reservation that was abandoned.
func (b *tokenBucket) refund(n float64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tokens = min(float64(b.perMinute), b.tokens+n)
}
