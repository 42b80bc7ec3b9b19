package commands

import "github.com/lgraph/lgraph/internal/errcode"

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

func usageError(format string, args ...any) error {
	return errcode.Errorf(errcode.Usage, format, args...)
}

func drift(err error) error { return errcode.New(errcode.Drift, err) }

// reported marks an error whose message was already written (JSON mode).
type reported struct{ error }

func (r reported) Unwrap() error { return r.error }

// exitCode maps an error to its exit code and its stable JSON code (the
// code errcode.Of reads, as the MCP server does).
func exitCode(err error) (int, string) {
	if err == nil {
		return ExitOK, ""
	}
	label := errcode.Of(err)
	switch label {
	case errcode.Usage, errcode.Ambiguous:
		return ExitUsage, label
	case errcode.Refused:
		return ExitRefused, label
	case errcode.Drift:
		return ExitDrift, label
	case errcode.Busy:
		return ExitBusy, label
	}
	return ExitError, label
}
