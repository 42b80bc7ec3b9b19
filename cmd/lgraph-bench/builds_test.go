package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildTiny builds a one-line Go program with GOEXPERIMENT set to
// experiment ("" leaves the toolchain's default) and returns its path.
func buildTiny(t *testing.T, experiment string) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module tiny\n\ngo 1.26\n")
	write("main.go", "package main\n\nfunc main() {}\n")
	bin := filepath.Join(dir, "tiny")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOEXPERIMENT="+experiment, "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestBinaryExperimentsReadsTheBuildSetting(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	got, err := binaryExperiments(buildTiny(t, "nogreenteagc"))
	if err != nil {
		t.Fatal(err)
	}
	if got != "nogreenteagc" {
		t.Errorf("built with GOEXPERIMENT=nogreenteagc: read %q", got)
	}
	got, err = binaryExperiments(buildTiny(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	if got != "" {
		t.Errorf("built with the default: read %q", got)
	}
}

func TestBinaryExperimentsNamesAMissingBinary(t *testing.T) {
	_, err := binaryExperiments(filepath.Join(t.TempDir(), "no-such-lgraph"))
	if err == nil || !strings.Contains(err.Error(), "no-such-lgraph") {
		t.Errorf("err = %v, want one naming the binary", err)
	}
}

// TestBuildsOfAScriptWarns: a wrapper script in place of the lgraph binary
// gets a warning naming it, not an error that stops the benchmark.
func TestBuildsOfAScriptWarns(t *testing.T) {
	script := filepath.Join(t.TempDir(), "lgraph-wrapper")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec lgraph \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	got := buildsOf(script)
	if !strings.HasPrefix(got, "warning:") || !strings.Contains(got, "lgraph-wrapper") {
		t.Errorf("buildsOf(a script) = %q, want a warning naming it", got)
	}
}

func TestBuildsLineWarnsOnUnlikeBuilds(t *testing.T) {
	same := buildsLine("nogreenteagc", "nogreenteagc")
	if strings.Contains(same, "warning") || !strings.Contains(same, "GOEXPERIMENT=nogreenteagc") {
		t.Errorf("alike builds: %q", same)
	}
	unlike := buildsLine("nogreenteagc", "")
	if !strings.HasPrefix(unlike, "warning:") || !strings.Contains(unlike, "default") {
		t.Errorf("unlike builds: %q", unlike)
	}
}
