package snapshot

import (
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
)

// DirFactsKey is the key of a family's tally for one directory.
func DirFactsKey(family, dir string) []byte { return joinKey(KsDirFacts, family, dir) }

// EncodeTally writes a directory's tally: each token, in byte order, as
// its length, its bytes and its count (uvarints).
func EncodeTally(t map[string]int) []byte {
	var out []byte
	for _, tok := range slices.Sorted(maps.Keys(t)) {
		out = binary.AppendUvarint(out, uint64(len(tok)))
		out = append(out, tok...)
		out = binary.AppendUvarint(out, uint64(t[tok]))
	}
	return out
}

// DecodeTally reads what EncodeTally wrote.
func DecodeTally(v []byte) (map[string]int, error) {
	out := map[string]int{}
	for len(v) > 0 {
		n, k := binary.Uvarint(v)
		if k <= 0 || uint64(len(v)-k) < n {
			return nil, fmt.Errorf("decode tally: damaged token")
		}
		tok := string(v[k : k+int(n)])
		v = v[k+int(n):]
		c, k := binary.Uvarint(v)
		if k <= 0 {
			return nil, fmt.Errorf("decode tally: damaged count of %q", tok)
		}
		out[tok] = int(c)
		v = v[k:]
	}
	return out, nil
}
