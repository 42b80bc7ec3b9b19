package phase

import (
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Definitions is the definition index a full run's explicit phase built
// from every record (explicit.DefinitionEntries, sorted, in one table),
// kept past resolution so that publishing copies it instead of computing
// and sorting every file's definitions again. It says what it was built
// from; explicit.ReusableDefinitions compares that with the snapshot as
// publishing finds it.
type Definitions struct {
	// Table holds the entries; its KsMember entries carry the value of
	// the name entry before them, which a published one leaves out.
	Table *snapshot.RunsKV
	// Files is the set the entries were computed from, and FactsEdits
	// its FactsEdits then.
	Files      *snapshot.FileSet
	FactsEdits uint64
	// Project is the key of the project settings (explicit.ProjectKey)
	// and Langs the registry the entries were computed with.
	Project string
	Langs   *lang.Registry
}

// Close releases the table's file (an unlinked scratch file). The run
// closes it, whether or not it published; a nil Definitions holds none.
func (d *Definitions) Close() error {
	if d == nil {
		return nil
	}
	return d.Table.Close()
}
