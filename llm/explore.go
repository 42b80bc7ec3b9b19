package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

// ExplorePromptVersion versions the implicit explorer's prompt and reply
// schema; it is part of the cache key of every exploration, with
// Provider.ID.
const ExplorePromptVersion = "explore-v1"

// CouplingKinds are the kinds of key the explorer may propose: the rule
// kinds of the implicit phase, so that a proposed key joins the files the
// rules found, plus names looked up in a registry (plugins, handlers,
// dependency-injection bindings) and templates or resources loaded by name.
func CouplingKinds() []string {
	return []string{"config", "env", "registry", "route", "table", "template", "topic"}
}

// Limits on what one reply may carry; the rest is dropped.
const (
	maxCouplings   = 64
	maxEvidence    = 3
	maxKeyBytes    = 200
	maxSnippetSize = 300
)

// ExploreInput is what one exploration is made from: one file, alone, so the
// result is a function of the file's content (and the prompt version and
// model) and an update explores only the files it changed.
type ExploreInput struct {
	// Path is used to refuse secret files and to name the file in errors;
	// it is never sent.
	Path string
	// Lang is the language id.
	Lang string
	// Content is the whitespace-normalized content. OpenAI redacts likely
	// secrets before sending it and cuts it to fit the context.
	Content []byte
}

// Coupling is one key a model says a file shares with other files through
// no import: the file uses or provides Key of Kind, as the quoted Evidence
// lines show.
type Coupling struct {
	Kind string `json:"kind"`
	Key  string `json:"key"`
	// Evidence are up to three lines of the file, quoted.
	Evidence []string `json:"evidence"`
	// Confidence is the model's confidence in percent, 0 to 100.
	Confidence int `json:"confidence"`
}

// ExploreResult is what an exploration found and what it cost.
type ExploreResult struct {
	// Couplings are sorted by kind and key, one per (kind, key).
	Couplings []Coupling
	Usage     Usage
}

// exploreSystem is the explorer's system prompt. Changing it requires
// bumping ExplorePromptVersion.
const exploreSystem = "You find implicit couplings in source code for a code graph: places where this file " +
	"depends on or serves another part of the system through a shared name that no import states. Look for " +
	"dynamic lookups of environment variables and config keys, message topics and event names, HTTP routes " +
	"served or called, SQL tables, handlers or plugins registered and looked up by name, templates and " +
	"resources loaded by name, and framework wiring by naming convention. For each key give its kind (one of " +
	"config, env, registry, route, table, template, topic), the key exactly as the other side would write it " +
	"(env: the variable name; route: the path with each parameter written {}; table: the table name in lower " +
	"case), one to three lines of the file quoted verbatim as evidence, and your confidence from 0 to 1. " +
	`Reply with only a JSON object of the form {"couplings": [{"kind": "<kind>", "key": "<key>", ` +
	`"evidence": ["<line>"], "confidence": 0.9}]}; the list is empty when the file has none.`

// exploreSchema is the JSON schema of an exploration reply.
const exploreSchema = `{"type":"object","properties":{"couplings":{"type":"array","items":{"type":"object",` +
	`"properties":{"kind":{"type":"string","enum":["config","env","registry","route","table","template","topic"]},` +
	`"key":{"type":"string"},"evidence":{"type":"array","items":{"type":"string"}},"confidence":{"type":"number"}},` +
	`"required":["kind","key","evidence","confidence"],"additionalProperties":false}}},` +
	`"required":["couplings"],"additionalProperties":false}`

// exploreReply is the reply of an exploration.
var exploreReply = replySpec{format: exploreFormat, parse: validateCouplings}

// exploreFormat asks for the couplings schema (or any JSON object).
func exploreFormat(jsonSchema bool) *openai.ChatCompletionResponseFormat {
	if !jsonSchema {
		return &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	return &openai.ChatCompletionResponseFormat{
		Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
		JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
			Name: "couplings", Schema: json.RawMessage(exploreSchema), Strict: true,
		},
	}
}

// explorePrompt builds the prompt of an exploration: the language, then
// the content (last, so truncation keeps the header).
func explorePrompt(in ExploreInput) prompt {
	var b strings.Builder
	if in.Lang != "" {
		fmt.Fprintf(&b, "Language: %s\n", in.Lang)
	}
	fmt.Fprintf(&b, "Content:\n%s", in.Content)
	return prompt{system: exploreSystem, user: b.String()}
}

// rawCoupling is one reply item before validation.
type rawCoupling struct {
	Kind       *string  `json:"kind"`
	Key        *string  `json:"key"`
	Evidence   []string `json:"evidence"`
	Confidence *float64 `json:"confidence"`
}

// validateCouplings checks a reply against the schema and returns its
// couplings, normalized, as JSON.
func validateCouplings(content string) (string, error) {
	cs, err := ParseCouplings(content)
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(cs)
	return string(b), err
}

// ParseCouplings validates an exploration reply and returns its couplings
// sorted by kind and key, merged per (kind, key): the highest confidence,
// the evidence of all. Items of an unknown kind or without key or
// evidence are dropped; a reply that is not the schema's object, or whose
// confidence is not a number from 0 to 1, is malformed.
func ParseCouplings(content string) ([]Coupling, error) {
	content = unfence(strings.TrimSpace(content))
	var reply struct {
		Couplings *[]rawCoupling `json:"couplings"`
	}
	if err := json.Unmarshal([]byte(content), &reply); err != nil {
		return nil, fmt.Errorf("%w: not a JSON object with a \"couplings\" list: %v", ErrMalformedReply, err)
	}
	if reply.Couplings == nil {
		return nil, fmt.Errorf("%w: no \"couplings\" field", ErrMalformedReply)
	}
	byName := map[string]*Coupling{}
	for _, r := range *reply.Couplings {
		if r.Confidence == nil || math.IsNaN(*r.Confidence) || *r.Confidence < 0 || *r.Confidence > 1 {
			return nil, fmt.Errorf("%w: confidence must be a number from 0 to 1", ErrMalformedReply)
		}
		c, ok := cleanCoupling(r)
		if !ok {
			continue
		}
		name := c.Kind + ":" + c.Key
		if prev := byName[name]; prev != nil {
			prev.Confidence = max(prev.Confidence, c.Confidence)
			prev.Evidence = mergeEvidence(prev.Evidence, c.Evidence)
			continue
		}
		byName[name] = &c
	}
	out := make([]Coupling, 0, len(byName))
	for _, c := range byName {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b Coupling) int { return strings.Compare(a.Kind+":"+a.Key, b.Kind+":"+b.Key) })
	if len(out) > maxCouplings {
		out = out[:maxCouplings]
	}
	return out, nil
}

// cleanCoupling trims and bounds one reply item; false drops it.
func cleanCoupling(r rawCoupling) (Coupling, bool) {
	if r.Kind == nil || r.Key == nil {
		return Coupling{}, false
	}
	kind := strings.ToLower(strings.TrimSpace(*r.Kind))
	key := strings.TrimSpace(*r.Key)
	if !slices.Contains(CouplingKinds(), kind) || key == "" || len(key) > maxKeyBytes || strings.ContainsAny(key, "\x00\n") {
		return Coupling{}, false
	}
	ev := mergeEvidence(nil, r.Evidence)
	if len(ev) == 0 {
		return Coupling{}, false
	}
	return Coupling{Kind: kind, Key: key, Evidence: ev, Confidence: int(math.Round(*r.Confidence * 100))}, true
}

// mergeEvidence appends the trimmed, non-empty snippets of more that a is
// missing, up to maxEvidence, each cut to maxSnippetSize bytes.
func mergeEvidence(a, more []string) []string {
	for _, s := range more {
		s = strings.TrimSpace(s)
		if len(s) > maxSnippetSize {
			s = strings.ToValidUTF8(s[:maxSnippetSize], "") // no half character at the cut
		}
		if s != "" && len(a) < maxEvidence && !slices.Contains(a, s) {
			a = append(a, s)
		}
	}
	return a
}

// Explore asks the model for the file's implicit couplings. Files matching
// the secret filter are refused (ErrSecretFile); the content of others is
// redacted and cut to fit the context.
func (p *OpenAI) Explore(ctx context.Context, in ExploreInput) (ExploreResult, error) {
	if p.secrets.IsSecretPath(in.Path) {
		return ExploreResult{}, fmt.Errorf("openai explore %s: %w", in.Path, ErrSecretFile)
	}
	res, err := p.runAs(ctx, explorePrompt(in), exploreReply)
	out := ExploreResult{Usage: res.Usage}
	if err != nil {
		return out, fmt.Errorf("openai explore %s: %w", in.Path, err)
	}
	if err := json.Unmarshal([]byte(res.Text), &out.Couplings); err != nil {
		return out, fmt.Errorf("openai explore %s: %w", in.Path, err)
	}
	return out, nil
}

// EstimateExplore estimates the prompt tokens Explore would send; 0 for a
// file it would refuse.
func (p *OpenAI) EstimateExplore(in ExploreInput) int {
	if p.secrets.IsSecretPath(in.Path) {
		return 0
	}
	return p.estimate(explorePrompt(in))
}

// Explore finds nothing: implicit couplings beyond the rules need a model.
func (Offline) Explore(ctx context.Context, in ExploreInput) (ExploreResult, error) {
	if err := ctx.Err(); err != nil {
		return ExploreResult{}, fmt.Errorf("offline explore %s: %w", in.Path, err)
	}
	return ExploreResult{}, nil
}

// EstimateExplore returns 0: offline calls are free.
func (Offline) EstimateExplore(ExploreInput) int { return 0 }

// ExploreEstimator is implemented by providers that can tell, before an
// exploration, how many prompt tokens it would send.
type ExploreEstimator interface {
	EstimateExplore(in ExploreInput) int
}

// estimateExplore is p's own estimate, or the untruncated prompt's.
func estimateExplore(p Provider, in ExploreInput) int {
	if est, ok := p.(ExploreEstimator); ok {
		return est.EstimateExplore(in)
	}
	return EstimateTokens(explorePrompt(in).text())
}

// EstimateExplore delegates to the wrapped provider's estimate.
func (b *Budget) EstimateExplore(in ExploreInput) int { return estimateExplore(b.p, in) }

// Explore forwards to the wrapped provider if the budget allows.
func (b *Budget) Explore(ctx context.Context, in ExploreInput) (ExploreResult, error) {
	var out ExploreResult
	_, err := b.call(estimateExplore(b.p, in), "explore "+in.Path, func() (Result, error) {
		var err error
		out, err = b.p.Explore(ctx, in)
		return Result{Usage: out.Usage}, err
	})
	return out, err
}

// EstimateExplore delegates to the wrapped provider's estimate.
func (w metered) EstimateExplore(in ExploreInput) int { return estimateExplore(w.p, in) }

// Explore calls the wrapped provider and records the usage.
func (w metered) Explore(ctx context.Context, in ExploreInput) (ExploreResult, error) {
	res, err := w.p.Explore(ctx, in)
	w.m.Add(w.phase, res.Usage)
	return res, err
}
