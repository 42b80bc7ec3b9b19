package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lgraph/lgraph/internal/hooks"
	"github.com/lgraph/lgraph/internal/store"
)

// cmdWaitHooks waits (up to a minute) until the background updates git
// hooks started have all ended: every start line in the store's hook log
// has its end line, no writer holds the store, and the log has not grown
// for a second (a hook's update may not have written its start yet).
// With N, it also waits for at least N ended updates.
// Usage: wait-hooks STOREDIR [N]
func cmdWaitHooks(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: wait-hooks STOREDIR [N]")
	}
	min := 0
	if len(args) == 2 {
		min = atoi(ts, args[1])
	}
	dir := ts.MkAbs(args[0])
	logPath := filepath.Join(dir, hooks.LogFile)
	deadline := time.Now().Add(time.Minute)
	last, stable := int64(-1), time.Now()
	for time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		data, err := os.ReadFile(logPath)
		if err != nil {
			continue
		}
		if int64(len(data)) != last {
			last, stable = int64(len(data)), time.Now()
			continue
		}
		starts := strings.Count(string(data), "lgraph-hook: start ")
		ends := strings.Count(string(data), "lgraph-hook: end ")
		s, err := store.Open(dir, false)
		if err != nil || s.Writer() != nil {
			continue
		}
		if starts == ends && ends >= min && time.Since(stable) > time.Second {
			return
		}
	}
	data, _ := os.ReadFile(logPath)
	ts.Fatalf("hook updates in %s did not end within a minute; log:\n%s", dir, data)
}

func atoi(ts *testscript.TestScript, s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			ts.Fatalf("%q is not a count", s)
		}
		n = n*10 + int(c-'0')
	}
	return n
}
