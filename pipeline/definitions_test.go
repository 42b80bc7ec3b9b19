package pipeline_test

import (
	"context"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/explicit"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/pipeline"
)

// probe is a phase that only calls its function with the run's state.
type probe func(st *phase.State) error

func (probe) Name() string { return "probe" }

func (p probe) Run(_ context.Context, st *phase.State) (store.Phase, error) {
	return store.Phase{Name: "probe"}, p(st)
}

// initWith runs init of repoDir into a fresh store with the default
// phases, afterExplicit run right after the explicit phase and last after
// the last one; it returns the store and the published ref.
func initWith(t *testing.T, repoDir string, afterExplicit, last probe) (*store.Store, *store.Ref) {
	t.Helper()
	repo, err := gitrepo.Open(repoDir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	s, err := store.Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	phases := func(read func(string) ([]byte, error), target func(context.Context) ([]gitrepo.Entry, error)) []phase.Phase {
		var out []phase.Phase
		for _, ph := range pipeline.DefaultPhases(read, target) {
			out = append(out, ph)
			if _, ok := ph.(explicit.Phase); ok {
				out = append(out, afterExplicit)
			}
		}
		return append(out, last)
	}
	run, err := pipeline.Run(context.Background(), pipeline.Options{Repo: repo, Store: s, Config: &cfg, Langs: all.Registry(), Command: "init", Phases: phases})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := s.ReadRef(run.Branch)
	if err != nil || ref == nil {
		t.Fatalf("read ref %s: %v", run.Branch, err)
	}
	return s, ref
}

func nothing(*phase.State) error { return nil }

// reused reports, into *got, whether publishing will copy the explicit
// phase's definition table.
func reused(got *bool) probe {
	return func(st *phase.State) error {
		*got = explicit.ReusableDefinitions(st, st.Langs) != nil
		return nil
	}
}

func definitionsRepo(t *testing.T) string {
	t.Helper()
	repo, err := repogen.New(t.TempDir(), repogen.Options{
		Files: 300, Seed: 11, Languages: []string{repogen.LangGo, repogen.LangPython, repogen.LangJavaScript, repogen.LangTypeScript, repogen.LangJava, repogen.LangRust, repogen.LangRuby, repogen.LangC},
	})
	if err != nil {
		t.Fatal(err)
	}
	return repo.Dir()
}

// fixturesRepo commits the C++ and Python fixtures of other tests in one
// repository: namespace macros (a C++ file's project facts), call sites
// of templates, re-exports and plugins.
func fixturesRepo(t *testing.T) string {
	t.Helper()
	r := gittest.New(t)
	for _, files := range []map[string]string{nsMacroFiles, cppDeduceFiles, fixtureFiles, pluginFiles} {
		r.Write(files)
	}
	r.Commit("base")
	return r.Dir
}

// TestInitPublishesTheExplicitPhasesDefinitions: an init's publishing
// copies the definition table the explicit phase built (every later
// phase leaves the records' facts as they were), and the table it
// publishes, named by the hash of its bytes, is the one it writes when
// it computes every file's definitions again. (CheckIndex cannot hold
// the fixtures' init to its records: a published record leaves out a C++
// file's namespace macros, which its project-facts entry derives from.)
func TestInitPublishesTheExplicitPhasesDefinitions(t *testing.T) {
	for _, dir := range []string{definitionsRepo(t), fixturesRepo(t)} {
		var took bool
		_, copied := initWith(t, dir, nothing, reused(&took))
		if !took {
			t.Fatal("an init's publishing computes the definitions again instead of copying the explicit phase's table")
		}
		_, computed := initWith(t, dir, func(st *phase.State) error {
			err := st.Definitions.Close()
			st.Definitions = nil
			return err
		}, nothing)
		if len(copied.Tables) != 1 || len(computed.Tables) != 1 || copied.Tables[0] != computed.Tables[0] {
			t.Fatalf("%s: published %v copying the definitions, %v computing them", dir, copied.Tables, computed.Tables)
		}
	}
}

// TestDefinitionsNotReusedOnceFactsChange: a record whose facts are set
// after the explicit phase built its table makes publishing compute the
// definitions again; copied, the published name index would still hold
// the symbol's old name, and CheckIndex would fail.
func TestDefinitionsNotReusedOnceFactsChange(t *testing.T) {
	dir := definitionsRepo(t)
	renamed := ""
	rename := func(st *phase.State) error {
		for _, p := range st.Next.Files.CodePaths() {
			f := st.Next.Files.Get(p)
			if f.Facts == nil || len(f.Facts.Symbols) == 0 {
				continue
			}
			ff := *f.Facts
			ff.Symbols = append([]facts.Symbol(nil), ff.Symbols...)
			ff.Symbols[0].Name += "Renamed"
			nf := *f
			nf.Facts = &ff
			st.Next.Files.Set(&nf)
			renamed = ff.Symbols[0].Name
			return nil
		}
		return nil
	}
	took := true
	s, ref := initWith(t, dir, rename, reused(&took))
	if took {
		t.Fatal("publishing copies the explicit phase's definitions after a record's facts changed")
	}
	if err := pipeline.CheckIndex(s, ref, all.Registry()); err != nil {
		t.Fatal(err)
	}
	tables, err := s.OpenTables(ref.Tables)
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	found := false
	if err := tables.Scan(snapshot.Prefix(snapshot.KsName, renamed), func(_, _ []byte) error {
		found = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if renamed == "" || !found {
		t.Fatalf("the published name index has no entry for the renamed symbol %q", renamed)
	}
}
