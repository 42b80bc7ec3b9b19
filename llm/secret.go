package llm

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// Redacted replaces every likely secret found by Redact.
const Redacted = "[REDACTED]"

// DefaultSecretPatterns returns the base-name globs of files that are never
// sent to a model (docs/design.md §9, llm.secret_patterns).
func DefaultSecretPatterns() []string {
	return []string{".env*", "*.pem", "*.key", "id_rsa*", "credentials*"}
}

// SecretFilter decides which files must never be sent to a model. The zero
// value matches nothing; use DefaultSecretPatterns for the usual set.
type SecretFilter struct {
	// Patterns are path.Match globs matched, case-insensitively, against the
	// base name of a file path (".env*" matches "cfg/.env.local").
	Patterns []string
}

// Validate reports the first malformed pattern.
func (f SecretFilter) Validate() error {
	for _, p := range f.Patterns {
		if _, err := path.Match(p, ""); err != nil {
			return fmt.Errorf("secret pattern %q: %w", p, err)
		}
	}
	return nil
}

// IsSecretPath reports whether the base name of p matches a pattern. A
// malformed pattern matches nothing (Validate reports it).
func (f SecretFilter) IsSecretPath(p string) bool {
	base := strings.ToLower(path.Base(strings.ReplaceAll(p, "\\", "/")))
	for _, pat := range f.Patterns {
		if ok, err := path.Match(strings.ToLower(pat), base); err == nil && ok {
			return true
		}
	}
	return false
}

// secretRule is one pattern of likely secret and how to replace it.
type secretRule struct {
	re   *regexp.Regexp
	repl string
}

// secretKey matches the name part of a secret-looking assignment.
const secretKey = `[A-Za-z0-9_.-]*(?:api[_-]?key|secret|token|passw(?:or)?d)[A-Za-z0-9_.-]*`

// redactor holds compiled redaction rules. Providers build one and keep it,
// so the package holds no global state.
type redactor []secretRule

// newRedactor compiles the redaction rules, in the order they are applied.
func newRedactor() redactor {
	return redactor{
		// PEM private keys, also when the END line was cut off.
		{regexp.MustCompile(`(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|\z)`), Redacted},
		// AWS access key ids.
		{regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`), Redacted},
		// OpenAI-style keys (sk-..., sk-proj-...).
		{regexp.MustCompile(`\bsk-[A-Za-z0-9_-]{20,}`), Redacted},
		// GitHub tokens.
		{regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9]{30,}`), Redacted},
		{regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{20,}`), Redacted},
		// Slack tokens.
		{regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), Redacted},
		// Quoted assignments: api_key = "...", "password": '...'.
		{regexp.MustCompile(`(?i)(` + secretKey + `["']?\s*[:=]\s*["'])[^"'\r\n]{8,}(["'])`), "${1}" + Redacted + "${2}"},
		// Unquoted assignments ending the line: API_TOKEN=abc123..., secret: xyz...
		{regexp.MustCompile(`(?im)^(\s*(?:export\s+)?` + secretKey + `\s*[:=]\s*)[A-Za-z0-9+/=_.~-]{12,}[ \t]*$`), "${1}" + Redacted},
	}
}

// Redact returns content with likely secrets (PEM private key blocks, AWS
// access keys, OpenAI sk- keys, GitHub and Slack tokens, and long values
// assigned to names like api_key, secret, token or password) replaced by
// "[REDACTED]". It returns content itself when nothing matched.
func Redact(content []byte) []byte {
	return newRedactor().redact(content)
}

// redact applies the rules to content.
func (rs redactor) redact(content []byte) []byte {
	out := content
	for _, r := range rs {
		if r.re.Match(out) {
			out = r.re.ReplaceAll(out, []byte(r.repl))
		}
	}
	return out
}
