package snapshot

import (
	"encoding/binary"
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/lgraph/lgraph/internal/words"
)

// Word fields: where in a document a term stands. A document is a symbol
// (its qualified name and doc comment) or a file (its path, its own doc
// and its summary).
const (
	FieldName    = iota // a symbol's qualified name, a file's path
	FieldDoc            // a symbol's doc comment, a file's own doc
	FieldSummary        // a file's summary
	NumFields
)

// maxDocTerms bounds the terms a doc comment or summary contributes: its
// opening says what a thing is, and the index stays proportional to the
// number of definitions rather than to the length of their prose.
const maxDocTerms = 48

// fileDocument marks the file itself in a word key's document part.
const fileDocument = "f"

// WordPosting is one document's use of a term.
type WordPosting struct {
	Path string
	// Symbol is the symbol's order in the file, or -1 for the file.
	Symbol int
	// Freq counts the term in each field; Len is each field's length in
	// terms (what BM25 normalizes by).
	Freq, Len [NumFields]int
}

// WordStats are a file's contribution to the collection statistics:
// its documents (the file and its symbols) and their summed field lengths.
type WordStats struct {
	Docs int
	Len  [NumFields]int
}

// WordEntries are a file's search-by-words entries: one per term and
// document that uses it, and one for the file's statistics.
func WordEntries(f *File) []Entry {
	var stats WordStats
	docs := 1
	if f.Facts != nil {
		docs += len(f.Facts.Symbols)
	}
	// About ten postings a document (a name's terms and a doc's opening):
	// sized once rather than doubled its way up, entry by entry.
	out := make([]Entry, 0, 10*docs+1)
	var uses []termUse // reused by every document of the file
	add := func(doc string, fields [NumFields][]string) {
		stats.Docs++
		var lens [NumFields]int
		uses = uses[:0]
		for i, terms := range fields {
			lens[i] = len(terms)
			stats.Len[i] += len(terms)
			for _, t := range terms {
				uses = append(uses, termUse{t, i})
			}
		}
		// Sorted by term, a term's uses stand together: one posting each,
		// in term order, counted without a map.
		slices.SortFunc(uses, func(a, b termUse) int { return strings.Compare(a.term, b.term) })
		for i := 0; i < len(uses); {
			var freq [NumFields]int
			j := i
			for ; j < len(uses) && uses[j].term == uses[i].term; j++ {
				freq[uses[j].field]++
			}
			out = append(out, posting(uses[i].term, f.Path, doc, freq, lens))
			i = j
		}
	}
	var fileDoc string
	if f.Facts != nil {
		fileDoc = f.Facts.Doc
	}
	add(fileDocument, [NumFields][]string{
		FieldName:    words.Terms(strings.TrimSuffix(f.Path, path.Ext(f.Path))),
		FieldDoc:     docTerms(fileDoc),
		FieldSummary: docTerms(f.Summary),
	})
	if f.Facts != nil {
		for i, s := range f.Facts.Symbols {
			add(orderBytes(i), [NumFields][]string{FieldName: words.Terms(s.Qualified), FieldDoc: docTerms(s.Doc)})
		}
	}
	v := binary.AppendUvarint(nil, uint64(stats.Docs))
	for _, n := range stats.Len {
		v = binary.AppendUvarint(v, uint64(n))
	}
	return append(out, Entry{Key: joinKey(KsWord, "", f.Path), Value: v})
}

// termUse is one occurrence of a term in a field of a document.
type termUse struct {
	term  string
	field int
}

// posting is a term's entry for one document: its key and value share one
// allocation.
func posting(term, path, doc string, freq, lens [NumFields]int) Entry {
	n := 1 + len(term) + 1 + len(path) + 1 + len(doc)
	b := make([]byte, 0, n+2*NumFields*binary.MaxVarintLen32)
	b = append(b, KsWord)
	b = append(append(b, term...), 0)
	b = append(append(b, path...), 0)
	b = append(b, doc...)
	for i := range NumFields {
		b = binary.AppendUvarint(b, uint64(freq[i]))
		b = binary.AppendUvarint(b, uint64(lens[i]))
	}
	return Entry{Key: b[:n:n], Value: b[n:len(b):len(b)]}
}

func docTerms(s string) []string {
	t := words.Terms(s)
	return t[:min(len(t), maxDocTerms)]
}

var errWordEntry = errors.New("corrupt word entry: run lgraph update --full")

// WordTermPrefix is where the postings of one term start.
func WordTermPrefix(term string) []byte { return Prefix(KsWord, term) }

// WordStatsPrefix is where the files' statistics start.
func WordStatsPrefix() []byte { return Prefix(KsWord, "") }

// ParseWordPosting decodes a term's posting.
func ParseWordPosting(key, value []byte) (WordPosting, error) {
	ks, parts := splitKey(key)
	if ks != KsWord || len(parts) != 3 || parts[0] == "" {
		return WordPosting{}, errWordEntry
	}
	p := WordPosting{Path: parts[1], Symbol: -1}
	if parts[2] != fileDocument {
		n, err := strconv.ParseUint(parts[2], 16, 32)
		if err != nil {
			return WordPosting{}, errWordEntry
		}
		p.Symbol = int(n)
	}
	for i := range NumFields {
		var ok bool
		if p.Freq[i], value, ok = uvarint(value); !ok {
			return WordPosting{}, errWordEntry
		}
		if p.Len[i], value, ok = uvarint(value); !ok {
			return WordPosting{}, errWordEntry
		}
	}
	return p, nil
}

// ParseWordStats decodes a file's statistics entry.
func ParseWordStats(value []byte) (WordStats, error) {
	var s WordStats
	var ok bool
	if s.Docs, value, ok = uvarint(value); !ok {
		return s, errWordEntry
	}
	for i := range NumFields {
		if s.Len[i], value, ok = uvarint(value); !ok {
			return s, errWordEntry
		}
	}
	return s, nil
}

func uvarint(b []byte) (int, []byte, bool) {
	v, n := binary.Uvarint(b)
	if n <= 0 || v > 1<<31 {
		return 0, nil, false
	}
	return int(v), b[n:], true
}
