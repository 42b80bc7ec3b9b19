package freshness

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/repogen"
)

// benchRepo generates a repository of about n files, ages it (files
// written long before the read, as in a real checkout) and lets git
// refresh its index, as any git status would.
func benchRepo(b *testing.B, n int) *fixture {
	b.Helper()
	dir, home := b.TempDir(), b.TempDir()
	if _, err := repogen.New(dir, repogen.Options{Files: n, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	age(b, dir, time.Now().Add(-time.Hour))
	cmd := exec.Command("git", "update-index", "-q", "--refresh")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("git update-index: %v\n%s", err, out)
	}
	return openFixture(b, dir, home, config.Default())
}

// BenchmarkCheck measures a read's freshness check on a clean tree with
// the stat cache warm (every read after the first), cold (the first read,
// or after the cache was lost) and with files edited since git last looked.
func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		f := benchRepo(b, n)
		// A read opens a published snapshot: records stay in its tables.
		snap := f.tableSnap()
		run := func(b *testing.B, want string, before func()) {
			b.ReportAllocs()
			f.t = b
			f.checkSnap(snap) // the first read fills the stat cache
			cpu := cpuTime()
			for b.Loop() {
				if before != nil {
					b.StopTimer()
					before()
					b.StartTimer()
				}
				if got := f.checkSnap(snap); got.Status != want {
					b.Fatalf("status %s, want %s", got.Status, want)
				}
			}
			b.ReportMetric(float64(f.snap.Files.Len()), "files/op")
			// CPU time is steadier than wall time on a shared machine.
			b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
		}
		b.Run(fmt.Sprintf("files=%d/clean-warm", n), func(b *testing.B) { run(b, Fresh, nil) })
		b.Run(fmt.Sprintf("files=%d/git-index-stale", n), func(b *testing.B) {
			// git's index written before its entries' files (as after a
			// checkout by another tool): its stat data proves nothing and
			// the stat table vouches instead.
			index := filepath.Join(f.repo.GitDir(), "index")
			fi, err := os.Stat(index)
			if err != nil {
				b.Fatal(err)
			}
			old := time.Now().Add(-2 * time.Hour)
			os.Chtimes(index, old, old)
			defer os.Chtimes(index, fi.ModTime(), fi.ModTime())
			run(b, Fresh, nil)
		})
		b.Run(fmt.Sprintf("files=%d/clean-cold", n), func(b *testing.B) {
			run(b, Fresh, func() { os.Remove(f.cache) })
		})
		b.Run(fmt.Sprintf("files=%d/10-edited", n), func(b *testing.B) {
			// Edited a minute ago: git's index no longer vouches for these
			// ten, the stat cache does after the first read.
			old := time.Now().Add(-time.Minute)
			for _, p := range f.snap.Paths()[:10] {
				name := filepath.Join(f.repo.Top, p)
				writeFile(b, name, []byte("// edited\n"))
				os.Chtimes(name, old, old)
			}
			run(b, Dirty, nil)
		})
	}
}

// cpuTime is the user and system CPU time the process has used (ns).
func cpuTime() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
