package llm

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

func TestKeyAllowed(t *testing.T) {
	for url, want := range map[string]bool{
		"https://api.openai.com/v1":     true,
		"https://10.0.0.5:8443/v1":      true,
		"http://localhost:11434/v1":     true,
		"http://LOCALHOST:11434/v1":     true,
		"http://127.0.0.1:8080/v1":      true,
		"http://127.8.9.10/v1":          true,
		"http://[::1]:8080/v1":          true,
		"http://ollama.lan:11434/v1":    false,
		"http://10.0.0.5:8080/v1":       false,
		"http://localhost.evil.com/v1":  false,
		"http://127.0.0.1.nip.io/v1":    false,
		"ftp://localhost/v1":            false,
		"https:///v1":                   false,
		"http://[::ffff:8.8.8.8]:80/v1": false,
	} {
		if got := KeyAllowed(url); got != want {
			t.Errorf("KeyAllowed(%q) = %v, want %v", url, got, want)
		}
	}
}

func TestNewOpenAIRefusesKeyOverPlainHTTP(t *testing.T) {
	_, err := NewOpenAI(Config{BaseURL: "http://ollama.lan:11434/v1", Model: "m", APIKey: "k"})
	if !errors.Is(err, ErrInsecureKey) {
		t.Fatalf("err = %v, want ErrInsecureKey", err)
	}
	if _, err := NewOpenAI(Config{BaseURL: "http://ollama.lan:11434/v1", Model: "m"}); err != nil {
		t.Fatalf("no key, plain http: %v", err)
	}
}

// TestGuardRefusesAnyClient checks the last line of defence: even a client
// handed in by a caller never sends the key off-machine in clear text.
func TestGuardRefusesAnyClient(t *testing.T) {
	req, _ := http.NewRequest("POST", "http://203.0.113.7/v1/chat/completions", nil)
	req.Header.Set("Authorization", "Bearer k")
	if _, err := (headerDoer{client: http.DefaultClient}).Do(req); !errors.Is(err, ErrInsecureKey) {
		t.Fatalf("err = %v, want ErrInsecureKey", err)
	}
}

// TestRedirectIsNotFollowed: an endpoint that redirects elsewhere must not
// get the key replayed to the new location.
func TestRedirectIsNotFollowed(t *testing.T) {
	var mu sync.Mutex
	var leaked []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		leaked = append(leaked, r.Header.Get("Authorization"))
		mu.Unlock()
	}))
	defer other.Close()
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer redirector.Close()
	p, err := NewOpenAI(Config{BaseURL: redirector.URL + "/v1", Model: "m", APIKey: "secret-key", Retries: 0})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.SummarizeFile(context.Background(), FileInput{Path: "a.go", Lang: "go", Content: []byte("package a")})
	if err == nil || !strings.Contains(err.Error(), "follows no redirect") {
		t.Fatalf("err = %v, want a refused redirect", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(leaked) != 0 {
		t.Fatalf("the redirect target received %q", leaked)
	}
}
