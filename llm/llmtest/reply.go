package llmtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

// reply writes a successful answer and bills it, unless the client already
// gave up. content, when non-empty, replaces the normal reply content.
func (s *Server) reply(w http.ResponseWriter, r *http.Request, n int, req openai.ChatCompletionRequest, content string) {
	if content == "" {
		var err error
		if content, err = normalContent(req); err != nil {
			writeError(w, http.StatusBadRequest, err.Error(), "")
			return
		}
	}
	usage := openai.Usage{PromptTokens: Tokens(PromptText(req)), CompletionTokens: Tokens(content)}
	usage.TotalTokens = usage.PromptTokens + usage.CompletionTokens
	resp := openai.ChatCompletionResponse{
		ID:      fmt.Sprintf("chatcmpl-%d", n),
		Object:  "chat.completion",
		Model:   req.Model,
		Choices: []openai.ChatCompletionChoice{{Message: openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: content}, FinishReason: openai.FinishReasonStop}},
		Usage:   usage,
	}
	body, err := json.Marshal(resp)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error(), "")
		return
	}
	if r.Context().Err() != nil {
		return
	}
	// Bill before writing: the answer reaches the client only once the
	// handler returns, so a client that got it always finds it billed.
	s.bill(usage, systemTokens(req))
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

// bill counts a delivered answer; system is its system prompt's tokens.
func (s *Server) bill(u openai.Usage, system int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.billed++
	s.prompt += u.PromptTokens
	s.completion += u.CompletionTokens
	s.system += system
}

// systemTokens is the tokens of a request's system messages.
func systemTokens(req openai.ChatCompletionRequest) int {
	n := 0
	for _, m := range req.Messages {
		if m.Role == openai.ChatMessageRoleSystem {
			n += Tokens(m.Content)
		}
	}
	return n
}

// normalContent is the deterministic reply to req: {"summary": Summary(...)}
// for json_schema and json_object requests, the bare summary for text ones,
// and ExploreCouplings for the implicit explorer's requests.
// A json_schema request without a schema is refused.
func normalContent(req openai.ChatCompletionRequest) (string, error) {
	if exploreRequest(req) {
		return ExploreCouplings(PromptText(req)), nil
	}
	if items, ok := BatchItems(req); ok {
		return batchContent(req, items)
	}
	summary := Summary(PromptText(req))
	format := openai.ChatCompletionResponseFormatTypeText
	if req.ResponseFormat != nil {
		format = req.ResponseFormat.Type
	}
	switch format {
	case openai.ChatCompletionResponseFormatTypeJSONSchema:
		if req.ResponseFormat.JSONSchema == nil || req.ResponseFormat.JSONSchema.Schema == nil {
			return "", fmt.Errorf("response_format json_schema without a schema")
		}
	case openai.ChatCompletionResponseFormatTypeJSONObject:
	default:
		return summary, nil
	}
	b, err := json.Marshal(map[string]string{"summary": summary})
	return string(b), err
}

// BatchItems splits a batched request (its system prompt asks for
// {"summaries": [...]}) into its items, the text under each
// "=== item i of n ===" header of the last message.
func BatchItems(req openai.ChatCompletionRequest) ([]string, bool) {
	if len(req.Messages) < 2 || !strings.Contains(req.Messages[0].Content, `{"summaries"`) {
		return nil, false
	}
	user := req.Messages[len(req.Messages)-1].Content
	var first int
	if _, err := fmt.Sscanf(user, "=== item 1 of %d ===\n", &first); err != nil || first < 1 {
		return nil, false
	}
	items := make([]string, 0, first)
	rest := user
	for i := 1; i <= first; i++ {
		rest = strings.TrimPrefix(rest, fmt.Sprintf("=== item %d of %d ===\n", i, first))
		end := len(rest)
		if i < first {
			end = strings.Index(rest, fmt.Sprintf("=== item %d of %d ===\n", i+1, first))
			if end < 0 {
				return nil, false
			}
		}
		items = append(items, rest[:end])
		rest = rest[end:]
	}
	return items, true
}

// batchContent replies one summary per item, each a pure function of the
// system prompt and that item alone, so an item's reply does not depend on
// what else shared its request.
func batchContent(req openai.ChatCompletionRequest, items []string) (string, error) {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = Summary(req.Messages[0].Content + it)
	}
	b, err := json.Marshal(map[string][]string{"summaries": out})
	return string(b), err
}

// Content is the reply the server gives req when no fault is queued.
func Content(req openai.ChatCompletionRequest) (string, error) { return normalContent(req) }
