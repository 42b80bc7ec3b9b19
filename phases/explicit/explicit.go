// Package explicit is phase 1: it extracts definitions, imports and
// references with tree-sitter (cached per blob and extractor version) and
// resolves them into edges, re-resolving exactly the files whose inputs
// changed so that an update equals a rebuild.
package explicit

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/facts"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/snapshot"
	"github.com/lgraph/lgraph/store"
)

// Version names the extractors and resolver; bump it when their output changes.
const Version = "explicit-5-py-1"

// Phase is the explicit-dependency phase.
type Phase struct {
	// Read returns a blob's bytes.
	Read func(id string) ([]byte, error)
}

// Name implements phase.Phase.
func (Phase) Name() string { return "explicit" }

// Run parses the touched files and re-resolves every file whose inputs changed.
func (p Phase) Run(ctx context.Context, st *phase.State) (store.Phase, error) {
	start := time.Now()
	rep := store.Phase{Name: p.Name(), Mode: "incremental", Extra: map[string]int{}}
	full, reason := p.decide(st)
	if full {
		rep.Mode, rep.Reason = "full", reason
	}
	// Filter, then sort what passed: on an update that is a few paths, not
	// the whole repository.
	var toParse []string
	for path, f := range st.Next.Files.All() {
		if f.Lang != "config" && (full || st.Touched[path] || f.Facts == nil) {
			toParse = append(toParse, path)
		}
	}
	slices.Sort(toParse)
	if err := p.extract(ctx, st, toParse, &rep); err != nil {
		return rep, err
	}
	st.Hit("explicit-parsed")
	project, err := projectOf(st, p.Read)
	if err != nil {
		return rep, err
	}
	st.Next.Project = project
	idx := BuildIndex(st.Next.Files, st.Langs, &st.Next.Project)
	redo := p.reresolveSet(st, idx, full)
	for _, path := range redo {
		old := st.Next.Files.Get(path)
		if res := Resolve(idx, old); !res.Equal(old.Res) {
			nf := *old
			nf.Res = res
			st.Next.Files.Set(&nf)
		}
	}
	st.Reresolved = map[string]bool{}
	for _, path := range redo {
		st.Reresolved[path] = true
	}
	st.Next.Versions["explicit"] = Version
	rep.Files = len(toParse)
	rep.Extra["resolved"] = len(redo)
	rep.MS = time.Since(start).Milliseconds()
	st.Hit("explicit")
	return rep, nil
}

// decide says whether resolution must start from nothing, and why.
func (p Phase) decide(st *phase.State) (bool, string) {
	switch {
	case st.Full:
		return true, st.FullReason
	case st.Base.Versions["explicit"] != Version:
		return true, fmt.Sprintf("extractor version changed (%q -> %q)", st.Base.Versions["explicit"], Version)
	}
	return false, ""
}

// extract fills Facts for the given paths from the cache or by parsing,
// in parallel. Files are replaced, never mutated.
func (p Phase) extract(ctx context.Context, st *phase.State, paths []string, rep *store.Phase) error {
	results := make([]*facts.File, len(paths))
	parsed := make([]bool, len(paths))
	st.Progress.Start("explicit", len(paths))
	defer st.Progress.Done()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(phase.Workers(st.Config.Concurrency))
	for i, path := range paths {
		f := st.Next.Files.Get(path)
		g.Go(func() error {
			defer st.Progress.Add(1)
			ff, didParse, err := p.factsOf(gctx, st, f)
			results[i], parsed[i] = ff, didParse
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, path := range paths {
		nf := *st.Next.Files.Get(path)
		nf.Facts = results[i]
		st.Next.Files.Set(&nf)
		if parsed[i] {
			rep.Extra["parsed"]++
		} else {
			rep.Extra["cache_hits"]++
		}
		if results[i].SyntaxErrors > 0 {
			rep.Extra["files_with_syntax_errors"]++
		}
	}
	return nil
}

func (p Phase) factsOf(ctx context.Context, st *phase.State, f *snapshot.File) (*facts.File, bool, error) {
	key := "facts/" + Version + "/" + f.Lang + "/" + f.Blob
	var ff facts.File
	found, err := st.Cache.Get(key, &ff)
	if err != nil || found {
		return &ff, false, err
	}
	data, err := p.Read(f.Blob)
	if err != nil {
		return nil, false, fmt.Errorf("explicit %s: %w", f.Path, err)
	}
	spec := st.Langs.Get(f.Lang)
	out, err := st.Parsers.Extract(ctx, spec, data)
	if err != nil {
		return nil, false, fmt.Errorf("parse %s: %w", f.Path, err)
	}
	return out, true, st.Cache.PutLater(key, out)
}

// reresolveSet lists the files to resolve: all on a full run; otherwise
// the touched files plus every file that looked up a key whose definitions
// changed between Base and Next.
func (p Phase) reresolveSet(st *phase.State, next *Index, full bool) []string {
	if full || projectChanged(st) {
		return codePaths(st.Next.Files)
	}
	// The base index differs from next only in the touched files, so the
	// base digest of a key is computed from next's entries with those
	// files' contributions swapped back; no second full index is built.
	before := newIndex(st.Langs, &st.Base.Project)
	keys := map[string]bool{}
	for path := range st.Touched {
		if f := st.Base.Files.Get(path); f != nil {
			before.add(f)
			for _, k := range before.keysDefinedBy(f) {
				keys[k] = true
			}
		}
		if f := st.Next.Files.Get(path); f != nil {
			for _, k := range next.keysDefinedBy(f) {
				keys[k] = true
			}
		}
	}
	changed := map[string]bool{}
	for k := range keys {
		if next.baseDigest(k, st.Touched, before) != next.digest(k) {
			changed[k] = true
		}
	}
	redo := map[string]bool{}
	for path := range st.Touched {
		if f := st.Next.Files.Get(path); f != nil && f.Lang != "config" {
			redo[path] = true
		}
	}
	for path, f := range st.Next.Files.All() {
		if redo[path] || f.Lang == "config" {
			continue
		}
		for _, k := range f.Res.Lookups {
			if changed[k] {
				redo[path] = true
				break
			}
		}
	}
	out := make([]string, 0, len(redo))
	for path := range redo {
		out = append(out, path)
	}
	sort.Strings(out)
	return out
}

func codePaths(files *snapshot.FileSet) []string {
	var out []string
	for p, f := range files.All() {
		if f.Lang != "config" {
			out = append(out, p)
		}
	}
	return out
}

func projectChanged(st *phase.State) bool {
	return projectKey(&st.Base.Project) != projectKey(&st.Next.Project)
}
