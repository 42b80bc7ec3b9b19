package llm

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/lgraph/lgraph/llm/llmtest"
)

func samplePieces() PieceBatch {
	return PieceBatch{Path: "srv/a.go", Lang: "go", Pieces: []Piece{
		{Kind: "function", Name: "New", Content: "func New() *Server { return &Server{} }\n"},
		{Content: "package srv\n\nimport \"net/http\"\n"},
	}}
}

func sampleEdges() EdgeBatch {
	return EdgeBatch{SourcePath: "srv/a.go", Edges: []EdgeInput{
		{Kinds: []string{"calls"}, Names: []string{"Get"}, Signatures: []string{"func Get(k string) string"}},
		{Kinds: []string{"imports"}, TargetSummary: "Helpers."},
	}}
}

// batchCalls are the two batched calls, each returning its texts, usage and
// the items it sent.
func batchCalls(p *OpenAI) map[string]func(ctx context.Context) (BatchResult, []string, error) {
	pieces, edges := samplePieces(), sampleEdges()
	return map[string]func(ctx context.Context) (BatchResult, []string, error){
		"pieces": func(ctx context.Context) (BatchResult, []string, error) {
			res, err := p.SummarizePieces(ctx, pieces)
			return res, []string{PieceItem("go", pieces.Pieces[0]), PieceItem("go", pieces.Pieces[1])}, err
		},
		"edges": func(ctx context.Context) (BatchResult, []string, error) {
			res, err := p.SummarizeEdges(ctx, edges)
			return res, []string{EdgeItem(edges.Edges[0]), EdgeItem(edges.Edges[1])}, err
		},
	}
}

// TestBatchHappyPath checks one reply per item, each the fake's per-item
// answer, the batch schema requested and usage equal to the server's count.
func TestBatchHappyPath(t *testing.T) {
	for name := range batchCalls(nil) {
		t.Run(name, func(t *testing.T) {
			p, srv, _ := newTestProvider(t, nil)
			res, items, err := batchCalls(p)[name](context.Background())
			if err != nil {
				t.Fatal(err)
			}
			req := srv.Requests()[0]
			for i, it := range items {
				if want := llmtest.Summary(req.Chat.Messages[0].Content + it); res.Texts[i] != want {
					t.Errorf("item %d: %q, want %q", i, res.Texts[i], want)
				}
			}
			rf := req.Chat.ResponseFormat
			if rf == nil || rf.Type != openai.ChatCompletionResponseFormatTypeJSONSchema || rf.JSONSchema.Name != "summaries" {
				t.Errorf("response_format = %+v", rf)
			}
			want := Usage{PromptTokens: srv.PromptTokens(), CompletionTokens: srv.CompletionTokens(), Calls: 1, SystemTokens: srv.SystemTokens()}
			if res.Usage != want {
				t.Errorf("usage %+v, server %+v", res.Usage, want)
			}
		})
	}
}

// TestBatchFaults: 429 with Retry-After, 5xx, a timeout and a dropped
// connection are retried and the batch still answers; a reply with the
// wrong number of items or not JSON is retried once, then fails with
// ErrMalformedReply, every billed attempt accounted.
func TestBatchFaults(t *testing.T) {
	transient := map[string]llmtest.Fault{
		"429": llmtest.RateLimit("7"), "500": llmtest.ServerError(), "drop": llmtest.Drop(),
		"timeout": llmtest.Slow(2 * time.Second),
	}
	for kind := range batchCalls(nil) {
		for fname, fault := range transient {
			t.Run(kind+"/"+fname, func(t *testing.T) {
				p, srv, rec := newTestProvider(t, func(c *Config) { c.Timeout = 300 * time.Millisecond })
				srv.Enqueue(fault)
				res, _, err := batchCalls(p)[kind](context.Background())
				if err != nil || len(res.Texts) != 2 {
					t.Fatalf("after one %s: %v, %d texts", fname, err, len(res.Texts))
				}
				if srv.Calls() != 2 || len(rec.all()) != 1 {
					t.Errorf("%d requests, waits %v; want 2 requests, 1 wait", srv.Calls(), rec.all())
				}
				if fname == "429" && rec.all()[0] < 7*time.Second {
					t.Errorf("waited %v, Retry-After said 7s", rec.all()[0])
				}
				if res.Usage.Calls != srv.Billed() || res.Usage.PromptTokens != srv.PromptTokens() {
					t.Errorf("usage %+v; server billed %d calls, %d prompt tokens", res.Usage, srv.Billed(), srv.PromptTokens())
				}
			})
		}
		for _, bad := range []string{`{"summaries": ["only one"]}`, `{"summaries": ["a", ""]}`, "not json", `{"summary": "x"}`} {
			t.Run(kind+"/malformed "+bad, func(t *testing.T) {
				p, srv, _ := newTestProvider(t, nil)
				srv.Enqueue(llmtest.Reply(bad))
				if res, _, err := batchCalls(p)[kind](context.Background()); err != nil || len(res.Texts) != 2 || res.Usage.Calls != 2 {
					t.Fatalf("one malformed reply then a good one: %v, %+v", err, res)
				}
				srv.Enqueue(llmtest.Reply(bad), llmtest.Reply(bad))
				res, _, err := batchCalls(p)[kind](context.Background())
				if !errors.Is(err, ErrMalformedReply) || res.Usage.Calls != 2 {
					t.Fatalf("two malformed replies: err %v, usage %+v; want ErrMalformedReply after 2 billed calls", err, res.Usage)
				}
				if strings.Contains(err.Error(), testKey) {
					t.Errorf("error shows the key: %v", err)
				}
			})
		}
	}
}

// TestBatchSecretRefused: a secret file's pieces are refused before any
// request.
func TestBatchSecretRefused(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	in := samplePieces()
	in.Path = "deploy/credentials.go"
	if _, err := p.SummarizePieces(context.Background(), in); !errors.Is(err, ErrSecretFile) {
		t.Fatalf("err %v, want ErrSecretFile", err)
	}
	if srv.Calls() != 0 || p.EstimatePieces(in) != 0 {
		t.Errorf("%d requests, estimate %d; want none", srv.Calls(), p.EstimatePieces(in))
	}
}

// TestBatchOfManyFiles: pieces of several files share one request, each
// item carrying its own file's language exactly as its cache key hashes it;
// a secret file among them refuses the whole request before it is sent,
// and the error names the files.
func TestBatchOfManyFiles(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	in := PieceBatch{Pieces: []Piece{
		{Path: "srv/a.go", Lang: "go", Kind: "function", Name: "New", Content: "func New() {}\n"},
		{Path: "app/b.py", Lang: "python", Kind: "function", Name: "run", Content: "def run(): pass\n"},
	}}
	res, err := p.SummarizePieces(context.Background(), in)
	if err != nil || len(res.Texts) != 2 || srv.Calls() != 1 {
		t.Fatalf("two files' pieces: %d texts, %d requests, err %v; want 2 texts in 1 request", len(res.Texts), srv.Calls(), err)
	}
	items, _ := llmtest.BatchItems(srv.Requests()[0].Chat)
	for i, want := range []string{PieceItem("go", in.Pieces[0]), PieceItem("python", in.Pieces[1])} {
		if i >= len(items) || strings.TrimSuffix(items[i], "\n") != strings.TrimSuffix(want, "\n") {
			t.Errorf("item %d sent %q, want %q", i, items, want)
		}
	}
	in.Pieces = append(in.Pieces, Piece{Path: "conf/.env", Lang: "", Content: "KEY=1\n"})
	if _, err := p.SummarizePieces(context.Background(), in); !errors.Is(err, ErrSecretFile) || srv.Calls() != 1 {
		t.Fatalf("with a secret file: err %v, %d requests; want ErrSecretFile and nothing sent", err, srv.Calls())
	}
	srv.Enqueue(llmtest.ServerError(), llmtest.ServerError(), llmtest.ServerError(), llmtest.ServerError())
	_, err = p.SummarizePieces(context.Background(), PieceBatch{Pieces: in.Pieces[:2]})
	if err == nil || !strings.Contains(err.Error(), "app/b.py and 1 other file") {
		t.Errorf("error of a failed request: %v; want it to name the files", err)
	}
}
