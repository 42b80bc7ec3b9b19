package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"time"
)

// replayOptions replay a real repository's history: init at an old
// commit, then one update per first-parent commit up to HEAD.
type replayOptions struct {
	dir     string // a git working tree the bench may move (a scratch clone)
	commits int
	store   string
	// afterInit, when set, runs once init is done, with the working tree
	// still at the init commit (the aims mode times codegraph there).
	afterInit func(ctx context.Context, commit string) error
}

// replayResult is what one replay measured.
type replayResult struct {
	initCommit string
	init       sample
	updates    []sample
}

// replay times init at the oldest of the last commits+1 first-parent
// commits of dir's HEAD and one update per commit after it, and prints
// the distribution of update wall time, CPU time and peak memory.
func replay(ctx context.Context, o options, r replayOptions) error {
	res, err := replayHistory(ctx, o, r)
	if err != nil {
		return err
	}
	fmt.Printf("init at %.12s: %s ms, %.0f ms CPU, %.0f MB peak RSS\n\n", res.initCommit, ms(res.init.wall), float64(res.init.cpu.Milliseconds()), float64(res.init.maxRSS)/1024)
	printDistribution(res.updates)
	fmt.Printf("\n%s, %d CPUs, %s\n", runtime.GOOS+"/"+runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	return nil
}

// replayHistory runs the replay and returns its samples. It moves dir's
// HEAD (onto a branch lgraph-bench) and leaves it at the last commit.
func replayHistory(ctx context.Context, o options, r replayOptions) (replayResult, error) {
	out, err := git(ctx, r.dir, "rev-list", "--first-parent", "-n", fmt.Sprint(r.commits+1), "HEAD")
	if err != nil {
		return replayResult{}, err
	}
	list := strings.Fields(out)
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	if len(list) < 2 {
		return replayResult{}, fmt.Errorf("%s: need at least two first-parent commits", r.dir)
	}
	if _, err := git(ctx, r.dir, "checkout", "-q", "-B", "lgraph-bench", list[0]); err != nil {
		return replayResult{}, err
	}
	b := &bench{o: o, repoDir: r.dir, store: r.store}
	initS, err := b.exec(ctx, "init", "--quiet")
	if err != nil {
		return replayResult{}, err
	}
	res := replayResult{initCommit: list[0], init: initS}
	if r.afterInit != nil {
		if err := r.afterInit(ctx, list[0]); err != nil {
			return res, err
		}
	}
	for _, c := range list[1:] {
		if _, err := git(ctx, r.dir, "reset", "-q", "--hard", c); err != nil {
			return res, err
		}
		s, err := b.exec(ctx, "update", "--quiet")
		if err != nil {
			return res, fmt.Errorf("update to %.12s: %w", c, err)
		}
		res.updates = append(res.updates, s)
	}
	return res, nil
}

// quantiles returns the median, the 90th percentile (nearest rank) and
// the maximum of vs, which it sorts.
func quantiles(vs []float64) (median, p90, max float64) {
	sort.Float64s(vs)
	return vs[len(vs)/2], vs[(len(vs)*9+9)/10-1], vs[len(vs)-1]
}

// pick is one measure of every sample.
func pick(ups []sample, key func(sample) float64) []float64 {
	vs := make([]float64, len(ups))
	for i, s := range ups {
		vs[i] = key(s)
	}
	return vs
}

func wallMs(s sample) float64 { return float64(s.wall.Microseconds()) / 1000 }
func cpuMs(s sample) float64  { return float64(s.cpu.Microseconds()) / 1000 }
func rssMB(s sample) float64  { return float64(s.maxRSS) / 1024 }

func printDistribution(ups []sample) {
	fmt.Printf("| %d updates | median | p90 | max |\n|---|---|---|---|\n", len(ups))
	for _, row := range []struct {
		name string
		key  func(sample) float64
	}{
		{"wall ms", wallMs},
		{"CPU ms (user+sys)", cpuMs},
		{"peak RSS MB", rssMB},
	} {
		m, p, x := quantiles(pick(ups, row.key))
		fmt.Printf("| %s | %.0f | %.0f | %.0f |\n", row.name, m, p, x)
	}
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return string(out), nil
}

// cpuOf is the user and system CPU a finished command used, its waited-for
// children included (so through GNU time it is lgraph's).
func cpuOf(cmd *exec.Cmd) time.Duration {
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
