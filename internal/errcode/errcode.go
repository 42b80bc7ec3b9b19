// Package errcode gives errors the stable codes every answer carries
// (docs/design.md §6: {"error": {"code", "message"}}), for the CLI and the MCP
// server alike. An error knows its code: it was made with one (New,
// Errorf), it is a sentinel that has one (Sentinel), or it is a type with
// an ErrorCode method; Of reads it through any wrapping. The CLI turns the
// code into an exit status and the MCP server puts it in its answer, so
// the two never classify an error apart.
//
// The package has no dependencies, so the packages whose errors carry
// codes (store, readview, query) need nothing heavier to say them.
package errcode

import (
	"errors"
	"fmt"
)

// The codes. They are part of the interface: never rename one.
const (
	NotFound   = "not_found"   // no file, symbol, module or run by that name
	Ambiguous  = "ambiguous"   // a name matches more than one symbol
	NotIndexed = "not_indexed" // the branch has no index yet: run init
	Refused    = "refused"     // a freshness pin does not hold
	Busy       = "busy"        // another writer holds the store
	Usage      = "usage"       // a bad flag, argument or value
	Drift      = "drift"       // verify found the graph differs from a rebuild
	Error      = "error"       // anything else
)

// All lists every code.
func All() []string {
	return []string{NotFound, Ambiguous, NotIndexed, Refused, Busy, Usage, Drift, Error}
}

// Coded is an error that knows its code.
type Coded interface{ ErrorCode() string }

// Of returns the code of err: that of the first error in its chain that
// knows one, else Error ("" for nil).
func Of(err error) string {
	if err == nil {
		return ""
	}
	var c Coded
	if errors.As(err, &c) {
		return c.ErrorCode()
	}
	return Error
}

// New marks err with a code, keeping it unwrappable.
func New(code string, err error) error { return &coded{code: code, err: err} }

// Errorf is New(code, fmt.Errorf(format, args...)).
func Errorf(code, format string, args ...any) error {
	return New(code, fmt.Errorf(format, args...))
}

// Sentinel returns an error for errors.Is that carries a code: wrapping
// it ("%w") gives the wrapper that code too.
func Sentinel(code, message string) error { return &sentinel{code: code, msg: message} }

type coded struct {
	code string
	err  error
}

func (e *coded) Error() string     { return e.err.Error() }
func (e *coded) Unwrap() error     { return e.err }
func (e *coded) ErrorCode() string { return e.code }

type sentinel struct{ code, msg string }

func (e *sentinel) Error() string     { return e.msg }
func (e *sentinel) ErrorCode() string { return e.code }
