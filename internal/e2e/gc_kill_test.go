package e2e

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/repogen"
)

// TestGCKill kills `lgraph gc` at random moments, and at each named step
// (failpoints), and checks the store from outside: the kept branch's graph
// is exactly what it was, reads and verify work, the next update completes,
// and the next gc finishes the collection.
func TestGCKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills real processes")
	}
	bin, err := exec.LookPath("lgraph")
	if err != nil {
		t.Skip("lgraph test binary not on PATH")
	}
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 150, Seed: 21, Languages: []string{"go", "python", "typescript"}})
	if err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(t.TempDir(), "store")
	home := t.TempDir()
	run := func(env []string, args ...string) ([]byte, error) {
		cmd := exec.Command(bin, append(args, "--repo", repo.Dir(), "--store", store)...)
		cmd.Env = append(append(os.Environ(), "HOME="+home), env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			out = append(out, stderr.Bytes()...)
		}
		return out, err
	}
	must := func(args ...string) []byte {
		t.Helper()
		out, err := run(nil, args...)
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return out
	}
	trunk, err := repo.Branch()
	if err != nil {
		t.Fatal(err)
	}
	must("init", "--quiet")
	rnd := rand.New(rand.NewSource(5))
	// garbage makes a branch with its own snapshot, deletes it, and moves
	// the trunk on: dead refs, tables, runs and cache entries for gc to find.
	garbage := func(round int) {
		branch := fmt.Sprintf("tmp%d", round)
		for _, step := range []func() error{
			func() error { return repo.Checkout(branch, true) },
			func() error { _, err := repo.TouchFiles(5, rnd); return err },
			func() error { must("update", "--quiet"); return nil },
			func() error { return repo.Checkout(trunk, false) },
			func() error { _, err := repo.TouchFiles(3, rnd); return err },
			func() error { must("update", "--quiet"); return nil },
			func() error { return exec.Command("git", "-C", repo.Dir(), "branch", "-D", "-q", branch).Run() },
		} {
			if err := step(); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
	garbage(0)
	start := time.Now()
	must("gc", "--quiet")
	window := time.Since(start)
	failpoints := []string{"gc-refs-removed", "gc-tables-removed", "gc-runs-pruned", "gc-cache-deleted"}
	const rounds = 12
	kills := 0
	for i := 1; i <= rounds; i++ {
		garbage(i)
		before := must("export")
		if i <= len(failpoints) {
			if out, err := run([]string{"LGRAPH_FAILPOINT=" + failpoints[i-1]}, "gc"); err == nil {
				t.Fatalf("round %d: gc passed failpoint %s: %s", i, failpoints[i-1], out)
			}
			kills++
		} else {
			cmd := exec.Command(bin, "gc", "--repo", repo.Dir(), "--store", store)
			cmd.Env = append(os.Environ(), "HOME="+home)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Duration(rnd.Int63n(int64(window))))
			_ = cmd.Process.Kill()
			if err := cmd.Wait(); err != nil && !cmd.ProcessState.Exited() {
				kills++
			}
		}
		if after := must("export"); !bytes.Equal(before, after) {
			t.Fatalf("round %d: a killed gc changed main's graph", i)
		}
		must("status", "--json")
		must("verify")
		must("gc", "--quiet")
		if after := must("export"); !bytes.Equal(before, after) {
			t.Fatalf("round %d: gc after a killed gc changed main's graph", i)
		}
		if _, err := repo.TouchFiles(2, rnd); err != nil {
			t.Fatal(err)
		}
		must("update", "--quiet")
		must("verify")
	}
	t.Logf("%d of %d gc runs killed in flight (gc takes ~%s)", kills, rounds, window)
	if kills <= len(failpoints) {
		t.Fatal("no gc was killed at a random moment: the kill window is too late for this machine")
	}
}
