// Command lgraph-bench times the real lgraph binary. By default it
// generates a multi-language repository and times init, no-op update,
// updates after 1- and 10-file commits, status, and the raw parse time of
// the same files. With -replay it replays a real repository's history
// instead: init at an older commit, then one update per first-parent
// commit. With -mcp it times warm MCP tool calls on an indexed tree; with
// -warm, lgraph --version, git status and CLI reads cold and through
// serve's warm process. With -aims it checks issue 26's aims on clones of
// localstack and spring-framework pinned by commit and prints one table of
// aim, figure and verdict. It
// prints markdown tables for docs/measurements.md; given several sizes
// (-files 2000,100000) it prints each step's figures side by side with
// their ratio, which docs/design.md invariant 4 wants near 1. With
// -init-repeats N it times N init and parse pairs per size, alternated,
// and prints the median of the pairs' init/parse ratios with the lowest
// and the highest, by wall and by CPU time.
//
//	go build -o /tmp/lgraph . && go run ./cmd/lgraph-bench -lgraph /tmp/lgraph -files 2000
//	go run ./cmd/lgraph-bench -lgraph /tmp/lgraph -files 2000,100000 -repeats 5 -init-repeats 3
//	git clone -q REPO /tmp/r && go run ./cmd/lgraph-bench -lgraph /tmp/lgraph -replay /tmp/r -commits 200
//	go run ./cmd/lgraph-bench -lgraph /tmp/lgraph -mcp /tmp/r -mcp-file F -mcp-symbol S -mcp-search T
//	go run ./cmd/lgraph-bench -lgraph /tmp/lgraph -warm /tmp/r -mcp-file F -mcp-symbol S -mcp-search T
//	go run ./cmd/lgraph-bench -lgraph /tmp/lgraph -aims -localstack /tmp/ls -spring /tmp/spring
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lgraph/lgraph/internal/repogen"
)

type options struct {
	lgraph  string
	sizes   []int // generated repository sizes, in files
	repeats int
	dir     string
	seed    int64
	// initRepeats is how many init and parse pairs each size times.
	initRepeats int
}

func main() {
	if dir := os.Getenv(parseFloorEnv); dir != "" {
		runParseFloor(dir)
		return
	}
	var o options
	flag.StringVar(&o.lgraph, "lgraph", "lgraph", "the lgraph binary to time")
	o.sizes = []int{2000}
	flag.Func("files", "files in the generated repository; several sizes, comma-separated (2000,100000), print a ratio table", func(v string) error {
		sizes, err := parseSizes(v)
		o.sizes = sizes
		return err
	})
	flag.IntVar(&o.repeats, "repeats", 5, "runs per measurement (the median is reported)")
	flag.StringVar(&o.dir, "dir", "", "where to generate (default: a temp dir, removed after)")
	flag.Int64Var(&o.seed, "seed", 7, "generator seed")
	flag.IntVar(&o.initRepeats, "init-repeats", 1, "init and parse-floor pairs per size, alternated (medians, and the median of the pairs' ratios)")
	var r replayOptions
	flag.StringVar(&r.dir, "replay", "", "replay the history of this git working tree (a scratch clone: its HEAD moves)")
	flag.IntVar(&r.commits, "commits", 200, "with -replay: first-parent commits to replay")
	var m mcpOptions
	flag.StringVar(&m.dir, "mcp", "", "time warm MCP tool calls against this indexed working tree")
	flag.StringVar(&m.file, "mcp-file", "", "with -mcp: the file deps, rdeps and impact ask about")
	flag.StringVar(&m.symbol, "mcp-symbol", "", "with -mcp: the symbol callers asks about")
	flag.StringVar(&m.text, "mcp-search", "", "with -mcp: the text search looks for")
	flag.IntVar(&m.calls, "mcp-calls", 50, "with -mcp: timed calls per tool")
	var w warmOptions
	flag.StringVar(&w.dir, "warm", "", "time CLI reads cold and through lgraph serve --daemon in this indexed working tree (with -mcp-file, -mcp-symbol, -mcp-search)")
	flag.IntVar(&w.runs, "warm-runs", 20, "with -warm: runs per read and mode")
	var a aimsOptions
	flag.BoolVar(&a.on, "aims", false, "check issue 26's aims on pinned clones (-localstack, -spring) and print one table")
	flag.StringVar(&a.localstack, "localstack", "", "with -aims: a scratch clone of localstack at "+localstackPin+" (its HEAD moves)")
	flag.StringVar(&a.spring, "spring", "", "with -aims: a scratch clone of spring-framework at "+springPin+" (its HEAD moves)")
	flag.StringVar(&a.localstackPin, "localstack-pin", localstackPin, "with -aims: the commit -localstack must be at")
	flag.StringVar(&a.springPin, "spring-pin", springPin, "with -aims: the commit -spring must be at")
	flag.IntVar(&a.springCommits, "spring-commits", 30, "with -aims: spring-framework commits to replay")
	flag.StringVar(&a.codegraph, "codegraph", defaultCodegraphDir(), "with -aims: the directory codegraph (npm) is installed into")
	flag.Func("skip", "with -aims: parts not to run, comma-separated: reads, updates, spring, codegraph, llm", func(v string) error {
		a.skip = parseSkip(v)
		return nil
	})
	flag.Parse()
	err := error(nil)
	if a.on {
		a.commits, a.runs = r.commits, w.runs
		a.file, a.symbol = m.file, m.symbol
		err = runAims(context.Background(), o, a, os.Stdout)
	} else if w.dir != "" {
		w.file, w.symbol, w.text = m.file, m.symbol, m.text
		err = benchWarm(context.Background(), o, w)
	} else if m.dir != "" {
		err = benchMCP(context.Background(), o, m)
	} else if r.dir != "" {
		err = withTemp(func(dir string) error {
			r.store = dir
			return replay(context.Background(), o, r)
		})
	} else {
		err = run(context.Background(), o)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lgraph-bench:", err)
		os.Exit(1)
	}
}

// sample is one timed command.
type sample struct {
	wall   time.Duration
	cpu    time.Duration
	maxRSS int64 // KiB
}

func withTemp(fn func(dir string) error) error {
	d, err := os.MkdirTemp("", "lgraph-bench-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(d)
	return fn(d)
}

type bench struct {
	o       options
	repo    *repogen.Repo // nil when replaying a real repository
	repoDir string
	store   string
	rnd     *rand.Rand
	env     []string // added to lgraph's environment
}

// median runs a command o.repeats times, making a commit of `touch` files
// before each run when touch > 0, and returns the median sample.
func (b *bench) median(ctx context.Context, touch int, args ...string) (sample, error) {
	if b.rnd == nil {
		b.rnd = rand.New(rand.NewSource(b.o.seed))
	}
	var samples []sample
	for i := 0; i < b.o.repeats; i++ {
		if touch > 0 {
			if _, err := b.repo.TouchFiles(touch, b.rnd); err != nil {
				return sample{}, err
			}
		}
		s, err := b.exec(ctx, args...)
		if err != nil {
			return sample{}, err
		}
		samples = append(samples, s)
	}
	return medianOf(samples), nil
}

// medianOf returns the sample of median wall time.
func medianOf(samples []sample) sample {
	sort.Slice(samples, func(i, j int) bool { return samples[i].wall < samples[j].wall })
	return samples[len(samples)/2]
}

// exec runs lgraph once. Peak memory comes from GNU time when it is
// installed: Linux carries a vfork parent's high-water mark into the
// child's ru_maxrss, so the rusage of a child of this (large) process
// would report this process's memory, not lgraph's.
func (b *bench) exec(ctx context.Context, args ...string) (sample, error) {
	full := append([]string{args[0], "--repo", b.repoDir, "--store", b.store}, args[1:]...)
	var cmd *exec.Cmd
	var rssOut bytes.Buffer
	if timeBin, err := exec.LookPath("/usr/bin/time"); err == nil {
		cmd = exec.CommandContext(ctx, timeBin, append([]string{"-f", "%M", "-o", "/dev/stderr", b.o.lgraph}, full...)...)
		cmd.Stderr = &rssOut
	} else {
		cmd = exec.CommandContext(ctx, b.o.lgraph, full...)
		cmd.Stderr = os.Stderr
	}
	if b.env != nil {
		cmd.Env = append(os.Environ(), b.env...)
	}
	start := time.Now()
	out, err := cmd.Output()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("lgraph %v: %w\n%s%s", args, err, out, rssOut.Bytes())
	}
	var rss int64
	if rssOut.Len() > 0 {
		lines := strings.Fields(rssOut.String())
		rss, _ = strconv.ParseInt(lines[len(lines)-1], 10, 64)
	} else if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	return sample{wall: wall, cpu: cpuOf(cmd), maxRSS: rss}, nil
}

func treeSize(repo *repogen.Repo) (bytes int64, files int) {
	for _, p := range repo.Files() {
		bytes += int64(len(repo.Read(p)))
		files++
	}
	return bytes, files
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
