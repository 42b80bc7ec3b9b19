package snapshot

import (
	"bytes"
	"slices"
)

// radixCutoff is the size below which sortFrom hands a bucket to a
// comparison sort: a byte histogram costs more than sorting that few.
const radixCutoff = 48

// sortByKey sorts entries by key, in place and not stably: sortedOrder,
// then each entry moved once to its place.
func sortByKey(es []Entry) { permute(es, sortedOrder(es)) }

// sortedOrder returns the positions of es in key order, es unmoved. It is
// a most-significant-byte radix sort: a full run's index entries (two
// million at 20,000 files, most of them word postings that share their
// keyspace byte and many a term) sort in a few passes over the bytes that
// tell them apart, where a comparison sort compared each pair's common
// prefix again at every one of its log n levels. It moves positions, not
// entries: an Entry is two slices, and every swap of one while the
// collector marks paid its write barriers (at 100,000 files a third of
// the sort's time).
func sortedOrder(es []Entry) []int32 {
	order := make([]int32, len(es))
	for i := range order {
		order[i] = int32(i)
	}
	sortFrom(es, order, make([]uint16, len(es)), 0)
	return order
}

// sortFrom sorts the positions order of entries whose keys share their
// first d bytes; buckets is scratch space as long as order, where each
// position's bucket at d is kept so that moving them reads no key again.
func sortFrom(es []Entry, order []int32, buckets []uint16, d int) {
	for len(order) > radixCutoff {
		var count [257]int
		for i, o := range order {
			b := byteAt(es[o].Key, d)
			buckets[i] = uint16(b)
			count[b]++
		}
		if n := count[buckets[0]]; n == len(order) {
			if len(es[order[0]].Key) <= d {
				return // every key ends here: all are equal
			}
			d++ // one byte all share: nothing to move
			continue
		}
		start := flagPermute(order, buckets, &count)
		// Bucket 0 holds the keys that end at d, equal to each other.
		for b := 1; b < len(count); b++ {
			if count[b] > 1 {
				lo, hi := start[b], start[b]+count[b]
				sortFrom(es, order[lo:hi], buckets[lo:hi], d+1)
			}
		}
		return
	}
	slices.SortFunc(order, func(a, b int32) int { return bytes.Compare(es[a].Key[d:], es[b].Key[d:]) })
}

// byteAt is the bucket of a key at byte d: 0 for a key that ends before

// flagPermute moves every item into its bucket's range, buckets[i] being
// item i's bucket and count each bucket's size (an American flag sort:
// each item is swapped straight into the next free place of its bucket,
// its bucket moving with it), and returns where each range starts. The
// items are positions (sortedOrder) or pointer-free arena entries
// (SpillSort), so no swap pays a write barrier.
func flagPermute[T any](items []T, buckets []uint16, count *[257]int) [257]int {
	var start, next [257]int
	sum := 0
	for b, n := range count {
		start[b], next[b] = sum, sum
		sum += n
	}
	for b := range count {
		end := start[b] + count[b]
		for i := next[b]; i < end; i = next[b] {
			to := int(buckets[i])
			if to == b {
				next[b]++
				continue
			}
			j := next[to]
			items[i], items[j] = items[j], items[i]
			buckets[i], buckets[j] = buckets[j], buckets[i]
			next[to]++
		}
	}
	return start
}

// it (it sorts first), else the byte plus one.
func byteAt(key []byte, d int) int {
	if d < len(key) {
		return int(key[d]) + 1
	}
	return 0
}

// permute puts es[order[i]] at i for every i, following each cycle of the
// permutation so that every entry moves once; order is spent (each
// position is marked done as it is filled).
func permute(es []Entry, order []int32) {
	for start := range order {
		if order[start] < 0 {
			continue
		}
		held := es[start]
		at := start
		for {
			from := int(order[at])
			order[at] = -1
			if from == start {
				es[at] = held
				break
			}
			es[at] = es[from]
			at = from
		}
	}
}
