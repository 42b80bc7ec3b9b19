package taskbench_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/taskbench"
	"github.com/lgraph/lgraph/internal/tokens"
)

// corpora are the pinned modules the tasks run on (.ci/run downloads them
// and their dependencies into the module cache).
var corpora = []struct{ name, dir string }{
	{"urfave/cli", "github.com/urfave/cli/v2@v2.27.7"},
	{"go-git", "github.com/go-git/go-git/v5@v5.19.3"},
}

const (
	targetsPerCorpus = 3  // functions per corpus, the most called first
	siteRadius       = 2  // lines either side of a call site lgraph names (as context shows them)
	grepRadius       = 10 // lines either side of a grep hit the grep agent reads
)

// TestTaskBenchmark runs the scripted agent tasks of issue 24 in both
// modes on each corpus and logs the table. It asserts that every task was
// measured in both modes against a non-empty truth and, with all corpora
// present, the ceilings of ratioCeilings.
func TestTaskBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("builds lgraph, indexes and type-checks real modules")
	}
	cache := moduleCache(t)
	var present []string
	for _, c := range corpora {
		if _, err := os.Stat(filepath.Join(cache, filepath.FromSlash(c.dir), "go.mod")); err == nil {
			present = append(present, c.name)
		} else {
			t.Logf("corpus %s is not in the module cache: run `go mod download %s` to measure it", c.dir, c.dir)
		}
	}
	if len(present) == 0 {
		t.Skip("no corpus in the module cache")
	}
	bin := buildLgraph(t)
	counter := tokens.New()
	var rows []taskbench.Row
	for _, c := range corpora {
		if !slices.Contains(present, c.name) {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			rs := runCorpus(t, bin, filepath.Join(cache, filepath.FromSlash(c.dir)), c.name, counter)
			t.Logf("%s: %d tasks in %v", c.dir, len(rs), time.Since(start).Round(time.Millisecond))
			if len(rs) < 4*targetsPerCorpus {
				t.Errorf("%s: %d tasks measured, want at least %d", c.dir, len(rs), 4*targetsPerCorpus)
			}
			for _, r := range rs {
				if r.LgraphTokens == 0 || r.GrepTokens == 0 || r.Truth == 0 {
					t.Errorf("%s %s: a mode read nothing or the truth is empty: %+v", r.Kind, r.Target, r)
				}
			}
			rows = append(rows, rs...)
		})
	}
	if len(present) == len(corpora) {
		checkCeilings(t, rows)
	}
	table := taskbench.Table(rows)
	t.Logf("task benchmark (tokens: cl100k_base over everything the agent read)\n%s", table)
	// go test prints a passing package's logs only with -v; CI asks for
	// the table in a file it prints after the run.
	if out := os.Getenv("LGRAPH_TASKBENCH_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Errorf("write the table to $LGRAPH_TASKBENCH_OUT: %v", err)
		}
	}
}

// ratioCeilings hold the task kinds where lgraph meets issue 24's aim to
// it, with margin: measured 0.20 (callers), 0.05 (impact) and 0.28 (env
// var) on both corpora when set. The definition task misses the aim (see
// docs/measurements.md) and has no ceiling.
var ratioCeilings = map[string]float64{"callers": 0.30, "impact": 0.15, "env var": 0.40}

// checkCeilings fails when a kind with a ceiling spends more than it of
// grep's tokens, or answers fewer tasks correctly than grep.
func checkCeilings(t *testing.T, rows []taskbench.Row) {
	t.Helper()
	for _, s := range taskbench.Summarize(rows) {
		ceiling, ok := ratioCeilings[s.Kind]
		if !ok {
			continue
		}
		if s.Ratio() > ceiling {
			t.Errorf("%s: lgraph read %.2f of grep's tokens, above the ceiling %.2f", s.Kind, s.Ratio(), ceiling)
		}
		if s.LgraphCorrect < s.GrepCorrect {
			t.Errorf("%s: lgraph answered %d of %d tasks correctly, grep %d", s.Kind, s.LgraphCorrect, s.Tasks, s.GrepCorrect)
		}
	}
}

// runCorpus indexes one module and runs every task on it.
func runCorpus(t *testing.T, bin, modDir, corpus string, c *tokens.Counter) []taskbench.Row {
	start := time.Now()
	dir := copyModule(t, modDir)
	lg := &lgraph{t: t, bin: bin, dir: dir}
	lg.run("init", "--quiet")
	t.Logf("copied and indexed in %v", time.Since(start).Round(time.Millisecond))
	start = time.Now()
	tr := loadTruth(t, dir)
	t.Logf("type-checked in %v", time.Since(start).Round(time.Millisecond))
	tree, err := taskbench.LoadTree(dir, ".go")
	if err != nil {
		t.Fatal(err)
	}
	var rows []taskbench.Row
	for _, d := range pickTargets(tr) {
		rows = append(rows,
			row(corpus, "definition", d.qual, 1, definitionLgraph(lg, tree, d), definitionGrep(tree, d), []string{site(d.path, d.line)}, c),
			variant(row(corpus, "definition (context --tokens 300)", d.qual, 1, definitionLgraph(lg, tree, d, "--tokens", "300"), definitionGrep(tree, d), []string{site(d.path, d.line)}, c)),
			row(corpus, "callers", d.qual, len(d.sites), callersLgraph(lg, tree, d), callersGrep(tree, d), taskbench.SortedKeys(d.sites), c),
			row(corpus, "impact", d.qual, len(d.files), impactLgraph(lg, d), impactGrep(tree, d), taskbench.SortedKeys(d.files), c),
		)
	}
	for _, key := range envKeys(tr) {
		l, g := envLgraph(lg, tree, key), envGrep(tree, key)
		rows = append(rows, row(corpus, "env var", key, len(tr.env[key]), l, g, taskbench.SortedKeys(tr.env[key]), c))
	}
	for _, r := range rows {
		if m := r.Lgraph.Missing; len(m) > 0 {
			t.Logf("lgraph %s %s missed %d of %d, e.g. %v", r.Kind, r.Target, len(m), r.Truth, m[:min(3, len(m))])
		}
	}
	return rows
}

func variant(r taskbench.Row) taskbench.Row {
	r.Variant = true
	return r
}

func row(corpus, kind, target string, n int, l, g taskbench.Attempt, truth []string, c *tokens.Counter) taskbench.Row {
	return taskbench.Row{Corpus: corpus, Kind: kind, Target: target, Truth: n,
		Lgraph: taskbench.Grade(l, truth), Grep: taskbench.Grade(g, truth),
		LgraphTokens: l.Tokens(c), GrepTokens: g.Tokens(c)}
}

// pickTargets chooses the exported functions and methods with the most
// call sites, ties broken by path and name.
func pickTargets(tr *truth) []*decl {
	var ds []*decl
	for _, d := range tr.decls {
		if d.fn.Exported() && len(d.sites) > 0 {
			ds = append(ds, d)
		}
	}
	sort.SliceStable(ds, func(i, j int) bool { return len(ds[i].sites) > len(ds[j].sites) })
	return ds[:min(targetsPerCorpus, len(ds))]
}

// envKeys are the environment variables read with a literal name that
// looks like one (upper case, digits and underscores).
func envKeys(tr *truth) []string {
	re := regexp.MustCompile(`^[A-Z][A-Z0-9_]+$`)
	var keys []string
	for k := range tr.env {
		if re.MatchString(k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

func site(path string, line int) string { return fmt.Sprintf("%s:%d", path, line) }

// --- the definition task: find a function and read its code ---

func definitionLgraph(lg *lgraph, tree *taskbench.Tree, d *decl, extra ...string) taskbench.Attempt {
	var a taskbench.Attempt
	out := lg.read(&a, d, "context", "%s", extra...)
	if strings.Contains(out, site(d.path, d.line)) {
		a.Answer = []string{site(d.path, d.line)}
	}
	a.Covered = holdsSource(out, tree, d)
	return a
}

func definitionGrep(tree *taskbench.Tree, d *decl) taskbench.Attempt {
	re := `^func ` + regexp.QuoteMeta(d.name) + `\b`
	if d.recv != "" {
		re = `^func \([^)]*\b` + regexp.QuoteMeta(d.recv) + `(\[[^]]*\])?\) ` + regexp.QuoteMeta(d.name) + `\b`
	}
	hits := tree.Grep(regexp.MustCompile(re))
	a := taskbench.Attempt{Steps: []taskbench.Step{{What: "grep -rnE '" + re + "' .", Output: taskbench.FormatHits(hits)}}}
	var read strings.Builder
	for _, h := range hits {
		text, _ := tree.ReadToClose(h.Path, h.Line)
		a.Steps = append(a.Steps, taskbench.Step{What: "read " + h.Site() + " to its closing brace", Output: text})
		read.WriteString(text)
		a.Answer = append(a.Answer, h.Site())
	}
	a.Covered = holdsSource(read.String(), tree, d)
	return a
}

// holdsSource reports whether text holds every non-blank line of the
// declaration's source.
func holdsSource(text string, tree *taskbench.Tree, d *decl) bool {
	for _, l := range tree.Files[d.path][d.line-1 : d.end] {
		if s := strings.TrimSpace(l); s != "" && !strings.Contains(text, s) {
			return false
		}
	}
	return true
}

// --- the callers task: who calls it, and with what arguments ---

func callersLgraph(lg *lgraph, tree *taskbench.Tree, d *decl) taskbench.Attempt {
	var a taskbench.Attempt
	lg.read(&a, d, "callers", "%s", "--limit", "0")
	var res struct {
		Items []struct {
			Path  string
			Sites []int
		}
	}
	lg.answer(d, &res, "callers", "%s", "--limit", "0")
	byFile := map[string][]int{}
	for _, it := range res.Items {
		for _, s := range it.Sites {
			a.Answer = append(a.Answer, site(it.Path, s))
			byFile[it.Path] = append(byFile[it.Path], s)
		}
	}
	readWindows(&a, tree, byFile, siteRadius)
	a.Covered = true
	return a
}

func callersGrep(tree *taskbench.Tree, d *decl) taskbench.Attempt {
	hits := tree.Grep(taskbench.WordRegexp(d.name))
	a := taskbench.Attempt{Steps: []taskbench.Step{{What: "grep -rnw " + d.name + " .", Output: taskbench.FormatHits(hits)}}}
	call := regexp.MustCompile(`\b` + regexp.QuoteMeta(d.name) + `(\[[^]]*\])?\(`)
	def := regexp.MustCompile(`^func .*\b` + regexp.QuoteMeta(d.name) + `\b`)
	byFile := map[string][]int{}
	for _, h := range hits {
		if call.MatchString(h.Text) && !def.MatchString(h.Text) {
			a.Answer = append(a.Answer, h.Site())
			byFile[h.Path] = append(byFile[h.Path], h.Line)
		}
	}
	readWindows(&a, tree, byFile, grepRadius)
	a.Covered = true
	return a
}

func readWindows(a *taskbench.Attempt, tree *taskbench.Tree, byFile map[string][]int, radius int) {
	paths := make([]string, 0, len(byFile))
	for p := range byFile {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		a.Steps = append(a.Steps, taskbench.Step{What: fmt.Sprintf("read %s ±%d lines at %v", p, radius, byFile[p]),
			Output: tree.Windows(p, byFile[p], radius)})
	}
}

// --- the impact task: which files break if its signature changes ---

func impactLgraph(lg *lgraph, d *decl) taskbench.Attempt {
	var a taskbench.Attempt
	args := []string{"--depth", "1", "--by", "file", "--limit", "0"}
	lg.read(&a, d, "impact", "%s", args...)
	var res struct{ Items []struct{ Name string } }
	lg.answer(d, &res, "impact", "%s", args...)
	for _, it := range res.Items {
		a.Answer = append(a.Answer, it.Name)
	}
	a.Covered = true
	return a
}

func impactGrep(tree *taskbench.Tree, d *decl) taskbench.Attempt {
	hits := tree.Grep(taskbench.WordRegexp(d.name))
	a := taskbench.Attempt{Steps: []taskbench.Step{{What: "grep -rnw " + d.name + " .", Output: taskbench.FormatHits(hits)}}, Covered: true}
	def := regexp.MustCompile(`^func .*\b` + regexp.QuoteMeta(d.name) + `\b`)
	files := map[string]bool{}
	for _, h := range hits {
		if !def.MatchString(h.Text) && !isComment(h.Text) {
			files[h.Path] = true
		}
	}
	a.Answer = taskbench.SortedKeys(files)
	return a
}

func isComment(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "//") }

// --- the environment variable task: where is KEY read ---

// envLgraph asks lgraph's search for the key; lgraph indexes environment
// variables as implicit keys of files but search does not answer them, so
// the agent falls back to grep and pays for both.
func envLgraph(lg *lgraph, tree *taskbench.Tree, key string) taskbench.Attempt {
	var a taskbench.Attempt
	args := []string{"implicit", "env:" + key, "--limit", "0"}
	out := lg.runAllowing(1, args...)
	a.Steps = append(a.Steps, taskbench.Step{What: "lgraph " + strings.Join(args, " "), Output: out})
	if strings.HasSuffix(strings.TrimSpace(out), "grep for it") {
		// lgraph leaves the system's own variables out and says so: the
		// agent does as told.
		g := envGrep(tree, key)
		a.Steps = append(a.Steps, g.Steps...)
		a.Answer, a.Covered = g.Answer, g.Covered
		return a
	}
	var res struct {
		Items []struct {
			Path string
			Line int
		}
	}
	if lg.answerOf(&res, append(args, "--json")...) {
		byFile := map[string][]int{}
		for _, it := range res.Items {
			a.Answer = append(a.Answer, it.Path)
			byFile[it.Path] = append(byFile[it.Path], it.Line)
		}
		readWindows(&a, tree, byFile, siteRadius)
	}
	a.Covered = true
	return a
}

func envGrep(tree *taskbench.Tree, key string) taskbench.Attempt {
	hits := tree.Grep(taskbench.WordRegexp(key))
	a := taskbench.Attempt{Steps: []taskbench.Step{{What: "grep -rnw " + key + " .", Output: taskbench.FormatHits(hits)}}, Covered: true}
	read := regexp.MustCompile(`\b(Getenv|LookupEnv)\(`)
	files := map[string]bool{}
	byFile := map[string][]int{}
	for _, h := range hits {
		byFile[h.Path] = append(byFile[h.Path], h.Line)
		if read.MatchString(h.Text) {
			files[h.Path] = true
		}
	}
	readWindows(&a, tree, byFile, grepRadius)
	a.Answer = taskbench.SortedKeys(files)
	return a
}

// --- running lgraph ---

// lgraph runs the built binary in one repository.
type lgraph struct {
	t        *testing.T
	bin, dir string
}

// run runs lgraph and returns what the agent reads: stdout and stderr.
// Exit code 2 (an ambiguous name) is returned too; other failures fail.
func (l *lgraph) run(args ...string) string {
	l.t.Helper()
	return l.runAllowing(2, args...)
}

// runAllowing is run that also returns the output of exit code allowed
// (1: a key no file uses is an answer too).
func (l *lgraph) runAllowing(allowed int, args ...string) string {
	l.t.Helper()
	cmd := exec.Command(l.bin, args...)
	cmd.Dir = l.dir
	cmd.Env = append(os.Environ(), "LGRAPH_WARM=off", "NO_COLOR=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && (ee.ExitCode() == 2 || ee.ExitCode() == allowed)) {
		l.t.Fatalf("lgraph %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}

// read runs a command on a symbol the way an agent names it (its
// qualified name) and records what it read; when the name is ambiguous
// the agent reads the candidates and asks again by id.
func (l *lgraph) read(a *taskbench.Attempt, d *decl, cmd, form string, extra ...string) string {
	l.t.Helper()
	args := append([]string{cmd, fmt.Sprintf(form, d.qual)}, extra...)
	out := l.run(args...)
	a.Steps = append(a.Steps, taskbench.Step{What: "lgraph " + strings.Join(args, " "), Output: out})
	if strings.Contains(out, "is ambiguous") {
		args[1] = nodeid.Symbol(d.path, d.qual, 1)
		out = l.run(args...)
		a.Steps = append(a.Steps, taskbench.Step{What: "lgraph " + strings.Join(args, " "), Output: out})
	}
	return out
}

// answer runs the same command by id with --json and decodes its result:
// the answer the agent read in text form, taken in a form a test can
// compare. It is not counted.
func (l *lgraph) answer(d *decl, into any, cmd, form string, extra ...string) {
	l.t.Helper()
	args := append([]string{cmd, fmt.Sprintf(form, nodeid.Symbol(d.path, d.qual, 1)), "--json"}, extra...)
	out := l.run(args...)
	var env struct {
		OK     bool
		Result json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &env); err != nil || !env.OK {
		l.t.Fatalf("lgraph %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if err := json.Unmarshal(env.Result, into); err != nil {
		l.t.Fatalf("decode lgraph %s: %v", strings.Join(args, " "), err)
	}
}

// answerOf runs a command that ends in --json and decodes its result,
// uncounted; false when the answer is an error (a key no file uses).
func (l *lgraph) answerOf(into any, args ...string) bool {
	l.t.Helper()
	out := l.runAllowing(1, args...)
	var env struct {
		OK     bool
		Result json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &env); err != nil {
		l.t.Fatalf("lgraph %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if !env.OK {
		return false
	}
	if err := json.Unmarshal(env.Result, into); err != nil {
		l.t.Fatalf("decode lgraph %s: %v", strings.Join(args, " "), err)
	}
	return true
}

// buildLgraph builds the lgraph binary from this module.
func buildLgraph(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lgraph")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/lgraph/lgraph")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build lgraph: %v\n%s", err, out)
	}
	return bin
}

func moduleCache(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skipf("go env GOMODCACHE: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// copyModule commits a module's go.mod, go.sum and non-test .go files to
// a new git repository and returns its directory, symlinks resolved.
func copyModule(t *testing.T, modDir string) string {
	t.Helper()
	r, _ := gittest.CopyGoModule(t, modDir)
	dir, err := filepath.EvalSymlinks(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
