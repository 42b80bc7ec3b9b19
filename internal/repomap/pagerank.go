package repomap

import "math"

// graph is a weighted directed graph over dense node numbers.
type graph struct {
	n   int
	out [][]arc
}

type arc struct {
	to     int
	weight float64
}

// damping is the chance of following an edge rather than jumping, as in
// the original PageRank and in Aider's map.
const damping = 0.85

// pageRank returns each node's rank (summing to 1) by power iteration.
// Jumps land on the nodes of personal (weights by node) when it is not
// empty, else on every node alike; a node with no out-edges jumps the same
// way. gonum's PageRank takes no personalization vector, hence this one.
func pageRank(g *graph, personal map[int]float64) []float64 {
	if g.n == 0 {
		return nil
	}
	jump := make([]float64, g.n)
	total := 0.0
	for i, w := range personal {
		jump[i] = w
		total += w
	}
	if total == 0 {
		for i := range jump {
			jump[i] = 1
		}
		total = float64(g.n)
	}
	for i := range jump {
		jump[i] /= total
	}
	outWeight := make([]float64, g.n)
	for i, arcs := range g.out {
		for _, a := range arcs {
			outWeight[i] += a.weight
		}
	}
	rank := append([]float64(nil), jump...)
	next := make([]float64, g.n)
	for iter := 0; iter < 100; iter++ {
		dangling := 0.0
		for i := range next {
			next[i] = 0
		}
		for i, arcs := range g.out {
			if outWeight[i] == 0 {
				dangling += rank[i]
				continue
			}
			for _, a := range arcs {
				next[a.to] += damping * rank[i] * a.weight / outWeight[i]
			}
		}
		diff := 0.0
		for i := range next {
			next[i] += (1-damping)*jump[i] + damping*dangling*jump[i]
			diff += math.Abs(next[i] - rank[i])
		}
		rank, next = next, rank
		if diff < 1e-9 {
			break
		}
	}
	return rank
}
