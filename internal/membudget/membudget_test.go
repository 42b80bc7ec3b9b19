package membudget

import (
	"runtime/debug"
	"testing"
)

// restoreLimit puts back the process's memory limit after a test that sets
// it.
func restoreLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
}

// TestApplySetsTheRuntimeLimit: the budget becomes the Go runtime's soft
// memory limit.
func TestApplySetsTheRuntimeLimit(t *testing.T) {
	restoreLimit(t)
	got := FromMB(200).Apply(func(string) string { return "" })
	if got != 200<<20 || debug.SetMemoryLimit(-1) != 200<<20 {
		t.Errorf("Apply returned %d, runtime limit %d; want %d", got, debug.SetMemoryLimit(-1), 200<<20)
	}
}

// TestApplyLeavesTheUsersGOMEMLIMIT: a GOMEMLIMIT in the environment (which
// the runtime applied at start) wins over the configured budget.
func TestApplyLeavesTheUsersGOMEMLIMIT(t *testing.T) {
	restoreLimit(t)
	debug.SetMemoryLimit(300 << 20) // what the runtime made of GOMEMLIMIT=300MiB
	env := map[string]string{"GOMEMLIMIT": "300MiB"}
	got := FromMB(200).Apply(func(k string) string { return env[k] })
	if got != 300<<20 || debug.SetMemoryLimit(-1) != 300<<20 {
		t.Errorf("Apply returned %d, runtime limit %d; want the user's %d", got, debug.SetMemoryLimit(-1), 300<<20)
	}
}

// TestSizesFollowTheBudget: every size grows with the budget (until its
// cap) and never passes it, so a budget moves them all.
func TestSizesFollowTheBudget(t *testing.T) {
	small, large := FromMB(64), FromMB(2048)
	s, l := small.Cache(), large.Cache()
	if s.MemTable >= l.MemTable || s.BlockCache >= l.BlockCache || s.IndexCache >= l.IndexCache || s.BatchBytes >= l.BatchBytes {
		t.Errorf("cache sizes do not grow with the budget: %+v at 64 MiB, %+v at 2 GiB", s, l)
	}
	if small.MemoBytes() >= large.MemoBytes() {
		t.Errorf("memo bounds do not grow with the budget")
	}
	if small.IndexAnswers() >= large.IndexAnswers() {
		t.Errorf("index answers do not grow with the budget")
	}
	for _, b := range []Budget{small, Default, large} {
		c := b.Cache()
		// badger holds two memtables and one being flushed.
		held := 3*c.MemTable + c.BlockCache + c.IndexCache + int64(c.BatchBytes) + int64(b.MemoBytes())
		if held > int64(b)/2 {
			t.Errorf("budget %d MiB: caches take %d MiB, more than half", b>>20, held>>20)
		}
	}
}

// TestUnlimitedSetsNoLimit: memory_mb 0 (the default) leaves the runtime's
// limit where it was and sizes the caches as the default budget does.
func TestUnlimitedSetsNoLimit(t *testing.T) {
	restoreLimit(t)
	debug.SetMemoryLimit(700 << 20)
	if got := Unlimited.Apply(func(string) string { return "" }); got != 700<<20 || debug.SetMemoryLimit(-1) != 700<<20 {
		t.Errorf("Unlimited.Apply returned %d, runtime limit %d; want both left at %d", got, debug.SetMemoryLimit(-1), 700<<20)
	}
	if Unlimited.Cache() != Default.Cache() || Unlimited.MemoBytes() != Default.MemoBytes() || Unlimited.IndexAnswers() != Default.IndexAnswers() {
		t.Errorf("Unlimited sizes %+v differ from Default's %+v", Unlimited.Cache(), Default.Cache())
	}
}
