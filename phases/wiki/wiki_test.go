package wiki_test

import (
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// docs reads every module doc of a branch's published snapshot.
func docs(t *testing.T, ix *lgtest.Indexer) map[string]string {
	t.Helper()
	snap := ix.Published(t, "main")
	defer snap.Close()
	out := map[string]string{}
	for _, d := range snap.Modules.Dirs() {
		out[d] = snap.Modules.Get(d).Doc
	}
	return out
}

var base = map[string]string{
	"go.mod": "module example.com/demo\n\ngo 1.22\n",
	"store/store.go": "// Package store keeps values.\npackage store\n\n// Store holds values.\ntype Store struct{}\n\n" +
		"// Get returns a value.\nfunc (s *Store) Get(k string) string { return k }\n",
	"app/main.go":  "package main\n\nimport \"example.com/demo/store\"\n\nfunc main() { _ = (&store.Store{}).Get(\"x\") }\n",
	"tool/tool.go": "// Package tool is unrelated to the others.\npackage tool\n\n// Run runs.\nfunc Run() {}\n",
}

// TestUnrelatedCommitKeepsDocs: a commit that touches one module rewrites
// that module's doc (its API section shows the change) and leaves the docs
// of unrelated modules byte-equal; the update equals a rebuild.
func TestUnrelatedCommitKeepsDocs(t *testing.T) {
	r := gittest.New(t)
	r.Write(base)
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", true)
	before := docs(t, ix)
	for _, want := range []string{"## Public API", "func (s *Store) Get(k string) string", "## Used by", "[`app`](app.md)", "```mermaid"} {
		if !strings.Contains(before["store"], want) {
			t.Fatalf("store doc lacks %q:\n%s", want, before["store"])
		}
	}
	r.Write(map[string]string{"tool/tool.go": base["tool/tool.go"] + "\n// Stop stops.\nfunc Stop() {}\n"})
	r.Commit("tool only")
	run := ix.MustRun(t, "update", false)
	ix.CheckIndex(t, "main")
	after := docs(t, ix)
	for _, d := range []string{"store", "app"} {
		if after[d] != before[d] {
			t.Errorf("doc of %s changed on an unrelated commit:\n%s\n---\n%s", d, before[d], after[d])
		}
	}
	if !strings.Contains(after["tool"], "func Stop()") || after["tool"] == before["tool"] {
		t.Errorf("tool doc not rewritten:\n%s", after["tool"])
	}
	for _, p := range run.Phases {
		if p.Name == "wiki" && p.Extra["docs_written"] != 1 {
			t.Errorf("wiki wrote %d docs, want 1", p.Extra["docs_written"])
		}
	}
	full := lgtest.New(t, r.Dir)
	full.MustRun(t, "init", true)
	rebuilt := docs(t, full)
	for d, doc := range after {
		if rebuilt[d] != doc {
			t.Errorf("doc of %s after update differs from init:\n%s\n---\n%s", d, doc, rebuilt[d])
		}
	}
}

// modelIndexer indexes dir with an OpenAI-compatible provider: the fake
// server srv.
func modelIndexer(t *testing.T, dir string, srv *llmtest.Server) *lgtest.Indexer {
	t.Helper()
	p, err := llm.NewOpenAI(llm.Config{BaseURL: srv.BaseURL(), Model: "gpt-4o-mini", APIKey: "test-key",
		Retries: 1, MaxConcurrency: 2, JSONSchema: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ix := lgtest.New(t, dir)
	ix.LLM = p
	ix.Config.LLM.Provider, ix.Config.LLM.BaseURL = "openai", srv.BaseURL()
	return ix
}

// modelStart indexes the base files with the fake model: the server, the
// repository and its indexer after init.
func modelStart(t *testing.T) (*llmtest.Server, *gittest.Repo, *lgtest.Indexer) {
	t.Helper()
	srv := llmtest.NewServer(t)
	r := gittest.New(t)
	r.Write(base)
	r.Commit("base")
	ix := modelIndexer(t, r.Dir, srv)
	ix.MustRun(t, "init", true)
	return srv, r, ix
}

// TestRenameCallsNoModel: with an OpenAI-compatible provider (the fake
// server), renaming a file inside a module rewrites the doc's file table but
// sends nothing to the model: the narrative is keyed on what it is sent,
// which holds no paths.
func TestRenameCallsNoModel(t *testing.T) {
	_, r, ix := modelStart(t)
	r.Move("store/store.go", "store/kv.go")
	r.Commit("rename")
	run := ix.MustRun(t, "update", false)
	ix.CheckIndex(t, "main")
	var wiki *store.Phase
	for i := range run.Phases {
		if run.Phases[i].Name == "wiki" {
			wiki = &run.Phases[i]
		}
	}
	if wiki == nil || wiki.Calls != 0 || wiki.Extra["docs_written"] == 0 {
		t.Fatalf("wiki phase after a rename: %+v, want docs written and no call", wiki)
	}
	doc := docs(t, ix)["store"]
	if !strings.Contains(doc, "| `kv.go` |") || strings.Contains(doc, "`store.go`") {
		t.Errorf("store doc does not name the renamed file:\n%s", doc)
	}
}

// TestNarrativeFollowsSurface: with a model, a module's paragraph is
// rewritten when what it is told changes (a doc comment, the modules it
// mainly uses), not for an edit inside a function body, nor because
// another module starts to use it; each update equals a rebuild.
func TestNarrativeFollowsSurface(t *testing.T) {
	srv, r, ix := modelStart(t)
	storeDoc := func(prefix string) string {
		return "// Package store keeps values.\npackage store\n\n// Store holds values.\ntype Store struct{}\n\n" +
			"// Get " + prefix + "\nfunc (s *Store) Get(k string) string { return k + \"!\" }\n"
	}
	steps := []struct {
		name  string
		files map[string]string
		calls int    // module narratives asked for
		sent  string // in the one narrative prompt sent
	}{
		{"body edit", map[string]string{"store/store.go": storeDoc("returns a value.")}, 0, ""},
		{"a new caller of tool", map[string]string{"app/main.go": "package main\n\nimport (\n\t\"example.com/demo/store\"\n\t\"example.com/demo/tool\"\n)\n\n" +
			"func main() { _ = (&store.Store{}).Get(\"x\"); tool.Run() }\n"}, 1, "Mainly depends on: store, tool"},
		{"doc edit", map[string]string{"store/store.go": storeDoc("looks a value up by its key.")}, 1, "Store.Get: looks a value up by its key."},
	}
	for _, s := range steps {
		r.Write(s.files)
		r.Commit(s.name)
		n := srv.Calls()
		run := ix.MustRun(t, "update", false)
		ix.CheckIndex(t, "main")
		var prompts []string
		for _, q := range srv.Requests()[n:] {
			if strings.HasPrefix(q.Chat.Messages[0].Content, "You document modules") {
				prompts = append(prompts, q.Chat.Messages[len(q.Chat.Messages)-1].Content)
			}
		}
		if len(prompts) != s.calls {
			t.Errorf("%s: %d narratives asked for, want %d: %q (run %+v)", s.name, len(prompts), s.calls, prompts, run.Phases)
			continue
		}
		if s.calls > 0 && (!strings.Contains(prompts[0], s.sent) || strings.Contains(prompts[0], "Used by")) {
			t.Errorf("%s: narrative prompt lacks %q or names its users:\n%s", s.name, s.sent, prompts[0])
		}
	}
	full := modelIndexer(t, r.Dir, srv)
	full.MustRun(t, "init", true)
	if got, want := docs(t, ix), docs(t, full); !maps.Equal(got, want) {
		t.Errorf("docs after updates differ from a rebuild:\n%v\n---\n%v", got, want)
	}
}

// TestRankFollowsUse: a new caller in another module moves the helper it
// calls to the head of the Public API and makes its doc the file's line
// and the module's purpose (offline), and the update equals a rebuild.
func TestRankFollowsUse(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{
		"go.mod": "module example.com/demo\n\ngo 1.22\n",
		"kit/kit.go": "package kit\n\n// Aardvark digs for values.\nfunc Aardvark() int { return 1 }\n\n" +
			"// Zebra maps names to values.\nfunc Zebra(s string) int { return len(s) }\n",
		"app/main.go": "package main\n\nimport \"example.com/demo/kit\"\n\nfunc main() { _ = kit.Aardvark() }\n",
	})
	r.Commit("base")
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", true)
	first := func(doc, a, b string) bool {
		return strings.Index(doc, a) >= 0 && strings.Index(doc, a) < strings.Index(doc, b)
	}
	if doc := docs(t, ix)["kit"]; !first(doc, "func Aardvark()", "func Zebra(") || !strings.HasPrefix(doc, "# `kit`\n\nAardvark digs for values.") {
		t.Fatalf("kit doc before:\n%s", doc)
	}
	r.Write(map[string]string{
		"app/main.go": "package main\n\nimport \"example.com/demo/kit\"\n\nfunc main() { _ = kit.Aardvark() + kit.Zebra(\"a\") }\n",
		"cmd/cmd.go":  "package cmd\n\nimport \"example.com/demo/kit\"\n\nfunc Run() int { return kit.Zebra(\"b\") }\n",
	})
	r.Commit("zebra is used more")
	ix.MustRun(t, "update", false)
	ix.CheckIndex(t, "main")
	doc := docs(t, ix)["kit"]
	if !first(doc, "func Zebra(", "func Aardvark()") || !strings.HasPrefix(doc, "# `kit`\n\nZebra maps names to values.") ||
		!strings.Contains(doc, "| `kit.go` | Zebra maps names to values. |") {
		t.Errorf("kit doc after Zebra gained callers:\n%s", doc)
	}
	full := lgtest.New(t, r.Dir)
	full.MustRun(t, "init", true)
	if got, want := docs(t, ix), docs(t, full); !maps.Equal(got, want) {
		t.Errorf("docs after the update differ from a rebuild:\n%v\n---\n%v", got, want)
	}
}
