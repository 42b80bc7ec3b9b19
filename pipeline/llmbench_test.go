package pipeline_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/llm/llmtest"
)

// TestLLMRealRepoCost measures, against the fake server, what updates over
// the last first-parent commits of a real repository cost as a share of
// init's tokens. It runs only when LGRAPH_LLM_BENCH_REPO names a local git
// repository (it is cloned, never changed); LGRAPH_LLM_BENCH_COMMITS sets how
// many commits (default 5). Rerun with:
//
//	LGRAPH_LLM_BENCH_REPO=/tmp/ls-bench go test ./pipeline/ -run TestLLMRealRepoCost -v
func TestLLMRealRepoCost(t *testing.T) {
	src := os.Getenv("LGRAPH_LLM_BENCH_REPO")
	if src == "" {
		t.Skip("set LGRAPH_LLM_BENCH_REPO to a local git repository")
	}
	n := 5
	if v, err := strconv.Atoi(os.Getenv("LGRAPH_LLM_BENCH_COMMITS")); err == nil && v > 0 {
		n = v
	}
	dir := filepath.Join(t.TempDir(), "repo")
	git := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("git", "clone", "-q", src, dir).CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	commits := strings.Fields(git("rev-list", "--first-parent", "--reverse", "-n", strconv.Itoa(n+1), "HEAD"))
	git("checkout", "-q", "--detach", commits[0])
	srv := llmtest.NewServer(t)
	ix := llmIndexer(t, dir, srv, 4)
	n0 := srv.Calls()
	_, initCost := mustRunMetered(t, ix, srv, "init")
	initTok := initCost.prompt + initCost.completion
	t.Logf("init at %.10s: %v; %s; %s", commits[0], initCost, formatSplit(tokenSplit(srv.Requests()[n0:])),
		systemShare(srv.Requests()[n0:]))
	for _, c := range commits[1:] {
		stat := git("diff", "--shortstat", c+"^", c)
		git("checkout", "-q", "--detach", c)
		n1 := srv.Calls()
		_, cost := mustRunMetered(t, ix, srv, "update")
		tok := cost.prompt + cost.completion
		t.Logf("update to %.10s (%s): %v = %.3f%% of init; %s", c, stat, cost,
			100*float64(tok)/float64(initTok), formatSplit(tokenSplit(srv.Requests()[n1:])))
	}
}

// systemShare says how many prompt tokens the requests spent on system
// prompts, which every request repeats.
func systemShare(reqs []llmtest.Request) string {
	system, prompt := 0, 0
	for _, q := range reqs {
		prompt += llmtest.Tokens(llmtest.PromptText(q.Chat))
		if len(q.Chat.Messages) > 0 {
			system += llmtest.Tokens(q.Chat.Messages[0].Content)
		}
	}
	return fmt.Sprintf("system prompts %d of %d prompt tokens (%.1f%%)", system, prompt, 100*float64(system)/float64(max(prompt, 1)))
}
