package llm

import (
	"context"
	"fmt"
	"net/url"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Defaults applied by NewOpenAI to zero Config fields.
const (
	// DefaultBaseURL is OpenAI's API.
	DefaultBaseURL = "https://api.openai.com/v1"
	// DefaultTimeout bounds one request when Config.Timeout is 0.
	DefaultTimeout = 60 * time.Second
)

// Config configures the OpenAI provider (docs/design.md §9, section llm).
type Config struct {
	// BaseURL is the OpenAI-compatible endpoint, including the version path
	// ("https://api.openai.com/v1", "http://localhost:11434/v1"). Empty means
	// DefaultBaseURL.
	BaseURL string
	// Model is the model name sent with every request. Required.
	Model string
	// APIKey is sent as a bearer token; empty sends none. The caller reads it
	// from the environment; it never appears in an error of this package.
	APIKey string
	// Timeout bounds each request (each retry gets its own). 0 means
	// DefaultTimeout.
	Timeout time.Duration
	// Retries is how many times a request failing with 429, 5xx, a timeout or
	// a dropped connection is retried, with exponential backoff and jitter.
	Retries int
	// MaxConcurrency bounds the requests in flight; 0 or less means 1.
	MaxConcurrency int
	// TokensPerMinute limits estimated prompt tokens sent per minute; 0 means
	// no limit.
	TokensPerMinute int
	// ContextTokens is the model's context window. Prompts are cut to fit it
	// with room left for the reply; 0 means never cut.
	ContextTokens int
	// JSONSchema asks for response_format json_schema (strict). When false,
	// json_object is asked and the schema is only described in the prompt,
	// for servers without json_schema support (older llama.cpp).
	JSONSchema bool
}

// OpenAI is the provider for OpenAI-compatible chat-completion endpoints. It
// is safe for concurrent use.
type OpenAI struct {
	cfg     Config
	client  *openai.Client
	sleep   SleepFunc
	sem     semaphore
	bucket  *tokenBucket
	secrets SecretFilter
	redact  redactor
	reserve int
}

// Option changes how NewOpenAI builds the provider.
type Option func(*options)

// options are the settings Options change.
type options struct {
	sleep   SleepFunc
	now     func() time.Time
	http    openai.HTTPDoer
	secrets SecretFilter
}

// WithSleep replaces the wait used for backoff and rate limiting (tests).
func WithSleep(fn SleepFunc) Option { return func(o *options) { o.sleep = fn } }

// WithClock replaces the clock of the tokens-per-minute limiter (tests).
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithHTTPClient replaces the HTTP client (default: a new http.Client).
func WithHTTPClient(c openai.HTTPDoer) Option { return func(o *options) { o.http = c } }

// WithSecretFilter replaces the filter of files that are refused
// (default: DefaultSecretPatterns).
func WithSecretFilter(f SecretFilter) Option { return func(o *options) { o.secrets = f } }

// NewOpenAI checks cfg, fills its defaults and returns the provider.
func NewOpenAI(cfg Config, opts ...Option) (*OpenAI, error) {
	o := options{sleep: sleepCtx, now: time.Now, http: newHTTPClient(),
		secrets: SecretFilter{Patterns: DefaultSecretPatterns()}}
	for _, opt := range opts {
		opt(&o)
	}
	cfg, err := withDefaults(cfg)
	if err != nil {
		return nil, err
	}
	if err := o.secrets.Validate(); err != nil {
		return nil, fmt.Errorf("openai provider: %w", err)
	}
	cc := openai.DefaultConfig(cfg.APIKey)
	cc.BaseURL = cfg.BaseURL
	cc.HTTPClient = headerDoer{client: o.http}
	return &OpenAI{
		cfg:     cfg,
		client:  openai.NewClientWithConfig(cc),
		sleep:   o.sleep,
		sem:     make(semaphore, cfg.MaxConcurrency),
		bucket:  newTokenBucket(cfg.TokensPerMinute, o.now, o.sleep),
		secrets: o.secrets,
		redact:  newRedactor(),
		reserve: replyReserve(cfg.ContextTokens),
	}, nil
}

// withDefaults validates cfg and fills zero fields.
func withDefaults(cfg Config) (Config, error) {
	if cfg.Model == "" {
		return cfg, fmt.Errorf("openai provider: model is required")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	if u, err := url.Parse(cfg.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return cfg, fmt.Errorf("openai provider: base URL %q is not an http(s) URL", cfg.BaseURL)
	}
	if cfg.APIKey != "" && !KeyAllowed(cfg.BaseURL) {
		return cfg, fmt.Errorf("openai provider: base URL %s: %w", cfg.BaseURL, ErrInsecureKey)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	cfg.Retries = max(cfg.Retries, 0)
	cfg.MaxConcurrency = max(cfg.MaxConcurrency, 1)
	cfg.TokensPerMinute = max(cfg.TokensPerMinute, 0)
	cfg.ContextTokens = max(cfg.ContextTokens, 0)
	return cfg, nil
}

// replyReserve is the room kept for the reply: ReplyReserve, or a quarter of
// a small context window.
func replyReserve(contextTokens int) int {
	if contextTokens > 0 && contextTokens/4 < ReplyReserve {
		return contextTokens / 4
	}
	return ReplyReserve
}

// ID returns "openai:<model>".
func (p *OpenAI) ID() string { return "openai:" + p.cfg.Model }

// SummarizeFile asks the model for a file summary. Files matching the secret
// filter are refused (ErrSecretFile); the content of others is redacted and
// cut to fit the context.
func (p *OpenAI) SummarizeFile(ctx context.Context, in FileInput) (Result, error) {
	if p.secrets.IsSecretPath(in.Path) {
		return Result{}, fmt.Errorf("openai summarize file %s: %w", in.Path, ErrSecretFile)
	}
	res, err := p.run(ctx, filePrompt(in))
	if err != nil {
		return res, fmt.Errorf("openai summarize file %s: %w", in.Path, err)
	}
	return res, nil
}

// SummarizeEdge asks the model for an edge summary.
func (p *OpenAI) SummarizeEdge(ctx context.Context, in EdgeInput) (Result, error) {
	res, err := p.run(ctx, edgePrompt(in))
	if err != nil {
		return res, fmt.Errorf("openai summarize edge %s -> %s: %w", in.SourcePath, in.TargetPath, err)
	}
	return res, nil
}

// ModuleDoc asks the model for a module doc.
func (p *OpenAI) ModuleDoc(ctx context.Context, in ModuleInput) (Result, error) {
	res, err := p.run(ctx, modulePrompt(in))
	if err != nil {
		return res, fmt.Errorf("openai module doc %s: %w", in.Dir, err)
	}
	return res, nil
}

// EstimateFile estimates the prompt tokens SummarizeFile would send; 0 for a
// file it would refuse.
func (p *OpenAI) EstimateFile(in FileInput) int {
	if p.secrets.IsSecretPath(in.Path) {
		return 0
	}
	return p.estimate(filePrompt(in))
}

// EstimateEdge estimates the prompt tokens SummarizeEdge would send.
func (p *OpenAI) EstimateEdge(in EdgeInput) int { return p.estimate(edgePrompt(in)) }

// EstimateModule estimates the prompt tokens ModuleDoc would send.
func (p *OpenAI) EstimateModule(in ModuleInput) int { return p.estimate(modulePrompt(in)) }

// estimate is the token estimate of a prepared prompt.
func (p *OpenAI) estimate(pr prompt) int {
	if prepared, err := p.prepare(pr); err == nil {
		pr = prepared
	}
	return EstimateTokens(pr.text())
}

// prepare redacts likely secrets from the user message and cuts it to fit
// the context window.
func (p *OpenAI) prepare(pr prompt) (prompt, error) {
	pr.user = string(p.redact.redact([]byte(pr.user)))
	return pr.fit(p.cfg.ContextTokens, p.reserve)
}
