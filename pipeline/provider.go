package pipeline

import (
	"fmt"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/llm"
)

// NewProvider builds the configured LLM provider. The API key is read from
// the environment variable the config names, here and nowhere else, and is
// never stored.
func NewProvider(cfg *config.LLM, getenv func(string) string) (llm.Provider, error) {
	switch cfg.Provider {
	case "", "offline":
		return llm.NewOffline(), nil
	case "openai":
	default:
		return nil, fmt.Errorf("llm.provider %q: use offline or openai", cfg.Provider)
	}
	key := getenv(cfg.APIKeyEnv)
	if key == "" && cfg.BaseURL == config.Default().LLM.BaseURL {
		return nil, fmt.Errorf("llm.provider is openai but $%s is empty: export the key, or set llm.api_key_env to the variable that holds it", cfg.APIKeyEnv)
	}
	p, err := llm.NewOpenAI(llm.Config{
		BaseURL: cfg.BaseURL, Model: cfg.Model, APIKey: key, Timeout: cfg.Timeout, Retries: cfg.Retries,
		MaxConcurrency: cfg.MaxConcurrency, TokensPerMinute: cfg.TokensPerMin, ContextTokens: cfg.ContextTokens,
		JSONSchema: cfg.JSONSchema,
	}, llm.WithSecretFilter(llm.SecretFilter{Patterns: cfg.SecretPatterns}))
	if err != nil {
		return nil, fmt.Errorf("llm: %w", err)
	}
	return p, nil
}
