package gc_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// cacheKeys lists the cache's keys that start with prefix, in key order.
func cacheKeys(t *testing.T, s *store.Store, prefix string) []string {
	t.Helper()
	c, err := cache.Open(context.Background(), s.CacheDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var keys []string
	if err := c.Entries(func(e cache.Entry) error {
		if strings.HasPrefix(e.Key, prefix) {
			keys = append(keys, e.Key)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return keys
}

// exploreEntries counts the model explorer's cache entries.
func exploreEntries(t *testing.T, s *store.Store) int { return len(cacheKeys(t, s, "explore/")) }

// TestGCExplorerEntries: gc drops the explorer's result for content no
// kept snapshot holds, and keeps the others: a full rerun pays nothing.
func TestGCExplorerEntries(t *testing.T) {
	r := gittest.New(t)
	r.Write(files)
	r.Commit("base")
	srv := llmtest.NewServer(t)
	p, err := llm.NewOpenAI(llm.Config{BaseURL: srv.BaseURL(), Model: "gpt-4o-mini", APIKey: "sk-test",
		Retries: 1, MaxConcurrency: 1, JSONSchema: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ix := lgtest.New(t, r.Dir)
	ix.LLM, ix.Config.LLM.Provider, ix.Config.LLM.BaseURL = p, "openai", srv.BaseURL()
	ix.Config.Implicit.LLMExplorer = true
	ix.MustRun(t, "init", false)
	r.Write(map[string]string{"lib/x.py": "def x():\n    return 'changed'\n"})
	r.Commit("change")
	ix.MustRun(t, "update", false)
	s, err := store.Open(ix.StoreDir, false)
	if err != nil {
		t.Fatal(err)
	}
	if n := exploreEntries(t, s); n != len(files)+1 {
		t.Fatalf("%d explorer entries before gc, want %d (one per content seen)", n, len(files)+1)
	}
	collect(t, s, func(*store.Ref) bool { return true })
	if n := exploreEntries(t, s); n != len(files) {
		t.Fatalf("%d explorer entries after gc, want %d (the old lib/x.py's dropped)", n, len(files))
	}
	before := srv.Calls()
	ix.MustRun(t, "init", true)
	for _, q := range srv.Requests()[before:] {
		if strings.Contains(q.Chat.Messages[0].Content, "couplings") {
			t.Errorf("a full rebuild after gc explored again: %.200q", llmtest.PromptText(q.Chat))
		}
	}
}
