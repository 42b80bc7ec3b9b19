package llm

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
)

func TestBudgetRefusesBeforeSending(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	in := sampleFile()
	in.Content = bytes.Repeat([]byte("x"), 40_000) // ~10k tokens
	b := NewBudget(p, 5_000, ReplyReserve)
	res, err := b.SummarizeFile(context.Background(), in)
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("err = %v, want ErrBudget", err)
	}
	if srv.Calls() != 0 || res.Usage != (Usage{}) || b.Used() != (Usage{}) {
		t.Errorf("refused call reached the server (%d calls) or cost %+v", srv.Calls(), b.Used())
	}
}

func TestBudgetAdmitsUntilExhausted(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	in := sampleFile()
	need := p.EstimateFile(in) + ReplyReserve
	// Room for two calls' reservations but not for a third after two are spent.
	b := NewBudget(p, 2*need+need/2, ReplyReserve)
	ctx := context.Background()
	for i := range 2 {
		if _, err := b.SummarizeFile(ctx, in); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	used := b.Used()
	if used.Tokens() != srv.PromptTokens()+srv.CompletionTokens() || used.Calls != 2 {
		t.Errorf("budget used %+v, server counted %d+%d", used, srv.PromptTokens(), srv.CompletionTokens())
	}
	// Each call used far less than its reservation, so a third fits...
	if _, err := b.SummarizeFile(ctx, in); err != nil {
		t.Fatalf("third call: %v", err)
	}
	// ...until what is used leaves less than one reservation.
	for i := 0; ; i++ {
		_, err := b.SummarizeFile(ctx, in)
		if errors.Is(err, ErrBudget) {
			break
		}
		if err != nil || i > 100 {
			t.Fatalf("call %d: err %v", i, err)
		}
	}
	if b.Used().Tokens()+need <= 2*need+need/2 {
		t.Errorf("refused with room left: used %d, need %d", b.Used().Tokens(), need)
	}
}

// TestBudgetConcurrentCallsDoNotOvershoot fires many calls at once against a
// budget that admits exactly three reservations.
func TestBudgetConcurrentCallsDoNotOvershoot(t *testing.T) {
	p, srv, _ := newTestProvider(t, func(c *Config) { c.MaxConcurrency = 8 })
	in := sampleFile()
	need := p.EstimateFile(in) + ReplyReserve
	b := NewBudget(p, 3*need, ReplyReserve)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() { _, _ = b.SummarizeFile(context.Background(), in) })
	}
	wg.Wait()
	if b.Used().Tokens() > 3*need || srv.Calls() < 3 {
		t.Errorf("used %d of %d over %d calls", b.Used().Tokens(), 3*need, srv.Calls())
	}
}

func TestBudgetZeroIsUnlimitedAndOfflineIsFree(t *testing.T) {
	ctx := context.Background()
	if _, err := NewBudget(NewOffline(), 1, ReplyReserve).SummarizeFile(ctx, sampleFile()); err != nil {
		t.Errorf("offline call refused: %v", err)
	}
	p, _, _ := newTestProvider(t, nil)
	in := sampleFile()
	in.Content = bytes.Repeat([]byte("y"), 100_000)
	if _, err := NewBudget(p, 0, ReplyReserve).SummarizeFile(ctx, in); err != nil {
		t.Errorf("unlimited budget refused: %v", err)
	}
}

func TestMeteredThroughBudget(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	var m Meter
	prov := NewBudget(Metered(p, &m, "enrich"), 0, ReplyReserve)
	if prov.EstimateFile(sampleFile()) != p.EstimateFile(sampleFile()) {
		t.Error("wrappers lost the provider's estimate")
	}
	if _, err := prov.SummarizeFile(context.Background(), sampleFile()); err != nil {
		t.Fatal(err)
	}
	want := Usage{PromptTokens: srv.PromptTokens(), CompletionTokens: srv.CompletionTokens(), Calls: 1, SystemTokens: srv.SystemTokens()}
	if m.Phase("enrich") != want || m.Total() != want {
		t.Errorf("meter %+v, want %+v", m.Phase("enrich"), want)
	}
}
