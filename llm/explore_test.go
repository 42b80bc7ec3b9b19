package llm

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/llm/llmtest"
)

// sampleExplore is a small Python file that registers and looks up
// handlers by name.
func sampleExplore() ExploreInput {
	return ExploreInput{Path: "app/handlers.py", Lang: "python", Content: []byte(
		"from registry import register, lookup\n\nregister(\"pdf\")\ndef pdf(doc):\n    return lookup(\"renderer\")(doc)\n")}
}

func TestParseCouplings(t *testing.T) {
	got, err := ParseCouplings("```json\n" + `{"couplings": [
		{"kind": "Topic", "key": " orders.created ", "evidence": ["publish(TOPIC)", "publish(TOPIC)"], "confidence": 0.444},
		{"kind": "env", "key": "DB_URL", "evidence": ["os.environ[name]"], "confidence": 0.5},
		{"kind": "env", "key": "DB_URL", "evidence": ["cfg.get(k)"], "confidence": 0.8},
		{"kind": "feeling", "key": "x", "evidence": ["x"], "confidence": 1},
		{"kind": "route", "key": "/a", "evidence": [], "confidence": 1}
	]}` + "\n```")
	if err != nil {
		t.Fatal(err)
	}
	want := []Coupling{
		{Kind: "env", Key: "DB_URL", Evidence: []string{"os.environ[name]", "cfg.get(k)"}, Confidence: 80},
		{Kind: "topic", Key: "orders.created", Evidence: []string{"publish(TOPIC)"}, Confidence: 44},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("couplings (-want +got):\n%s", diff)
	}
	for _, bad := range []string{`not json`, `{"summary": "x"}`, `{"couplings": [{"kind": "env", "key": "A", "evidence": ["a = 1"], "confidence": 1.5}]}`,
		`{"couplings": [{"kind": "env", "key": "A", "evidence": ["a = 1"]}]}`} {
		if _, err := ParseCouplings(bad); !errors.Is(err, ErrMalformedReply) {
			t.Errorf("ParseCouplings(%s) = %v, want ErrMalformedReply", bad, err)
		}
	}
}

func TestOpenAIExploreAgainstFake(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	res, err := p.Explore(context.Background(), sampleExplore())
	if err != nil {
		t.Fatal(err)
	}
	want := []Coupling{
		{Kind: "registry", Key: "pdf", Evidence: []string{`register("pdf")`}, Confidence: 90},
		{Kind: "registry", Key: "renderer", Evidence: []string{`return lookup("renderer")(doc)`}, Confidence: 70},
	}
	if diff := cmp.Diff(want, res.Couplings); diff != "" {
		t.Errorf("couplings (-want +got):\n%s", diff)
	}
	if res.Usage.Calls != 1 || res.Usage.PromptTokens != srv.PromptTokens() || res.Usage.CompletionTokens != srv.CompletionTokens() {
		t.Errorf("usage %+v, server %d+%d", res.Usage, srv.PromptTokens(), srv.CompletionTokens())
	}
	req := srv.Requests()[0].Chat
	if f := req.ResponseFormat; f == nil || f.JSONSchema == nil || f.JSONSchema.Name != "couplings" || !f.JSONSchema.Strict {
		t.Errorf("response format %+v, want the strict couplings schema", req.ResponseFormat)
	}
	var schema map[string]any
	if err := json.Unmarshal(req.ResponseFormat.JSONSchema.Schema.(json.RawMessage), &schema); err != nil {
		t.Errorf("schema is not JSON: %v", err)
	}
	if user := req.Messages[1].Content; strings.Contains(user, "app/handlers.py") || !strings.Contains(user, `register("pdf")`) {
		t.Errorf("the prompt must carry the content and not the path:\n%s", user)
	}
	if est := p.EstimateExplore(sampleExplore()); est != srv.PromptTokens() {
		t.Errorf("estimate %d, server billed %d prompt tokens", est, srv.PromptTokens())
	}
}

// TestOpenAIExploreFaults: the explorer's calls retry 429 (honouring
// Retry-After), 5xx, timeouts and dropped connections like every call, a
// malformed reply once, and fail after that.
func TestOpenAIExploreFaults(t *testing.T) {
	want, err := ParseCouplings(llmtest.ExploreCouplings(explorePrompt(sampleExplore()).text()))
	if err != nil || len(want) != 2 {
		t.Fatalf("fake couplings %v, err %v", want, err)
	}
	p, srv, rec := newTestProvider(t, func(c *Config) { c.Timeout = 150 * time.Millisecond; c.Retries = 4 })
	srv.Enqueue(llmtest.RateLimit("7"), llmtest.ServerError(), llmtest.Slow(3*time.Second), llmtest.Drop(), llmtest.Malformed())
	res, err := p.Explore(context.Background(), sampleExplore())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, res.Couplings); diff != "" {
		t.Errorf("couplings after faults (-want +got):\n%s", diff)
	}
	waits := rec.all()
	if len(waits) != 4 || waits[0] != 7*time.Second {
		t.Errorf("waits %v, want 4 backoffs, the first the 429's Retry-After of 7s", waits)
	}
	// The malformed answer and the good one are billed, and accounted.
	if srv.Calls() != 6 || srv.Billed() != 2 || res.Usage.Calls != 2 || res.Usage.Tokens() != srv.PromptTokens()+srv.CompletionTokens() {
		t.Errorf("server calls %d billed %d, usage %+v", srv.Calls(), srv.Billed(), res.Usage)
	}

	p2, srv2, _ := newTestProvider(t, nil)
	srv2.Enqueue(llmtest.Reply(`{"couplings": "none"}`), llmtest.Reply(`[]`))
	res, err = p2.Explore(context.Background(), sampleExplore())
	if !errors.Is(err, ErrMalformedReply) || srv2.Calls() != 2 || res.Usage.Calls != 2 {
		t.Errorf("two malformed replies: err %v, server calls %d, usage %+v", err, srv2.Calls(), res.Usage)
	}
	if strings.Contains(err.Error(), testKey) {
		t.Errorf("error shows the key: %v", err)
	}
}

func TestExploreSecretAndBudget(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	in := sampleExplore()
	in.Path = "cfg/credentials.py"
	if _, err := p.Explore(context.Background(), in); !errors.Is(err, ErrSecretFile) {
		t.Errorf("secret file: err %v, want ErrSecretFile", err)
	}
	if p.EstimateExplore(in) != 0 || srv.Calls() != 0 {
		t.Errorf("a secret file was estimated or sent: %d calls", srv.Calls())
	}

	need := p.EstimateExplore(sampleExplore()) + ReplyReserve
	b := NewBudget(p, need-1, ReplyReserve)
	if _, err := b.Explore(context.Background(), sampleExplore()); !errors.Is(err, ErrBudget) || srv.Calls() != 0 {
		t.Errorf("over budget: err %v, server calls %d", err, srv.Calls())
	}
	b = NewBudget(p, need, ReplyReserve)
	var m Meter
	res, err := Metered(b, &m, "implicit").Explore(context.Background(), sampleExplore())
	if err != nil || len(res.Couplings) != 2 {
		t.Fatalf("within budget: %v, %+v", err, res)
	}
	if b.Used() != res.Usage || m.Phase("implicit") != res.Usage {
		t.Errorf("budget used %+v, meter %+v, call %+v", b.Used(), m.Phase("implicit"), res.Usage)
	}

	off, err := NewOffline().Explore(context.Background(), sampleExplore())
	if err != nil || len(off.Couplings) != 0 || off.Usage != (Usage{}) {
		t.Errorf("offline explore: %+v, %v", off, err)
	}
}
