package explicit

import (
	"bytes"
	"path"
	"slices"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// projectFiles lists, in path order (each reader sees its files in path
// order on every run), the files of the snapshot being built whose base
// name a project reader reads. A full run lists every path; an update
// reads the names from the base's leaf index (keyspace P, which lists
// every indexed file with a fixed-size value), then applies its touched
// files, so that a commit changing what a Python file
// tells the tree rule costs no walk over every record (docs/design.md §1,
// invariant 4).
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
	byName := map[string]bool{} // base names repeat across directories
	err := st.Base.Index.Scan([]byte{snapshot.KsLeaf}, func(k, _ []byte) error {
		name := k[1:]
		if i := bytes.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
		want, seen := byName[string(name)]
		if !seen {
			want = wanted(string(name))
			byName[string(name)] = want
		}
		if p := string(k[1:]); want && !st.Touched[p] {
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
