// Package llmtest is an OpenAI-compatible fake chat-completion server for
// tests: real HTTP on httptest, deterministic replies and token counts
// derived from the request, a record of every request, and per-request fault
// injection (429, 5xx, slow replies, malformed content, dropped connections).
//
// Point a client at BaseURL (the server's URL plus "/v1"); go-openai appends
// "/chat/completions".
package llmtest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Request is one request the server received.
type Request struct {
	// Body is the raw request body.
	Body []byte
	// Authorization is the Authorization header as sent.
	Authorization string
	// Chat is Body decoded.
	Chat openai.ChatCompletionRequest
}

// Server is the fake. It is safe for concurrent use.
type Server struct {
	srv *httptest.Server

	mu         sync.Mutex
	requests   []Request
	prompt     int
	completion int
	system     int
	billed     int
	queue      []Fault
	hook       func(n int, r Request) Fault
	// seen holds every request to any path, as an attacker's server would
	// see it (security tests look for leaked credentials there).
	seen []Seen
}

// Seen is any HTTP request the server received, on any path.
type Seen struct {
	Method, Path string
	Header       http.Header
	Body         []byte
}

// NewServer starts a server that tb's cleanup closes.
func NewServer(tb testing.TB) *Server {
	tb.Helper()
	s := Start()
	tb.Cleanup(s.Close)
	return s
}

// Start starts a server; the caller closes it.
func Start() *Server {
	s := &Server{}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.handle)
	s.srv = httptest.NewServer(s.recordAll(mux))
	return s
}

// recordAll keeps a copy of every request before serving it.
func (s *Server) recordAll(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body.Close()
		s.mu.Lock()
		s.seen = append(s.seen, Seen{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
		s.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// Seen returns every request received on any path, in arrival order.
func (s *Server) Seen() []Seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Seen(nil), s.seen...)
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// URL is the server's root URL.
func (s *Server) URL() string { return s.srv.URL }

// BaseURL is the OpenAI-style base URL: URL + "/v1".
func (s *Server) BaseURL() string { return s.srv.URL + "/v1" }

// Enqueue adds faults answered, in order, to the next requests; when the
// queue is empty the hook (if any) decides, else the reply is normal.
func (s *Server) Enqueue(faults ...Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, faults...)
}

// SetHook sets a function deciding the Fault of each request not served from
// the queue; n counts requests from 1.
func (s *Server) SetHook(fn func(n int, r Request) Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hook = fn
}

// Calls is the number of requests received, faulty ones included.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// Billed is the number of successful (200) answers delivered.
func (s *Server) Billed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.billed
}

// PromptTokens is the sum of prompt tokens of delivered answers.
func (s *Server) PromptTokens() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.prompt
}

// CompletionTokens is the sum of completion tokens of delivered answers.
func (s *Server) CompletionTokens() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.completion
}

// SystemTokens is the part of PromptTokens spent on system prompts.
func (s *Server) SystemTokens() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.system
}

// Requests returns a copy of every request received, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Tokens estimates tokens the way the server bills them: ceil(len(s)/4).
func Tokens(s string) int { return (len(s) + 3) / 4 }

// PromptText is all message text of a request, concatenated: what prompt
// tokens are computed from.
func PromptText(req openai.ChatCompletionRequest) string {
	var b strings.Builder
	for _, m := range req.Messages {
		b.WriteString(m.Content)
		for _, part := range m.MultiContent {
			b.WriteString(part.Text)
		}
	}
	return b.String()
}

// Summary is the summary the server replies for a prompt text:
// "summary of " + the first 8 hex digits of its SHA-256.
func Summary(promptText string) string {
	sum := sha256.Sum256([]byte(promptText))
	return "summary of " + hex.EncodeToString(sum[:])[:8]
}

// handle serves one chat completion.
func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "read body: "+err.Error(), "")
		return
	}
	req := Request{Body: body, Authorization: r.Header.Get("Authorization")}
	decodeErr := json.Unmarshal(body, &req.Chat)
	n, fault := s.record(req)
	if decodeErr != nil {
		writeError(w, http.StatusBadRequest, "decode request: "+decodeErr.Error(), "")
		return
	}
	if fault.Delay > 0 && !wait(r, fault.Delay) {
		return
	}
	switch {
	case fault.Drop:
		drop(w)
	case fault.Status != 0:
		writeError(w, fault.Status, fault.Message, fault.RetryAfter)
	default:
		s.reply(w, r, n, req.Chat, fault.Content)
	}
}

// record stores req and picks its fault. The hook runs outside the lock, so
// it may block to observe concurrent requests.
func (s *Server) record(req Request) (int, Fault) {
	s.mu.Lock()
	s.requests = append(s.requests, req)
	n := len(s.requests)
	hook := s.hook
	if len(s.queue) > 0 {
		f := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		return n, f
	}
	s.mu.Unlock()
	if hook != nil {
		return n, hook(n, req)
	}
	return n, Fault{}
}

// wait sleeps d; false if the client went away first.
func wait(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-r.Context().Done():
		return false
	case <-t.C:
		return true
	}
}

// drop closes the connection without an answer.
func drop(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("llmtest: response writer cannot hijack")
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(fmt.Sprintf("llmtest: hijack: %v", err))
	}
	conn.Close()
}

// writeError writes an OpenAI-style error answer.
func writeError(w http.ResponseWriter, status int, message, retryAfter string) {
	if retryAfter != "" {
		w.Header().Set("Retry-After", retryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	body := map[string]any{"error": map[string]any{"message": message, "type": http.StatusText(status), "code": nil}}
	_ = json.NewEncoder(w).Encode(body)
}
