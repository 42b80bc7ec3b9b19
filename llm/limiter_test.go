package llm

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lgraph/lgraph/llm/llmtest"
)

// fakeClock is a clock that only moves when sleeping.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

// Now returns the fake time.
func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep advances the fake time by d.
func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	return ctx.Err()
}

func TestTokenBucket(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	rec := &sleepRecorder{}
	sleep := func(ctx context.Context, d time.Duration) error {
		_ = rec.sleep(ctx, d)
		return clock.Sleep(ctx, d)
	}
	b := newTokenBucket(600, clock.Now, sleep) // 10 tokens a second
	ctx := context.Background()
	steps := []struct {
		take int
		wait time.Duration
	}{
		{600, 0},                // a full bucket
		{300, 30 * time.Second}, // 300 tokens take 30s to refill
		{5000, time.Minute},     // clamped to the bucket size
	}
	for i, s := range steps {
		before := len(rec.all())
		if err := b.take(ctx, s.take); err != nil {
			t.Fatal(err)
		}
		var got time.Duration
		if w := rec.all(); len(w) > before {
			got = w[len(w)-1]
		}
		if got != s.wait {
			t.Errorf("step %d: waited %v, want %v", i, got, s.wait)
		}
	}
	if newTokenBucket(0, clock.Now, sleep).take(ctx, 1e9) != nil {
		t.Error("unlimited bucket refused")
	}
}

func TestOpenAITokensPerMinute(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	srv := llmtest.NewServer(t)
	p, err := NewOpenAI(Config{BaseURL: srv.BaseURL(), Model: "m", TokensPerMinute: 60},
		WithClock(clock.Now), WithSleep(clock.Sleep))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for range 3 {
		if _, err := p.SummarizeEdge(ctx, EdgeInput{SourcePath: "a", TargetPath: "b"}); err != nil {
			t.Fatal(err)
		}
	}
	// Each prompt is over 60 tokens: the first passes, the next two wait a
	// full minute each.
	if got := clock.Now().Sub(time.Unix(0, 0)); got != 2*time.Minute {
		t.Errorf("limiter waited %v in total, want 2m", got)
	}
}

func TestOpenAIMaxConcurrency(t *testing.T) {
	p, srv, _ := newTestProvider(t, func(c *Config) { c.MaxConcurrency = 2 })
	var inFlight, peak atomic.Int32
	srv.SetHook(func(int, llmtest.Request) llmtest.Fault {
		n := inFlight.Add(1)
		for {
			old := peak.Load()
			if n <= old || peak.CompareAndSwap(old, n) {
				break
			}
		}
		// Hold each request until a second one is in flight (or long
		// enough that none will come): a request that finished before the
		// next one started, on a loaded machine, made a peak of 1 out of
		// a limiter that works.
		for wait := time.Now().Add(5 * time.Second); peak.Load() < 2 && time.Now().Before(wait); {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(20 * time.Millisecond)
		inFlight.Add(-1)
		return llmtest.Fault{}
	})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := p.SummarizeFile(context.Background(), sampleFile()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if peak.Load() != 2 || srv.Calls() != 8 {
		t.Errorf("peak in flight %d (want 2), calls %d", peak.Load(), srv.Calls())
	}
}

func TestOpenAIReasoningModelRequest(t *testing.T) {
	p, srv, _ := newTestProvider(t, func(c *Config) { c.Model = "o3-mini" })
	if _, err := p.SummarizeFile(context.Background(), sampleFile()); err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(srv.Requests()[0].Body, &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"temperature", "max_tokens", "max_completion_tokens"} {
		if _, ok := raw[k]; ok {
			t.Errorf("reasoning model request sets %s", k)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"": 0, "3": 3 * time.Second, "1.5": 1500 * time.Millisecond, "junk": 0, "-1": 0,
		"Wed, 01 Jan 2025 00:00:10 GMT": 10 * time.Second,
	} {
		if got := parseRetryAfter(v, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", v, got, want)
		}
	}
	if got := backoff(3, time.Hour); got != maxRetryAfter {
		t.Errorf("Retry-After not capped: %v", got)
	}
	for n := range 40 {
		if d := backoff(n, 0); d <= 0 || d > maxBackoff {
			t.Errorf("backoff(%d) = %v", n, d)
		}
	}
}
