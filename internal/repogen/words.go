package repogen

import (
	"math/rand"
	"strings"
)

// nouns name directories, files, types and the objects of function names.
// None of them is a keyword in any generated language.
var nouns = []string{
	"account", "audit", "batch", "billing", "buffer", "cache", "catalog",
	"client", "codec", "config", "cursor", "digest", "engine", "event",
	"filter", "graph", "health", "invoice", "ledger", "layout", "loader",
	"mailer", "metric", "order", "parser", "payment", "policy", "profile",
	"quota", "record", "report", "router", "sample", "schema", "search",
	"session", "shard", "storage", "stream", "tenant", "ticket", "timer",
	"token", "tracker", "upload", "user", "vault", "widget", "worker",
}

// verbs start function and method names.
var verbs = []string{
	"apply", "build", "check", "compute", "create", "decode", "encode",
	"fetch", "find", "flush", "handle", "load", "merge", "normalize",
	"parse", "prepare", "refresh", "register", "render", "resolve", "save",
	"scan", "split", "sync", "update", "validate",
}

// shortNames are one-word function names that naturally repeat across files.
var shortNames = []string{"run", "setup", "flush", "validate", "reset", "handle"}

// constNames name module-level constants.
var constNames = []string{
	"max_retries", "default_timeout", "buffer_size", "batch_limit",
	"cache_ttl", "page_size", "retry_delay", "min_score", "max_depth",
}

// docPhrases complete a doc comment that starts with the symbol name.
var docPhrases = []string{
	"computes a weighted score for the given input.",
	"derives a checksum from the current window.",
	"applies the configured policy to the value.",
	"folds the pending updates into a single total.",
	"normalizes the input before it is stored.",
	"estimates the cost of processing the request.",
	"returns the adjusted size after validation.",
	"combines the partial results of the pipeline.",
	"clamps the value to the configured limits.",
	"tracks how many items were processed.",
}

// typeDocs complete a doc comment for types.
var typeDocs = []string{
	"holds the state shared by one request.",
	"caches intermediate results between calls.",
	"wraps a counter with a few helpers.",
	"keeps track of pending work.",
}

// notes are comments inserted into function bodies by edits.
var notes = []string{
	"TODO: revisit once the new pipeline lands.",
	"Keep this in sync with the schema version.",
	"Guard against runaway totals.",
	"Cheap path first, expensive checks later.",
	"NOTE: callers rely on the adjusted total.",
}

func pick(rnd *rand.Rand, list []string) string { return list[rnd.Intn(len(list))] }

// funcName returns a canonical snake_case function name.
func funcName(rnd *rand.Rand) string {
	if rnd.Intn(8) == 0 {
		return pick(rnd, shortNames)
	}
	return pick(rnd, verbs) + "_" + pick(rnd, nouns)
}

// typeName returns a canonical snake_case type name of two nouns.
func typeName(rnd *rand.Rand) string {
	a, b := pick(rnd, nouns), pick(rnd, nouns)
	if a == b {
		return a
	}
	return a + "_" + b
}

// pascal converts snake_case to PascalCase.
func pascal(s string) string {
	parts := strings.Split(s, "_")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "")
}

// camel converts snake_case to camelCase.
func camel(s string) string {
	p := pascal(s)
	if p == "" {
		return p
	}
	return strings.ToLower(p[:1]) + p[1:]
}

// upper converts snake_case to UPPER_SNAKE_CASE.
func upper(s string) string { return strings.ToUpper(s) }

// sentence capitalizes the first letter of s.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
