package snapshot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// A full run's publishing sorts every word posting of every file (two
// thirds of its index entries) and merges them back in key order. A
// posting's key is its term, the file's path and the document; the path
// is most of its bytes, and every one of them was copied into the sort
// buffer, compared, written to a run file and read back. Numbered, a key
// holds the file's place in the run's sorted list of paths instead (4
// bytes, big-endian), which sorts the same way, and the path is put back
// as each key is copied out (ExpandWordKey).
//
// The orders agree: of two postings of one term, the original keys
// compare by path, then document, where a path that is a prefix of the
// other comes first (the \0 after it is below any byte of the other), as
// it comes first in the sorted paths; the numbers are of fixed width, so
// they compare bytewise as their values do. A term holds no \0, so the
// \0 ending it is found before the number, whatever bytes that holds.

// wordNumberBytes is the width of a numbered key's path part.
const wordNumberBytes = 4

// MaxNumberedPaths bounds the paths WordEntriesNumbered can number.
const MaxNumberedPaths = 1 << (8 * wordNumberBytes)

// WordEntriesNumbered calls add with each of WordEntriesTo(f)'s entries,
// each key's path part n instead, f's place in a sorted list of paths
// (0 <= n < MaxNumberedPaths). ExpandWordKey gives back the key
// WordEntriesTo gives.
func WordEntriesNumbered(f *File, n int, add func(key, value []byte)) {
	var num [wordNumberBytes]byte
	binary.BigEndian.PutUint32(num[:], uint32(n))
	wordEntriesTo(f, string(num[:]), add)
}

// GenericEntriesNumberedTo is GenericEntriesTo with the word postings
// numbered (WordEntriesNumbered): the keys of KsWord it gives must be
// expanded (ExpandWordKey) with the same list of paths.
func GenericEntriesNumberedTo(f *File, n int, add func(key, value []byte)) {
	genericEntriesTo(f, everyKeyspace, func(f *File, add func(key, value []byte)) { WordEntriesNumbered(f, n, add) }, add)
}

var errWordNumber = errors.New("corrupt numbered word key")

// ExpandWordKey appends to dst the key a numbered word key (of
// WordEntriesNumbered) stands for: its number replaced by paths[n].
func ExpandWordKey(dst, key []byte, paths []string) ([]byte, error) {
	end := bytes.IndexByte(key, 0) // the term's end
	if len(key) == 0 || key[0] != KsWord || end < 0 || len(key) < end+1+wordNumberBytes {
		return dst, fmt.Errorf("%w %q", errWordNumber, key)
	}
	n := binary.BigEndian.Uint32(key[end+1:])
	if uint64(n) >= uint64(len(paths)) {
		return dst, fmt.Errorf("%w %q: path %d of %d", errWordNumber, key, n, len(paths))
	}
	dst = append(dst, key[:end+1]...)
	dst = append(dst, paths[n]...)
	return append(dst, key[end+1+wordNumberBytes:]...), nil
}
