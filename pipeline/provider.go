package pipeline

import (
	"fmt"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/llm"
)

// NewProvider builds the configured LLM provider. The API key is read from
// the environment variable the config names, here and nowhere else, and is
// never stored. It is withheld (with a warning) from an endpoint reached by
// plain http off this machine.
func NewProvider(cfg *config.LLM, getenv func(string) string) (llm.Provider, []string, error) {
	switch cfg.Provider {
	case "", "offline":
		return llm.NewOffline(), nil, nil
	case "openai":
	default:
		return nil, nil, fmt.Errorf("llm.provider %q: use offline or openai", cfg.Provider)
	}
	key := getenv(cfg.APIKeyEnv)
	if key == "" && cfg.BaseURL == config.Default().LLM.BaseURL {
		return nil, nil, fmt.Errorf("llm.provider is openai but $%s is empty: export the key, or set llm.api_key_env to the variable that holds it", cfg.APIKeyEnv)
	}
	var warnings []string
	if key != "" && !llm.KeyAllowed(cfg.BaseURL) {
		key = ""
		warnings = append(warnings, fmt.Sprintf("llm.base_url %s is plain http to another machine: $%s is not sent (use https, or a loopback address)", cfg.BaseURL, cfg.APIKeyEnv))
	}
	p, err := llm.NewOpenAI(llm.Config{
		BaseURL: cfg.BaseURL, Model: cfg.Model, APIKey: key, Timeout: cfg.Timeout, Retries: cfg.Retries,
		MaxConcurrency: cfg.MaxConcurrency, TokensPerMinute: cfg.TokensPerMin, ContextTokens: cfg.ContextTokens,
		JSONSchema: cfg.JSONSchema,
	}, llm.WithSecretFilter(llm.SecretFilter{Patterns: cfg.SecretPatterns}))
	if err != nil {
		return nil, nil, fmt.Errorf("llm: %w", err)
	}
	return p, warnings, nil
}
