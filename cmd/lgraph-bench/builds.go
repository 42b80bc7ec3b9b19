package main

import (
	"debug/buildinfo"
	"fmt"
	"os/exec"
	"runtime/debug"
)

// The init / parse ratio compares two binaries: the lgraph it times and
// this one, whose own process is the parse floor. A garbage collector
// chosen at build time (GOEXPERIMENT=nogreenteagc took 0.4-2.8 s off a
// 100,000-file init, docs/measurements.md "Stop 54") would skew the ratio
// unseen if only one of them had it, so the table names both builds.

// experimentsOf is the GOEXPERIMENT a binary was built with, "" for the
// toolchain's defaults.
func experimentsOf(info *debug.BuildInfo) string {
	for _, s := range info.Settings {
		if s.Key == "GOEXPERIMENT" {
			return s.Value
		}
	}
	return ""
}

// binaryExperiments is the GOEXPERIMENT of the Go binary bin names (a
// path, or a name looked up in $PATH).
func binaryExperiments(bin string) (string, error) {
	path, err := exec.LookPath(bin)
	if err != nil {
		return "", fmt.Errorf("find %s: %w", bin, err)
	}
	info, err := buildinfo.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("read the build settings of %s: %w", path, err)
	}
	return experimentsOf(info), nil
}

// ownExperiments is this binary's GOEXPERIMENT: the parse floor's.
func ownExperiments() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	return experimentsOf(info)
}

// buildsOf is buildsLine for the lgraph binary bin and this process; a
// binary whose settings cannot be read (a wrapper script) gets a warning
// rather than stopping the benchmark.
func buildsOf(bin string) string {
	lgraph, err := binaryExperiments(bin)
	if err != nil {
		return fmt.Sprintf("warning: %v: init / parse may compare unlike builds", err)
	}
	return buildsLine(lgraph, ownExperiments())
}

// buildsLine says how the two measured binaries were built, and warns
// when they differ.
func buildsLine(lgraph, floor string) string {
	show := func(e string) string {
		if e == "" {
			return "the toolchain's default GOEXPERIMENT"
		}
		return "GOEXPERIMENT=" + e
	}
	if lgraph == floor {
		return fmt.Sprintf("lgraph and the parse floor built with %s", show(lgraph))
	}
	return fmt.Sprintf("warning: lgraph built with %s, the parse floor (lgraph-bench) with %s: init / parse compares unlike builds; build both alike",
		show(lgraph), show(floor))
}
