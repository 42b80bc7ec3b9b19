package llmtest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	openai "github.com/sashabaranov/go-openai"
)

// post sends a chat request and decodes the answer.
func post(t *testing.T, s *Server, req openai.ChatCompletionRequest) (int, openai.ChatCompletionResponse) {
	t.Helper()
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	httpReq, err := http.NewRequest(http.MethodPost, s.BaseURL()+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	httpReq.Header.Set("Authorization", "Bearer k")
	resp, err := http.DefaultClient.Do(httpReq)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out openai.ChatCompletionResponse
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func TestServerReplies(t *testing.T) {
	s := NewServer(t)
	msgs := []openai.ChatCompletionMessage{{Role: "system", Content: "abc"}, {Role: "user", Content: "defgh"}}
	tests := []struct {
		name   string
		format *openai.ChatCompletionResponseFormat
		status int
		want   string
	}{
		{"json_object", &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject},
			http.StatusOK, `{"summary":"` + Summary("abcdefgh") + `"}`},
		{"text", nil, http.StatusOK, Summary("abcdefgh")},
		{"json_schema without schema", &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONSchema},
			http.StatusBadRequest, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, resp := post(t, s, openai.ChatCompletionRequest{Model: "m", Messages: msgs, ResponseFormat: tt.format})
			if code != tt.status {
				t.Fatalf("status %d, want %d", code, tt.status)
			}
			if code != http.StatusOK {
				return
			}
			if got := resp.Choices[0].Message.Content; got != tt.want {
				t.Errorf("content %q, want %q", got, tt.want)
			}
			if resp.Usage.PromptTokens != 2 || resp.Usage.CompletionTokens != Tokens(tt.want) {
				t.Errorf("usage %+v", resp.Usage)
			}
		})
	}
	if s.Calls() != 3 || s.Billed() != 2 || s.PromptTokens() != 4 {
		t.Errorf("calls %d billed %d prompt tokens %d", s.Calls(), s.Billed(), s.PromptTokens())
	}
	if r := s.Requests()[0]; r.Authorization != "Bearer k" || r.Chat.Model != "m" || len(r.Body) == 0 {
		t.Errorf("recorded %+v", r)
	}
}

func TestServerFaults(t *testing.T) {
	s := NewServer(t)
	s.Enqueue(RateLimit("2"), Reply("raw"))
	s.SetHook(func(n int, _ Request) Fault { return Status(http.StatusTeapot, "hook") })
	req := openai.ChatCompletionRequest{Model: "m", Messages: []openai.ChatCompletionMessage{{Role: "user", Content: "x"}}}
	if code, _ := post(t, s, req); code != http.StatusTooManyRequests {
		t.Errorf("first: %d", code)
	}
	if _, resp := post(t, s, req); resp.Choices[0].Message.Content != "raw" {
		t.Errorf("second: %+v", resp)
	}
	if code, _ := post(t, s, req); code != http.StatusTeapot {
		t.Errorf("third: %d", code)
	}
}
