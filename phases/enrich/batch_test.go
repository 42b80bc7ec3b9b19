package enrich

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBatchesRepackTheUnsent: whichever requests a stopped run sent, the
// items of the others pack into exactly those requests again, so the rerun
// pays what the stopped run left and nothing more. Packing that closed a
// request before an item that would overflow it fails this: a request's
// end would depend on the item after it.
func TestBatchesRepackTheUnsent(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		sizes := map[item]int{}
		var items []item
		for i := range 50 + rng.IntN(300) {
			it := item{o: i / 3, i: i % 3}
			sizes[it] = 1 + rng.IntN(4000)
			items = append(items, it)
		}
		size := func(it item) int { return sizes[it] }
		all := batches(items, size, 12000)
		var unsent [][]item
		var rest []item
		for _, b := range all {
			if len(b) > maxBatchItems {
				t.Fatalf("round %d: a request of %d items", round, len(b))
			}
			if rng.IntN(2) == 0 {
				unsent = append(unsent, b)
				rest = append(rest, b...)
			}
		}
		if diff := cmp.Diff(unsent, batches(rest, size, 12000), cmp.AllowUnexported(item{})); diff != "" {
			t.Fatalf("round %d: the unsent requests repack differently (-unsent +repacked):\n%s", round, diff)
		}
		if got := slices.Concat(all...); !slices.Equal(got, items) {
			t.Fatalf("round %d: packing lost or reordered items", round)
		}
	}
}
