package pipeline

import (
	"fmt"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/table"
	"github.com/lgraph/lgraph/phases/phase"
)

// The history window's entries (keyspace V, snapshot/window.go): a full
// write puts every window commit's; an update, those of the commits that
// entered or left.

// streamWindow writes the window's entries; its commits' directories must
// be known (knowWindow).
func streamWindow(w *table.Writer, window []snapshot.WindowCommit) error {
	es, err := windowEntries(window)
	if err != nil {
		return err
	}
	for _, e := range es {
		if err := w.Add(e.Key, e.Value); err != nil {
			return err
		}
	}
	return nil
}

func windowEntries(window []snapshot.WindowCommit) ([]snapshot.Entry, error) {
	var es []snapshot.Entry
	for _, c := range window {
		if !c.Known {
			return nil, fmt.Errorf("window commit %.12s: its directories are not known", c.Hash)
		}
		es = append(es, snapshot.WindowEntries(c)...)
	}
	return snapshot.SortEntries(es), nil
}

// knowWindow reads the directories of the window commits the run kept from
// its base, for a run that writes the whole snapshot.
func knowWindow(st *phase.State) error {
	var kv snapshot.KV
	if st.Base != nil {
		kv = st.Base.Index
	}
	w, err := snapshot.KnownWindow(st.Next.Window, kv)
	st.Next.Window = w
	return err
}

// windowDelta is what the window's change puts in the tables: the entries
// of each commit whose directories the run computed (those that entered,
// and any it walked anew), against what the base held for it, and
// tombstones for the entries of the commits that left.
func windowDelta(st *phase.State) ([]snapshot.Entry, error) {
	was := make(map[string]int, len(st.Base.Window))
	for i, c := range st.Base.Window {
		was[c.Hash] = i
	}
	in := make(map[string]bool, len(st.Next.Window))
	var es []snapshot.Entry
	for _, c := range st.Next.Window {
		in[c.Hash] = true
		if !c.Known {
			continue // kept from the base, whose tables hold its entries
		}
		var old []snapshot.Entry
		if i, ok := was[c.Hash]; ok {
			dirs, err := st.Base.WindowDirsAt(i)
			if err != nil {
				return nil, err
			}
			old = snapshot.WindowEntries(snapshot.WindowCommit{Hash: c.Hash, Dirs: dirs, Known: true})
		}
		es = append(es, diffEntries(old, snapshot.WindowEntries(c))...)
	}
	for i, c := range st.Base.Window {
		if in[c.Hash] {
			continue
		}
		dirs, err := st.Base.WindowDirsAt(i)
		if err != nil {
			return nil, err
		}
		es = append(es, diffEntries(snapshot.WindowEntries(snapshot.WindowCommit{Hash: c.Hash, Dirs: dirs, Known: true}), nil)...)
	}
	return es, nil
}
