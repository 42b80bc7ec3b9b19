package remote

import (
	"fmt"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"1/3", Shard{1, 3}, true},
		{"3/3", Shard{3, 3}, true},
		{"1/1", Shard{1, 1}, true},
		{" 2/5 ", Shard{2, 5}, true},
		{"0/3", Shard{}, false},
		{"4/3", Shard{}, false},
		{"a/b", Shard{}, false},
		{"1/0", Shard{}, false},
		{"-1/3", Shard{}, false},
		{"3", Shard{}, false},
		{"", Shard{}, false},
		{"1/3/5", Shard{}, false},
	} {
		got, err := ParseShard(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && got == (Shard{}) && tc.ok {
			t.Errorf("ParseShard(%q): %v", tc.in, err)
		}
	}
}

// Every path falls in exactly one shard of N, for every N.
func TestShardsCoverEveryPathOnce(t *testing.T) {
	paths := []string{"", "a.py", "app/b.py", "docs/#notes.py", "vendor/x/y.go", "ü/ß.ts"}
	for i := range 2000 {
		paths = append(paths, fmt.Sprintf("pkg%d/file%d.go", i%37, i))
	}
	for n := 1; n <= 7; n++ {
		sizes := make([]int, n)
		for _, p := range paths {
			holders := 0
			for i := 1; i <= n; i++ {
				if (Shard{i, n}).Holds(p) {
					holders++
					sizes[i-1]++
				}
			}
			if holders != 1 {
				t.Fatalf("%q is held by %d of %d shards", p, holders, n)
			}
		}
		// A hash spreads the files: no shard of 2,006 paths is empty or
		// holds more than twice its share.
		for i, s := range sizes {
			if s == 0 || s > 2*len(paths)/n {
				t.Errorf("shard %d/%d holds %d of %d paths", i+1, n, s, len(paths))
			}
		}
	}
}

// The slice is a function of the path alone: these values are what every
// lgraph that shares a remote must compute, so a change of the rule is a
// break the test names.
func TestShardRuleIsStable(t *testing.T) {
	// Computed apart: python3 -c 'import hashlib;print(int.from_bytes(hashlib.sha256(b"app/a.py").digest()[:8],"big")%3+1)'
	for path, want := range map[string]int{"app/a.py": 3, "app/b.py": 2, "main.go": 3, "lib/util.py": 3, "pkg/x.go": 1} {
		got := 0
		for i := 1; i <= 3; i++ {
			if (Shard{i, 3}).Holds(path) {
				got = i
			}
		}
		if got != want {
			t.Errorf("%s is in shard %d/3, want %d/3", path, got, want)
		}
	}
}
