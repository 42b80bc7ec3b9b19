package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/warm"
)

// warmOptions name an indexed working tree and the reads to time in it.
type warmOptions struct {
	dir, file, symbol, text string
	runs                    int
}

// servingOn finds the socket in serve --daemon's message.
var servingOn = regexp.MustCompile(`serving reads on (\S+) `)

// benchWarm times each CLI read as a whole process, reading the store
// itself (LGRAPH_WARM=off) and through a warm process (lgraph serve
// --daemon), runs alternating, beside the warm process's own share (the
// request's round trip on its socket, without a process start) and
// `git status` in the same tree. It prints medians as a markdown table.
func benchWarm(ctx context.Context, o options, w warmOptions) error {
	start := exec.CommandContext(ctx, o.lgraph, "serve", "--daemon")
	start.Dir = w.dir
	out, err := start.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s serve --daemon in %s: %w\n%s", o.lgraph, w.dir, err, out)
	}
	m := servingOn.FindSubmatch(out)
	if m == nil {
		return fmt.Errorf("serve --daemon said %q", out)
	}
	storeDir := filepath.Dir(string(m[1]))
	defer func() {
		stop := exec.Command(o.lgraph, "serve", "--stop")
		stop.Dir = w.dir
		_ = stop.Run()
	}()
	reads := [][]string{{"status"}, {"deps", w.file}, {"callers", w.symbol}, {"search", w.text}, {"impact", w.file, "--depth", "3"}}
	git, err := timeRuns(w.runs, func() error { return runIn(w.dir, nil, "git", "status", "--porcelain") })
	if err != nil {
		return err
	}
	fmt.Printf("| read (%d runs each) | cold process | warm process | warm process's share | git status |\n|---|---|---|---|---|\n", w.runs)
	for _, r := range reads {
		cold, warmed, err := timePair(w, o.lgraph, r)
		if err != nil {
			return err
		}
		share, err := timeRuns(w.runs, func() error {
			resp, err := warm.Ask(ctx, storeDir, warm.Request{Argv: append([]string{"lgraph"}, r...), Dir: w.dir, Environ: os.Environ()})
			if err == nil && resp.Code != 0 {
				err = fmt.Errorf("lgraph %v: exit %d: %s", r, resp.Code, resp.Stderr)
			}
			return err
		})
		if err != nil {
			return err
		}
		fmt.Printf("| `lgraph %s` | %s ms | %s ms | %s ms | %s ms |\n", strings.Join(r, " "), ms(cold), ms(warmed), ms(share), ms(git))
	}
	return nil
}

// timePair times a read cold and warm, alternating, and returns medians.
func timePair(w warmOptions, lgraph string, args []string) (cold, warmed time.Duration, err error) {
	var cs, ws []time.Duration
	for range w.runs {
		for _, env := range [][]string{{"LGRAPH_WARM=off"}, nil} {
			t0 := time.Now()
			if err := runIn(w.dir, env, lgraph, args...); err != nil {
				return 0, 0, err
			}
			if env != nil {
				cs = append(cs, time.Since(t0))
			} else {
				ws = append(ws, time.Since(t0))
			}
		}
	}
	return median(cs), median(ws), nil
}

// timeRuns returns the median time of n runs of fn.
func timeRuns(n int, fn func() error) (time.Duration, error) {
	var ds []time.Duration
	for range n {
		t0 := time.Now()
		if err := fn(); err != nil {
			return 0, err
		}
		ds = append(ds, time.Since(t0))
	}
	return median(ds), nil
}

func runIn(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %v: %w\n%s", name, args, err, out)
	}
	return nil
}

func median(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}
