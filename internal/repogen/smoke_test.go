package repogen

import (
	"math/rand"
	"testing"
	"time"
)

func TestSmoke(t *testing.T) {
	for _, n := range []int{2000, 20000} {
		dir := t.TempDir()
		start := time.Now()
		r, err := New(dir, Options{Files: n, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d files (%d): %v", n, len(r.Files()), time.Since(start))
		rnd := rand.New(rand.NewSource(2))
		start = time.Now()
		for i := 0; i < 20; i++ {
			if _, err := r.RandomCommit(rnd); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("20 random commits: %v", time.Since(start))
		start = time.Now()
		c, err := r.TouchFiles(100, rnd)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("touch 100: %v %s", time.Since(start), c.Hash)
	}
}
