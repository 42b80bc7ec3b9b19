package store

import (
	"fmt"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/table"
)

// Layering bounds how deltas pile up over a base table.
type Layering struct {
	// MaxLayers compacts into one table when a snapshot would have more.
	MaxLayers int
	// MaxDeltaShare compacts when the delta layers together exceed this
	// share of the base table's bytes.
	MaxDeltaShare float64
}

// DefaultLayering merges the deltas into one past 8 layers, and compacts
// everything into a new base when the deltas exceed a quarter of the base:
// reads check at most 8 tables, merging deltas costs only the deltas, and a
// full compaction (which costs the whole snapshot) comes at most once per
// quarter of it written in deltas.
var DefaultLayering = Layering{MaxLayers: 8, MaxDeltaShare: 0.25}

// WriteBase writes sorted entries (no tombstones) as one table.
func (s *Store) WriteBase(es []snapshot.Entry) (string, error) {
	name, _, err := s.WriteTable(func(w *table.Writer) error { return addAll(w, es) })
	return name, err
}

// WriteLayer writes sorted entries (puts and tombstones) as a delta over
// the tables of base (newest first), compacting when the layering says
// so. It returns the new snapshot's tables and whether it compacted.
func (s *Store) WriteLayer(base []string, es []snapshot.Entry, l Layering) ([]string, bool, error) {
	delta, _, err := s.WriteTable(func(w *table.Writer) error { return addAll(w, es) })
	if err != nil {
		return nil, false, err
	}
	layers := append([]string{delta}, base...)
	full, err := s.deltasTooBig(layers, l)
	switch {
	case err != nil:
		return nil, false, err
	case full:
		name, err := s.merge(layers, copyLive)
		return []string{name}, true, err
	case len(layers) > l.MaxLayers:
		name, err := s.merge(layers[:len(layers)-1], copyAll)
		return []string{name, layers[len(layers)-1]}, true, err
	}
	return layers, false, nil
}

// merge writes the merged view of tables (newest first) as one table.
func (s *Store) merge(tables []string, copy func(*table.Writer, table.View) error) (string, error) {
	t, err := s.OpenTables(tables)
	if err != nil {
		return "", err
	}
	defer t.Close()
	name, _, err := s.WriteTable(func(w *table.Writer) error { return copy(w, t.View) })
	if err != nil {
		return "", fmt.Errorf("compact snapshot: %w", err)
	}
	return name, nil
}

// deltasTooBig reports whether the delta layers together exceed the
// layering's share of the base table.
func (s *Store) deltasTooBig(layers []string, l Layering) (bool, error) {
	var deltas int64
	for _, name := range layers[:len(layers)-1] {
		n, err := s.TableSize(name)
		if err != nil {
			return false, err
		}
		deltas += n
	}
	base, err := s.TableSize(layers[len(layers)-1])
	if err != nil {
		return false, err
	}
	return float64(deltas) > l.MaxDeltaShare*float64(base), nil
}

func addAll(w *table.Writer, es []snapshot.Entry) error {
	for _, e := range es {
		var err error
		if e.Tomb {
			err = w.Delete(e.Key)
		} else {
			err = w.Add(e.Key, e.Value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Patch writes entries (sorted puts and tombstones) as a delta over a
// published ref's tables and publishes the result under the same ref,
// without compaction: repairs and tests that plant damage use it.
func (s *Store) Patch(ref *Ref, es []snapshot.Entry, keep int) error {
	tables, _, err := s.WriteLayer(ref.Tables, snapshot.SortEntries(es), Layering{MaxLayers: 1 << 30, MaxDeltaShare: 1e18})
	if err != nil {
		return err
	}
	ref.Tables = tables
	return s.Publish(ref, keep)
}

// copyAll writes a view's entries, tombstones included (a merged delta:
// its deletions still apply to the base below it).
func copyAll(w *table.Writer, v table.View) error {
	it := v.RawIter(nil, nil)
	for it.Next() {
		var err error
		if it.Deleted() {
			err = w.Delete(it.Key())
		} else {
			err = w.Add(it.Key(), it.Value())
		}
		if err != nil {
			return err
		}
	}
	return it.Err()
}

// copyLive writes a view's live entries (a new base: no tombstones).
func copyLive(w *table.Writer, v table.View) error {
	it := v.Iter(nil, nil)
	for it.Next() {
		if err := w.Add(it.Key(), it.Value()); err != nil {
			return err
		}
	}
	return it.Err()
}
