package commands

import (
	"errors"
	"fmt"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/readview"
)

// Exit codes (DESIGN §5b); this is the only place they are decided.
const (
	ExitOK      = 0
	ExitError   = 1
	ExitUsage   = 2
	ExitRefused = 3
	ExitDrift   = 4
	ExitBusy    = 5
)

// exitHelp is appended to every command's help text.
const exitHelp = "Exit codes: 0 success, 1 error, 2 usage, 3 refused (freshness), 4 drift found (verify), 5 busy (another writer)."

// codedError carries an exit code and a one-line message for the user,
// keeping the cause for errors.Is/As.
type codedError struct {
	code  int
	label string
	err   error
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

func usageError(format string, args ...any) error {
	return &codedError{code: ExitUsage, label: "usage", err: fmt.Errorf(format, args...)}
}

func drift(err error) error { return &codedError{code: ExitDrift, label: "drift", err: err} }

// reported marks an error whose message was already written (JSON mode).
type reported struct{ error }

func (r reported) Unwrap() error { return r.error }

// exitCode maps an error to its exit code.
func exitCode(err error) (int, string) {
	var ce *codedError
	switch {
	case err == nil:
		return ExitOK, ""
	case errors.As(err, &ce):
		return ce.code, ce.label
	case errors.Is(err, cache.ErrBusy):
		return ExitBusy, "busy"
	case errors.Is(err, readview.ErrRefused):
		return ExitRefused, "refused"
	case errors.Is(err, readview.ErrUsage):
		return ExitUsage, "usage"
	}
	return ExitError, "error"
}
