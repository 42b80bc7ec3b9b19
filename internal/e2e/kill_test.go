package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/repogen"
)

// TestRandomKill kills `lgraph update` with SIGKILL at random moments and
// checks invariant 2 from outside: afterwards the store is readable, its
// graph is exactly the previous snapshot (baseline unmoved) or exactly the
// new one (the run got to publish), and the next update completes and
// verifies against a rebuild.
func TestRandomKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills real processes")
	}
	bin, err := exec.LookPath("lgraph")
	if err != nil {
		t.Skip("lgraph test binary not on PATH")
	}
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 300, Seed: 11, Languages: []string{"go", "python", "typescript", "java"}})
	if err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(t.TempDir(), "store")
	run := func(args ...string) ([]byte, error) {
		cmd := exec.Command(bin, append(args, "--repo", repo.Dir(), "--store", store)...)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			out = append(out, stderr.Bytes()...)
		}
		return out, err
	}
	if out, err := run("init", "--quiet"); err != nil {
		t.Fatalf("init: %v\n%s", err, out)
	}
	// Kill within the time a run takes on this machine, so kills land inside.
	start := time.Now()
	if out, err := run("update", "--full", "--quiet"); err != nil {
		t.Fatalf("update --full: %v\n%s", err, out)
	}
	window := time.Since(start)
	// Most kills land in phases that write nothing durable; about one in a
	// hundred lands in badger's file creation, which is why there are many.
	const rounds = 20
	rnd := rand.New(rand.NewSource(3))
	kills, outcomes := 0, map[string]int{}
	for i := 0; i < rounds; i++ {
		before, err := run("export")
		if err != nil {
			t.Fatalf("round %d: export before: %v", i, err)
		}
		if _, err := repo.TouchFiles(20+rnd.Intn(20), rnd); err != nil {
			t.Fatal(err)
		}
		args := []string{"update", "--quiet", "--full"}
		if i%3 == 2 {
			args = args[:2] // an incremental run now and then
		}
		cmd := exec.Command(bin, append(args, "--repo", repo.Dir(), "--store", store)...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rnd.Int63n(int64(window))))
		_ = cmd.Process.Kill()
		if err := cmd.Wait(); err != nil && !cmd.ProcessState.Exited() {
			kills++ // ended by the signal, not by finishing
		}

		status, err := run("status", "--json")
		if err != nil {
			t.Fatalf("round %d: status after the kill failed: %v\n%s", i, err, status)
		}
		after, err := run("export")
		if err != nil {
			t.Fatalf("round %d: export after the kill failed: %v", i, err)
		}
		var doc struct{ Freshness struct{ Status string } }
		if err := json.Unmarshal(status, &doc); err != nil {
			t.Fatal(err)
		}
		outcomes[doc.Freshness.Status]++
		switch doc.Freshness.Status {
		case "behind":
			if !bytes.Equal(before, after) {
				t.Fatalf("round %d: killed run left the baseline but changed the published graph", i)
			}
		case "fresh":
			// The run published before the kill: the new graph must be whole.
			if out, err := run("verify"); err != nil {
				t.Fatalf("round %d: published graph after the kill does not verify: %v\n%s", i, err, out)
			}
		default:
			t.Fatalf("round %d: status %q after the kill", i, doc.Freshness.Status)
		}
		if out, err := run("update", "--quiet"); err != nil {
			t.Fatalf("round %d: update after the kill: %v\n%s", i, err, out)
		}
		if out, err := run("verify"); err != nil {
			t.Fatalf("round %d: verify after recovery: %v\n%s", i, err, out)
		}
	}
	t.Logf("%d of %d runs killed in flight; state after the kill: %v", kills, rounds, outcomes)
	if kills == 0 {
		t.Fatal("no run was killed in flight: the kill window is too late for this machine")
	}
}

// failpointCall finds the failpoints the code names: st.Hit("name").
var failpointCall = regexp.MustCompile(`\.Hit\("([a-z-]+)"\)`)

// codeFailpoints lists the failpoint names in the module's non-test code.
func codeFailpoints(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != moduleRoot {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range failpointCall.FindAllStringSubmatch(string(data), -1) {
			seen[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return slices.Sorted(maps.Keys(seen))
}

// readmeFailpoints lists the failpoints the README's test list names (the
// backquoted names on the line about TestEveryFailpoint).
func readmeFailpoints(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "`TestEveryFailpoint`")
	if i < 0 {
		t.Fatal("README.md does not describe TestEveryFailpoint")
	}
	para, _, _ := strings.Cut(text[i:], "\n- ")
	var out []string
	for _, m := range regexp.MustCompile("`([a-z]+(?:-[a-z]+)*)`").FindAllStringSubmatch(para, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

// TestEveryFailpoint stops `lgraph update` at each failpoint the code
// names, as a kill there would, and checks invariant 2 at each: before the
// ref switch the published graph and baseline are untouched; after it the
// new graph is whole; either way the next update completes and verifies.
// The README's list of failpoints must be the code's.
func TestEveryFailpoint(t *testing.T) {
	points := codeFailpoints(t)
	if diff := cmp.Diff(points, readmeFailpoints(t)); diff != "" {
		t.Fatalf("failpoints in the code (-) and in README.md (+) differ:\n%s", diff)
	}
	bin, err := exec.LookPath("lgraph")
	if err != nil {
		t.Skip("lgraph test binary not on PATH")
	}
	r := gittest.New(t)
	r.Write(map[string]string{
		"app/util.py":  "import os\n\nURL = os.environ['DATABASE_URL']\n\n\ndef helper():\n    return 1\n",
		"app/main.py":  "from app.util import helper\n\n\ndef run():\n    return helper()\n",
		"svc/db.py":    "import os\n\nDSN = os.getenv('DATABASE_URL')\n",
		"web/index.ts": "export function main(): number { return 1 }\n",
	})
	r.Commit("base")
	storeDir := filepath.Join(t.TempDir(), "store")
	run := func(failpoint string, args ...string) (string, int) {
		cmd := exec.Command(bin, append(args, "--repo", r.Dir, "--store", storeDir)...)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "LGRAPH_FAILPOINT="+failpoint)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	mustRun := func(args ...string) string {
		out, code := run("", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
		return out
	}
	mustRun("init", "--quiet")
	for i, fp := range points {
		r.Write(map[string]string{
			"app/main.py":  fmt.Sprintf("from app.util import helper\n\n\ndef run%d():\n    return helper()\n", i),
			"app/extra.py": fmt.Sprintf("import os\n\nKEY = os.getenv('DATABASE_URL')\n\n\ndef extra%d():\n    return %d\n", i, i),
		})
		r.Commit("step " + fp)
		before := mustRun("export")
		out, code := run(fp, "update")
		if code != 99 || !strings.Contains(out, "failpoint "+fp+" hit") {
			t.Fatalf("%s: update exit %d, failpoint not reached:\n%s", fp, code, out)
		}
		status := mustRun("status", "--json")
		switch {
		case fp == "publish-ref-written":
			if !strings.Contains(status, `"status": "fresh"`) {
				t.Fatalf("%s: the ref was written but status is not fresh:\n%s", fp, status)
			}
			mustRun("verify")
		case !strings.Contains(status, `"status": "behind"`):
			t.Fatalf("%s: the baseline moved:\n%s", fp, status)
		case mustRun("export") != before:
			t.Fatalf("%s: the published graph changed", fp)
		}
		mustRun("update", "--quiet")
		mustRun("verify")
		if !strings.Contains(mustRun("export"), fmt.Sprintf("sym:app/main.py#run%d", i)) {
			t.Fatalf("%s: the update after it did not index the commit", fp)
		}
	}
}
