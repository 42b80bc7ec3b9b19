package pipeline

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/lgraph/lgraph/internal/freshness"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/internal/table"
	"github.com/lgraph/lgraph/phases/explicit"
	"github.com/lgraph/lgraph/phases/phase"
)

// writeSnapshot writes the tables of the snapshot a run built: on an update,
// one delta layer holding the entries of the files and module docs it
// changed over the base's tables; on a full run (or when the project
// settings changed every file's module keys) one table holding everything.
// tree is the content tree contentRoot computed for the snapshot; tally,
// if not nil, counts each record a full write reads.
func writeSnapshot(ctx context.Context, o Options, st *phase.State, base *store.Ref, tree contentTree, aside refsAside, tally *firstTally) ([]string, error) {
	if st.Full || base == nil || st.Base == nil || st.Base.Index == nil || explicit.ProjectChanged(st) {
		workers := publishWorkers(o.Config)
		if !tree.full {
			var err error
			if tree, err = fullContentTree(ctx, st.Next, workers); err != nil {
				return nil, err
			}
		}
		if err := knowWindow(st); err != nil {
			return nil, err
		}
		name, _, err := o.Store.WriteTable(func(w *table.Writer) error {
			return streamAll(ctx, w, o.Langs, st.Next, tree.nodes, aside, o.Store.ScratchDir(), workers, tally, st.Mark)
		})
		if err != nil {
			return nil, err
		}
		return []string{name}, nil
	}
	delta, err := deltaEntries(o.Langs, st, tree.updates)
	if err != nil {
		return nil, err
	}
	if tally != nil {
		return nil, errors.New("publish: a run with no base wrote a delta layer")
	}
	tables, _, err := o.Store.WriteLayer(base.Tables, delta, store.DefaultLayering)
	return tables, err
}

// entriesOf is everything a file record puts in a snapshot's tables.
func entriesOf(langs *lang.Registry, project *lang.Project, f *snapshot.File) []snapshot.Entry {
	if f == nil {
		return nil
	}
	es := []snapshot.Entry{{Key: snapshot.FileKey(f.Path), Value: snapshot.EncodeRecord(f)}}
	es = append(es, snapshot.GenericEntries(f)...)
	return append(es, explicit.DefinitionEntries(f, langs, project)...)
}

// streamAll writes every entry of a snapshot in key order without holding
// them one by one: records are encoded and written one at a time, in path
// order, which is their keys' order; the index entries every file derives
// are gathered in one pass as sorted runs (snapshot.Runs) and copied out
// keyspace by keyspace. Both per-file passes spread over workers
// goroutines; the bytes written do not depend on how many. tree is the
// snapshot's content tree; tally, if not nil, counts each record read;
// mark tells the trace that a step ended.
func streamAll(ctx context.Context, w *table.Writer, langs *lang.Registry, s *snapshot.Snapshot, tree []freshness.Node, aside refsAside, scratch string, workers int, tally *firstTally, mark func(step string)) error {
	if err := w.Add(snapshot.HeaderKey, snapshot.EncodeHeader(s)); err != nil {
		return err
	}
	paths := s.Files.Paths()
	index, err := indexRuns(ctx, langs, s, paths, scratch, workers, tally)
	if err != nil {
		return err
	}
	defer index.Close()
	mark("publish.index")
	copied := streamIndex(index)
	defer copied.close()
	for _, ks := range snapshot.Keyspaces {
		var err error
		switch ks {
		case snapshot.KsFile:
			err = streamRecords(ctx, w, s, paths, aside, workers)
			mark("publish.records")
		case snapshot.KsModDoc:
			err = streamModules(w, s)
		case snapshot.KsTree:
			err = streamTree(w, tree)
		case snapshot.KsWindow:
			err = streamWindow(w, s.Window)
		default:
			err = copied.copyKeyspace(w, ks)
		}
		if err != nil {
			return fmt.Errorf("write snapshot keyspace %c: %w", ks, err)
		}
	}
	return s.Files.Err()
}

// indexRuns gathers every index entry of the snapshot's files (all but the
// records, module docs and content tree) in one pass over the records on
// workers (snapshot.SpillOnWorkers), with the directory tallies they add
// up to, as sorted runs to be streamed once; tally, if not nil, counts
// each record read.
func indexRuns(ctx context.Context, langs *lang.Registry, s *snapshot.Snapshot, paths []string, scratch string, workers int, tally *firstTally) (*snapshot.SpillRuns, error) {
	// The definition entries read only the facts, which the generic ones
	// read too.
	indexParts := snapshot.PartsFor()
	tallies := explicit.NewTallies()
	var talliesMu sync.Mutex
	runs, err := snapshot.SpillOnWorkers(ctx, paths, workers, scratch, func(r *snapshot.SpillSort, p string) {
		f := s.Files.GetParts(p, indexParts)
		if f == nil {
			return
		}
		r.AddEntries(keyspaceFilter(snapshot.GenericEntries(f), false)...)
		r.AddEntries(keyspaceFilter(explicit.DefinitionEntries(f, langs, &s.Project), true)...)
		talliesMu.Lock()
		tallies.Add(langs, f)
		talliesMu.Unlock()
		if tally != nil {
			tally.add(f)
		}
	})
	if err != nil {
		return nil, err
	}
	dirFacts := snapshot.NewSpillSort(0, scratch)
	dirFacts.AddEntries(tallies.Entries()...)
	return snapshot.MergeSpills(append(runs, dirFacts)...)
}

// keyspaceFilter keeps the entries of the definition keyspaces (def) or of
// the others, in place.
func keyspaceFilter(es []snapshot.Entry, def bool) []snapshot.Entry {
	out := es[:0]
	for _, e := range es {
		if definitionKeyspace[e.Key[0]] == def {
			out = append(out, e)
		}
	}
	return out
}

// recordBatch is how many records a worker encodes at a time.
const recordBatch = 32

// streamRecords writes every file's record, its references put back, in
// path order; workers read and encode them ahead of the writer.
func streamRecords(ctx context.Context, w *table.Writer, s *snapshot.Snapshot, paths []string, aside refsAside, workers int) error {
	encode := func(i int) ([]byte, error) {
		f := s.Files.Get(paths[i])
		if f == nil {
			return nil, nil
		}
		f, err := aside.record(f)
		if err != nil {
			return nil, err
		}
		return snapshot.EncodeRecord(f), nil
	}
	return inOrder(ctx, len(paths), workers, recordBatch, encode, func(i int, rec []byte) error {
		if rec == nil {
			return nil
		}
		return w.Add(snapshot.FileKey(paths[i]), rec)
	})
}

func streamModules(w *table.Writer, s *snapshot.Snapshot) error {
	for _, dir := range s.Modules.Dirs() {
		if err := w.Add(snapshot.ModDocKey(dir), snapshot.EncodeModule(s.Modules.Get(dir))); err != nil {
			return err
		}
	}
	return nil
}

func streamTree(w *table.Writer, tree []freshness.Node) error {
	for _, n := range tree {
		e := n.Entry()
		if err := w.Add(e.Key, e.Value); err != nil {
			return err
		}
	}
	return nil
}

// definitionKeyspace marks the keyspaces explicit.DefinitionEntries fills
// (the others come from snapshot.GenericEntries); an array, not a map, as
// it is asked of each of millions of entries.
var definitionKeyspace = [256]bool{snapshot.KsName: true, snapshot.KsMember: true, snapshot.KsModule: true, snapshot.KsStar: true, snapshot.KsPyHeads: true}

// allEntries lists every entry of a snapshot, sorted: the index a
// snapshot's records derive, which CheckIndex holds the published tables
// to, with its content tree computed in full.
func allEntries(langs *lang.Registry, s *snapshot.Snapshot, tree []freshness.Node) ([]snapshot.Entry, error) {
	window, err := snapshot.KnownWindow(s.Window, s.Index)
	if err != nil {
		return nil, err
	}
	es, err := windowEntries(window)
	if err != nil {
		return nil, err
	}
	tallies := explicit.NewTallies()
	for _, f := range s.Files.All() {
		es = append(es, entriesOf(langs, &s.Project, f)...)
		tallies.Add(langs, f)
	}
	es = append(es, tallies.Entries()...)
	for _, n := range tree {
		es = append(es, n.Entry())
	}
	for _, dir := range s.Modules.Dirs() {
		es = append(es, snapshot.Entry{Key: snapshot.ModDocKey(dir), Value: snapshot.EncodeModule(s.Modules.Get(dir))})
	}
	es = append(es, snapshot.Entry{Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(s)})
	return snapshot.SortEntries(es), nil
}

// deltaEntries lists, sorted, what an update changes in its base's tables:
// each changed file's entries that are new or differ, tombstones for its
// entries that went away, the directory tallies they move, its module
// docs, the content tree's nodes on the changed paths (tree), and the
// header.
func deltaEntries(langs *lang.Registry, st *phase.State, tree []freshness.Update) ([]snapshot.Entry, error) {
	es, err := explicit.DirFactsDelta(langs, st)
	if err != nil {
		return nil, err
	}
	for _, u := range tree {
		es = append(es, u.Entry())
	}
	for _, p := range st.Next.Files.Changed() {
		es = append(es, diffEntries(entriesOf(langs, &st.Base.Project, st.Base.Files.Get(p)),
			entriesOf(langs, &st.Next.Project, st.Next.Files.Get(p)))...)
	}
	for _, dir := range st.Next.Modules.Changed() {
		if m := st.Next.Modules.Get(dir); m != nil {
			es = append(es, snapshot.Entry{Key: snapshot.ModDocKey(dir), Value: snapshot.EncodeModule(m)})
		} else if st.Base.Modules.Get(dir) != nil {
			es = append(es, snapshot.Entry{Key: snapshot.ModDocKey(dir), Tomb: true})
		}
	}
	window, err := windowDelta(st)
	if err != nil {
		return nil, err
	}
	es = append(es, window...)
	es = append(es, snapshot.Entry{Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(st.Next)})
	return snapshot.SortEntries(es), nil
}

// diffEntries turns a file's old and new entries into puts and tombstones.
func diffEntries(old, new []snapshot.Entry) []snapshot.Entry {
	before := make(map[string][]byte, len(old))
	for _, e := range old {
		before[string(e.Key)] = e.Value
	}
	var out []snapshot.Entry
	for _, e := range new {
		v, had := before[string(e.Key)]
		if !had || !bytes.Equal(v, e.Value) {
			out = append(out, e)
		}
		delete(before, string(e.Key))
	}
	for k := range before {
		out = append(out, snapshot.Entry{Key: []byte(k), Tomb: true})
	}
	return out
}

// contentTree is the content root a run publishes and the content-tree
// nodes its snapshot stores (docs/design.md §5).
type contentTree struct {
	root    string
	leaves  int
	full    bool               // computed from every leaf: nodes holds the whole tree
	nodes   []freshness.Node   // the whole tree, when full
	updates []freshness.Update // the nodes that differ from the base's, when patched
}

// contentRoot computes the snapshot's sha256-merkle-v2 root: on an update,
// by patching the base's stored tree along the changed paths, so that
// neither the leaf index nor a record outside those paths is read; on a
// full run, from every record's digest.
func contentRoot(ctx context.Context, st *phase.State, workers int) (contentTree, error) {
	if st.Full || st.Base == nil || st.Base.Index == nil {
		return fullContentTree(ctx, st.Next, workers)
	}
	var changes []freshness.Change
	for _, p := range st.Next.Files.Changed() {
		f := st.Next.Files.Get(p)
		if f == nil {
			changes = append(changes, freshness.Change{Path: p, Removed: true})
			continue
		}
		leaf, err := freshness.ParseLeaf(p, f.SHA256)
		if err != nil {
			return contentTree{}, fmt.Errorf("%w: run lgraph update --full", err)
		}
		changes = append(changes, freshness.Change{Path: p, SHA256: leaf.SHA256})
	}
	root, updates, err := freshness.Patch(freshness.StoredChildren(st.Base.Index), changes)
	if err != nil {
		return contentTree{}, err
	}
	return contentTree{root: hex.EncodeToString(root[:]), leaves: st.Next.Files.Len(), updates: updates}, st.Next.Files.Err()
}

// fullContentTree computes the content tree from every record's digest,
// the records read by the publishing workers (inOrder keeps path order).
func fullContentTree(ctx context.Context, s *snapshot.Snapshot, workers int) (contentTree, error) {
	paths := s.Files.Paths()
	leaves := make([]freshness.Leaf, 0, len(paths))
	leafOf := func(i int) (*freshness.Leaf, error) {
		f := s.Files.Outline(paths[i]) // its digest is all a leaf needs
		if f == nil {
			return nil, nil
		}
		l, err := freshness.ParseLeaf(paths[i], f.SHA256)
		return &l, err
	}
	err := inOrder(ctx, len(paths), workers, recordBatch, leafOf, func(_ int, l *freshness.Leaf) error {
		if l != nil {
			leaves = append(leaves, *l)
		}
		return nil
	})
	if err != nil {
		return contentTree{}, err
	}
	if err := s.Files.Err(); err != nil {
		return contentTree{}, err
	}
	root, nodes := freshness.Tree(leaves)
	return contentTree{root: hex.EncodeToString(root[:]), leaves: len(leaves), full: true, nodes: nodes}, nil
}
