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

// Price is the configured model's price: llm.prices, then a non-zero
// llm.price_per_1k, then the built-in list prices. ok is false when none
// is known; the cost of a paid run is then reported as unknown.
func Price(cfg *config.LLM) (llm.Price, bool) {
	table := make(map[string]llm.Price, len(cfg.Prices))
	for m, p := range cfg.Prices {
		table[m] = llm.Price{Prompt: p.PromptPerMTok / 1000, Completion: p.CompletionPerMTok / 1000}
	}
	return llm.PriceOf(cfg.Model, table, llm.Price{Prompt: cfg.PricePer1K.Prompt, Completion: cfg.PricePer1K.Completion})
}
