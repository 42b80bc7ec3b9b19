package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/repogen"
)

// TestMain lets the test binary be the parse floor's process, as the
// benchmark's own binary is: parseTime runs os.Executable.
func TestMain(m *testing.M) {
	if dir := os.Getenv(parseFloorEnv); dir != "" {
		runParseFloor(dir)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestParseTimeRunsTheFloorProcess(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 40, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	d, err := parseTime(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	if d.wall <= 0 || d.cpu < 0 {
		t.Errorf("parse floor took %v wall, %v CPU", d.wall, d.cpu)
	}
	// The floor's process reads the working tree: a code file gone from
	// it is its error, passed back.
	var code string
	for _, p := range repo.Files() {
		if strings.HasSuffix(p, ".go") {
			code = p
			break
		}
	}
	if err := os.Remove(filepath.Join(repo.Dir(), filepath.FromSlash(code))); err != nil {
		t.Fatal(err)
	}
	if _, err := parseTime(context.Background(), repo); err == nil || !strings.Contains(err.Error(), code) {
		t.Errorf("with %s gone from the tree: %v, want the floor's error", code, err)
	}
}

func TestParseFloorMain(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\nfunc A() { B() }\n\nfunc B() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not code"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := parseFloorMain(context.Background(), dir, strings.NewReader("a.go\nnotes.txt"), &out); err != nil {
		t.Fatal(err)
	}
	if d, err := readFloorTimes(out.String()); err != nil || d.wall <= 0 || d.cpu < 0 {
		t.Errorf("printed %q (%v), want the wall and CPU nanoseconds", out.String(), err)
	}
	for _, tc := range []struct{ list, want string }{
		{"missing.go", "missing.go"},
		{"notes.txt", "no code files"},
	} {
		err := parseFloorMain(context.Background(), dir, strings.NewReader(tc.list), &out)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("list %q: error %v, want one naming %q", tc.list, err, tc.want)
		}
	}
}

// TestReadFloorTimes: the floor's two figures are read back; anything
// else is an error that quotes what was printed.
func TestReadFloorTimes(t *testing.T) {
	d, err := readFloorTimes("16600000000 33100000000\n")
	if err != nil || d.wall != 16600*time.Millisecond || d.cpu != 33100*time.Millisecond {
		t.Errorf("got %+v, %v", d, err)
	}
	for _, bad := range []string{"", "16600000000\n", "soon 1\n"} {
		if _, err := readFloorTimes(bad); err == nil || !strings.Contains(err.Error(), "read its times") {
			t.Errorf("%q: error %v, want one saying its times could not be read", bad, err)
		}
	}
}
