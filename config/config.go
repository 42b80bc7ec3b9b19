// Package config loads lgraph's settings: defaults, then the user's config
// file, then the repository's .lgraph.yaml, then LGRAPH_* environment
// variables, then command-line flags, remembering where each effective value
// came from. A repository file may describe the repository; it may not choose
// where data, credentials or writes go unless the user trusted it.
package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"time"
)

// Config is the effective configuration. Every field has a default.
type Config struct {
	// Include and Exclude are doublestar globs over repo-relative paths.
	Include []string `yaml:"include" json:"include"`
	Exclude []string `yaml:"exclude" json:"exclude"`
	// MaxFileKB skips files larger than this many KiB (reason too_large):
	// a bound on the work one file costs, well above hand-written sources.
	MaxFileKB int `yaml:"max_file_kb" json:"max_file_kb"`
	// Concurrency bounds parallel parsing; 0 means one worker per CPU.
	Concurrency int `yaml:"concurrency" json:"concurrency"`
	// MemoryMB is the memory budget of an indexing run (init, update) in
	// MiB: the Go runtime's soft limit and the size of its caches, so that
	// the repository does not set the peak (internal/membudget); 0, the
	// default, sets no limit.
	MemoryMB int      `yaml:"memory_mb" json:"memory_mb"`
	Implicit Implicit `yaml:"implicit" json:"implicit"`
	LLM      LLM      `yaml:"llm" json:"llm"`
	Wiki     Wiki     `yaml:"wiki" json:"wiki"`
	GC       GC       `yaml:"gc" json:"gc"`
	// SnapshotsPerRepo bounds the published snapshots kept (least recently used dropped).
	SnapshotsPerRepo int `yaml:"snapshots_per_repo" json:"snapshots_per_repo"`
	// Store overrides the store directory; empty means <git common dir>/lgraph.
	Store string `yaml:"store" json:"store"`
	// Remote is the team remote's URL (file://, s3://); empty: none.
	// Credentials never go here: they come from the provider's chain.
	Remote string `yaml:"remote" json:"remote"`
	// IncludeDirs are extra C/C++ include directories, repo-relative.
	IncludeDirs []string `yaml:"include_dirs" json:"include_dirs"`
	// ImportRoots are extra Python import roots, repo-relative directories
	// whose subdirectories are top-level packages (like src/), for layouts
	// that pyproject.toml, setup.cfg, setup.py and the tree do not declare.
	ImportRoots []string `yaml:"import_roots" json:"import_roots"`
}

// Implicit configures the implicit-dependency phase.
type Implicit struct {
	// ChangeRatio: below it the phase is targeted; at or above it, a full scan.
	ChangeRatio float64 `yaml:"change_ratio" json:"change_ratio"`
	// MaxFilesPerKey drops keys shared by more files as too generic.
	MaxFilesPerKey int `yaml:"max_files_per_key" json:"max_files_per_key"`
	// LLMExplorer asks the configured model (not offline) for the keys each
	// explored file shares with others that the rules cannot see. Off by
	// default: it costs about one more prompt of each file's content.
	LLMExplorer bool `yaml:"llm_explorer" json:"llm_explorer"`
}

// LLM configures the summary provider.
type LLM struct {
	Provider       string        `yaml:"provider" json:"provider"`
	Model          string        `yaml:"model" json:"model"`
	BaseURL        string        `yaml:"base_url" json:"base_url"`
	APIKeyEnv      string        `yaml:"api_key_env" json:"api_key_env"`
	ContextTokens  int           `yaml:"context_tokens" json:"context_tokens"`
	MaxConcurrency int           `yaml:"max_concurrency" json:"max_concurrency"`
	TokensPerMin   int           `yaml:"tokens_per_minute" json:"tokens_per_minute"`
	Timeout        time.Duration `yaml:"timeout" json:"timeout"`
	Retries        int           `yaml:"retries" json:"retries"`
	// PricePer1K is one price for any model not in Prices; zero: unset.
	PricePer1K Price `yaml:"price_per_1k" json:"price_per_1k"`
	// Prices are dollars per million tokens by model name; a dated model
	// ("gpt-4o-mini-2024-07-18") takes its base name's price.
	Prices       map[string]ModelPrice `yaml:"prices" json:"prices"`
	BudgetTokens int                   `yaml:"budget_tokens" json:"budget_tokens"`
	// BudgetUSD stops a run before its cost at the model's price would pass
	// it; 0: no limit.
	BudgetUSD      float64  `yaml:"budget_usd" json:"budget_usd"`
	SecretPatterns []string `yaml:"secret_patterns" json:"secret_patterns"`
	// JSONSchema asks for response_format json_schema; false uses json_object.
	JSONSchema bool `yaml:"json_schema" json:"json_schema"`
}

// ModelPrice is one model's price in dollars per million tokens.
type ModelPrice struct {
	PromptPerMTok     float64 `yaml:"prompt_per_mtok" json:"prompt_per_mtok"`
	CompletionPerMTok float64 `yaml:"completion_per_mtok" json:"completion_per_mtok"`
}

// Price is the cost per 1,000 tokens.
type Price struct {
	Prompt     float64 `yaml:"prompt" json:"prompt"`
	Completion float64 `yaml:"completion" json:"completion"`
}

// Wiki configures the module-doc phase.
type Wiki struct {
	// Modules are globs of module directories; empty means every directory
	// holding indexed files.
	Modules []string `yaml:"modules" json:"modules"`
	// Out is the wiki pages directory (as wiki --out writes it), inside
	// the repository and relative to its root, whose insights wiki MODULE
	// and context show and wiki note and lgraph_wiki_note add to; empty:
	// none.
	Out string `yaml:"out" json:"out"`
}

// GC configures lgraph gc.
type GC struct {
	// KeepRuns is how many of the newest ledger entries gc keeps (the runs
	// that published a kept snapshot are kept too).
	KeepRuns int `yaml:"keep_runs" json:"keep_runs"`
	// AutoEvery runs gc after every AutoEvery-th run that publishes (by
	// run number), so a store nobody collects by hand stays bounded; 0:
	// never.
	AutoEvery int `yaml:"auto_every" json:"auto_every"`
}

// MinMemoryMB is the smallest memory budget accepted: below it the Go
// runtime would collect without pause and badger's memtables would not fit.
const MinMemoryMB = 64

// Default returns the built-in defaults (docs/design.md §9).
func Default() Config {
	return Config{
		Include:     []string{"**/*"},
		Exclude:     []string{"vendor/**", "node_modules/**", "**/*.min.js"},
		MaxFileKB:   8192,
		Concurrency: 0,
		MemoryMB:    0,
		Implicit:    Implicit{ChangeRatio: 0.35, MaxFilesPerKey: 50},
		LLM: LLM{
			Provider: "offline", Model: "gpt-4o-mini", BaseURL: "https://api.openai.com/v1",
			APIKeyEnv: "OPENAI_API_KEY", ContextTokens: 128000, MaxConcurrency: 4,
			Timeout: 60 * time.Second, Retries: 4,
			SecretPatterns: []string{".env*", "*.pem", "*.key", "id_rsa*", "credentials*"},
			JSONSchema:     true,
		},
		SnapshotsPerRepo: 16,
		GC:               GC{KeepRuns: 100, AutoEvery: 50},
	}
}

// Validate checks ranges a YAML type check cannot.
func (c *Config) Validate() error {
	switch {
	case c.MaxFileKB <= 0:
		return fmt.Errorf("config max_file_kb: must be positive, got %d", c.MaxFileKB)
	case c.Concurrency < 0:
		return fmt.Errorf("config concurrency: must be 0 (one per CPU) or positive, got %d", c.Concurrency)
	case c.MemoryMB != 0 && c.MemoryMB < MinMemoryMB:
		return fmt.Errorf("config memory_mb: must be 0 (no limit) or at least %d (MiB), got %d", MinMemoryMB, c.MemoryMB)
	case c.Implicit.ChangeRatio < 0 || c.Implicit.ChangeRatio > 1:
		return fmt.Errorf("config implicit.change_ratio: must be between 0 and 1, got %g", c.Implicit.ChangeRatio)
	case c.LLM.Provider != "offline" && c.LLM.Provider != "openai":
		return fmt.Errorf("config llm.provider: must be offline or openai, got %q", c.LLM.Provider)
	case c.LLM.BudgetTokens < 0:
		return fmt.Errorf("config llm.budget_tokens: must be 0 (no limit) or positive, got %d", c.LLM.BudgetTokens)
	case c.LLM.BudgetUSD < 0:
		return fmt.Errorf("config llm.budget_usd: must be 0 (no limit) or positive, got %g", c.LLM.BudgetUSD)
	case c.LLM.PricePer1K.Prompt < 0 || c.LLM.PricePer1K.Completion < 0:
		return fmt.Errorf("config llm.price_per_1k: prices must not be negative")
	case c.GC.AutoEvery < 0:
		return fmt.Errorf("config gc.auto_every: must be 0 (never) or more, got %d", c.GC.AutoEvery)
	case c.GC.KeepRuns < 1:
		return fmt.Errorf("config gc.keep_runs: must be at least 1, got %d", c.GC.KeepRuns)
	case c.SnapshotsPerRepo < 1:
		return fmt.Errorf("config snapshots_per_repo: must be at least 1, got %d", c.SnapshotsPerRepo)
	}
	for m, p := range c.LLM.Prices {
		if p.PromptPerMTok < 0 || p.CompletionPerMTok < 0 {
			return fmt.Errorf("config llm.prices.%s: prices must not be negative", m)
		}
	}
	if u, err := url.Parse(c.LLM.BaseURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("config llm.base_url: want an http:// or https:// URL, got %q", c.LLM.BaseURL)
	}
	return c.checkRepoPaths()
}

// OutputKey hashes the settings that change what an index contains, so that a
// change to any of them is noticed and triggers the right rebuild.
func (c *Config) OutputKey() string {
	relevant := struct {
		Include, Exclude, IncludeDirs []string
		MaxFileKB, MaxFilesPerKey     int
		ImportRoots                   []string `json:",omitempty"`
	}{c.Include, c.Exclude, c.IncludeDirs, c.MaxFileKB, c.Implicit.MaxFilesPerKey, c.ImportRoots}
	b, _ := json.Marshal(relevant)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
