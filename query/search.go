package query

import (
	"path"
	"sort"
	"strings"
)

// DefaultLimit is how many hits search returns when not told.
const DefaultLimit = 20

// Match tiers, best first.
const (
	MatchExact     = "exact"      // the name, case-sensitive
	MatchExactFold = "exact_fold" // the name, ignoring case
	MatchPrefix    = "prefix"     // ignoring case
	MatchSubstring = "substring"  // ignoring case
	MatchFuzzy     = "fuzzy"      // the letters in order, ignoring case
)

var tierOf = map[string]int{MatchExact: 0, MatchExactFold: 1, MatchPrefix: 2, MatchSubstring: 3, MatchFuzzy: 4}

// SearchResult is the answer of search.
type SearchResult struct {
	Query string `json:"query"`
	// Total counts every hit; Items holds the best Limit of them.
	Total int         `json:"total"`
	Items []SearchHit `json:"items"`
}

// SearchHit is one matching file or symbol.
type SearchHit struct {
	NodeRef
	Match string `json:"match"`
	// Gaps counts the letters skipped by a fuzzy match (fewer is better).
	Gaps int `json:"gaps,omitempty"`
}

// Search finds symbols and files by name. A symbol matches on its simple
// or qualified name, a file on its base name or path; the better of the two
// counts. Hits are ranked by tier (exact, exact ignoring case, prefix,
// substring, fuzzy), fuzzy hits by fewest gaps, ties by name then id. A
// limit of 0 or less returns every hit.
func (ix *Index) Search(text string, limit int) SearchResult {
	res := SearchResult{Query: text, Items: []SearchHit{}}
	if text == "" {
		return res
	}
	q := matcher{text: text, lower: strings.ToLower(text)}
	var hits []SearchHit
	for _, n := range ix.nodes {
		short := lastSegment(n.name)
		if n.sym == nil {
			short = path.Base(n.path)
		}
		match, gaps, ok := q.best(short, n.name)
		if !ok {
			continue
		}
		hits = append(hits, SearchHit{NodeRef: NodeRef{ID: n.id, Name: n.name}, Match: match, Gaps: gaps})
	}
	sort.Slice(hits, func(i, j int) bool { return lessHit(hits[i], hits[j]) })
	res.Total = len(hits)
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	for i := range hits {
		hits[i].NodeRef = ix.ref(hits[i].ID)
	}
	res.Items = append(res.Items, hits...)
	return res
}

func lessHit(a, b SearchHit) bool {
	if ta, tb := tierOf[a.Match], tierOf[b.Match]; ta != tb {
		return ta < tb
	}
	if a.Gaps != b.Gaps {
		return a.Gaps < b.Gaps
	}
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	return a.ID < b.ID
}

// matcher matches one search text against names.
type matcher struct{ text, lower string }

// best returns the best match of the text against either name.
func (m matcher) best(short, full string) (match string, gaps int, ok bool) {
	match, gaps, ok = m.match(short)
	if full == short {
		return match, gaps, ok
	}
	if m2, g2, ok2 := m.match(full); ok2 && (!ok || tierOf[m2] < tierOf[match] || tierOf[m2] == tierOf[match] && g2 < gaps) {
		return m2, g2, true
	}
	return match, gaps, ok
}

func (m matcher) match(name string) (string, int, bool) {
	if name == m.text {
		return MatchExact, 0, true
	}
	if len(name) < len(m.text) {
		return "", 0, false
	}
	lower := strings.ToLower(name)
	switch {
	case lower == m.lower:
		return MatchExactFold, 0, true
	case strings.HasPrefix(lower, m.lower):
		return MatchPrefix, 0, true
	case strings.Contains(lower, m.lower):
		return MatchSubstring, 0, true
	}
	if gaps, ok := subsequenceGaps(lower, m.lower); ok {
		return MatchFuzzy, gaps, true
	}
	return "", 0, false
}

// subsequenceGaps reports whether q's bytes appear in s in order and, if
// so, the fewest bytes of s skipped between the first and last matched
// byte over all starting points (greedy from each start).
func subsequenceGaps(s, q string) (int, bool) {
	best := -1
	for start := strings.IndexByte(s, q[0]); start >= 0; {
		end, ok := greedyEnd(s, q, start)
		if !ok {
			break // no later start can match either
		}
		if gaps := end - start + 1 - len(q); best < 0 || gaps < best {
			best = gaps
		}
		next := strings.IndexByte(s[start+1:], q[0])
		if next < 0 {
			break
		}
		start += 1 + next
	}
	return best, best >= 0
}

// greedyEnd matches q in s from start (where s[start] == q[0]) taking each
// byte as early as possible, and returns the index of the last match.
func greedyEnd(s, q string, start int) (int, bool) {
	i := start
	for j := 1; j < len(q); j++ {
		k := strings.IndexByte(s[i+1:], q[j])
		if k < 0 {
			return 0, false
		}
		i += 1 + k
	}
	return i, true
}
