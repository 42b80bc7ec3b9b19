package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestFormatVersions(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	// An older store: what it published is dropped by the next writer, and
	// what was paid for (the cache) and the ledger are kept.
	write := func(rel, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("FORMAT", `{"format":1}`)
	write("refs/main", "old ref")
	write("tables/abc.tbl", "old table")
	write("cache/KEEP", "paid for")
	write("runs/000001.json", "{}")
	if _, err := Open(dir, false); !errors.Is(err, ErrOlderFormat) {
		t.Fatalf("reader of an older store: err = %v, want ErrOlderFormat", err)
	}
	if _, err := Open(dir, true); err != nil {
		t.Fatalf("writer upgrade: %v", err)
	}
	for _, gone := range []string{"refs/main", "tables/abc.tbl"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s survived the upgrade", gone)
		}
	}
	for _, kept := range []string{"cache/KEEP", "runs/000001.json", "refs", "tables"} {
		if _, err := os.Stat(filepath.Join(dir, kept)); err != nil {
			t.Errorf("%s lost in the upgrade: %v", kept, err)
		}
	}
	if _, err := Open(s.Dir, false); err != nil {
		t.Fatalf("reader after upgrade: %v", err)
	}
	write("FORMAT", `{"format":99}`)
	if _, err := Open(dir, true); !errors.Is(err, ErrNewerFormat) {
		t.Fatalf("newer store: err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cache/KEEP")); err != nil {
		t.Fatal("a newer store was touched")
	}
}

// TestFormatPreviousUpgrades checks that a store of the format just before
// this one is rebuilt, not read: its ids may be spelled the old way.
func TestFormatPreviousUpgrades(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(dir, true); err != nil {
		t.Fatal(err)
	}
	old := fmt.Sprintf(`{"format":%d}`, Format-1)
	if err := os.WriteFile(filepath.Join(dir, "FORMAT"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "refs", "main"), []byte("old ref"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, false); !errors.Is(err, ErrOlderFormat) {
		t.Fatalf("reader of a format %d store: err = %v, want ErrOlderFormat", Format-1, err)
	}
	if _, err := Open(dir, true); err != nil {
		t.Fatalf("writer upgrade: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "refs", "main")); !os.IsNotExist(err) {
		t.Errorf("a format %d ref survived the upgrade", Format-1)
	}
}

// TestOpenAdoptsTheLegacyStatTable: a stat table under its old name
// (worktree-stat.json, though binary) is renamed when the store opens, so
// it keeps vouching after an upgrade; one under the new name is never
// replaced by a stale legacy file.
func TestOpenAdoptsTheLegacyStatTable(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	legacy := filepath.Join(dir, "worktree-stat.json")
	if err := os.WriteFile(legacy, []byte("LGSTAT3 old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(dir, false); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(s.StatCachePath()); err != nil || string(got) != "LGSTAT3 old" {
		t.Fatalf("stat table after open: %q, %v; want the legacy table's bytes", got, err)
	}
	if _, err := os.Stat(legacy); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("legacy stat table still there: %v", err)
	}
	if err := os.WriteFile(legacy, []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(s.StatCachePath()); string(got) != "LGSTAT3 old" {
		t.Fatalf("stat table replaced by a legacy file: %q", got)
	}
}
