package commands

import (
	"fmt"

	"github.com/lgraph/lgraph/internal/answer"
)

// Exit codes (docs/design.md §5b); this is the only place they are decided.
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
	label string
	err   error
}

func (e *codedError) Error() string     { return e.err.Error() }
func (e *codedError) Unwrap() error     { return e.err }
func (e *codedError) ErrorCode() string { return e.label }

func usageError(format string, args ...any) error {
	return &codedError{label: answer.CodeUsage, err: fmt.Errorf(format, args...)}
}

func drift(err error) error { return &codedError{label: answer.CodeDrift, err: err} }

// reported marks an error whose message was already written (JSON mode).
type reported struct{ error }

func (r reported) Unwrap() error { return r.error }

// exitCode maps an error to its exit code and its stable JSON code.
func exitCode(err error) (int, string) {
	if err == nil {
		return ExitOK, ""
	}
	label := answer.Code(err)
	switch label {
	case answer.CodeUsage, answer.CodeAmbiguous:
		return ExitUsage, label
	case answer.CodeRefused:
		return ExitRefused, label
	case answer.CodeDrift:
		return ExitDrift, label
	case answer.CodeBusy:
		return ExitBusy, label
	}
	return ExitError, label
}
