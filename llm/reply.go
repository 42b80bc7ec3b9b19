package llm

import (
	"encoding/json"
	"fmt"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

// replySchema is the JSON schema of every reply: {"summary": string}.
const replySchema = `{"type":"object","properties":{"summary":{"type":"string"}},` +
	`"required":["summary"],"additionalProperties":false}`

// responseFormat asks for a schema-checked reply (json_schema, strict) or,
// for servers without it, for any JSON object (json_object); the prompt
// describes the schema in both cases and every reply is validated anyway.
// A batched call asks for batchSchema instead.
func responseFormat(jsonSchema, batch bool) *openai.ChatCompletionResponseFormat {
	if !jsonSchema {
		return &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	name, schema := "summary", replySchema
	if batch {
		name, schema = "summaries", batchSchema
	}
	return &openai.ChatCompletionResponseFormat{
		Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
		JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
			Name:   name,
			Schema: json.RawMessage(schema),
			Strict: true,
		},
	}
}

// parseReply validates a reply content against the schema and returns the
// summary. A reply wrapped in a markdown code fence is accepted.
func parseReply(content string) (string, error) {
	content = unfence(strings.TrimSpace(content))
	var reply struct {
		Summary *string `json:"summary"`
	}
	if err := json.Unmarshal([]byte(content), &reply); err != nil {
		return "", fmt.Errorf("%w: not a JSON object with a string \"summary\": %v", ErrMalformedReply, err)
	}
	if reply.Summary == nil {
		return "", fmt.Errorf("%w: no \"summary\" field", ErrMalformedReply)
	}
	s := strings.TrimSpace(*reply.Summary)
	if s == "" {
		return "", fmt.Errorf("%w: empty \"summary\"", ErrMalformedReply)
	}
	return s, nil
}

// unfence strips a surrounding ``` or ```json fence.
func unfence(s string) string {
	if !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") || len(s) < 6 {
		return s
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "```"), "```")
	if nl := strings.IndexByte(s, '\n'); nl >= 0 && !strings.HasPrefix(strings.TrimSpace(s[:nl]), "{") {
		s = s[nl+1:]
	}
	return strings.TrimSpace(s)
}
