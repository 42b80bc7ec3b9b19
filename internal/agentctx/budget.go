package agentctx

// piece is one candidate part of an answer: a section item with what it
// costs and how it is added.
type piece struct {
	section string
	cost    int
	add     func(*Answer)
}

// fill keeps pieces in the order given (their rank) while they fit the
// budget: a piece too large for what is left is skipped, and a smaller one
// after it may still fit. It returns which pieces were kept and the
// tokens they spend.
func fill(pieces []piece, budget int) (kept []bool, used int) {
	kept = make([]bool, len(pieces))
	for i, p := range pieces {
		if used+p.cost > budget {
			continue
		}
		kept[i] = true
		used += p.cost
	}
	return kept, used
}

// dropLast unkeeps the lowest-ranked kept piece; false when none is kept.
func dropLast(kept []bool) bool {
	for i := len(kept) - 1; i >= 0; i-- {
		if kept[i] {
			kept[i] = false
			return true
		}
	}
	return false
}

// omissions counts the pieces left out, per section, in the order the
// sections first appear.
func omissions(pieces []piece, kept []bool) []Omission {
	out := []Omission{}
	at := map[string]int{}
	for i, p := range pieces {
		if kept[i] {
			continue
		}
		j, ok := at[p.section]
		if !ok {
			j = len(out)
			at[p.section] = j
			out = append(out, Omission{Section: p.section})
		}
		out[j].Count++
		out[j].Tokens += p.cost
	}
	return out
}
