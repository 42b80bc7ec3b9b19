package freshness

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// StoredChildren reads directories from a snapshot's content-tree keyspace
// (snapshot.KsTree): one prefix scan of the directory's own children.
func StoredChildren(kv snapshot.KV) Children {
	return func(dir string) ([]Node, error) {
		prefix := snapshot.TreePrefix(dir)
		var out []Node
		err := kv.Scan(prefix, func(k, v []byte) error {
			if len(v) != 32 {
				return fmt.Errorf("the content tree entry %s/%s is damaged: run lgraph update --full", dir, k[len(prefix):])
			}
			n := Node{Dir: dir, Name: string(k[len(prefix):])}
			copy(n.Hash[:], v)
			out = append(out, n)
			return nil
		})
		return out, err
	}
}

// Entry is a node's entry in the content-tree keyspace.
func (n Node) Entry() snapshot.Entry {
	return snapshot.Entry{Key: snapshot.TreeKey(n.Dir, n.Name), Value: bytes.Clone(n.Hash[:])}
}

// Entry is an update's entry in a delta layer: a put or a tombstone.
func (u Update) Entry() snapshot.Entry {
	if u.Removed {
		return snapshot.Entry{Key: snapshot.TreeKey(u.Dir, u.Name), Tomb: true}
	}
	return u.Node.Entry()
}

// CheckStoredTree reports the first difference between a snapshot's
// content-tree keyspace and nodes (Tree's, in key order): a fetched or
// published snapshot whose stored tree would mislead the next patch.
func CheckStoredTree(kv snapshot.KV, nodes []Node) error {
	i := 0
	err := kv.Scan([]byte{snapshot.KsTree}, func(k, v []byte) error {
		if i >= len(nodes) {
			return fmt.Errorf("the content tree has an extra entry %q", k)
		}
		want := nodes[i].Entry()
		switch {
		case !bytes.Equal(k, want.Key):
			return fmt.Errorf("the content tree has the entry %q where its leaves make %q", k, want.Key)
		case !bytes.Equal(v, want.Value):
			return fmt.Errorf("the content tree's entry %q is %s, its leaves make %s", k, hex.EncodeToString(v), hex.EncodeToString(want.Value))
		}
		i++
		return nil
	})
	if err == nil && i < len(nodes) {
		err = fmt.Errorf("the content tree lacks the entry %q", nodes[i].Entry().Key)
	}
	return err
}
