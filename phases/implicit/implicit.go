// Package implicit is phase 2: dependencies that no import states, found
// as keys two files share (environment variables, config keys, pub/sub
// topics, HTTP routes, SQL tables), read from code only: a per-language
// lexer sets comments, docstrings and prose strings aside, and SQL tables
// come from string literals that are SQL statements. Signals are cached
// per blob and language family; edges join the files of each key, unless
// more than max_files_per_key files share it (then the key is too generic
// to mean anything).
package implicit

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/phase"
)

// Version names the signal rules and edge construction.
const Version = "implicit-4"

// Phase is the implicit-dependency phase.
type Phase struct {
	// Read returns a blob's bytes.
	Read func(id string) ([]byte, error)
}

// Name implements phase.Phase.
func (Phase) Name() string { return "implicit" }

// Run extracts the signals of changed files and rebuilds the implicit
// edges of every file whose keys' file sets changed; above the configured
// change ratio it rebuilds them all (same result, simpler work).
func (p Phase) Run(ctx context.Context, st *phase.State) (store.Phase, error) {
	start := time.Now()
	rep := store.Phase{Name: p.Name(), Mode: "incremental", Extra: map[string]int{}}
	full, reason := p.decide(st)
	if full {
		rep.Mode, rep.Reason = "full", reason
	}
	todo := signalSet(st, full)
	sigs, err := p.signals(ctx, st, todo)
	if err != nil {
		return rep, err
	}
	limit := st.Config.Implicit.MaxFilesPerKey
	var next users
	redo := todo
	if full {
		// A full run has just read the signals of every code file (project
		// files have none): the index is built from them, not from
		// another pass over every record, and each record takes its
		// signals and its edges in one edit (they share a section).
		next = kvUsers(signalEntries(filesWith(todo, sigs)))
		err = restageJoined(ctx, st, todo, sigs, next, limit)
	} else {
		if err = restageSignals(ctx, st, todo, sigs); err != nil {
			return rep, err
		}
		next = nextUsers(st, full)
		redo = p.affected(st, next)
		err = restageEdges(ctx, st, redo, next, limit)
	}
	if err != nil {
		return rep, err
	}
	st.Next.Versions["implicit"] = Version
	rep.Files = len(todo)
	rep.Extra["edges_rebuilt"] = len(redo)
	err = p.explore(ctx, st, full, next, &rep)
	rep.MS = time.Since(start).Milliseconds()
	if err != nil {
		return rep, err
	}
	st.Hit("implicit")
	return rep, nil
}

// decide is the typed choice between targeted and full exploration.
func (p Phase) decide(st *phase.State) (bool, string) {
	switch {
	case st.Full:
		return true, st.FullReason
	case st.Base.Versions["implicit"] != Version:
		return true, fmt.Sprintf("signal rules changed (%q -> %q)", st.Base.Versions["implicit"], Version)
	}
	total := st.Next.Files.Len()
	ratio := float64(len(st.Touched)) / float64(max(1, total))
	if ratio >= st.Config.Implicit.ChangeRatio {
		return true, fmt.Sprintf("%d of %d files changed (%.0f%%, threshold %.0f%%)", len(st.Touched), total, 100*ratio, 100*st.Config.Implicit.ChangeRatio)
	}
	return false, ""
}

// filesWith is records of paths holding only their signals.
func filesWith(paths []string, sigs [][]Signal) []*snapshot.File {
	out := make([]*snapshot.File, len(paths))
	for i, p := range paths {
		out[i] = &snapshot.File{Path: p, Signals: sigs[i]}
	}
	return out
}

// signals fills Signals for the given files from the cache or the bytes,
// and returns them (by the index of their path).
func (p Phase) signals(ctx context.Context, st *phase.State, paths []string) ([][]Signal, error) {
	out := make([][]Signal, len(paths))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(phase.Workers(st.Config.Concurrency))
	for i, path := range paths {
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			// Read here, on the worker: a full run's records are decoded
			// by each Get, and the set does not change until the workers
			// are done.
			f := st.Next.Files.GetParts(path, 0) // the head: language and blob
			family := familyOf(f.Lang)
			key := "implicit/" + Version + "/" + family + "/" + f.Blob
			var sigs []Signal
			found, err := st.Cache.Get(key, &sigs)
			if err != nil || found {
				out[i] = sigs
				return err
			}
			data, err := p.Read(f.Blob)
			if err != nil {
				return fmt.Errorf("implicit %s: %w", path, err)
			}
			out[i] = Extract(family, data)
			return st.Cache.PutLater(key, out[i])
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// restageSignals sets the signals of paths (sigs, by the index of their
// path) into their records.
func restageSignals(ctx context.Context, st *phase.State, paths []string, sigs [][]Signal) error {
	return st.RestageParts(ctx, paths, 0, snapshot.PartSignals, func(_, i int, f *snapshot.File) (*snapshot.File, error) {
		nf := *f
		nf.Signals = sigs[i]
		return &nf, nil
	})
}

// restageEdges rebuilds the implicit edges of paths from the signals
// their records hold: a packed record's other sections are neither
// decoded nor encoded.
func restageEdges(ctx context.Context, st *phase.State, paths []string, next users, limit int) error {
	return st.RestageParts(ctx, paths, snapshot.PartSignals, snapshot.PartImplicit, func(_, _ int, f *snapshot.File) (*snapshot.File, error) {
		if f == nil || f.Lang == lang.ProjectFile {
			return nil, nil
		}
		if edges := edgesOf(f.Path, f.Signals, next, limit); !slices.Equal(edges, f.Implicit) {
			nf := *f
			nf.Implicit = edges
			return &nf, nil
		}
		return nil, nil
	})
}

// restageJoined sets the signals of paths (sigs, by the index of their
// path, all code files) and the implicit edges they make into their
// records at once: one decode and one encode of the section both live
// in, where setting the signals and then the edges took two of each.
func restageJoined(ctx context.Context, st *phase.State, paths []string, sigs [][]Signal, next users, limit int) error {
	return st.RestageParts(ctx, paths, 0, snapshot.PartSignals|snapshot.PartImplicit, func(_, i int, f *snapshot.File) (*snapshot.File, error) {
		nf := *f
		nf.Signals, nf.Implicit = sigs[i], edgesOf(f.Path, sigs[i], next, limit)
		return &nf, nil
	})
}

// familyOf names the syntax family of a language: the lexer that tells
// code from comments and strings depends on it, so the cache key does too.
func familyOf(name string) string {
	if fam := lang.FamilyOf(name); fam != "" {
		return fam
	}
	return name
}

// signalSet lists the files whose signals are (re)read: every code file
// on a full run, the touched ones on an update.
func signalSet(st *phase.State, full bool) []string {
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

// users answers "which files use this signal", sorted.
type users func(signal string) []string

// kvUsers reads a signal index (snapshot.KsSignal entries).
// Its answers are remembered; it is safe for concurrent use (the edges
// of a full run are joined on every worker).
func kvUsers(kv snapshot.KV) users {
	var mu sync.Mutex
	cache := map[string][]string{}
	return func(signal string) []string {
		mu.Lock()
		ps, ok := cache[signal]
		mu.Unlock()
		if ok {
			return ps
		}
		ps, _ = snapshot.SignalUsers(kv, signal)
		mu.Lock()
		cache[signal] = ps
		mu.Unlock()
		return ps
	}
}

// signalEntries are the signal-index entries of some files.
func signalEntries(files []*snapshot.File) *snapshot.MemKV {
	var es []snapshot.Entry
	for _, f := range files {
		for _, sig := range f.Signals {
			es = append(es, snapshot.Entry{Key: snapshot.SignalKey(sig.Name(), f.Path)})
		}
	}
	return snapshot.NewMemKV(es)
}

// baseUsers is the base snapshot's signal index: its tables, or one built
// from its files when it is held in memory.
func baseUsers(st *phase.State) users {
	return kvUsers(baseEntries(st, signalEntries))
}

// baseEntries is an index of the base snapshot whose entries entriesOf
// derives from records: its tables, or one built from its files when it
// is held in memory.
func baseEntries(st *phase.State, entriesOf func([]*snapshot.File) *snapshot.MemKV) snapshot.KV {
	if st.Base.Index != nil {
		return st.Base.Index
	}
	var files []*snapshot.File
	for _, f := range st.Base.Files.All() {
		files = append(files, f)
	}
	return entriesOf(files)
}

// nextUsers is the signal index of the snapshot being built: the base's
// with the touched files' entries replaced (every file's on a full run).
func nextUsers(st *phase.State, full bool) users {
	return kvUsers(nextEntries(st, full, snapshot.PartSignals, signalEntries))
}

// nextEntries is an index of the snapshot being built whose entries
// entriesOf derives from records: the base's tables with the touched
// files' entries replaced, or every file's on a full run. entriesOf reads
// the parts keep names of each record.
func nextEntries(st *phase.State, full bool, keep snapshot.Parts, entriesOf func([]*snapshot.File) *snapshot.MemKV) snapshot.KV {
	var files []*snapshot.File
	if full || st.Base.Index == nil {
		return allEntries(st.Next.Files, phase.Workers(st.Config.Concurrency), keep, entriesOf)
	}
	for path := range st.Touched {
		if f := st.Next.Files.Get(path); f != nil {
			files = append(files, f)
		}
	}
	return &snapshot.Overlay{Base: st.Base.Index, Hidden: func(o string) bool { return st.Touched[o] }, Extra: entriesOf(files)}
}

// allEntries derives the entries of every file of fs, a slice of files at
// a time: a set holding its records packed decodes a copy per file, and
// holding every copy at once would undo the packing.
func allEntries(fs *snapshot.FileSet, workers int, keep snapshot.Parts, entriesOf func([]*snapshot.File) *snapshot.MemKV) *snapshot.MemKV {
	var es []snapshot.Entry
	var files []*snapshot.File
	flush := func() {
		es = append(es, entriesOf(files).Entries()...)
		files = files[:0]
	}
	for _, f := range fs.AheadParts(workers, keep) {
		if files = append(files, f); len(files) == entriesSlice {
			flush()
		}
	}
	flush()
	return snapshot.NewMemKV(es)
}

// entriesSlice is how many files allEntries decodes at a time.
const entriesSlice = 1024

// affected lists the files whose implicit edges may differ from Base's:
// the touched files and every file sharing a key whose file set changed.
func (p Phase) affected(st *phase.State, next users) []string {
	base := baseUsers(st)
	keys := map[string]bool{}
	for path := range st.Touched {
		for _, s := range []*snapshot.Snapshot{st.Base, st.Next} {
			if f := s.Files.Get(path); f != nil {
				for _, sig := range f.Signals {
					keys[sig.Name()] = true
				}
			}
		}
	}
	redo := map[string]bool{}
	for path := range st.Touched {
		redo[path] = true
	}
	for k := range keys {
		if !slices.Equal(base(k), next(k)) {
			for _, path := range next(k) {
				redo[path] = true
			}
		}
	}
	return stillThere(st, redo)
}

// stillThere lists the paths of set that have a record in the snapshot
// being built, sorted.
func stillThere(st *phase.State, set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for path := range set {
		if st.Next.Files.Get(path) != nil {
			out = append(out, path)
		}
	}
	sort.Strings(out)
	return out
}

// edgesOf joins a file to the other files sharing each of its keys.
func edgesOf(path string, sigs []Signal, idx users, limit int) []snapshot.Edge {
	var out []snapshot.Edge
	for _, sig := range sigs {
		files := idx(sig.Name())
		if len(files) < 2 || len(files) > limit {
			continue
		}
		for _, other := range files {
			if other != path {
				out = append(out, snapshot.Edge{Source: nodeid.File(path), Target: nodeid.File(other), Kind: edgekind.Implicit, Via: sig.Name()})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Target != out[j].Target {
			return out[i].Target < out[j].Target
		}
		return out[i].Via < out[j].Via
	})
	return out
}
