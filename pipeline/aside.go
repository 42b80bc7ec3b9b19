package pipeline

import (
	"fmt"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// refsAside holds, by path, the references a full run's records left out
// (phase.State.RefsAside: the explicit phase sets each file's aside as it
// parses it). No phase after explicit reads a reference, yet as structs
// they are the largest part of every file's facts; publishing puts each
// file's back into its record as it encodes it, so the published bytes
// are those of a run that never set them aside. A nil refsAside holds
// none.
type refsAside struct{ spill *snapshot.RefSpill }

// record returns f with its references back, when they were set aside (a
// phase that gave a record new facts gave it their references too).
func (a refsAside) record(f *snapshot.File) (*snapshot.File, error) {
	nf, err := a.spill.Restore(f)
	if err != nil {
		return nil, fmt.Errorf("record of %s: %w", f.Path, err)
	}
	return nf, nil
}
