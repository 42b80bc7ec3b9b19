package repogen

import (
	"testing"
	"time"
)

func TestSmoke(t *testing.T) {
	for _, n := range []int{20000} {
		dir := t.TempDir()
		start := time.Now()
		r, err := New(dir, Options{Files: n, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d files (%d): %v", n, len(r.Files()), time.Since(start))
	}
}
