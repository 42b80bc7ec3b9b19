// Package answer gives every lgraph answer, on the CLI (--json) and over
// MCP, one shape: the envelope {ok, result, error, freshness}, lists as
// {items, total, truncated} cut by a page, filters by edge kind and test
// files, and the stable error codes errcode reads. The JSON Schema of the
// shape is embedded (Schema) and docs/design.md §6 describes it.
package answer

import (
	"errors"

	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/query"
)

// Envelope is every --json output and every MCP tool answer. Error is null
// on success; Result is null on failure; Freshness is null for commands
// that do not read a snapshot (config, log, hooks, trust, init, update).
type Envelope struct {
	OK        bool   `json:"ok"`
	Result    any    `json:"result"`
	Error     *Error `json:"error"`
	Freshness any    `json:"freshness"`
}

// Error is a failed answer: a stable code and a message that says what to
// do; an ambiguous name lists its candidates, most likely first. Code is
// one of errcode's codes.
type Error struct {
	Code       string   `json:"code"`
	Message    string   `json:"message"`
	Candidates []string `json:"candidates,omitempty"`
}

// MaxCandidates bounds the candidates an ambiguity error lists (most
// likely first; its message counts them all).
const MaxCandidates = 20

// Failure is the envelope of a failed answer.
func Failure(err error, freshness any) Envelope {
	e := &Error{Code: errcode.Of(err), Message: err.Error()}
	var amb *query.AmbiguousError
	if errors.As(err, &amb) {
		e.Candidates = amb.Candidates[:min(len(amb.Candidates), MaxCandidates)]
	}
	return Envelope{OK: false, Error: e, Freshness: freshness}
}

// Success is the envelope of an answer.
func Success(result any, freshness any) Envelope {
	return Envelope{OK: true, Result: result, Freshness: freshness}
}

// NoModule is the error of a module directory the wiki does not hold.
func NoModule(dir string) error {
	return errcode.Errorf(errcode.NotFound, "no module %q: lgraph wiki lists the modules", dir)
}
