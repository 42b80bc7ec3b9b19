// Package spell finds the word a person meant: the nearest of the known
// names to a mistyped command, flag or config key, so every "did you mean"
// lgraph says follows one rule.
package spell

import "strings"

// Nearest returns the candidate closest to name by edit distance, if it is
// close enough to be a typo (at most a third of its letters, at least 1),
// or a candidate that starts with name.
func Nearest(name string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		d := Distance(strings.ToLower(name), c)
		if bestD < 0 || d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	if bestD >= 0 && bestD <= max(1, len(best)/3) {
		return best
	}
	for _, c := range candidates {
		if len(name) >= 2 && strings.HasPrefix(c, name) {
			return c
		}
	}
	return ""
}

// Distance is the Levenshtein distance between a and b, with an
// adjacent transposition counting as one edit.
func Distance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
