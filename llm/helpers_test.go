package llm

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/lgraph/lgraph/llm/llmtest"
)

// testKey is the API key tests send; it must never show in an error.
const testKey = "sk-test-4f9a1c2e7b3d5f6a8c9e0b1d2f3a4c5e"

// sleepRecorder is a SleepFunc that records waits and returns at once.
type sleepRecorder struct {
	mu    sync.Mutex
	waits []time.Duration
}

// sleep records d.
func (s *sleepRecorder) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.waits = append(s.waits, d)
	return ctx.Err()
}

// all returns the recorded waits.
func (s *sleepRecorder) all() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.waits...)
}

// newTestProvider starts a fake server and an OpenAI provider pointed at it.
// edit may change the config before the provider is built.
func newTestProvider(t *testing.T, edit func(*Config)) (*OpenAI, *llmtest.Server, *sleepRecorder) {
	t.Helper()
	srv := llmtest.NewServer(t)
	cfg := Config{
		BaseURL:        srv.BaseURL(),
		Model:          "gpt-4o-mini",
		APIKey:         testKey,
		Timeout:        5 * time.Second,
		Retries:        3,
		MaxConcurrency: 4,
		JSONSchema:     true,
	}
	if edit != nil {
		edit(&cfg)
	}
	rec := &sleepRecorder{}
	p, err := NewOpenAI(cfg, WithSleep(rec.sleep))
	if err != nil {
		t.Fatalf("NewOpenAI: %v", err)
	}
	return p, srv, rec
}

// sampleFile is a small Go file input.
func sampleFile() FileInput {
	return FileInput{
		Path: "server/server.go",
		Lang: "go",
		Content: []byte("// Package server serves the graph over HTTP. It is small.\npackage server\n\n" +
			"import \"net/http\"\n\n// Server serves.\ntype Server struct{}\n\nfunc New() *Server { return &Server{} }\n"),
		Doc: "Package server serves the graph over HTTP. It is small.",
		Symbols: []SymbolInfo{
			{Name: "Server", Qualified: "Server", Kind: "struct", Signature: "type Server struct", Doc: "Server serves."},
			{Name: "New", Qualified: "New", Kind: "function", Signature: "func New() *Server"},
		},
		Imports: []string{"net/http"},
	}
}
