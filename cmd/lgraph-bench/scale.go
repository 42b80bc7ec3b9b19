package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/repogen"
)

// row is one measured step of one size.
type row struct {
	name  string
	s     sample
	extra string
	ratio ratios // a row of a ratio (init / parse), not of a timed step
}

// ratios are the init / parse ratios of the alternated pairs, sorted.
type ratios []float64

// median is the middle pair's ratio (the upper middle of an even count).
func (r ratios) median() float64 { return r[len(r)/2] }

// cell is the median, with the lowest and highest pair when there are
// several: on a shared machine the pairs spread by a tenth or more, and
// the median alone hides how near the aim the slowest pair is.
func (r ratios) cell() string {
	if len(r) < 2 {
		return fmt.Sprintf("%.2fx", r.median())
	}
	return fmt.Sprintf("%.2fx (pairs %.2f-%.2f)", r.median(), r[0], r[len(r)-1])
}

// sizeResult is what one generated repository measured.
type sizeResult struct {
	files int
	mb    float64
	rows  []row
}

// parseSizes reads -files: one size or a comma-separated list.
func parseSizes(v string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-files %q: want a number of files, or several separated by commas", v)
		}
		out = append(out, n)
	}
	return out, nil
}

// run measures every size, then prints one table (one size) or the
// figures side by side with their ratios (several).
func run(ctx context.Context, o options) error {
	dir := o.dir
	if dir == "" {
		d, err := os.MkdirTemp("", "lgraph-bench-*")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	builds := buildsOf(o.lgraph)
	fmt.Fprintln(os.Stderr, builds)
	var results []sizeResult
	for _, n := range o.sizes {
		sub := dir
		if len(o.sizes) > 1 {
			sub = filepath.Join(dir, strconv.Itoa(n))
		}
		r, err := measureSize(ctx, o, n, sub)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	if len(results) == 1 {
		printTable(os.Stdout, results[0])
	} else {
		printRatios(os.Stdout, results)
	}
	fmt.Printf("\n%s, %d CPUs, %s\n", runtime.GOOS+"/"+runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	fmt.Println(builds)
	return nil
}

// measureSize generates a repository of n files in dir and times every
// step on it.
func measureSize(ctx context.Context, o options, n int, dir string) (sizeResult, error) {
	start := time.Now()
	repo, err := repogen.New(filepath.Join(dir, "repo"), repogen.Options{Files: n, Seed: o.seed})
	if err != nil {
		return sizeResult{}, fmt.Errorf("generate: %w", err)
	}
	size, count := treeSize(repo)
	fmt.Fprintf(os.Stderr, "generated %d files (%.1f MB of code) in %s\n", count, float64(size)/1e6, time.Since(start).Round(time.Millisecond))
	res := sizeResult{files: count, mb: float64(size) / 1e6}
	b := &bench{o: o, repo: repo, repoDir: repo.Dir(), store: filepath.Join(dir, "store")}
	initS, parse, pairs, cpuPairs, err := b.initAndParse(ctx, count)
	if err != nil {
		return res, err
	}
	res.rows = append(res.rows, row{name: "init (cold cache)", s: initS, extra: fmt.Sprintf("%.3f ms/file, %.1f MB/s", float64(initS.wall.Microseconds())/1000/float64(count), float64(size)/1e6/initS.wall.Seconds())})
	res.rows = append(res.rows, row{name: "parse only, all cores (own process)", s: parse})
	res.rows = append(res.rows, row{name: "init / parse (median of pairs)", ratio: pairs})
	if cpuPairs != nil {
		res.rows = append(res.rows, row{name: "init / parse, CPU time (median of pairs)", ratio: cpuPairs})
	}
	steps, err := b.steps(ctx)
	res.rows = append(res.rows, steps...)
	return res, err
}

// initAndParse times o.initRepeats pairs of an init from an empty store
// and the parse floor of the same files, alternated, and returns the
// median of each and the pairs' ratios, sorted: the machine's speed
// drifts over minutes, and a ratio taken within a pair holds through it
// where one init against one parse taken a minute apart may not. The
// ratios of the pairs' CPU times (user and system) come too, none where
// the floor's CPU is not measured: on a shared host a wait for a core
// stretches both walls by whatever the neighbours did, and the CPU ratio
// moves less with it. The last init's store is left for the steps that
// follow.
func (b *bench) initAndParse(ctx context.Context, files int) (initS, parse sample, pairs, cpuPairs ratios, err error) {
	var inits, parses []sample
	for i := 0; i < max(1, b.o.initRepeats); i++ {
		if err := os.RemoveAll(b.store); err != nil {
			return sample{}, sample{}, nil, nil, err
		}
		s, err := b.exec(ctx, "init", "--quiet")
		if err != nil {
			return sample{}, sample{}, nil, nil, err
		}
		p, err := parseTime(ctx, b.repo)
		if err != nil {
			return sample{}, sample{}, nil, nil, err
		}
		fmt.Fprintf(os.Stderr, "%d files, pair %d: init %s (CPU %s), parse %s (CPU %s)\n", files, i+1,
			s.wall.Round(time.Millisecond), s.cpu.Round(time.Millisecond), p.wall.Round(time.Millisecond), p.cpu.Round(time.Millisecond))
		inits, parses = append(inits, s), append(parses, p)
		pairs = append(pairs, s.wall.Seconds()/p.wall.Seconds())
		if p.cpu > 0 {
			cpuPairs = append(cpuPairs, s.cpu.Seconds()/p.cpu.Seconds())
		}
	}
	slices.Sort(pairs)
	slices.Sort(cpuPairs)
	return medianOf(inits), medianOf(parses), pairs, cpuPairs, nil
}

// steps times the updates and reads on an indexed repository.
func (b *bench) steps(ctx context.Context) ([]row, error) {
	var rows []row
	for _, step := range []struct {
		name  string
		touch int
		args  []string
	}{
		{"no-op update", 0, []string{"update", "--quiet"}},
		{"update after a 1-file commit", 1, []string{"update", "--quiet"}},
		{"update after a 10-file commit", 10, []string{"update", "--quiet"}},
		{"status", 0, []string{"status", "--quiet"}},
		{"point read (deps of one file)", 0, []string{"deps", firstCodeFile(b.repo), "--quiet"}},
	} {
		s, err := b.median(ctx, step.touch, step.args...)
		if err != nil {
			return rows, err
		}
		rows = append(rows, row{name: step.name, s: s})
	}
	// git status refreshes git's index, after which lgraph trusts its
	// stat data: the read a developer meets all day.
	gitS, afterS, err := b.afterGitStatus(ctx)
	if err != nil {
		return rows, err
	}
	return append(rows, row{name: "git status --porcelain", s: gitS}, row{name: "status after git status", s: afterS}), nil
}

// afterGitStatus returns the median of git status and of lgraph status run
// right after it.
func (b *bench) afterGitStatus(ctx context.Context) (sample, sample, error) {
	var gits, afters []sample
	for i := 0; i < b.o.repeats; i++ {
		g, err := timeCmd(ctx, "git", "-C", b.repoDir, "status", "--porcelain")
		if err != nil {
			return sample{}, sample{}, err
		}
		a, err := b.exec(ctx, "status", "--quiet")
		if err != nil {
			return sample{}, sample{}, err
		}
		gits, afters = append(gits, g), append(afters, a)
	}
	return medianOf(gits), medianOf(afters), nil
}

// timeCmd runs a program other than lgraph once, with its peak memory.
func timeCmd(ctx context.Context, name string, args ...string) (sample, error) {
	return timeCmdIn(ctx, nil, name, args...)
}

// timeCmdIn is timeCmd with env added to the program's environment.
func timeCmdIn(ctx context.Context, env []string, name string, args ...string) (sample, error) {
	timeBin, err := exec.LookPath("/usr/bin/time")
	if err != nil {
		return sample{}, errors.New("GNU time (/usr/bin/time) is needed to measure other programs")
	}
	cmd := exec.CommandContext(ctx, timeBin, append([]string{"-f", "%M", "-o", "/dev/stderr", name}, args...)...)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var rssOut strings.Builder
	cmd.Stderr = &rssOut
	start := time.Now()
	if out, err := cmd.Output(); err != nil {
		return sample{}, fmt.Errorf("%s %v: %w\n%s%s", name, args, err, out, rssOut.String())
	}
	wall := time.Since(start)
	lines := strings.Fields(rssOut.String())
	rss, _ := strconv.ParseInt(lines[len(lines)-1], 10, 64)
	return sample{wall: wall, cpu: cpuOf(cmd), maxRSS: rss}, nil
}

// firstCodeFile names a generated source file (not the README or a
// manifest) for the point read.
func firstCodeFile(repo *repogen.Repo) string {
	for _, p := range repo.Files() {
		switch filepath.Ext(p) {
		case ".go", ".py", ".ts", ".js", ".java", ".rs", ".rb", ".c":
			return p
		}
	}
	return repo.Files()[0]
}

func printTable(w io.Writer, r sizeResult) {
	fmt.Fprintf(w, "%d files (%.1f MB of code)\n\n| step | median ms | peak RSS MB | |\n|---|---|---|---|\n", r.files, r.mb)
	for _, x := range r.rows {
		if x.ratio != nil {
			fmt.Fprintf(w, "| %s | %s | | |\n", x.name, x.ratio.cell())
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %.1f | %s |\n", x.name, ms(x.s.wall), float64(x.s.maxRSS)/1024, x.extra)
	}
}

// printRatios prints each step's median and peak memory per size, and the
// ratio of the largest size's time to the smallest's.
func printRatios(w io.Writer, rs []sizeResult) {
	fmt.Fprint(w, "| step |")
	for _, r := range rs {
		fmt.Fprintf(w, " %d files (%.1f MB of code) |", r.files, r.mb)
	}
	fmt.Fprint(w, " ratio |\n|---|")
	fmt.Fprint(w, strings.Repeat("---|", len(rs)+1), "\n")
	first, last := rs[0], rs[len(rs)-1]
	for i, x := range first.rows {
		fmt.Fprintf(w, "| %s |", x.name)
		if x.ratio != nil {
			for _, r := range rs {
				fmt.Fprintf(w, " %s |", r.rows[i].ratio.cell())
			}
			fmt.Fprint(w, " |\n")
			continue
		}
		for _, r := range rs {
			s := r.rows[i].s
			fmt.Fprintf(w, " %s ms, %.0f MB |", ms(s.wall), float64(s.maxRSS)/1024)
		}
		fmt.Fprintf(w, " %.1f |\n", last.rows[i].s.wall.Seconds()/x.s.wall.Seconds())
	}
}
