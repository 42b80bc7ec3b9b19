package explicit

import (
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// TestProjectReadsOnlyTellingFiles: a full run's project settings read
// the facts of the files whose language tells its project reader
// something (Python's directory tallies here), and decode no Go file's
// record for them; the tallies still count every Python file.
func TestProjectReadsOnlyTellingFiles(t *testing.T) {
	cfg := config.Default()
	cfg.Concurrency = 2
	st := &phase.State{Config: &cfg, Langs: all.Registry(), Full: true, Next: snapshot.New()}
	if err := st.Next.Files.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer st.Next.Files.Close()
	const pyFiles = 7
	for i := range 40 {
		p, l := fmt.Sprintf("go/f%02d.go", i), "go"
		if i < pyFiles {
			p, l = fmt.Sprintf("py/app/m%02d.py", i), "python"
		}
		st.Next.Files.Set(&snapshot.File{Path: p, Lang: l, Blob: p, Facts: &facts.File{
			Symbols: []facts.Symbol{{Name: "F", Qualified: "F", Kind: facts.KindFunction, Line: 1}}}})
	}
	counts := st.Next.Files.CountDecodes()
	_, dirs, err := projectCode(st, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := counts.Total(); got != pyFiles {
		t.Errorf("the project read %d records' facts, want the %d Python files'", got, pyFiles)
	}
	if len(dirs["python"]) == 0 {
		t.Errorf("no tally of the Python files' directory: %v", dirs)
	}
}
