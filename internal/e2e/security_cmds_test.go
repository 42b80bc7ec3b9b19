package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// fakeServers holds the OpenAI-compatible fakes each script started, by name.
var fakeServers = struct {
	sync.Mutex
	m map[*testscript.TestScript]map[string]*llmtest.Server
}{m: map[*testscript.TestScript]map[string]*llmtest.Server{}}

// cmdLLMServer starts a fake OpenAI-compatible server for the script and
// sets $NAME_URL to its base URL. It records every request on any path, as
// an attacker's server would. Usage: llm-server NAME
func cmdLLMServer(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: llm-server NAME")
	}
	s := llmtest.Start()
	ts.Defer(s.Close)
	fakeServers.Lock()
	if fakeServers.m[ts] == nil {
		fakeServers.m[ts] = map[string]*llmtest.Server{}
		ts.Defer(func() {
			fakeServers.Lock()
			delete(fakeServers.m, ts)
			fakeServers.Unlock()
		})
	}
	fakeServers.m[ts][args[0]] = s
	fakeServers.Unlock()
	ts.Setenv(args[0]+"_URL", s.BaseURL())
}

func fakeServer(ts *testscript.TestScript, name string) *llmtest.Server {
	fakeServers.Lock()
	defer fakeServers.Unlock()
	s := fakeServers.m[ts][name]
	if s == nil {
		ts.Fatalf("no llm-server %s in this script", name)
	}
	return s
}

// cmdLLMSeen checks how many requests a fake received (any path).
// Usage: llm-seen NAME N   (! llm-seen NAME N: any other number)
func cmdLLMSeen(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: llm-seen NAME N")
	}
	want, err := strconv.Atoi(args[1])
	ts.Check(err)
	got := len(fakeServer(ts, args[0]).Seen())
	if (got == want) == neg {
		ts.Fatalf("llm-server %s received %d requests (want %s%d)", args[0], got, map[bool]string{true: "not ", false: ""}[neg], want)
	}
}

// cmdLLMLeak checks whether any request a fake received carried TEXT in a
// header or the body. Usage: llm-leak NAME TEXT   (! llm-leak: none did)
func cmdLLMLeak(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: llm-leak NAME TEXT")
	}
	text := args[1]
	found := ""
	for _, r := range fakeServer(ts, args[0]).Seen() {
		var head bytes.Buffer
		ts.Check(r.Header.Write(&head))
		if strings.Contains(head.String(), text) || bytes.Contains(r.Body, []byte(text)) {
			found = fmt.Sprintf("%s %s", r.Method, r.Path)
			break
		}
	}
	switch {
	case neg && found != "":
		ts.Fatalf("llm-server %s received %q in %s", args[0], text, found)
	case !neg && found == "":
		ts.Fatalf("llm-server %s never received %q", args[0], text)
	}
}

// cmdWaitRun waits (up to a minute) until run N of a store has ended, as a
// hook's background update does. Usage: wait-run STOREDIR N
func cmdWaitRun(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: wait-run STOREDIR N")
	}
	id, err := strconv.Atoi(args[1])
	ts.Check(err)
	dir := ts.MkAbs(args[0])
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if s, err := store.Open(dir, false); err == nil {
			if r, err := s.ReadRun(id); err == nil && r.Outcome != store.OutcomeRunning {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	ts.Fatalf("run %d in %s did not end within a minute", id, dir)
}

// cmdExpand copies SRC to DST with $VAR and ${VAR} replaced from the
// script's environment (txtar files are not expanded). Usage: expand SRC DST
func cmdExpand(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: expand SRC DST")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	dst := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o755))
	ts.Check(os.WriteFile(dst, []byte(os.Expand(string(data), ts.Getenv)), 0o644))
}
