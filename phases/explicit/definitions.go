package explicit

import (
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// handOver gives a full run's definition table to the run
// (phase.State.Definitions) as soon as it is built, with what it was
// built from; the run keeps it open for publishing and closes it, and
// idx's Close then releases only its mapping. An index with no table of
// its own (an update's overlay) hands nothing over, nor does a set not
// packed: resolution sets its records whole (FactsEdits moves), so its
// table could not be copied.
func handOver(st *phase.State, idx *Index) {
	if idx.table == nil || !st.Next.Files.Packed() {
		return
	}
	st.Definitions = &phase.Definitions{Table: idx.table, Files: st.Next.Files, FactsEdits: st.Next.Files.FactsEdits(),
		Project: ProjectKey(&st.Next.Project), Langs: st.Langs}
	idx.table = nil
}

// ReusableDefinitions returns the definition entries of st.Next's records
// (DefinitionEntries with langs and st.Next.Project, in key order, as a
// published table holds them) from the table the explicit phase handed
// over, when it still holds them; nil when there is none or it may not.
// DefinitionEntries reads a record's path, language and facts (not its
// references: the call sites it lists are facts of their own) and the
// project settings, so the table holds while the set is the one it was
// built from, none of its records' heads or facts was set since
// (snapshot.FileSet.FactsEdits: resolution, the implicit phase and
// enrichment write other parts), and the project and registry are the
// same.
func ReusableDefinitions(st *phase.State, langs *lang.Registry) Streamer {
	d := st.Definitions
	if d == nil || d.Files != st.Next.Files || d.FactsEdits != st.Next.Files.FactsEdits() || d.Langs != langs ||
		d.Project != ProjectKey(&st.Next.Project) {
		return nil
	}
	return publishedDefinitions{d.Table}
}

// Streamer is a table read once in key order (publishing's
// streamedIndex).
type Streamer interface {
	Stream(prefix []byte, fn func(key, value []byte) error) error
}

// publishedDefinitions streams a definition table as published: its
// KsMember entries valueless (withMemberValues gave them values).
type publishedDefinitions struct{ table *snapshot.RunsKV }

// Stream implements Streamer.
func (p publishedDefinitions) Stream(prefix []byte, fn func(key, value []byte) error) error {
	return p.table.Stream(prefix, func(k, v []byte) error {
		if len(k) > 0 && k[0] == snapshot.KsMember {
			v = nil
		}
		return fn(k, v)
	})
}
