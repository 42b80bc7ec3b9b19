package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"runtime"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// CheckIndex verifies that a published snapshot's tables hold exactly the
// entries its records, module docs and header derive: the indexes an update
// patches (instead of rebuilding them), the content tree among them, have
// not drifted from the records, and its content root is the one the
// records' digests make. It reads the whole snapshot.
func CheckIndex(s *store.Store, ref *store.Ref, langs *lang.Registry) error {
	t, err := s.OpenTables(ref.Tables)
	if err != nil {
		return err
	}
	defer t.Close()
	snap, err := snapshot.Open(t, nil)
	if err != nil {
		return err
	}
	tree, err := fullContentTree(context.Background(), snap, runtime.GOMAXPROCS(0))
	if err != nil {
		return err
	}
	if tree.root != snap.ContentRoot || tree.leaves != snap.LeafCount || snap.ContentRoot != ref.ContentRoot {
		return fmt.Errorf("index of %s: content root %s over %d files (ref %s), the records make %s over %d",
			ref.Branch, snap.ContentRoot, snap.LeafCount, ref.ContentRoot, tree.root, tree.leaves)
	}
	want, err := allEntries(langs, snap, tree.nodes)
	if err != nil {
		return err
	}
	i := 0
	err = t.Scan(nil, func(k, v []byte) error {
		switch {
		case i >= len(want):
			return fmt.Errorf("index of %s has an extra entry %q", ref.Branch, k)
		case !bytes.Equal(want[i].Key, k):
			return fmt.Errorf("index of %s: entry %q where the records derive %q", ref.Branch, k, want[i].Key)
		case !bytes.Equal(want[i].Value, v):
			return fmt.Errorf("index of %s: entry %q has a value its records do not derive", ref.Branch, k)
		}
		i++
		return nil
	})
	if err == nil && i < len(want) {
		err = fmt.Errorf("index of %s lacks the entry %q", ref.Branch, want[i].Key)
	}
	return err
}
