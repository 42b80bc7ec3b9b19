package snapshot

import (
	"encoding/binary"
	"errors"
	"path"
)

// A module doc counts the edges into its files by the source's module and
// the edge's kind. Read from the reverse-edge index that is one entry per
// edge; a file calling five methods of a class adds five. The used-by
// index holds one entry per source file, target file and kind, with the
// count, keyed by the target's directory first, so a module's counts are
// one range of the index rather than one range per member.

// usedByEntries are a file's used-by entries: its distinct dependency
// edges (each reverse-edge key once, containment left out, as the
// reverse-edge index holds them) counted by target file and kind.
func usedByEntries(f *File, deps []DepCount) []Entry {
	out := make([]Entry, 0, len(deps))
	for _, d := range deps {
		out = append(out, Entry{Key: UsedByKey(d.Target, d.Kind, f.Path), Value: binary.AppendUvarint(nil, uint64(d.Count))})
	}
	return out
}

// UsedByKey is the key counting source's edges of a kind into target.
func UsedByKey(target, kind, source string) []byte {
	return joinKey(KsUsedBy, path.Dir(target), path.Base(target), kind, source)
}

// UsedBy is one used-by entry: Count edges of Kind from Source into the
// file named Base in the directory the key starts with.
type UsedBy struct {
	Base, Kind, Source string
	Count              int
}

// ParseUsedBy reads a used-by entry.
func ParseUsedBy(key, value []byte) (UsedBy, error) {
	ks, parts := splitKey(key)
	c, size := binary.Uvarint(value)
	if ks != KsUsedBy || len(parts) != 4 || size <= 0 || size != len(value) {
		return UsedBy{}, errors.New("corrupt used-by entry: run lgraph update --full")
	}
	return UsedBy{Base: parts[1], Kind: parts[2], Source: parts[3], Count: int(c)}, nil
}
