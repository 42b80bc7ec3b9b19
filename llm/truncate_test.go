package llm

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lgraph/lgraph/llm/llmtest"
)

func TestOpenAITruncatesToContext(t *testing.T) {
	const contextTokens = 2000
	p, srv, _ := newTestProvider(t, func(c *Config) { c.ContextTokens = contextTokens })
	in := sampleFile()
	head := "// Package big is the head that must survive.\n"
	in.Content = []byte(head + strings.Repeat("é0123456789abcdef\n", 6000)) // ~114 KB, two-byte runes
	est := p.EstimateFile(in)
	if _, err := p.SummarizeFile(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	req := srv.Requests()[0]
	text := llmtest.PromptText(req.Chat)
	sent := llmtest.Tokens(text)
	reserve := replyReserve(contextTokens)
	if sent > contextTokens-reserve {
		t.Errorf("prompt of %d tokens does not leave %d of %d for the reply", sent, reserve, contextTokens)
	}
	if sent < contextTokens-reserve-20 {
		t.Errorf("prompt of %d tokens wastes the context (limit %d)", sent, contextTokens-reserve)
	}
	if est != sent || srv.PromptTokens() != sent {
		t.Errorf("estimate %d, sent %d, billed %d: want equal", est, sent, srv.PromptTokens())
	}
	if !strings.Contains(text, head) || !strings.Contains(text, "[... truncated ") || !utf8.ValidString(text) {
		t.Errorf("truncated prompt lost the head, the marker or UTF-8 validity:\n%.300s", text)
	}
	if req.Chat.MaxCompletionTokens != reserve {
		t.Errorf("max_completion_tokens = %d, want %d", req.Chat.MaxCompletionTokens, reserve)
	}
}

func TestFitText(t *testing.T) {
	s := strings.Repeat("a", 100)
	if got, cut, err := fitText(s, 0, 100); got != s || cut != 0 || err != nil {
		t.Errorf("fitting text was cut: %d %v", cut, err)
	}
	got, cut, err := fitText(s, 20, 20)
	if err != nil || EstimateTokens(strings.Repeat("s", 20)+got) > 20 || cut == 0 {
		t.Errorf("fitText = %q, %d, %v", got, cut, err)
	}
	if _, _, err := fitText(s, 80, 20); err == nil {
		t.Error("want an error when the fixed part fills the context")
	}
}

func TestEstimateTokens(t *testing.T) {
	for s, want := range map[string]int{"": 0, "a": 1, "abcd": 1, "abcde": 2, "12345678": 2} {
		if got := EstimateTokens(s); got != want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", s, got, want)
		}
	}
}
