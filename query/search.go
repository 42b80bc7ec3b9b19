package query

import (
	"bytes"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/lgraph/lgraph/snapshot"
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
	q := newMatcher(text)
	var hits []SearchHit
	hit := func(id, name, match string, gaps int) {
		hits = append(hits, SearchHit{NodeRef: NodeRef{ID: id, Name: name}, Match: match, Gaps: gaps})
	}
	for p, f := range ix.snap.Files {
		if match, gaps, ok := q.best(path.Base(p), p); ok {
			hit(snapshot.FileID(p), p, match, gaps)
		}
		if f.Facts == nil {
			continue
		}
		for i, s := range f.Facts.Symbols {
			if match, gaps, ok := q.best(lastSegment(s.Qualified), s.Qualified); ok {
				hit(ix.symbolIDs(f)[i], s.Qualified, match, gaps)
			}
		}
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

// matcher matches one search text against names, lowering each name into
// a reused buffer so that a search over every name does not allocate.
type matcher struct {
	text  string
	lower []byte
	buf   []byte
}

func newMatcher(text string) *matcher {
	return &matcher{text: text, lower: []byte(strings.ToLower(text))}
}

// best returns the better match of the text against a name and its
// shorter suffix (a symbol's last segment, a file's base name). Anything
// that matches the suffix matches the whole name at least fuzzily, so
// most names are rejected after one look.
func (m *matcher) best(short, full string) (match string, gaps int, ok bool) {
	match, gaps, ok = m.match(full)
	if !ok || full == short {
		return match, gaps, ok
	}
	if m2, g2, ok2 := m.match(short); ok2 && (tierOf[m2] < tierOf[match] || tierOf[m2] == tierOf[match] && g2 < gaps) {
		return m2, g2, true
	}
	return match, gaps, true
}

func (m *matcher) match(name string) (string, int, bool) {
	if name == m.text {
		return MatchExact, 0, true
	}
	lower := m.toLower(name)
	if len(lower) < len(m.lower) {
		return "", 0, false
	}
	switch {
	case bytes.Equal(lower, m.lower):
		return MatchExactFold, 0, true
	case bytes.HasPrefix(lower, m.lower):
		return MatchPrefix, 0, true
	case bytes.Contains(lower, m.lower):
		return MatchSubstring, 0, true
	}
	if gaps, ok := subsequenceGaps(lower, m.lower); ok {
		return MatchFuzzy, gaps, true
	}
	return "", 0, false
}

// toLower lowers a name into the matcher's buffer (ASCII in place, other
// text through strings.ToLower).
func (m *matcher) toLower(name string) []byte {
	m.buf = m.buf[:0]
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= utf8.RuneSelf {
			return append(m.buf[:0], strings.ToLower(name)...)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		m.buf = append(m.buf, c)
	}
	return m.buf
}

// subsequenceGaps reports whether q's bytes appear in s in order and, if
// so, the fewest bytes of s skipped between the first and last matched
// byte over all starting points (greedy from each start).
func subsequenceGaps(s, q []byte) (int, bool) {
	best := -1
	for start := bytes.IndexByte(s, q[0]); start >= 0; {
		end, ok := greedyEnd(s, q, start)
		if !ok {
			break // no later start can match either
		}
		if gaps := end - start + 1 - len(q); best < 0 || gaps < best {
			best = gaps
		}
		next := bytes.IndexByte(s[start+1:], q[0])
		if next < 0 {
			break
		}
		start += 1 + next
	}
	return best, best >= 0
}

// greedyEnd matches q in s from start (where s[start] == q[0]) taking each
// byte as early as possible, and returns the index of the last match.
func greedyEnd(s, q []byte, start int) (int, bool) {
	i := start
	for j := 1; j < len(q); j++ {
		k := bytes.IndexByte(s[i+1:], q[j])
		if k < 0 {
			return 0, false
		}
		i += 1 + k
	}
	return i, true
}
