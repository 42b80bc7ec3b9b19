package query

import (
	"sort"
	"strings"
)

// ImplicitResult is what a file shares with others without importing them.
type ImplicitResult struct {
	File string        `json:"file"`
	Keys []ImplicitKey `json:"keys"`
	Mark
}

// ImplicitKey is one key the file uses and the other files using it.
type ImplicitKey struct {
	Key   string         `json:"key"`
	Line  int            `json:"line"`
	Files []ImplicitFile `json:"files"`
}

// ImplicitFile is one file sharing a key.
type ImplicitFile struct {
	Path string `json:"path"`
	Mark
}

// Implicit lists the file's signals with the files sharing each one (as
// the implicit phase joined them: keys too generic to mean anything have
// no files).
func (ix *Index) Implicit(fileID string) ImplicitResult {
	path := strings.TrimPrefix(fileID, "file:")
	res := ImplicitResult{File: path, Keys: []ImplicitKey{}, Mark: ix.mark(path)}
	f := ix.snap.Files.Get(path)
	if f == nil {
		return res
	}
	byKey := map[string][]ImplicitFile{}
	for _, e := range f.Implicit {
		other := strings.TrimPrefix(e.Target, "file:")
		byKey[e.Via] = append(byKey[e.Via], ImplicitFile{Path: other, Mark: ix.mark(other)})
	}
	for _, s := range f.Signals {
		files := byKey[s.Name()]
		sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		if files == nil {
			files = []ImplicitFile{}
		}
		res.Keys = append(res.Keys, ImplicitKey{Key: s.Name(), Line: s.Line, Files: files})
	}
	return res
}
