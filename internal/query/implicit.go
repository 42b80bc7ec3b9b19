package query

import (
	"sort"

	"github.com/lgraph/lgraph/internal/graph"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// ImplicitResult is what a file shares with others without importing them.
type ImplicitResult struct {
	File string        `json:"file"`
	Keys []ImplicitKey `json:"keys"`
	Mark
}

// ImplicitKey is one key the file uses and the other files using it.
type ImplicitKey struct {
	Key  string `json:"key"`
	Line int    `json:"line"`
	// Source is what found the key in this file: rules, or llm (the model
	// explorer), whose keys also carry Confidence and Evidence.
	Source     string         `json:"source"`
	Confidence float64        `json:"confidence,omitempty"`
	Evidence   []string       `json:"evidence,omitempty"`
	Files      []ImplicitFile `json:"files"`
	// FileCount is how many files the rules found the key in, this one
	// included, before any --no-tests filter (0 for a key only the model
	// explorer proposed).
	FileCount int `json:"file_count,omitempty"`
	// TooCommon says the implicit phase joined no files on the key
	// because more than implicit.max_files_per_key use it: it is too
	// generic to count as a coupling, so Files is empty although
	// FileCount is not 1.
	TooCommon bool `json:"too_common"`
}

// ImplicitFile is one file sharing a key.
type ImplicitFile struct {
	Path string `json:"path"`
	// Source is rules when both files found the key by rule, else llm,
	// with the lower of the two ends' Confidence.
	Source     string  `json:"source"`
	Confidence float64 `json:"confidence,omitempty"`
	Mark
}

// Implicit lists the file's signals with the files sharing each one (as
// the implicit phase joined them: keys too generic to mean anything have
// no files), then the keys only the model explorer proposed.
func (ix *Index) Implicit(fileID string) ImplicitResult {
	path := nodeid.PathOf(fileID)
	res := ImplicitResult{File: path, Keys: []ImplicitKey{}, Mark: ix.mark(path)}
	f := ix.snap.Files.Get(path)
	if f == nil {
		return res
	}
	byKey := map[string][]ImplicitFile{}
	joined := map[string]int{} // rule edges by key
	for _, e := range f.Implicit {
		other := nodeid.PathOf(e.Target)
		byKey[e.Via] = append(byKey[e.Via], ImplicitFile{Path: other, Source: "rules", Mark: ix.mark(other)})
		joined[e.Via]++
	}
	for _, e := range f.Explored {
		other := nodeid.PathOf(e.Target)
		byKey[e.Via] = append(byKey[e.Via], ImplicitFile{Path: other, Source: snapshot.DetectedByLLM,
			Confidence: graph.Confidence(ix.snap, f, e), Mark: ix.mark(other)})
	}
	files := func(name string) []ImplicitFile {
		fs := byKey[name]
		sort.Slice(fs, func(i, j int) bool { return fs[i].Path < fs[j].Path })
		if fs == nil {
			fs = []ImplicitFile{}
		}
		return fs
	}
	ruled := map[string]bool{}
	for _, s := range f.Signals {
		ruled[s.Name()] = true
		k := ImplicitKey{Key: s.Name(), Line: s.Line, Source: "rules", Files: files(s.Name())}
		k.FileCount, k.TooCommon = ix.keyCount(s.Name(), joined[s.Name()])
		res.Keys = append(res.Keys, k)
	}
	for _, c := range f.Couplings {
		if !ruled[c.Name()] {
			res.Keys = append(res.Keys, ImplicitKey{Key: c.Name(), Line: c.Line(), Source: snapshot.DetectedByLLM,
				Confidence: float64(c.Confidence) / 100, Evidence: c.Evidence, Files: files(c.Name())})
		}
	}
	return res
}

// keyCount is how many files use a rule key, given the file's edges on
// it, and whether the phase declined to join them. A key the phase joined
// links the file to every other user, so its edges count them; an
// unjoined key is used by this file alone or by too many, and only the
// signal index tells which.
func (ix *Index) keyCount(key string, edges int) (count int, tooCommon bool) {
	if edges > 0 {
		return edges + 1, false
	}
	n := max(1, len(ix.signalPaths(key)))
	return n, n > 1
}
