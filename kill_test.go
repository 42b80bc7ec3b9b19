package main

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

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
