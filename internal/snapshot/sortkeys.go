package snapshot

import (
	"bytes"
	"slices"
)

// radixCutoff is the size below which sortFrom hands a bucket to a
// comparison sort: a byte histogram costs more than sorting that few.
const radixCutoff = 48

// sortByKey sorts entries by key, in place and not stably. It is a
// most-significant-byte radix sort: a full run's index entries (two
// million at 20,000 files, most of them word postings that share their
// keyspace byte and many a term) sort in a few passes over the bytes that
// tell them apart, where a comparison sort compared each pair's common
// prefix again at every one of its log n levels.
func sortByKey(es []Entry) { sortFrom(es, make([]uint16, len(es)), 0) }

// sortFrom sorts entries whose keys share their first d bytes; buckets is
// scratch space as long as es, where each entry's bucket at d is kept so
// that moving the entries reads no key again.
func sortFrom(es []Entry, buckets []uint16, d int) {
	for len(es) > radixCutoff {
		var count [257]int
		for i := range es {
			b := byteAt(es[i].Key, d)
			buckets[i] = uint16(b)
			count[b]++
		}
		if n := count[buckets[0]]; n == len(es) {
			if len(es[0].Key) <= d {
				return // every key ends here: all are equal
			}
			d++ // one byte all share: nothing to move
			continue
		}
		var start, next [257]int
		sum := 0
		for b, n := range count {
			start[b], next[b] = sum, sum
			sum += n
		}
		// American flag sort: each entry is swapped straight into the
		// next free place of its bucket.
		for b := range count {
			end := start[b] + count[b]
			for i := next[b]; i < end; i = next[b] {
				to := int(buckets[i])
				if to == b {
					next[b]++
					continue
				}
				j := next[to]
				es[i], es[j] = es[j], es[i]
				buckets[i], buckets[j] = buckets[j], buckets[i]
				next[to]++
			}
		}
		// Bucket 0 holds the keys that end at d, equal to each other.
		for b := 1; b < len(count); b++ {
			if count[b] > 1 {
				lo, hi := start[b], start[b]+count[b]
				sortFrom(es[lo:hi], buckets[lo:hi], d+1)
			}
		}
		return
	}
	slices.SortFunc(es, func(a, b Entry) int { return bytes.Compare(a.Key[d:], b.Key[d:]) })
}

// byteAt is the bucket of a key at byte d: 0 for a key that ends before
// it (it sorts first), else the byte plus one.
func byteAt(key []byte, d int) int {
	if d < len(key) {
		return int(key[d]) + 1
	}
	return 0
}
