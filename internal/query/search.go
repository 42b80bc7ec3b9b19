package query

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
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

// tierNames names the tiers by rank.
var tierNames = [...]string{MatchExact, MatchExactFold, MatchPrefix, MatchSubstring, MatchFuzzy}

const noMatch = -1

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
	// Score is a words match's BM25 score (higher is better).
	Score float64 `json:"score,omitempty"`
}

// candidate is a hit before ranking. A hit found by scanning records
// keeps its file and symbol index (its id is computed only when needed);
// one found in the name index keeps the id and the entry to describe it.
type candidate struct {
	name string
	tier int
	gaps int
	file *snapshot.File
	sym  int // index in the file's symbols, or -1 for the file
	id   string
	def  []byte // the name-index entry's key and value, for describing the hit
	kl   int    // length of the key in def
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
	r := &ranking{ix: ix, limit: limit}
	if ix.snap.Index != nil {
		ix.searchIndexed(newMatcher(text), r)
	} else {
		ix.searchScan(newMatcher(text), r)
	}
	res.Total = r.total
	for _, h := range r.best() {
		res.Items = append(res.Items, SearchHit{NodeRef: ix.candidateRef(h), Match: tierNames[h.tier], Gaps: h.gaps})
	}
	return res
}

// searchScan matches every file and symbol of every record.
func (ix *Index) searchScan(q *matcher, r *ranking) {
	for p, f := range ix.snap.Files.All() {
		if tier, gaps := q.best(path.Base(p), p); tier != noMatch {
			r.offer(candidate{file: f, sym: -1, name: p, tier: tier, gaps: gaps})
		}
		if f.Facts == nil {
			continue
		}
		for i, s := range f.Facts.Symbols {
			if tier, gaps := q.best(lastSegment(s.Qualified), s.Qualified); tier != noMatch {
				r.offer(candidate{file: f, sym: i, name: s.Qualified, tier: tier, gaps: gaps})
			}
		}
	}
}

func (ix *Index) candidateID(c candidate) string {
	switch {
	case c.file == nil:
		return c.id
	case c.sym < 0:
		return nodeid.File(c.file.Path)
	}
	return ix.symbolIDs(c.file)[c.sym]
}

// candidateRef describes a hit.
func (ix *Index) candidateRef(c candidate) NodeRef {
	if c.def == nil {
		return ix.ref(ix.candidateID(c))
	}
	return ix.defRef(c.def[:c.kl], c.def[c.kl:])
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

// best returns the better match (tier and gaps, or noMatch) of the text
// against a name and its shorter suffix (a symbol's last segment, a file's
// base name). Anything that matches the suffix matches the whole name at
// least fuzzily, so most names are rejected after one look.
func (m *matcher) best(short, full string) (tier, gaps int) {
	tier, gaps = m.match(full)
	if tier == noMatch || full == short {
		return tier, gaps
	}
	if t2, g2 := m.match(short); t2 != noMatch && (t2 < tier || t2 == tier && g2 < gaps) {
		return t2, g2
	}
	return tier, gaps
}

// match ranks one name: a tier (an index into tierNames) and, for a fuzzy
// match, the gaps; noMatch when the text does not match.
func (m *matcher) match(name string) (tier, gaps int) {
	if name == m.text {
		return 0, 0
	}
	lower := m.toLower(name)
	if len(lower) < len(m.lower) {
		return noMatch, 0
	}
	switch {
	case bytes.Equal(lower, m.lower):
		return 1, 0
	case bytes.HasPrefix(lower, m.lower):
		return 2, 0
	case bytes.Contains(lower, m.lower):
		return 3, 0
	}
	if gaps, ok := subsequenceGaps(lower, m.lower); ok {
		return 4, gaps
	}
	return noMatch, 0
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
