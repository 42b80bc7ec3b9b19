package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/repogen"
)

// TestMain lets the test binary be the parse floor's process, as the
// benchmark's own binary is: parseTime runs os.Executable.
func TestMain(m *testing.M) {
	if dir := os.Getenv(parseFloorEnv); dir != "" {
		if err := parseFloorMain(context.Background(), dir, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestParseTimeRunsTheFloorInItsOwnProcess(t *testing.T) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{Files: 40, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	d, err := parseTime(context.Background(), repo)
	if err != nil {
		t.Fatal(err)
	}
	if d <= 0 {
		t.Errorf("parse floor took %v", d)
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
	if ns, err := strconv.ParseInt(strings.TrimSpace(out.String()), 10, 64); err != nil || ns <= 0 {
		t.Errorf("printed %q, want a positive count of nanoseconds", out.String())
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
