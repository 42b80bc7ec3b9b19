package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// The commits issue 26's aims are measured at, and the point reads' targets
// at localstack's.
const (
	localstackPin    = "8b9a79f05"
	springPin        = "91eb426"
	localstackFile   = "localstack-core/localstack/config.py"
	localstackSymbol = "sym:localstack-core/localstack/utils/strings.py#to_str"
)

// aimsOptions name the pinned clones and how much of each aim to measure.
type aimsOptions struct {
	on bool
	// localstack and spring are scratch clones: the replays move their HEAD.
	localstack, spring string
	// localstackPin and springPin are the commits the clones must be at.
	localstackPin, springPin string
	// commits is how many localstack commits to replay (the aim says 200),
	// springCommits how many of spring-framework's (30).
	commits, springCommits int
	// runs is how many times each read is timed, cold and warm.
	runs int
	// file and symbol are what deps and callers ask about on localstack.
	file, symbol string
	// codegraph is the directory codegraph is installed into with npm.
	codegraph string
	// skip names parts not to run: reads, updates, spring, codegraph, llm.
	skip map[string]bool
}

func parseSkip(v string) map[string]bool {
	skip := map[string]bool{}
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			skip[part] = true
		}
	}
	return skip
}

func defaultCodegraphDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "lgraph-bench-codegraph")
	}
	return filepath.Join(dir, "lgraph-bench", "codegraph")
}

// runAims checks the clones' pins, measures every aim not skipped and
// writes one table of aim, figure and verdict to out. Progress goes to
// stderr.
func runAims(ctx context.Context, o options, a aimsOptions, out io.Writer) error {
	if a.file == "" {
		a.file = localstackFile
	}
	// The warm process runs requests in the directory they name, its own.
	for _, dir := range []*string{&a.localstack, &a.spring} {
		if *dir != "" {
			abs, err := filepath.Abs(*dir)
			if err != nil {
				return err
			}
			*dir = abs
		}
	}
	if a.symbol == "" {
		a.symbol = localstackSymbol
	}
	if err := checkPin(ctx, "localstack", a.localstack, a.localstackPin); err != nil {
		return err
	}
	if !a.skip["spring"] {
		if err := checkPin(ctx, "spring", a.spring, a.springPin); err != nil {
			return err
		}
	}
	loadBefore := loadAverage()
	started := time.Now()
	var rows []aimRow
	err := withTemp(func(tmp string) error {
		var err error
		rows, err = measureAims(ctx, o, a, tmp)
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Issue 26's aims, %s; localstack at %s, spring-framework at %s; verdicts on CPU time (user+sys) and peak RSS\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), a.localstackPin, pinOrSkipped(a))
	printAims(out, rows)
	fmt.Fprintf(out, "\n%s, %d CPUs, %s; load average %s before, %s after; %s in all\n", runtime.GOOS+"/"+runtime.GOARCH,
		runtime.NumCPU(), runtime.Version(), loadBefore, loadAverage(), time.Since(started).Round(time.Second))
	return nil
}

func pinOrSkipped(a aimsOptions) string {
	if a.skip["spring"] {
		return "(skipped)"
	}
	return a.springPin
}

// measureAims runs each part in turn, each with its own store under tmp.
func measureAims(ctx context.Context, o options, a aimsOptions, tmp string) ([]aimRow, error) {
	lsStore := filepath.Join(tmp, "localstack")
	rows, err := localstackUpdates(ctx, o, a, lsStore)
	if err != nil {
		return nil, err
	}
	if a.skip["reads"] {
		rows = append(rows, skipped("CLI point reads and `lgraph --version` (localstack)", "reads"))
	} else {
		reads, err := localstackReads(ctx, o, a, lsStore)
		if err != nil {
			return nil, err
		}
		rows = append(rows, reads...)
	}
	if a.skip["spring"] {
		rows = append(rows, skipped("spring-framework init and updates", "spring"))
	} else {
		spring, err := springAims(ctx, o, a, filepath.Join(tmp, "spring"))
		if err != nil {
			return nil, err
		}
		rows = append(rows, spring...)
	}
	if a.skip["llm"] {
		return append(rows, skipped("localstack init ≤ 3,000 model requests", "llm")), nil
	}
	llm, err := localstackRequests(ctx, o, a.localstack, filepath.Join(tmp, "localstack-llm"))
	if err != nil {
		return nil, err
	}
	progressRows([]aimRow{llm})
	return append(rows, llm), nil
}

// localstackUpdates replays localstack's last commits into store, which it
// leaves indexed at the pin; with updates skipped it only inits there.
func localstackUpdates(ctx context.Context, o options, a aimsOptions, store string) ([]aimRow, error) {
	if a.skip["updates"] {
		progress("localstack: init at the pin (updates skipped)")
		b := &bench{o: o, repoDir: a.localstack, store: store}
		if _, err := b.exec(ctx, "init", "--quiet"); err != nil {
			return nil, fmt.Errorf("localstack init: %w", err)
		}
		return []aimRow{skipped("localstack updates", "updates")}, nil
	}
	progress(fmt.Sprintf("localstack: init, then %d updates", a.commits))
	res, err := replayHistory(ctx, o, replayOptions{dir: a.localstack, commits: a.commits, store: store})
	if err != nil {
		return nil, fmt.Errorf("localstack replay: %w", err)
	}
	rows := updateRows(res.updates, a.commits)
	progressRows(rows)
	return rows, nil
}

// localstackReads times `lgraph --version`, git status and the point reads
// on localstack's store, cold and through serve --daemon.
func localstackReads(ctx context.Context, o options, a aimsOptions, store string) ([]aimRow, error) {
	progress("localstack: --version, git status and reads, cold and warm")
	w := warmOptions{dir: a.localstack, runs: a.runs, flags: []string{"--store", store}}
	base, err := timeBase(w, o.lgraph)
	if err != nil {
		return nil, err
	}
	version, gitStatus := base[0], base[1]
	storeDir, stop, err := startDaemon(ctx, o.lgraph, w)
	if err != nil {
		return nil, err
	}
	defer stop()
	rows := []aimRow{versionRow(version)}
	for _, r := range [][]string{{"status"}, {"deps", a.file}, {"callers", a.symbol}} {
		f, err := timeRead(ctx, w, o.lgraph, storeDir, r)
		if err != nil {
			return nil, err
		}
		rows = append(rows, coldReadRow(r[0], f.cold, gitStatus, version), warmReadRow(r[0], f, version))
	}
	progressRows(rows)
	return rows, nil
}

// springAims replays spring-framework's last commits, timing codegraph's
// init on the same commit as lgraph's.
func springAims(ctx context.Context, o options, a aimsOptions, store string) ([]aimRow, error) {
	progress(fmt.Sprintf("spring-framework: init, codegraph, then %d updates", a.springCommits))
	var cg codegraphResult
	r := replayOptions{dir: a.spring, commits: a.springCommits, store: store}
	if a.skip["codegraph"] {
		cg.unavailable = "skipped (-skip codegraph)"
	} else {
		r.afterInit = func(ctx context.Context, commit string) error {
			var err error
			cg, err = codegraphInit(ctx, a.codegraph, a.spring, commit)
			return err
		}
	}
	res, err := replayHistory(ctx, o, r)
	if err != nil {
		return nil, fmt.Errorf("spring-framework replay: %w", err)
	}
	rows := append(springInitRows(res.init, res.initCommit, cg), springUpdateRow(res.updates))
	progressRows(rows)
	return rows, nil
}

// loadAverage is the 1, 5 and 15 minute load averages, as the kernel says.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// progressRows shows rows on stderr as they are measured, so that a run
// stopped before its table still leaves its figures.
func progressRows(rows []aimRow) {
	for _, r := range rows {
		progress(fmt.Sprintf("%s: %s (%s)", r.aim, r.figure, r.verdict))
	}
}

func progress(msg string) {
	fmt.Fprintf(os.Stderr, "%s lgraph-bench -aims: %s\n", time.Now().UTC().Format("15:04:05"), msg)
}
