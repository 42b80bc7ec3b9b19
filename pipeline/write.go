package pipeline

import (
	"bytes"
	"fmt"

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
func writeSnapshot(o Options, st *phase.State, base *store.Ref) ([]string, error) {
	if st.Full || base == nil || st.Base == nil || st.Base.Index == nil || explicit.ProjectChanged(st) {
		name, _, err := o.Store.WriteTable(func(w *table.Writer) error { return streamAll(w, o.Langs, st.Next) })
		if err != nil {
			return nil, err
		}
		return []string{name}, nil
	}
	tables, _, err := o.Store.WriteLayer(base.Tables, deltaEntries(o.Langs, st), store.DefaultLayering)
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

// streamAll writes every entry of a snapshot one keyspace at a time, so
// that what it holds at once is one keyspace's index entries, never the
// whole snapshot's: records are encoded and written one by one, in path
// order, which is their keys' order.
func streamAll(w *table.Writer, langs *lang.Registry, s *snapshot.Snapshot) error {
	if err := w.Add(snapshot.HeaderKey, snapshot.EncodeHeader(s)); err != nil {
		return err
	}
	paths := s.Files.Paths()
	for _, ks := range snapshot.Keyspaces {
		var err error
		switch ks {
		case snapshot.KsFile:
			err = streamRecords(w, s, paths)
		case snapshot.KsModDoc:
			err = streamModules(w, s)
		default:
			err = addEntries(w, keyspaceEntries(langs, s, paths, ks))
		}
		if err != nil {
			return fmt.Errorf("write snapshot keyspace %c: %w", ks, err)
		}
	}
	return s.Files.Err()
}

func streamRecords(w *table.Writer, s *snapshot.Snapshot, paths []string) error {
	for _, p := range paths {
		if f := s.Files.Get(p); f != nil {
			if err := w.Add(snapshot.FileKey(p), snapshot.EncodeRecord(f)); err != nil {
				return err
			}
		}
	}
	return nil
}

func streamModules(w *table.Writer, s *snapshot.Snapshot) error {
	for _, dir := range s.Modules.Dirs() {
		if err := w.Add(snapshot.ModDocKey(dir), snapshot.EncodeModule(s.Modules.Get(dir))); err != nil {
			return err
		}
	}
	return nil
}

// definitionKeyspace marks the keyspaces explicit.DefinitionEntries fills
// (the others come from snapshot.GenericEntries).
var definitionKeyspace = map[byte]bool{snapshot.KsName: true, snapshot.KsModule: true, snapshot.KsStar: true, snapshot.KsPyHeads: true}

// keyspaceEntries lists, sorted, one index keyspace's entries.
func keyspaceEntries(langs *lang.Registry, s *snapshot.Snapshot, paths []string, ks byte) []snapshot.Entry {
	var es []snapshot.Entry
	for _, p := range paths {
		f := s.Files.Get(p)
		if f == nil {
			continue
		}
		if !definitionKeyspace[ks] {
			es = append(es, snapshot.GenericEntries(f, ks)...)
			continue
		}
		for _, e := range explicit.DefinitionEntries(f, langs, &s.Project) {
			if e.Key[0] == ks {
				es = append(es, e)
			}
		}
	}
	return snapshot.SortEntries(es)
}

func addEntries(w *table.Writer, es []snapshot.Entry) error {
	for _, e := range es {
		if err := w.Add(e.Key, e.Value); err != nil {
			return err
		}
	}
	return nil
}

// allEntries lists every entry of a snapshot, sorted: the index a
// snapshot's records derive, which CheckIndex holds the published tables
// to.
func allEntries(langs *lang.Registry, s *snapshot.Snapshot) []snapshot.Entry {
	var es []snapshot.Entry
	for _, f := range s.Files.All() {
		es = append(es, entriesOf(langs, &s.Project, f)...)
	}
	for _, dir := range s.Modules.Dirs() {
		es = append(es, snapshot.Entry{Key: snapshot.ModDocKey(dir), Value: snapshot.EncodeModule(s.Modules.Get(dir))})
	}
	es = append(es, snapshot.Entry{Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(s)})
	return snapshot.SortEntries(es)
}

// deltaEntries lists, sorted, what an update changes in its base's tables:
// each changed file's entries that are new or differ, tombstones for its
// entries that went away, its module docs, and the header.
func deltaEntries(langs *lang.Registry, st *phase.State) []snapshot.Entry {
	var es []snapshot.Entry
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
	es = append(es, snapshot.Entry{Key: snapshot.HeaderKey, Value: snapshot.EncodeHeader(st.Next)})
	return snapshot.SortEntries(es)
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

// contentRoot computes the snapshot's sha256-merkle-v1 root from the file
// digests it holds: on an update, the base's leaf index with the changed
// files' digests replaced, so no record is decoded.
func contentRoot(st *phase.State) (string, int, error) {
	leaves := make([]freshness.Leaf, 0, st.Next.Files.Len())
	add := func(p string, value []byte) error {
		leaf, ok := snapshot.ParseLeaf(value)
		if !ok {
			return fmt.Errorf("content digest of %s is damaged: run lgraph update --full", p)
		}
		leaves = append(leaves, freshness.Leaf{Path: p, SHA256: leaf.SHA256})
		return nil
	}
	if st.Full || st.Base == nil || st.Base.Index == nil {
		for p, f := range st.Next.Files.All() {
			l, err := freshness.ParseLeaf(p, f.SHA256)
			if err != nil {
				return "", 0, err
			}
			leaves = append(leaves, l)
		}
		return freshness.Root(leaves), len(leaves), nil
	}
	changed := map[string]bool{}
	var extra []snapshot.Entry
	for _, p := range st.Next.Files.Changed() {
		changed[p] = true
		if f := st.Next.Files.Get(p); f != nil {
			extra = append(extra, snapshot.GenericEntries(f, snapshot.KsLeaf)...)
		}
	}
	kv := &snapshot.Overlay{Base: st.Base.Index, Hidden: func(p string) bool { return changed[p] }, Extra: snapshot.NewMemKV(extra)}
	err := kv.Scan([]byte{snapshot.KsLeaf}, func(k, v []byte) error { return add(string(k[1:]), v) })
	if err != nil {
		return "", 0, err
	}
	return freshness.Root(leaves), len(leaves), nil
}
