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

// writesInFull says whether a run's snapshot is written as one table
// holding everything: on a full run, or when the project settings changed
// every file's module keys; an update writes one delta layer holding the
// entries of the files and module docs it changed over the base's tables.
func writesInFull(st *phase.State, base *store.Ref) bool {
	return st.Full || base == nil || st.Base == nil || st.Base.Index == nil || explicit.ProjectChanged(st)
}

// writeFull writes the snapshot as one table and returns its name and the
// content tree it computed; tally, if not nil, counts each record read.
func writeFull(ctx context.Context, o Options, st *phase.State, aside refsAside, tally *firstTally) ([]string, contentTree, error) {
	if err := knowWindow(st); err != nil {
		return nil, contentTree{}, err
	}
	var tree contentTree
	name, _, err := o.Store.WriteTable(func(w *table.Writer) error {
		var err error
		defs := explicit.ReusableDefinitions(st, o.Langs)
		tree, err = streamAll(ctx, w, o.Langs, st.Next, defs, aside, o.Store.ScratchDir(), publishWorkers(o.Config), tally, finishingCache(st))
		return err
	})
	if err != nil {
		return nil, contentTree{}, err
	}
	return []string{name}, tree, nil
}

// recordsWritten is the trace step that ends once a full write has read
// every record and written the records: the cache finishes there
// (finishingCache).
const recordsWritten = "publish.index"

// finishingCache is st.Mark, which also lets the cache finish
// (cache.Finish: nothing reads or writes it after the phases) once the
// records are written, so that a bulk run's merge runs beside the copy of
// the index keyspaces instead of after it (1.8 s at 100,000 files).
// Started at the publishing's start it met the index pass's peak: a
// 100,000-file init's peak grew from 730 to 920 MB. Started when the pass
// ends, the peaks were 788-813 MB (docs/measurements.md, "Stop 55").
func finishingCache(st *phase.State) func(step string) {
	return func(step string) {
		st.Mark(step)
		if step == recordsWritten {
			st.Cache.Finish()
		}
	}
}

// writeDelta writes an update's delta layer over the base's tables; tree
// is the content tree contentRoot patched.
func writeDelta(o Options, st *phase.State, base *store.Ref, tree contentTree) ([]string, error) {
	delta, err := deltaEntries(o.Langs, st, tree.updates)
	if err != nil {
		return nil, err
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
// them one by one. One pass over the records on workers reads each record
// once: it encodes the record, its references put back, for the table
// writer to add in path order as the pass goes on (recordLine: the
// records are the first keyspace); gathers the index entries every file
// derives as sorted runs (snapshot.SpillSort), to be copied out keyspace
// by keyspace after the pass, but for the definitions when defs holds
// them already (the explicit phase's table, explicit.ReusableDefinitions:
// computing and sorting them again was over a quarter of the pass's CPU
// at 20,000 files); and reads its digest, from which the content tree
// (and the root the header holds, written last) is computed. The bytes
// written do not depend on how many workers there are. tally, if not nil,
// counts each record read; mark tells the trace that a step ended. It
// returns the content tree it wrote.
func streamAll(ctx context.Context, w *table.Writer, langs *lang.Registry, s *snapshot.Snapshot, defs explicit.Streamer, aside refsAside, scratch string, workers int, tally *firstTally, mark func(step string)) (contentTree, error) {
	paths := s.Files.Paths()
	line := newRecordLine(paths)
	written := make(chan error, 1)
	go func() { written <- line.write(ctx, w) }()
	var bufs sync.Pool // of *[]byte a record is encoded into
	index, tree, err := indexRuns(ctx, langs, s, paths, defs == nil, scratch, workers, tally, func(i int, f *snapshot.File) error {
		if f == nil {
			line.put(i, nil)
			return nil
		}
		f, err := aside.record(f)
		if err != nil {
			line.stop(err)
			return err
		}
		buf, _ := bufs.Get().(*[]byte)
		if buf == nil {
			buf = new([]byte)
		}
		*buf = snapshot.AppendRecord((*buf)[:0], f)
		line.put(i, *buf)
		if cap(*buf) <= 1<<20 { // a rare huge record's is not kept
			bufs.Put(buf)
		}
		return nil
	})
	if err != nil {
		line.stop(err)
	}
	if werr := <-written; err == nil {
		err = werr
	}
	if err != nil {
		index.close() // the writer's error: the pass's own closed it
		return contentTree{}, err
	}
	defer index.close()
	s.ContentRoot, s.LeafCount = tree.root, tree.leaves
	mark(recordsWritten)
	copied := streamIndex(index.entries)
	defer copied.close()
	defined := copied // the definition keyspaces' entries
	if defs != nil {
		defined = streamIndex(defs)
		defer defined.close()
	}
	for _, ks := range snapshot.Keyspaces {
		var err error
		switch ks {
		case snapshot.KsFile: // written by the pass
		case snapshot.KsModDoc:
			err = streamModules(w, s)
		case snapshot.KsTree:
			err = streamTree(w, tree.nodes)
		case snapshot.KsWindow:
			err = streamWindow(w, s.Window)
		case snapshot.KsWord:
			err = copyWords(w, index.words)
		default:
			from := copied
			if definitionKeyspace[ks] {
				from = defined
			}
			err = from.copyKeyspace(w, ks)
		}
		if err != nil {
			return contentTree{}, fmt.Errorf("write snapshot keyspace %c: %w", ks, err)
		}
	}
	if err := w.Add(snapshot.HeaderKey, snapshot.EncodeHeader(s)); err != nil {
		return contentTree{}, err
	}
	return tree, s.Files.Err()
}

// indexRuns gathers every index entry of the snapshot's files (all but the
// records, module docs and content tree) in one pass over the records on
// workers (snapshot.SpillOnWorkers), with the directory tallies they add
// up to, as sorted runs to be streamed once, the word postings apart
// (snapshot.WordLists); and the content tree, from the digests the same
// pass reads. The definition keyspaces' entries are among them only when
// withDefs. tally, if not nil, counts each record read; record is given
// each record read whole, with its place in paths, and is called with a
// nil record for a path that has none or whose digest does not parse, so
// that it hears of every path once.
func indexRuns(ctx context.Context, langs *lang.Registry, s *snapshot.Snapshot, paths []string, withDefs bool, scratch string, workers int, tally *firstTally, record func(i int, f *snapshot.File) error) (spilledIndex, contentTree, error) {
	if uint64(len(paths)) >= snapshot.MaxNumberedPaths {
		return spilledIndex{}, contentTree{}, fmt.Errorf("publish: %d files are more than the %d a snapshot's word postings can number", len(paths), uint64(snapshot.MaxNumberedPaths))
	}
	tallies := explicit.NewTallies()
	var talliesMu sync.Mutex
	// By path, in path order; a missing record leaves its leaf's Path empty.
	leaves := make([]freshness.Leaf, len(paths))
	var readErr error // the first record whose digest or encoding failed
	spills, err := snapshot.SpillOnWorkers(ctx, paths, workers, scratch, func(r snapshot.IndexSpill, i int, p string) {
		f := s.Files.Get(p)
		if f == nil {
			_ = record(i, nil)
			return
		}
		leaf, err := freshness.ParseLeaf(p, f.SHA256)
		if err == nil {
			err = record(i, f)
		} else {
			_ = record(i, nil)
		}
		snapshot.GenericEntriesBesideWordsTo(f, func(key, value []byte) {
			if !definitionKeyspace[key[0]] {
				r.Entries.Add(key, value)
			}
		})
		// Numbered by i: the word index puts the path back.
		r.Words.AddFile(f, i)
		if withDefs {
			r.Entries.AddEntries(keyspaceFilter(explicit.DefinitionEntries(f, langs, &s.Project), true)...)
		}
		talliesMu.Lock()
		tallies.Add(langs, f)
		if err != nil && readErr == nil {
			readErr = err
		}
		talliesMu.Unlock()
		leaves[i] = leaf
		if tally != nil {
			tally.add(f)
		}
	})
	if err != nil {
		return spilledIndex{}, contentTree{}, err
	}
	entries := make([]*snapshot.SpillSort, 0, len(spills)+1)
	words := make([]*snapshot.WordLists, 0, len(spills))
	for _, sp := range spills {
		entries, words = append(entries, sp.Entries), append(words, sp.Words)
	}
	dirFacts := snapshot.NewSpillSort(0, scratch)
	dirFacts.AddEntries(tallies.Entries()...)
	var index spilledIndex
	index.entries, err = snapshot.MergeSpills(append(entries, dirFacts)...)
	wordIndex, werr := snapshot.MergeWordLists(paths, words...)
	if err == nil {
		index.words, err = wordIndex, werr
	} else if werr == nil {
		wordIndex.Close()
	}
	if err == nil {
		err = readErr
	}
	if err == nil {
		err = s.Files.Err()
	}
	if err != nil {
		index.close()
		return spilledIndex{}, contentTree{}, err
	}
	return index, treeOf(leaves), nil
}

// spilledIndex is a full run's index as indexRuns gathers it: the word
// postings apart from the other entries.
type spilledIndex struct {
	entries *snapshot.SpillRuns
	words   *snapshot.WordIndex
}

// close releases both, if they are there.
func (x spilledIndex) close() {
	if x.entries != nil {
		x.entries.Close()
	}
	if x.words != nil {
		x.words.Close()
	}
}

// copyWords writes the word postings and statistics to w, in key order,
// streamed on a goroutine of its own (streamIndex) as the other entries
// are.
func copyWords(w *table.Writer, words *snapshot.WordIndex) error {
	s := streamIndex(words)
	defer s.close()
	return s.copyKeyspace(w, snapshot.KsWord)
}

// treeOf is the content tree of the leaves of the records read (those
// with a path), in path order.
func treeOf(leaves []freshness.Leaf) contentTree {
	read := leaves[:0]
	for _, l := range leaves {
		if l.Path != "" {
			read = append(read, l)
		}
	}
	root, nodes := freshness.Tree(read)
	return contentTree{root: hex.EncodeToString(root[:]), leaves: len(read), full: true, nodes: nodes}
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

func streamModules(w *table.Writer, s *snapshot.Snapshot) error {
	for _, dir := range s.Modules.Dirs() {
		doc, ok := s.Modules.Encoded(dir)
		if !ok {
			return fmt.Errorf("module doc of %s: %w", dir, errors.Join(s.Modules.Err(), errors.New("listed, not found")))
		}
		if err := w.Add(snapshot.ModDocKey(dir), doc); err != nil {
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

// recordBatch is how many records a worker reads at a time.
const recordBatch = 32

// fullContentTree computes the content tree from every record's digest,
// the records read by workers (inOrder keeps path order): what CheckIndex
// holds a snapshot to, and a root with no base tree to patch. A full write
// takes the digests from its own pass over the records (indexRuns).
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
