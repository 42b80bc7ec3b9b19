package cache

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fill writes n keys into a new cache in dir and closes it, so they sit in
// table files.
func fill(t *testing.T, dir string, n int) {
	t.Helper()
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if err := c.PutLater(key(i), strings.Repeat("v", 100)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

func key(i int) string { return fmt.Sprintf("facts/v1/%08d", i) }

func tables(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.sst"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no table files in %s (%v)", dir, err)
	}
	return names
}

// A cache whose files badger cannot open (or panics on) is moved aside
// and a fresh one opened in its place; the damaged files are kept there.
func TestOpenMovesADamagedCacheAside(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, dir string)
		cause  string
	}{
		{"truncated table", func(t *testing.T, dir string) {
			for _, name := range tables(t, dir) {
				if err := os.Truncate(name, 10); err != nil {
					t.Fatal(err)
				}
			}
		}, "table 0"},
		{"empty table", func(t *testing.T, dir string) {
			if err := os.Truncate(tables(t, dir)[0], 0); err != nil {
				t.Fatal(err)
			}
		}, "table 0"},
		{"missing table", func(t *testing.T, dir string) {
			if err := os.Remove(tables(t, dir)[0]); err != nil {
				t.Fatal(err)
			}
		}, "table 0"},
		{"garbled manifest", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "MANIFEST"), []byte("not a manifest"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "MANIFEST"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "cache")
			fill(t, dir, 10)
			tc.damage(t, dir)
			c, err := Open(context.Background(), dir, false)
			if err != nil {
				t.Fatalf("open a damaged cache: %v", err)
			}
			defer c.Close()
			r := c.Replaced()
			if len(r) != 1 || r[0].Reading || r[0].Dir != dir || !strings.HasPrefix(r[0].MovedTo, dir+".corrupt-") {
				t.Fatalf("replaced %+v, want one move of %s at open", r, dir)
			}
			if !errors.Is(r[0].Cause, ErrDamaged) || !strings.Contains(r[0].Cause.Error(), tc.cause) {
				t.Errorf("cause %v, want damage naming %s", r[0].Cause, tc.cause)
			}
			w := r[0].Warning()
			for _, want := range []string{dir, r[0].MovedTo, "rebuilt", "paid for again"} {
				if !strings.Contains(w, want) {
					t.Errorf("warning %q does not say %q", w, want)
				}
			}
			if strings.Contains(w, "\n") {
				t.Errorf("warning spans lines: %q", w)
			}
			if u := c.Unreported(); len(u) != 1 || len(c.Unreported()) != 0 {
				t.Errorf("Unreported gave %+v, then more; want the move once", u)
			}
			if _, err := os.Stat(filepath.Join(r[0].MovedTo, "MANIFEST")); err != nil {
				t.Errorf("the damaged files were not kept: %v", err)
			}
			var v string
			if found, err := c.Get(key(1), &v); err != nil || found {
				t.Fatalf("the fresh cache answers %q (found %v, %v)", v, found, err)
			}
			if err := c.Put("k", "v"); err != nil {
				t.Fatalf("the fresh cache takes no write: %v", err)
			}
		})
	}
}

// Damage that opening does not read (here a value log cut short) is found
// by a read: the read is a miss, writes are dropped, and Close moves the
// cache aside so the next Open starts afresh.
func TestDamageFoundReadingIsAMissAndMovedAsideOnClose(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	c, err := Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 2<<20) // past the value threshold: in the value log
	if err := c.Put("big", big); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	vlogs, err := filepath.Glob(filepath.Join(dir, "*.vlog"))
	if err != nil || len(vlogs) == 0 {
		t.Fatalf("no value log (%v)", err)
	}
	if err := os.Truncate(vlogs[0], 1000); err != nil {
		t.Fatal(err)
	}

	c, err = Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Replaced(); len(r) != 0 {
		t.Fatalf("open replaced %+v; the damage is where open does not read", r)
	}
	var v string
	if found, err := c.Get("big", &v); err != nil || found {
		t.Fatalf("a damaged read: found %v, %v; want a miss", found, err)
	}
	r := c.Replaced()
	if len(r) != 1 || !r[0].Reading || !strings.Contains(r[0].Warning(), "when this run ends") {
		t.Fatalf("replaced %+v, want damage found reading", r)
	}
	if err := c.Entries(func(Entry) error { return nil }); !errors.Is(err, ErrDamaged) {
		t.Fatalf("walk a damaged cache: %v, want ErrDamaged", err)
	}
	if err := c.Put("k", "v"); err != nil {
		t.Fatalf("a write to a damaged cache: %v, want it dropped", err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(r[0].MovedTo, filepath.Base(vlogs[0]))); err != nil {
		t.Fatalf("the damaged files were not moved to %s: %v", r[0].MovedTo, err)
	}
	c, err = Open(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := c.Replaced(); len(r) != 0 {
		t.Fatalf("the next open replaced %+v; the cache was already moved", r)
	}
	if found, _ := c.Get("big", &v); found {
		t.Fatal("the fresh cache holds an old key")
	}
}

// A panic inside badger becomes damage, in one line.
func TestGuardTurnsPanicsIntoDamage(t *testing.T) {
	err := guard("read k", func() error { panic("\n== Recovering ==\nFile Info: [ID: 1]\n") })
	if !errors.Is(err, ErrDamaged) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "read k") {
		t.Fatalf("guard: %q", err)
	}
	if err := guard("x", func() error { return nil }); err != nil {
		t.Fatal(err)
	}
}

// Two moves in the same second get two directories.
func TestAsideNamesDoNotCollide(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	seen := map[string]bool{}
	for i := 0; i < 3; i++ {
		fill(t, dir, 10)
		if err := os.Truncate(tables(t, dir)[0], 10); err != nil {
			t.Fatal(err)
		}
		c, err := Open(context.Background(), dir, false)
		if err != nil {
			t.Fatal(err)
		}
		r := c.Replaced()
		c.Close()
		if len(r) != 1 || seen[r[0].MovedTo] {
			t.Fatalf("move %d: %+v (seen %v)", i, r, seen)
		}
		seen[r[0].MovedTo] = true
	}
}
