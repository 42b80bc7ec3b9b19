// Package explicit is phase 1: it extracts definitions, imports and
// references with tree-sitter (cached per blob and extractor version) and
// resolves them into edges, re-resolving exactly the files whose inputs
// changed so that an update equals a rebuild.
package explicit

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/lang"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/membudget"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/internal/workpool"
	"github.com/lgraph/lgraph/phases/phase"
)

// Version names the extractors and resolver; bump it when their output changes.
const Version = "explicit-59"

// Phase is the explicit-dependency phase.
type Phase struct {
	// Read returns a blob's bytes.
	Read func(id string) ([]byte, error)
	// ExtractOnly stops after the facts are extracted and cached: a shard
	// of a sharded init (docs/remote.md) uploads facts, and the
	// assembling init resolves the whole tree, so a shard's resolution of
	// its slice would be thrown away.
	ExtractOnly bool
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
	toParse := parseSet(st, full)
	if err := p.asideOnFullRun(st); err != nil {
		return rep, err
	}
	if err := p.extract(ctx, st, toParse, &rep); err != nil {
		return rep, err
	}
	st.Hit("explicit-parsed")
	st.Mark("explicit.parse")
	if p.ExtractOnly {
		rep.Files = len(toParse)
		rep.MS = time.Since(start).Milliseconds()
		return rep, nil
	}
	if full || !projectUnchanged(st) {
		project, err := projectOf(st, p.Read, full)
		if err != nil {
			return rep, err
		}
		st.Next.Project = project
	}
	if err := p.scopeFiles(ctx, st, toParse); err != nil {
		return rep, err
	}
	st.Mark("explicit.project")
	full = full || ProjectChanged(st)
	var base snapshot.KV
	var touched *snapshot.MemKV // the touched files' definitions in the snapshot being built
	if !full {
		base = baseIndex(st)
		touched = touchedDefinitions(st, st.Next.Files, &st.Next.Project)
	}
	idx, err := nextIndex(ctx, st, base, touched, full)
	if err != nil {
		return rep, err
	}
	defer idx.Close()
	handOver(st, idx)
	st.Mark("explicit.index")
	redo := reresolveSet(st, base, touched, full)
	if err := resolveEach(ctx, st, idx, redo); err != nil {
		return rep, err
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

// resolveEach gives each of paths its resolution. A full run holds its
// records packed and resolves them on every worker (phase.State.
// RestageOnWorkers; on one core the resolution was most of its wall time
// after the parse), each worker through a view of idx with its own answer
// cache (files next to each other share most answers) and each Get
// decoding a copy of its own. A run whose records are held as structs
// resolves them in turn, and if it set its references aside (a full run
// without packing) holds its resolutions compacted: most lookup keys and
// edge targets are built anew by each of the many files that name them.
func resolveEach(ctx context.Context, st *phase.State, idx *Index, paths []string) error {
	var in interner
	if st.RefsAside != nil && !st.Next.Files.Packed() {
		in = interner{}
	}
	views := idx.views(st.RestageWorkers())
	// Resolution reads the facts and writes the resolution: a packed
	// record's other sections are neither decoded nor encoded again.
	return st.RestageParts(ctx, paths, snapshot.PartFacts|snapshot.PartRefs, snapshot.PartRes|snapshot.PartLookups, func(w, _ int, old *snapshot.File) (*snapshot.File, error) {
		view := views[w]
		view.trimCache() // between files: see trimCache
		res, err := resolveRecord(view, st.RefsAside, old)
		if err != nil || res.Equal(old.Res) {
			return nil, err
		}
		if in != nil {
			res = in.compact(res)
		}
		nf := *old
		nf.Res = res
		return &nf, nil
	})
}

// parseSet lists the code files to parse: all on a full run, the touched
// ones on an update (every other file's record already holds its facts).
func parseSet(st *phase.State, full bool) []string {
	var out []string
	if full {
		return st.Next.Files.CodePaths()
	}
	for path := range st.Touched {
		if f := st.Next.Files.Get(path); f != nil && f.Lang != lang.ProjectFile {
			out = append(out, path)
		}
	}
	slices.Sort(out)
	return out
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
	// Each worker stages its file's record (packed on a full run) rather
	// than return the facts, so the phase never holds every file's facts
	// decoded at once.
	// The record is read on the worker too, and only its head: the facts
	// are all the phase writes (snapshot.FileSet.Edit).
	results := make([]*snapshot.Staged, len(paths))
	syntaxErrors := make([]int, len(paths))
	parsed := make([]bool, len(paths))
	st.Progress.Start("explicit", len(paths))
	defer st.Progress.Done()
	err := workpool.Each(ctx, len(paths), phase.Workers(st.Config.Concurrency), func(ctx context.Context, i int) error {
		defer st.Progress.Add(1)
		path := paths[i]
		var err error
		results[i], err = st.Next.Files.Edit(path, 0, snapshot.PartFacts|snapshot.PartRefs, func(f *snapshot.File) (*snapshot.File, error) {
			ff, didParse, err := p.factsOf(ctx, st, f)
			if err == nil && !scopedByProject(st, f) {
				// A file the project scopes keeps its references until
				// scopeFiles has renamed them (see there).
				ff, err = withoutRefs(st.RefsAside, path, ff)
			}
			if err != nil {
				return nil, err
			}
			nf := *f
			nf.Facts = ff
			syntaxErrors[i], parsed[i] = ff.SyntaxErrors, didParse
			return &nf, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	var broken []string
	for i, path := range paths {
		st.Next.Files.SetStaged(*results[i])
		if parsed[i] {
			rep.Extra["parsed"]++
		} else {
			rep.Extra["cache_hits"]++
		}
		if syntaxErrors[i] > 0 {
			rep.Extra["files_with_syntax_errors"]++
			broken = append(broken, path)
		}
	}
	rep.Note = syntaxNote(broken)
	return nil
}

// maxNamed bounds the files a phase note names.
const maxNamed = 5

// syntaxNote names the files parsed with syntax errors, whose facts cover
// only what tree-sitter could recover, so a person can look at them.
func syntaxNote(paths []string) string {
	if len(paths) == 0 {
		return ""
	}
	sort.Strings(paths)
	more := ""
	if len(paths) > maxNamed {
		more = fmt.Sprintf(" and %d more", len(paths)-maxNamed)
		paths = paths[:maxNamed]
	}
	return "syntax errors in " + strings.Join(paths, ", ") + more + " (their facts are what the parser could recover)"
}

func (p Phase) factsOf(ctx context.Context, st *phase.State, f *snapshot.File) (*facts.File, bool, error) {
	key := FactsKey(f.Lang, f.Blob)
	var cached *facts.File
	found, err := st.Cache.GetDecoded(key, func(val []byte) (err error) {
		cached, err = snapshot.DecodeFacts(val)
		return err
	})
	if err != nil || found {
		if cached == nil {
			cached = &facts.File{}
		}
		return cached, false, err
	}
	data, err := p.Read(f.Blob)
	if err != nil {
		return nil, false, fmt.Errorf("explicit %s: %w", f.Path, err)
	}
	out, err := st.Parsers.Extract(ctx, st.Langs.Get(f.Lang), data)
	if err != nil {
		return nil, false, fmt.Errorf("parse %s: %w", f.Path, err)
	}
	return out, true, st.Cache.PutLaterBytes(key, snapshot.EncodeFacts(out))
}

// baseIndex is the definition index of the run's base snapshot: its
// published tables, or (for a snapshot held in memory) one built from its
// files.
func baseIndex(st *phase.State) snapshot.KV {
	if st.Base.Index != nil {
		return st.Base.Index
	}
	var es []snapshot.Entry
	for _, f := range st.Base.Files.All() {
		es = append(es, DefinitionEntries(f, st.Langs, &st.Base.Project)...)
		es = append(es, snapshot.GenericEntries(f)...)
	}
	return snapshot.NewMemKV(es)
}

// nextIndex is the definition index of the snapshot being built: on an
// update, the base's entries with the touched files' replaced; on a full
// run, every file's.
func nextIndex(ctx context.Context, st *phase.State, base snapshot.KV, touched *snapshot.MemKV, full bool) (*Index, error) {
	idx, err := buildNextIndex(ctx, st, base, touched, full)
	if err == nil && st.Config != nil {
		// Answers are functions of the KV, so how many are kept changes
		// only the time and memory a run takes, never what it finds.
		idx.cacheLimit = membudget.FromMB(st.Config.MemoryMB).IndexAnswers()
	}
	return idx, err
}

func buildNextIndex(ctx context.Context, st *phase.State, base snapshot.KV, touched *snapshot.MemKV, full bool) (*Index, error) {
	if full {
		return buildIndexOnDisk(ctx, st.Next.Files, st.Langs, &st.Next.Project, st.Scratch, phase.Workers(st.Config.Concurrency))
	}
	ov := &snapshot.Overlay{Base: base, Hidden: func(owner string) bool { return st.Touched[owner] }, Extra: touched}
	return newIndex(st.Langs, &st.Next.Project, ov), nil
}

// reresolveSet lists the files to resolve: all on a full run; otherwise
// the touched files plus every file that looked up a key whose definitions
// changed between Base and Next (found through the base's lookup index).
func reresolveSet(st *phase.State, base snapshot.KV, touched *snapshot.MemKV, full bool) []string {
	if full {
		return st.Next.Files.CodePaths()
	}
	was := touchedDefinitions(st, st.Base.Files, &st.Base.Project)
	moved := changedNames(was, touched)
	want := func(family, name string) bool { return moved[family+"\x00"+name] }
	keys := map[string][]string{} // lookup key -> touched files defining it
	for _, path := range slices.Sorted(maps.Keys(st.Touched)) {
		defined := map[string]bool{}
		if f := st.Base.Files.Get(path); f != nil {
			for _, k := range keysDefinedBy(f, st.Langs, &st.Base.Project, want) {
				defined[k] = true
			}
		}
		if f := st.Next.Files.Get(path); f != nil {
			for _, k := range keysDefinedBy(f, st.Langs, &st.Next.Project, want) {
				defined[k] = true
			}
		}
		for k := range defined {
			keys[k] = append(keys[k], path)
		}
	}
	redo := map[string]bool{}
	for path := range st.Touched {
		if f := st.Next.Files.Get(path); f != nil && f.Lang != lang.ProjectFile {
			redo[path] = true
		}
	}
	before, after := newDigester(was), newDigester(touched)
	for k, paths := range keys {
		if before.digest(k, paths) == after.digest(k, paths) {
			continue
		}
		_ = base.Scan(snapshot.Prefix(snapshot.KsLookup, k), func(key, _ []byte) error {
			p := snapshot.KeyPart(key, 1)
			if f := st.Next.Files.Get(p); f != nil && f.Lang != lang.ProjectFile {
				redo[p] = true
			}
			return nil
		})
	}
	return slices.Sorted(maps.Keys(redo))
}

// touchedDefinitions are the definition entries of the touched files as
// one side of the run holds them: the base's (as its index holds them) or
// the snapshot being built's. Comparing the two sides key by key is
// comparing the two indexes, whose other files' entries are the same,
// without a lookup in the base's tables.
func touchedDefinitions(st *phase.State, files *snapshot.FileSet, project *lang.Project) *snapshot.MemKV {
	var es []snapshot.Entry
	for p := range st.Touched {
		if f := files.Get(p); f != nil {
			es = append(es, DefinitionEntries(f, st.Langs, project)...)
		}
	}
	return snapshot.NewMemKV(es)
}

// ProjectChanged reports whether the project settings (go.mod, tsconfig,
// Python roots...) differ between the run's base and what it builds.
func ProjectChanged(st *phase.State) bool {
	return st.Base == nil || ProjectKey(&st.Base.Project) != ProjectKey(&st.Next.Project)
}
