package llmtest

import (
	"encoding/json"
	"fmt"
	"net/http"

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
	s.bill(usage)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

// bill counts a delivered answer.
func (s *Server) bill(u openai.Usage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.billed++
	s.prompt += u.PromptTokens
	s.completion += u.CompletionTokens
}

// normalContent is the deterministic reply to req: {"summary": Summary(...)}
// for json_schema and json_object requests, the bare summary for text ones,
// and ExploreCouplings for the implicit explorer's requests.
// A json_schema request without a schema is refused.
func normalContent(req openai.ChatCompletionRequest) (string, error) {
	if exploreRequest(req) {
		return ExploreCouplings(PromptText(req)), nil
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
