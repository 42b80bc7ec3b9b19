package explicit

import (
	"path"
	"slices"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// projectFiles lists, in path order (each reader sees its files in path
// order on every run), the files of the snapshot being built whose base
// name a project reader reads. A full run lists every path; an update
// reads the base's list of project files (keyspace J), then applies its
// touched files, so that a commit changing what a Python file tells the
// tree rule costs no walk over every path (docs/design.md §1, invariant 4).
func projectFiles(st *phase.State, wanted func(base string) bool, full bool) ([]string, error) {
	var files []string
	if full || st.Base == nil || st.Base.Index == nil {
		for _, p := range st.Next.Files.Paths() {
			if wanted(path.Base(p)) && st.Next.Files.Get(p) != nil {
				files = append(files, p)
			}
		}
		slices.Sort(files)
		return files, st.Next.Files.Err()
	}
	err := st.Base.Index.Scan([]byte{snapshot.KsProjectFile}, func(k, _ []byte) error {
		if p := string(k[1:]); wanted(path.Base(p)) && !st.Touched[p] {
			files = append(files, p)
		}
		return nil
	})
	for p := range st.Touched {
		if wanted(path.Base(p)) && st.Next.Files.Has(p) {
			files = append(files, p)
		}
	}
	slices.Sort(files)
	return files, err
}
