package repomap

import (
	"math"
	"testing"
)

func build(n int, edges [][2]int) *graph {
	g := &graph{n: n, out: make([][]arc, n)}
	for _, e := range edges {
		g.out[e[0]] = append(g.out[e[0]], arc{to: e[1], weight: 1})
	}
	return g
}

// TestPageRankRanksTheMostReferenced: a node everyone points at ranks
// first, ranks sum to 1, and a cycle ranks its nodes alike.
func TestPageRankRanksTheMostReferenced(t *testing.T) {
	r := pageRank(build(4, [][2]int{{1, 0}, {2, 0}, {3, 0}, {0, 1}}), nil)
	sum := 0.0
	for _, x := range r {
		sum += x
	}
	if math.Abs(sum-1) > 1e-6 {
		t.Errorf("ranks sum to %v", sum)
	}
	if !(r[0] > r[1] && r[1] > r[2] && math.Abs(r[2]-r[3]) < 1e-9) {
		t.Errorf("ranks %v: want 0 > 1 > 2 = 3", r)
	}
	c := pageRank(build(3, [][2]int{{0, 1}, {1, 2}, {2, 0}}), nil)
	if math.Abs(c[0]-c[1]) > 1e-6 || math.Abs(c[1]-c[2]) > 1e-6 {
		t.Errorf("cycle ranks %v: want equal", c)
	}
}

// TestPageRankPersonalized: jumping to one node lifts what it points at
// over an otherwise equal rival, as focus files do.
func TestPageRankPersonalized(t *testing.T) {
	// 0 -> 2, 1 -> 3: symmetric until personalized to 0.
	g := build(4, [][2]int{{0, 2}, {1, 3}})
	plain := pageRank(g, nil)
	if math.Abs(plain[2]-plain[3]) > 1e-9 {
		t.Fatalf("unpersonalized ranks %v: want 2 = 3", plain)
	}
	focused := pageRank(g, map[int]float64{0: 1})
	if !(focused[2] > focused[3]) || focused[1] != 0 {
		t.Errorf("personalized ranks %v: want 2 > 3 and 1 at 0", focused)
	}
}
