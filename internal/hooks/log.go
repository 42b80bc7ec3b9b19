package hooks

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// LogFile is the log, in the store, that background updates started by
// hooks append their output to.
const LogFile = "hooks.log"

// maxLogBytes bounds the log: past it, the oldest half is dropped.
const maxLogBytes = 1 << 20

// mark starts the lines the log's reader parses; everything else in the
// log is the update's own output.
const mark = "lgraph-hook: "

// OpenLog opens the store's hook log for appending, first cutting it to
// its newer half when it has grown past maxLogBytes.
func OpenLog(storeDir string) (*os.File, error) {
	p := filepath.Join(storeDir, LogFile)
	if fi, err := os.Stat(p); err == nil && fi.Size() > maxLogBytes {
		if err := keepTail(p, maxLogBytes/2); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("hooks: open log: %w", err)
	}
	return f, nil
}

func keepTail(p string, n int64) error {
	data, err := os.ReadFile(p)
	if err != nil {
		return fmt.Errorf("hooks: trim log: %w", err)
	}
	tail := data[int64(len(data))-n:]
	if i := strings.IndexByte(string(tail), '\n'); i >= 0 {
		tail = tail[i+1:]
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, tail, 0o644); err != nil {
		return fmt.Errorf("hooks: trim log: %w", err)
	}
	return os.Rename(tmp, p)
}

// Started records that a hook started an update in dir.
func Started(w io.Writer, hook, dir string, now time.Time) {
	fmt.Fprintf(w, "%sstart %s %s pid=%d dir=%s\n", mark, now.UTC().Format(time.RFC3339), hookName(hook), os.Getpid(), strconv.Quote(dir))
}

// Ended records how the update a hook started ended (exit code and, on
// failure, the error on one line).
func Ended(w io.Writer, hook string, now time.Time, code int, err error) {
	line := fmt.Sprintf("%send %s %s exit=%d", mark, now.UTC().Format(time.RFC3339), hookName(hook), code)
	if err != nil {
		line += " error=" + strconv.Quote(err.Error())
	}
	fmt.Fprintln(w, line)
}

func hookName(h string) string {
	if h == "" {
		return "hook"
	}
	return h
}

// Failure is a background update, started by a hook, that failed.
type Failure struct {
	Time  time.Time `json:"time"`
	Hook  string    `json:"hook"`
	Exit  int       `json:"exit"`
	Error string    `json:"error"`
	Log   string    `json:"log"`
}

// LastFailure returns the most recent hook update when it failed; nil when
// it succeeded, or no hook has run.
func LastFailure(storeDir string) *Failure {
	p := filepath.Join(storeDir, LogFile)
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	var last *Failure
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if fl, ok := parseEnd(sc.Text()); ok {
			last = fl
		}
	}
	if last == nil || last.Exit == 0 {
		return nil
	}
	last.Log = p
	return last
}

// parseEnd reads an "end" line: end TIME HOOK exit=N [error="..."].
func parseEnd(line string) (*Failure, bool) {
	rest, ok := strings.CutPrefix(line, mark+"end ")
	if !ok {
		return nil, false
	}
	fields := strings.SplitN(rest, " ", 4)
	if len(fields) < 3 {
		return nil, false
	}
	t, err := time.Parse(time.RFC3339, fields[0])
	if err != nil {
		return nil, false
	}
	code, err := strconv.Atoi(strings.TrimPrefix(fields[2], "exit="))
	if err != nil {
		return nil, false
	}
	fl := &Failure{Time: t, Hook: fields[1], Exit: code}
	if len(fields) == 4 {
		if msg, err := strconv.Unquote(strings.TrimPrefix(fields[3], "error=")); err == nil {
			fl.Error = msg
		}
	}
	return fl, true
}
