// Package answer gives every lgraph answer, on the CLI (--json) and over
// MCP, one shape: the envelope {ok, result, error, freshness}, lists as
// {items, total, truncated} cut by a page, filters by edge kind and test
// files, and stable error codes. The JSON Schema of the shape is embedded
// (Schema) and README's "JSON answers" section describes it.
package answer

import (
	"errors"
	"strings"

	"github.com/lgraph/lgraph/internal/query"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/store"
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
// do; an ambiguous name lists its candidates, most likely first.
type Error struct {
	Code       string   `json:"code"`
	Message    string   `json:"message"`
	Candidates []string `json:"candidates,omitempty"`
}

// The error codes. They are part of the interface: never rename one.
const (
	CodeNotFound   = "not_found"   // no file, symbol, module or run by that name
	CodeAmbiguous  = "ambiguous"   // a name matches more than one symbol
	CodeNotIndexed = "not_indexed" // the branch has no index yet: run init
	CodeRefused    = "refused"     // a freshness pin does not hold
	CodeBusy       = "busy"        // another writer holds the store
	CodeUsage      = "usage"       // a bad flag, argument or value
	CodeDrift      = "drift"       // verify found the graph differs from a rebuild
	CodeError      = "error"       // anything else
)

// Codes lists every code, for the schema test.
var Codes = []string{CodeNotFound, CodeAmbiguous, CodeNotIndexed, CodeRefused, CodeBusy, CodeUsage, CodeDrift, CodeError}

// Coded is an error that knows its code.
type Coded interface{ ErrorCode() string }

// Code labels an error with its stable code.
func Code(err error) string {
	var c Coded
	var amb *query.AmbiguousError
	var nf *query.NotFoundError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &c):
		return c.ErrorCode()
	case errors.As(err, &amb):
		return CodeAmbiguous
	case errors.As(err, &nf):
		return CodeNotFound
	case errors.Is(err, readview.ErrRefused):
		return CodeRefused
	case errors.Is(err, store.ErrBusy):
		return CodeBusy
	case errors.Is(err, readview.ErrUsage):
		return CodeUsage
	}
	return CodeError
}

// MaxCandidates bounds the candidates an ambiguity error lists (most
// likely first; its message counts them all).
const MaxCandidates = 20

// Failure is the envelope of a failed answer.
func Failure(err error, freshness any) Envelope {
	e := &Error{Code: Code(err), Message: err.Error()}
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

// codedError gives an error a code while keeping it unwrappable.
type codedError struct {
	code string
	err  error
}

func (e *codedError) Error() string     { return e.err.Error() }
func (e *codedError) Unwrap() error     { return e.err }
func (e *codedError) ErrorCode() string { return e.code }

// WithCode marks err with a code.
func WithCode(code string, err error) error { return &codedError{code: code, err: err} }

// StoreError codes the store's error for a store that does not exist yet
// (its message begins "no lgraph index at") as not_indexed.
func StoreError(err error) error {
	if strings.HasPrefix(err.Error(), "no lgraph index at ") {
		return WithCode(CodeNotIndexed, err)
	}
	return err
}

// RunError codes the store's error for a run number not in the ledger
// (its message begins "no run N") as not_found.
func RunError(err error) error {
	if strings.HasPrefix(err.Error(), "no run ") {
		return WithCode(CodeNotFound, err)
	}
	return err
}
