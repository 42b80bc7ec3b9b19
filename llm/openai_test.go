package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/lgraph/lgraph/llm/llmtest"
)

// TestOpenAIHappyPath makes one call of each kind and checks the text, the
// request and that token accounting equals the server's count exactly.
func TestOpenAIHappyPath(t *testing.T) {
	p, srv, rec := newTestProvider(t, nil)
	ctx := context.Background()
	if p.ID() != "openai:gpt-4o-mini" {
		t.Errorf("ID = %q", p.ID())
	}
	var total Usage
	calls := []func() (Result, error){
		func() (Result, error) { return p.SummarizeFile(ctx, sampleFile()) },
		func() (Result, error) {
			return p.SummarizeEdge(ctx, EdgeInput{SourcePath: "a.go", TargetPath: "b.go", Kinds: []string{"calls"}, Names: []string{"F"}})
		},
		func() (Result, error) {
			return p.ModuleDoc(ctx, ModuleInput{Dir: "srv", Members: []MemberInfo{{Path: "srv/a.go", Summary: "A."}}})
		},
	}
	for i, call := range calls {
		res, err := call()
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		req := srv.Requests()[i]
		if want := llmtest.Summary(llmtest.PromptText(req.Chat)); res.Text != want {
			t.Errorf("call %d: text = %q, want %q", i, res.Text, want)
		}
		total = total.Add(res.Usage)
	}
	want := Usage{PromptTokens: srv.PromptTokens(), CompletionTokens: srv.CompletionTokens(), Calls: srv.Billed(), SystemTokens: srv.SystemTokens()}
	if total != want || total.Calls != 3 || total.PromptTokens == 0 {
		t.Errorf("usage = %+v, server counted %+v", total, want)
	}
	if len(rec.all()) != 0 {
		t.Errorf("slept %v on a clean run", rec.all())
	}
	checkRequest(t, srv.Requests()[0], openai.ChatCompletionResponseFormatTypeJSONSchema)
}

// checkRequest checks the fixed parts of a request.
func checkRequest(t *testing.T, req llmtest.Request, format openai.ChatCompletionResponseFormatType) {
	t.Helper()
	if req.Authorization != "Bearer "+testKey {
		t.Errorf("Authorization = %q", req.Authorization)
	}
	if req.Chat.Model != "gpt-4o-mini" || req.Chat.Temperature > 1e-6 {
		t.Errorf("model %q temperature %v", req.Chat.Model, req.Chat.Temperature)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(req.Body, &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw["temperature"]; !ok {
		t.Errorf("temperature not sent: %s", req.Body)
	}
	rf := req.Chat.ResponseFormat
	if rf == nil || rf.Type != format {
		t.Fatalf("response_format = %+v, want %s", rf, format)
	}
	if format == openai.ChatCompletionResponseFormatTypeJSONSchema {
		schema, _ := json.Marshal(rf.JSONSchema.Schema)
		if !rf.JSONSchema.Strict || !strings.Contains(string(schema), `"summary"`) {
			t.Errorf("json_schema = %+v %s", rf.JSONSchema, schema)
		}
	}
}

func TestOpenAIJSONObjectMode(t *testing.T) {
	p, srv, _ := newTestProvider(t, func(c *Config) { c.JSONSchema = false })
	if _, err := p.SummarizeFile(context.Background(), sampleFile()); err != nil {
		t.Fatal(err)
	}
	req := srv.Requests()[0]
	checkRequest(t, req, openai.ChatCompletionResponseFormatTypeJSONObject)
	if !strings.Contains(llmtest.PromptText(req.Chat), `{"summary"`) {
		t.Error("json_object prompt does not describe the schema")
	}
}

func TestOpenAIRateLimitHonoursRetryAfter(t *testing.T) {
	p, srv, rec := newTestProvider(t, nil)
	srv.Enqueue(llmtest.RateLimit("7"))
	res, err := p.SummarizeFile(context.Background(), sampleFile())
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.all(); len(got) != 1 || got[0] != 7*time.Second {
		t.Errorf("waits = %v, want [7s]", got)
	}
	if srv.Calls() != 2 || res.Usage.Calls != 1 || res.Usage.PromptTokens != srv.PromptTokens() {
		t.Errorf("server calls %d, usage %+v, server prompt tokens %d", srv.Calls(), res.Usage, srv.PromptTokens())
	}
}

func TestOpenAIServerErrorsExhaustRetries(t *testing.T) {
	p, srv, rec := newTestProvider(t, func(c *Config) { c.Retries = 2 })
	srv.Enqueue(llmtest.ServerError(), llmtest.ServerError(), llmtest.ServerError(), llmtest.ServerError())
	_, err := p.SummarizeFile(context.Background(), sampleFile())
	var apiErr *openai.APIError
	if !errors.As(err, &apiErr) || apiErr.HTTPStatusCode != http.StatusInternalServerError {
		t.Fatalf("err = %v, want a 500 APIError", err)
	}
	if srv.Calls() != 3 {
		t.Errorf("server calls = %d, want 3 (1 + 2 retries)", srv.Calls())
	}
	waits := rec.all()
	if len(waits) != 2 || waits[0] < baseBackoff/2 || waits[0] > baseBackoff || waits[1] < baseBackoff || waits[1] > 2*baseBackoff {
		t.Errorf("waits = %v, want exponential backoff with jitter", waits)
	}
	if !strings.Contains(err.Error(), "after 3 attempts") {
		t.Errorf("err = %v", err)
	}
}

func TestOpenAITimeoutThenSuccess(t *testing.T) {
	p, srv, rec := newTestProvider(t, func(c *Config) { c.Timeout = 150 * time.Millisecond })
	srv.Enqueue(llmtest.Slow(3 * time.Second))
	start := time.Now()
	res, err := p.SummarizeFile(context.Background(), sampleFile())
	if err != nil {
		t.Fatal(err)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("took %v: the per-call timeout did not cut the slow reply", elapsed)
	}
	if srv.Calls() != 2 || len(rec.all()) != 1 {
		t.Errorf("server calls %d, waits %v", srv.Calls(), rec.all())
	}
	if res.Usage.Calls != 1 || res.Usage.Tokens() != srv.PromptTokens()+srv.CompletionTokens() {
		t.Errorf("usage %+v, server %d+%d", res.Usage, srv.PromptTokens(), srv.CompletionTokens())
	}
}

func TestOpenAIMalformedRetriedOnceThenFails(t *testing.T) {
	p, srv, rec := newTestProvider(t, nil)
	srv.Enqueue(llmtest.Malformed(), llmtest.Reply(`{"summary": ""}`), llmtest.Reply(`{"summary":"never asked"}`))
	res, err := p.SummarizeFile(context.Background(), sampleFile())
	if !errors.Is(err, ErrMalformedReply) {
		t.Fatalf("err = %v, want ErrMalformedReply", err)
	}
	if srv.Calls() != 2 || len(rec.all()) != 0 {
		t.Errorf("server calls %d (want 2), waits %v", srv.Calls(), rec.all())
	}
	if res.Usage.Calls != 2 || res.Usage.PromptTokens != srv.PromptTokens() || res.Usage.CompletionTokens != srv.CompletionTokens() {
		t.Errorf("usage of the failed call %+v, server %d/%d", res.Usage, srv.PromptTokens(), srv.CompletionTokens())
	}
}

func TestOpenAIMalformedThenValid(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	srv.Enqueue(llmtest.Reply(`{"other": 1}`), llmtest.Reply("```json\n{\"summary\": \" Fenced. \"}\n```"))
	res, err := p.SummarizeFile(context.Background(), sampleFile())
	if err != nil || res.Text != "Fenced." {
		t.Fatalf("res %q, err %v", res.Text, err)
	}
}

func TestOpenAIDroppedConnectionRetried(t *testing.T) {
	p, srv, rec := newTestProvider(t, nil)
	srv.Enqueue(llmtest.Drop(), llmtest.Drop())
	res, err := p.SummarizeFile(context.Background(), sampleFile())
	if err != nil {
		t.Fatal(err)
	}
	if srv.Calls() != 3 || len(rec.all()) != 2 || res.Usage.Calls != 1 {
		t.Errorf("server calls %d (want 3), waits %v, usage %+v", srv.Calls(), rec.all(), res.Usage)
	}
}

func TestOpenAIKeyNeverInErrors(t *testing.T) {
	t.Run("401 echoing the key is final", func(t *testing.T) {
		p, srv, _ := newTestProvider(t, nil)
		srv.Enqueue(llmtest.Status(http.StatusUnauthorized, "Incorrect API key provided: "+testKey))
		_, err := p.SummarizeFile(context.Background(), sampleFile())
		assertNoKey(t, err)
		if srv.Calls() != 1 {
			t.Errorf("a 401 was retried: %d calls", srv.Calls())
		}
		var apiErr *openai.APIError
		if !errors.As(err, &apiErr) || apiErr.HTTPStatusCode != http.StatusUnauthorized {
			t.Errorf("cause lost: %v", err)
		}
	})
	t.Run("retries exhausted", func(t *testing.T) {
		p, srv, _ := newTestProvider(t, func(c *Config) { c.Retries = 1 })
		srv.SetHook(func(int, llmtest.Request) llmtest.Fault {
			return llmtest.Status(http.StatusBadGateway, "upstream rejected key "+testKey)
		})
		_, err := p.ModuleDoc(context.Background(), ModuleInput{Dir: "x"})
		assertNoKey(t, err)
	})
	t.Run("dropped connections", func(t *testing.T) {
		p, srv, _ := newTestProvider(t, func(c *Config) { c.Retries = 0 })
		srv.Enqueue(llmtest.Drop())
		_, err := p.SummarizeEdge(context.Background(), EdgeInput{SourcePath: "a", TargetPath: "b"})
		assertNoKey(t, err)
	})
}

// assertNoKey wants an error whose message does not hold the API key.
func assertNoKey(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Fatal("want an error")
	}
	if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), testKey[10:]) {
		t.Errorf("error shows the API key: %v", err)
	}
}

func TestOpenAICancelledContextStopsRetrying(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	srv.SetHook(func(int, llmtest.Request) llmtest.Fault { cancel(); return llmtest.ServerError() })
	_, err := p.SummarizeFile(ctx, sampleFile())
	if err == nil || srv.Calls() != 1 {
		t.Fatalf("err %v after %d calls, want one call then stop", err, srv.Calls())
	}
}

func TestNewOpenAIValidates(t *testing.T) {
	for _, cfg := range []Config{{}, {Model: "m", BaseURL: "ftp://x"}, {Model: "m", BaseURL: "localhost:8080"}} {
		if _, err := NewOpenAI(cfg); err == nil {
			t.Errorf("NewOpenAI(%+v) accepted", cfg)
		}
	}
	if _, err := NewOpenAI(Config{Model: "m"}, WithSecretFilter(SecretFilter{Patterns: []string{"["}})); err == nil {
		t.Error("bad secret pattern accepted")
	}
}
