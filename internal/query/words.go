package query

import (
	"cmp"
	"math"
	"slices"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/scorer"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/words"
)

// MatchWords is the tier of a hit found by the words of its name, doc or
// summary rather than by its name as typed.
const MatchWords = "words"

// fieldBoosts weigh a term by where it stands: a name says what a thing
// is, a doc what it does, a file summary what the file holds.
var fieldBoosts = [snapshot.NumFields]float64{snapshot.FieldName: 3, snapshot.FieldDoc: 1, snapshot.FieldSummary: 1}

var fieldNames = [snapshot.NumFields]string{snapshot.FieldName: "name", snapshot.FieldDoc: "doc", snapshot.FieldSummary: "summary"}

// SearchText is what search answers: the hits by name (see Search), then
// the files and symbols whose words match the text's, ranked by BM25
// (bleve's scorer over the index of words), each listed once.
func (ix *Index) SearchText(text string) SearchResult {
	res := ix.Search(text, 0)
	seen := make(map[string]bool, len(res.Items))
	for _, h := range res.Items {
		seen[h.ID] = true
	}
	for _, h := range ix.SearchWords(text) {
		if !seen[h.ID] {
			res.Items = append(res.Items, h)
			res.Total++
		}
	}
	return res
}

// wordDoc is a document a query's terms reached, with its summed score.
type wordDoc struct {
	path   string
	symbol int
	score  float64
}

// SearchWords ranks the files and symbols whose name, doc or summary
// shares a term with text (after bleve's English analysis), best first;
// ties by id.
func (ix *Index) SearchWords(text string) []SearchHit {
	terms := slices.Compact(slices.Sorted(slices.Values(words.Terms(text))))
	if len(terms) == 0 {
		return nil
	}
	kv := ix.wordIndex()
	stats := ix.wordStats(kv)
	if stats.Docs == 0 {
		return nil
	}
	docs := map[[2]any]*wordDoc{}
	ctx := &search.SearchContext{DocumentMatchPool: search.NewDocumentMatchPool(1, 0)}
	for _, term := range terms {
		postings := ix.wordPostings(kv, term)
		var df [snapshot.NumFields]uint64
		for _, p := range postings {
			for f := range snapshot.NumFields {
				if p.Freq[f] > 0 {
					df[f]++
				}
			}
		}
		for f := range snapshot.NumFields {
			if df[f] == 0 || stats.Len[f] == 0 {
				continue
			}
			avg := float64(stats.Len[f]) / float64(stats.Docs)
			sc := scorer.NewTermQueryScorer([]byte(term), fieldNames[f], fieldBoosts[f], uint64(stats.Docs), df[f], avg, search.SearcherOptions{})
			for _, p := range postings {
				if p.Freq[f] == 0 {
					continue
				}
				m := sc.Score(ctx, &index.TermFieldDoc{Term: term, Freq: uint64(p.Freq[f]), Norm: norm(p.Len[f])})
				key := [2]any{p.Path, p.Symbol}
				if docs[key] == nil {
					docs[key] = &wordDoc{path: p.Path, symbol: p.Symbol}
				}
				docs[key].score += m.Score
				ctx.DocumentMatchPool.Put(m)
			}
		}
	}
	return ix.wordHits(docs)
}

// norm is the field norm bleve's BM25 reads a field's length back from.
func norm(length int) float64 {
	return 1 / math.Sqrt(float64(max(length, 1)))
}

// maxWordHits bounds the words matches of one search: past the best few
// hundred, a reader refines the words rather than pages on.
const maxWordHits = 200

func (ix *Index) wordHits(docs map[[2]any]*wordDoc) []SearchHit {
	ranked := make([]*wordDoc, 0, len(docs))
	for _, d := range docs {
		ranked = append(ranked, d)
	}
	slices.SortFunc(ranked, func(a, b *wordDoc) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.path, b.path), cmp.Compare(a.symbol, b.symbol))
	})
	ranked = ranked[:min(len(ranked), maxWordHits)]
	hits := make([]SearchHit, 0, len(ranked))
	for _, d := range ranked {
		id := nodeid.File(d.path)
		if d.symbol >= 0 {
			f := ix.snap.Files.Get(d.path)
			if f == nil || f.Facts == nil || d.symbol >= len(f.Facts.Symbols) {
				continue
			}
			id = ix.symbolIDs(f)[d.symbol]
		}
		hits = append(hits, SearchHit{NodeRef: ix.ref(id), Match: MatchWords, Score: d.score})
	}
	slices.SortFunc(hits, func(a, b SearchHit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.ID, b.ID))
	})
	return hits
}

// wordIndex is the word index to read: the published one, or, for a
// snapshot held only in memory, the entries its records derive, built once
// per search.
func (ix *Index) wordIndex() snapshot.KV {
	if ix.snap.Index != nil {
		return ix.snap.Index
	}
	var es []snapshot.Entry
	for _, f := range ix.snap.Files.All() {
		es = append(es, snapshot.WordEntries(f)...)
	}
	return snapshot.NewMemKV(es)
}

// wordStats sums the files' statistics: one range of the word index.
func (ix *Index) wordStats(kv snapshot.KV) snapshot.WordStats {
	var total snapshot.WordStats
	ix.fail(kv.Scan(snapshot.WordStatsPrefix(), func(_, v []byte) error {
		s, err := snapshot.ParseWordStats(v)
		if err != nil {
			return err
		}
		total.Docs += s.Docs
		for f := range snapshot.NumFields {
			total.Len[f] += s.Len[f]
		}
		return nil
	}))
	return total
}

// wordPostings lists the documents using a term: one range of the index.
func (ix *Index) wordPostings(kv snapshot.KV, term string) []snapshot.WordPosting {
	var out []snapshot.WordPosting
	ix.fail(kv.Scan(snapshot.WordTermPrefix(term), func(k, v []byte) error {
		p, err := snapshot.ParseWordPosting(k, v)
		if err == nil {
			out = append(out, p)
		}
		return err
	}))
	return out
}
