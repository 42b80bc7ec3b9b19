package pipeline_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/llm/llmtest"
)

// explorerIndexer is llmIndexer with the model explorer on.
func explorerIndexer(t testing.TB, dir string, srv *llmtest.Server, concurrency int) *lgtest.Indexer {
	t.Helper()
	ix := llmIndexer(t, dir, srv, concurrency)
	ix.Config.Implicit.LLMExplorer = true
	return ix
}

// explorerExport is the jsonl export plus every file's proposals (lines,
// evidence, confidence) read from the published snapshot.
func explorerExport(t testing.TB, ix *lgtest.Indexer, branch string) string {
	t.Helper()
	out := ix.Export(t, branch)
	snap := ix.Published(t, branch)
	defer snap.Close()
	for _, p := range snap.Paths() {
		if cs := snap.Files.Get(p).Couplings; len(cs) > 0 {
			b, _ := json.Marshal(map[string]any{"type": "couplings", "path": p, "couplings": cs})
			out += string(b) + "\n"
		}
	}
	return out
}

// requireExplored checks that an export holds explorer edges.
func requireExplored(t testing.TB, export string) {
	t.Helper()
	if !strings.Contains(export, `"detected_by":"llm"`) || !strings.Contains(export, `"type":"couplings"`) {
		t.Fatalf("export has no explorer edges:\n%.3000s", export)
	}
}

// implicitPhase returns the implicit phase report of a run.
func implicitPhase(t testing.TB, r *store.Run) store.Phase {
	t.Helper()
	for _, p := range r.Phases {
		if p.Name == "implicit" {
			return p
		}
	}
	t.Fatalf("run %d has no implicit phase", r.ID)
	return store.Phase{}
}

// explorerKeys are the keys the generated files share: registry keys the
// fake model reads from register/lookup calls, and environment variables
// read by rule (os.getenv) in some files and only through a helper the
// model reads (env_var) in others.
var explorerKeys = []string{"pdf", "csv", "mailer", "auth.token", "cache"}

var explorerEnv = []string{"DB_URL", "QUEUE_HOST", "FEATURE_X"}

// explorerFile is a random Python file using a few shared keys.
func explorerFile(rnd *rand.Rand, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "import os\nfrom plugins import register, lookup, env_var\n\n\ndef %s():\n", name)
	for i, n := 0, 1+rnd.Intn(4); i < n; i++ {
		switch rnd.Intn(5) {
		case 0:
			fmt.Fprintf(&b, "    register(%q)\n", explorerKeys[rnd.Intn(len(explorerKeys))])
		case 1, 2:
			fmt.Fprintf(&b, "    h%d = lookup(%q)\n", i, explorerKeys[rnd.Intn(len(explorerKeys))])
		case 3:
			fmt.Fprintf(&b, "    v%d = os.getenv(%q)\n", i, explorerEnv[rnd.Intn(len(explorerEnv))])
		default:
			fmt.Fprintf(&b, "    w%d = env_var(%q)\n", i, explorerEnv[rnd.Intn(len(explorerEnv))])
		}
		if rnd.Intn(3) == 0 {
			b.WriteString("\n") // blank lines shift the evidence lines
		}
	}
	b.WriteString("    return None\n")
	return b.String()
}

// explorerRepo writes n random files and commits them.
func explorerRepo(t testing.TB, rnd *rand.Rand, n int) (*gittest.Repo, []string) {
	r := gittest.New(t)
	files := map[string]string{}
	var paths []string
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("%s/mod%d.py", []string{"app", "lib", "svc"}[i%3], i)
		files[p] = explorerFile(rnd, fmt.Sprintf("f%d", i))
		paths = append(paths, p)
	}
	r.Write(files)
	r.Commit("base")
	return r, paths
}

// explorerCommit changes one or two files (edit, add, delete or rename)
// and commits; it returns what it did.
func explorerCommit(t testing.TB, r *gittest.Repo, rnd *rand.Rand, paths []string, step int) ([]string, string) {
	var ops []string
	for k := 0; k < 1+rnd.Intn(2); k++ {
		i := rnd.Intn(len(paths))
		switch op := rnd.Intn(6); {
		case op < 3:
			r.Write(map[string]string{paths[i]: explorerFile(rnd, fmt.Sprintf("e%d", step))})
			ops = append(ops, "edit "+paths[i])
		case op == 3:
			p := fmt.Sprintf("new/n%d_%d.py", step, k)
			r.Write(map[string]string{p: explorerFile(rnd, fmt.Sprintf("n%d", step))})
			paths = append(paths, p)
			ops = append(ops, "add "+p)
		case op == 4 && len(paths) > 4:
			r.Remove(paths[i])
			ops = append(ops, "delete "+paths[i])
			paths = append(paths[:i], paths[i+1:]...)
		default:
			to := path.Join("moved", fmt.Sprintf("m%d_%d_%s", step, k, path.Base(paths[i])))
			r.Move(paths[i], to)
			ops = append(ops, "rename "+paths[i]+" -> "+to)
			paths[i] = to
		}
	}
	r.Commit(strings.Join(ops, "; "))
	return paths, strings.Join(ops, "; ")
}

// TestExplorerReplay: after every commit of a random history, a targeted
// update, an update that rescans every file (change_ratio 0) and an init
// on a fresh store publish the same graph and proposals, and the targeted
// update asks the model about the touched files only.
func TestExplorerReplay(t *testing.T) {
	commits := 12
	if testing.Short() {
		commits = 5
	}
	rnd := rand.New(rand.NewSource(7))
	r, paths := explorerRepo(t, rnd, 21)
	srv := llmtest.NewServer(t)
	targeted := explorerIndexer(t, r.Dir, srv, 4)
	full := explorerIndexer(t, r.Dir, srv, 4)
	full.Config.Implicit.ChangeRatio = 0
	mustRunMetered(t, targeted, srv, "init")
	mustRunMetered(t, full, srv, "init")
	incremental := 0
	for i := 1; i <= commits; i++ {
		var ops string
		paths, ops = explorerCommit(t, r, rnd, paths, i)
		dry := *targeted
		dry.DryRun = true
		dp := implicitPhase(t, dry.MustRun(t, "update", false))
		run, got := mustRunMetered(t, targeted, srv, "update")
		ph := implicitPhase(t, run)
		// A dry run makes the same explorer calls and knows their prompts.
		if dp.Calls != ph.Calls || dp.Tokens.Prompt != ph.Tokens.Prompt {
			t.Errorf("commit %d (%s): dry run estimates %d explorer calls, %d prompt tokens; the update made %d, %d",
				i, ops, dp.Calls, dp.Tokens.Prompt, ph.Calls, ph.Tokens.Prompt)
		}
		if ph.Mode == "incremental" {
			incremental++
			if touched := run.Changes.Added + run.Changes.Modified + run.Changes.Renamed; ph.Calls > touched {
				t.Errorf("commit %d (%s): a targeted update made %d explorer calls for %d touched files", i, ops, ph.Calls, touched)
			}
		}
		if got.billed == 0 && strings.Contains(ops, "edit") {
			t.Logf("commit %d (%s): nothing billed (contents seen before)", i, ops)
		}
		if fr := mustRun(t, full, srv); implicitPhase(t, fr).Mode != "full" {
			t.Fatalf("change_ratio 0: implicit phase mode %s, want full", implicitPhase(t, fr).Mode)
		}
		fresh := explorerIndexer(t, r.Dir, srv, 4)
		fresh.MustRun(t, "init", false)
		want := explorerExport(t, fresh, "main")
		requireExplored(t, want)
		if diff := cmp.Diff(want, explorerExport(t, targeted, "main")); diff != "" {
			t.Fatalf("commit %d (%s): targeted update differs from a fresh init (-init +update):\n%s", i, ops, diff)
		}
		if diff := cmp.Diff(want, explorerExport(t, full, "main")); diff != "" {
			t.Fatalf("commit %d (%s): full-scan update differs from a fresh init (-init +update):\n%s", i, ops, diff)
		}
		targeted.CheckIndex(t, "main")
	}
	if incremental == 0 {
		t.Errorf("no update was targeted")
	}
}

func mustRun(t testing.TB, ix *lgtest.Indexer, srv *llmtest.Server) *store.Run {
	t.Helper()
	r, _ := mustRunMetered(t, ix, srv, "update")
	return r
}

// TestExplorerBudgetResume stops init on its budget inside the explorer;
// the ledger's implicit phase accounts what was paid, and a rerun pays
// only the rest and publishes what one uninterrupted init does.
func TestExplorerBudgetResume(t *testing.T) {
	r, _ := explorerRepo(t, rand.New(rand.NewSource(3)), 18)
	ref := llmtest.NewServer(t)
	one := explorerIndexer(t, r.Dir, ref, 1)
	run, whole := mustRunMetered(t, one, ref, "init")
	want := explorerExport(t, one, "main")
	requireExplored(t, want)
	ph := implicitPhase(t, run)
	if ph.Calls != 18 || ph.Tokens.Prompt == 0 {
		t.Fatalf("implicit phase of init: %d calls, %+v tokens; want one call per file", ph.Calls, ph.Tokens)
	}

	srv := llmtest.NewServer(t)
	ix := explorerIndexer(t, r.Dir, srv, 1)
	ix.Config.LLM.BudgetTokens = (ph.Tokens.Prompt+ph.Tokens.Completion)/2 + llm.ReplyReserve
	stopped, first, err := runMetered(t, ix, srv, "init")
	if !errors.Is(err, llm.ErrBudget) || stopped == nil || stopped.Outcome != store.OutcomeBudgetStopped {
		t.Fatalf("budget stop: err %v, run %+v", err, stopped)
	}
	checkRunAccounting(t, stopped, first)
	sp := implicitPhase(t, stopped)
	if sp.Calls == 0 || sp.Calls >= 18 || sp.Calls != first.billed {
		t.Errorf("stopped run: implicit phase %d calls, server billed %d; want some but not all 18", sp.Calls, first.billed)
	}
	ix.Config.LLM.BudgetTokens = 0
	_, second := mustRunMetered(t, ix, srv, "update")
	if first.billed+second.billed != whole.billed || first.prompt+second.prompt != whole.prompt {
		t.Errorf("paid %d+%d calls, %d+%d prompt tokens; one init pays %d, %d", first.billed, second.billed,
			first.prompt, second.prompt, whole.billed, whole.prompt)
	}
	if diff := cmp.Diff(want, explorerExport(t, ix, "main")); diff != "" {
		t.Errorf("after a budget stop and a rerun (-init +rerun):\n%s", diff)
	}
}
