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
	for _, e := range f.Implicit {
		other := nodeid.PathOf(e.Target)
		byKey[e.Via] = append(byKey[e.Via], ImplicitFile{Path: other, Source: "rules", Mark: ix.mark(other)})
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
		res.Keys = append(res.Keys, ImplicitKey{Key: s.Name(), Line: s.Line, Source: "rules", Files: files(s.Name())})
	}
	for _, c := range f.Couplings {
		if !ruled[c.Name()] {
			res.Keys = append(res.Keys, ImplicitKey{Key: c.Name(), Line: c.Line(), Source: snapshot.DetectedByLLM,
				Confidence: float64(c.Confidence) / 100, Evidence: c.Evidence, Files: files(c.Name())})
		}
	}
	return res
}
