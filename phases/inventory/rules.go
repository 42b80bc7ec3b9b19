package inventory

import (
	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/phases/inventory/classify"
)

// The classification rules live in package classify, so that reads use
// them without linking the phase machinery (the cache, the LLM client).

// Version names the classification rules (see classify.Version).
const Version = classify.Version

// BlobInfo is what lgraph needs to know about a blob's bytes.
type BlobInfo = classify.BlobInfo

// Rules decides which tree entries are indexed.
type Rules = classify.Rules

// Describe computes a blob's info from its bytes.
func Describe(data []byte) BlobInfo { return classify.Describe(data) }

// Normalize applies docs/design.md §2's summary normalization.
func Normalize(data []byte) []byte { return classify.Normalize(data) }

// NewRules builds the rules from config.
func NewRules(cfg *config.Config) Rules { return classify.NewRules(cfg) }

// RulesKey names the rules a verdict "this file would be indexed" was made
// under (see classify.RulesKey).
func RulesKey(cfg *config.Config) string { return classify.RulesKey(cfg) }
