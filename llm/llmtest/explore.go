package llmtest

import (
	"encoding/json"
	"regexp"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

// exploreRequest reports a request of the implicit explorer: its schema is
// named "couplings", or, without a schema, its system prompt asks for them.
func exploreRequest(req openai.ChatCompletionRequest) bool {
	if f := req.ResponseFormat; f != nil && f.JSONSchema != nil {
		return f.JSONSchema.Name == "couplings"
	}
	return len(req.Messages) > 0 && strings.Contains(req.Messages[0].Content, `{"couplings"`)
}

// registryCall is what the fake model reads as a key looked up or
// registered by name: register("x"), lookup("x"), handler_for("x").
var registryCall = regexp.MustCompile(`\b(?:register|lookup|handler_for)\(\s*["']([A-Za-z0-9_.:/-]+)["']`)

// envCall is what it reads as an environment variable read through a
// helper the rules do not know: env_var("NAME").
var envCall = regexp.MustCompile(`\benv_var\(\s*["']([A-Z][A-Z0-9_]+)["']`)

// ExploreCouplings is the fake model's exploration of a prompt's content:
// a registry key for every register("k"), lookup("k") or handler_for("k")
// call, quoting its line, with confidence 0.9 for register and 0.7 for the
// others, and an env key (confidence 0.6) for every env_var("NAME"). It is
// a pure function of the prompt, as the server's summaries are.
func ExploreCouplings(promptText string) string {
	_, content, _ := strings.Cut(promptText, "Content:\n")
	type item struct {
		Kind       string   `json:"kind"`
		Key        string   `json:"key"`
		Evidence   []string `json:"evidence"`
		Confidence float64  `json:"confidence"`
	}
	out := []item{}
	for _, line := range strings.Split(content, "\n") {
		for _, m := range registryCall.FindAllStringSubmatch(line, -1) {
			conf := 0.7
			if strings.HasPrefix(m[0], "register") {
				conf = 0.9
			}
			out = append(out, item{Kind: "registry", Key: m[1], Evidence: []string{strings.TrimSpace(line)}, Confidence: conf})
		}
		for _, m := range envCall.FindAllStringSubmatch(line, -1) {
			out = append(out, item{Kind: "env", Key: m[1], Evidence: []string{strings.TrimSpace(line)}, Confidence: 0.6})
		}
	}
	b, _ := json.Marshal(map[string]any{"couplings": out})
	return string(b)
}
