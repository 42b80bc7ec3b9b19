package config

import (
	"fmt"
	"path"
	"strings"
)

// userOnly lists the keys that choose where data, credentials, money or
// writes go, and what deletes the user's data. A repository's .lgraph.yaml
// may not set them unless the user trusted that file's values for them
// (lgraph trust): a cloned repository must not be able to send the user's
// key, code or budget anywhere, make lgraph write outside its store, nor
// make it delete the user's history.
var userOnly = map[string]bool{
	"llm.provider":                true,
	"llm.model":                   true,
	"llm.base_url":                true,
	"llm.api_key_env":             true,
	"llm.price_per_1k.prompt":     true,
	"llm.price_per_1k.completion": true,
	"llm.budget_tokens":           true,
	"llm.prices":                  true,
	"llm.budget_usd":              true,
	"llm.context_tokens":          true,
	"llm.max_concurrency":         true,
	"llm.tokens_per_minute":       true,
	"llm.timeout":                 true,
	"llm.retries":                 true,
	"llm.json_schema":             true,
	// The explorer sends no new data anywhere, but it spends the user's
	// tokens: a repository may not turn it on.
	"implicit.llm_explorer": true,
	"store":                 true,
	// The remote receives the index (code structure, summaries) on push
	// and supplies what a pull trusts: a repository may not choose it.
	"remote": true,
	// What deletes the user's history (the ledger, other branches'
	// snapshots) is the user's choice too: a commit may not make the next
	// hook's update collect it away.
	"gc.keep_runs":       true,
	"gc.auto_every":      true,
	"snapshots_per_repo": true,
}

// additive lists the keys whose repository value is added to the user's
// instead of replacing it: a repository may add secret patterns, never
// remove the defaults and so make lgraph send a .env file.
var additive = map[string]bool{"llm.secret_patterns": true}

// UserOnly reports whether key may come only from the user (user config
// file, environment, flags) or a trusted repository file.
func UserOnly(key string) bool { return userOnly[key] }

// repoPathKeys are repository-relative directory lists; a value that leaves
// the repository is an error, whoever set it.
var repoPathKeys = map[string]bool{"include_dirs": true, "wiki.out": true}

// checkRepoPaths rejects absolute paths and paths that climb out of the
// repository in the repository-relative path keys.
func (c *Config) checkRepoPaths() error {
	for _, k := range keys(c) {
		if !repoPathKeys[k.name] {
			continue
		}
		paths, ok := k.value.Interface().([]string)
		if !ok { // one directory; empty is unset
			if p := k.value.String(); p != "" {
				paths = []string{p}
			}
		}
		for _, p := range paths {
			if !repoRelative(p) {
				return fmt.Errorf("config %s: %q must be a directory inside the repository, written relative to its root", k.name, p)
			}
		}
	}
	return nil
}

// repoRelative reports whether p names a place inside the repository.
func repoRelative(p string) bool {
	if p == "" || strings.ContainsRune(p, '\\') {
		return false
	}
	clean := path.Clean(p)
	return !path.IsAbs(clean) && clean != ".." && !strings.HasPrefix(clean, "../")
}
