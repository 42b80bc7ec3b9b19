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
	"syscall"
	"time"

	"github.com/lgraph/lgraph/internal/warm"
)

// warmOptions name an indexed working tree and the reads to time in it.
type warmOptions struct {
	dir, file, symbol, text string
	runs                    int
	// flags follow the command name of every lgraph command (--store S
	// when the store is not the repository's default).
	flags []string
}

// args is an lgraph command line: the command, w.flags, then the rest.
func (w warmOptions) args(command ...string) []string {
	return append(append([]string{command[0]}, w.flags...), command[1:]...)
}

// servingOn finds the socket in serve --daemon's message.
var servingOn = regexp.MustCompile(`serving reads on (\S+) `)

// benchWarm times each CLI read as a whole process, reading the store
// itself (LGRAPH_WARM=off) and through a warm process (lgraph serve
// --daemon), runs alternating, beside the warm process's own share (the
// request's round trip on its socket, without a process start),
// `lgraph --version` (what any command pays before it starts) and `git
// status` in the same tree. It prints medians of wall time, CPU time
// (user+sys) and minor page faults as markdown tables.
func benchWarm(ctx context.Context, o options, w warmOptions) error {
	storeDir, stop, err := startDaemon(ctx, o.lgraph, w)
	if err != nil {
		return err
	}
	defer stop()
	base, err := timeBase(w, o.lgraph)
	if err != nil {
		return err
	}
	fmt.Printf("| process (%d runs each) | wall | CPU | page faults |\n|---|---|---|---|\n", w.runs)
	for _, b := range base {
		fmt.Printf("| `%s` | %s ms | %s ms | %d |\n", b.name, ms(b.wall), ms(b.cpu), b.faults)
	}
	git := base[len(base)-1]
	reads := [][]string{{"status"}, {"deps", w.file}, {"callers", w.symbol}, {"search", w.text}, {"impact", w.file, "--depth", "3"}}
	fmt.Printf("\n| read (%d runs each; wall, CPU) | cold process | warm process | warm process's share | cold / git status | warm / git status |\n|---|---|---|---|---|---|\n", w.runs)
	for _, r := range reads {
		f, err := timeRead(ctx, w, o.lgraph, storeDir, r)
		if err != nil {
			return err
		}
		fmt.Printf("| `lgraph %s` | %s, %s ms | %s, %s ms | %s ms | %.2f | %.2f |\n", strings.Join(r, " "),
			ms(f.cold.wall), ms(f.cold.cpu), ms(f.warm.wall), ms(f.warm.cpu), ms(f.share),
			ratio(f.cold.wall, git.wall), ratio(f.warm.wall, git.wall))
	}
	return nil
}

// startDaemon starts lgraph serve --daemon in w.dir and returns its
// store's directory (where its socket is) and a function that stops it.
func startDaemon(ctx context.Context, lgraph string, w warmOptions) (string, func(), error) {
	start := exec.CommandContext(ctx, lgraph, w.args("serve", "--daemon")...)
	start.Dir = w.dir
	out, err := start.CombinedOutput()
	if err != nil {
		return "", nil, fmt.Errorf("%s serve --daemon in %s: %w\n%s", lgraph, w.dir, err, out)
	}
	m := servingOn.FindSubmatch(out)
	if m == nil {
		return "", nil, fmt.Errorf("serve --daemon said %q", out)
	}
	stop := func() {
		stop := exec.Command(lgraph, w.args("serve", "--stop")...)
		stop.Dir = w.dir
		_ = stop.Run()
	}
	return filepath.Dir(string(m[1])), stop, nil
}

// readFigures are one read's medians, cold and warm, and the warm
// process's own share of the warm read.
type readFigures struct {
	cold, warm proc
	share      time.Duration
}

// timeRead times a read as a whole process, cold and through the warm
// process, alternating, then the same request straight to the socket.
func timeRead(ctx context.Context, w warmOptions, lgraph, storeDir string, r []string) (readFigures, error) {
	cold, warmed, err := timePair(w, lgraph, r)
	if err != nil {
		return readFigures{}, err
	}
	share, err := timeRuns(w.runs, func() error {
		resp, err := warm.Ask(ctx, storeDir, warm.Request{Argv: append([]string{"lgraph"}, w.args(r...)...), Dir: w.dir, Environ: os.Environ()})
		if err == nil && resp.Code != 0 {
			err = fmt.Errorf("lgraph %v: exit %d: %s", r, resp.Code, resp.Stderr)
		}
		return err
	})
	return readFigures{cold: cold, warm: warmed, share: share}, err
}

// proc is the medians of one command's runs.
type proc struct {
	name      string
	wall, cpu time.Duration
	faults    int64
}

// timeBase times the processes every read is compared with: lgraph
// --version and git status, alternating; git status comes last.
func timeBase(w warmOptions, lgraph string) ([]proc, error) {
	cmds := [][]string{{lgraph, "--version"}, {"git", "status", "--porcelain"}}
	runs := make([][]timed, len(cmds))
	for range w.runs {
		for i, c := range cmds {
			r, err := runIn(w.dir, nil, c[0], c[1:]...)
			if err != nil {
				return nil, err
			}
			runs[i] = append(runs[i], r)
		}
	}
	return []proc{medians("lgraph --version", runs[0]), medians("git status --porcelain", runs[1])}, nil
}

// timePair times a read cold and warm, alternating, and returns medians.
func timePair(w warmOptions, lgraph string, args []string) (cold, warmed proc, err error) {
	var cs, ws []timed
	for range w.runs {
		for _, env := range [][]string{{"LGRAPH_WARM=off"}, nil} {
			r, err := runIn(w.dir, env, lgraph, w.args(args...)...)
			if err != nil {
				return proc{}, proc{}, err
			}
			if env != nil {
				cs = append(cs, r)
			} else {
				ws = append(ws, r)
			}
		}
	}
	return medians("cold", cs), medians("warm", ws), nil
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

// timed is one process: its wall time, CPU time and minor page faults.
type timed struct {
	wall, cpu time.Duration
	faults    int64
}

func runIn(dir string, env []string, name string, args ...string) (timed, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	t0 := time.Now()
	out, err := cmd.CombinedOutput()
	wall := time.Since(t0)
	if err != nil {
		return timed{}, fmt.Errorf("%s %v: %w\n%s", name, args, err, out)
	}
	r := timed{wall: wall, cpu: cpuOf(cmd)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.faults = ru.Minflt
	}
	return r, nil
}

// medians takes each measure's median on its own.
func medians(name string, rs []timed) proc {
	var walls, cpus, faults []time.Duration
	for _, r := range rs {
		walls, cpus, faults = append(walls, r.wall), append(cpus, r.cpu), append(faults, time.Duration(r.faults))
	}
	return proc{name: name, wall: median(walls), cpu: median(cpus), faults: int64(median(faults))}
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

func median(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}
