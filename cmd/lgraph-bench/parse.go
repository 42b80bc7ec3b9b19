package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/benchcpu"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/membudget"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/internal/workpool"
)

// parseFloorEnv, set to a working tree, makes this binary the parse floor's
// process (parseFloorMain) instead of the benchmark.
const parseFloorEnv = "LGRAPH_BENCH_PARSE_FLOOR"

// parseTime parses and extracts every code file of the repository on all
// cores, with nothing else: the floor an init is compared against. It
// runs in a process of its own, under init's collector setting. In this
// one the collector also marked the generator's model of the repository
// (450 MB live at 100,000 files), about a tenth of the parse's CPU, at
// Go's default GOGC: that floor came out 8-26% slower
// (docs/measurements.md, "Stop 51").
func parseTime(ctx context.Context, repo *repogen.Repo) (sample, error) {
	self, err := os.Executable()
	if err != nil {
		return sample{}, fmt.Errorf("parse floor: %w", err)
	}
	cmd := exec.CommandContext(ctx, self)
	cmd.Env = append(os.Environ(), parseFloorEnv+"="+repo.Dir())
	cmd.Stdin = strings.NewReader(strings.Join(repo.Files(), "\n"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return sample{}, fmt.Errorf("parse floor: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return readFloorTimes(string(out))
}

// readFloorTimes reads what the floor's process printed: the wall and the
// CPU nanoseconds of its timed part.
func readFloorTimes(out string) (sample, error) {
	var wall, cpu int64
	if _, err := fmt.Sscan(out, &wall, &cpu); err != nil {
		return sample{}, fmt.Errorf("parse floor: read its times %q: %w", out, err)
	}
	return sample{wall: time.Duration(wall), cpu: time.Duration(cpu)}, nil
}

// runParseFloor is the parse floor's process (see parseFloorMain), with
// the collector set as in an init (membudget.FullRunGCPercent).
func runParseFloor(dir string) {
	debug.SetGCPercent(membudget.FullRunGCPercent)
	if err := parseFloorMain(context.Background(), dir, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "lgraph-bench:", err)
		os.Exit(1)
	}
}

// parseFloorMain reads the code files listed in list (one path a line,
// relative to dir) into memory, then times their extraction on every
// core and prints the wall and the process's CPU nanoseconds to out (CPU
// 0 where benchcpu cannot read it).
func parseFloorMain(ctx context.Context, dir string, list io.Reader, out io.Writer) error {
	langs := all.Registry()
	parsers := lang.NewParsers()
	defer parsers.Close()
	type job struct {
		lang lang.Language
		src  []byte
	}
	var jobs []job
	sc := bufio.NewScanner(list)
	for sc.Scan() {
		p := sc.Text()
		spec := lang.ByExtension(p)
		if spec == nil {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			return fmt.Errorf("parse floor: %w", err)
		}
		jobs = append(jobs, job{langs.Get(spec.Name), src})
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("parse floor: read the file list: %w", err)
	}
	if len(jobs) == 0 {
		return errors.New("parse floor: no code files listed")
	}
	runtime.GC()
	// Long-lived workers, as init's parse has: a goroutine per file would
	// grow its stack again through every parse and make the floor slower
	// than init's own parse step.
	start, startCPU := time.Now(), benchcpu.Process()
	err := workpool.Each(ctx, len(jobs), runtime.NumCPU(), func(ctx context.Context, i int) error {
		_, err := parsers.Extract(ctx, jobs[i].lang, jobs[i].src)
		return err
	})
	if err != nil {
		return fmt.Errorf("parse floor: %w", err)
	}
	wall, cpu := time.Since(start), benchcpu.Process()-startCPU
	_, err = fmt.Fprintln(out, wall.Nanoseconds(), cpu.Nanoseconds())
	return err
}
