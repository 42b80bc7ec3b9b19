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
	docs := 1
	if f.Facts != nil {
		docs += len(f.Facts.Symbols)
	}
	// About ten postings a document (a name's terms and a doc's opening):
	// sized once rather than doubled its way up, entry by entry.
	out := make([]Entry, 0, 10*docs+1)
	WordEntriesTo(f, func(key, value []byte) {
		// A posting's key and value share one allocation.
		b := make([]byte, len(key)+len(value))
		n := copy(b, key)
		copy(b[n:], value)
		out = append(out, Entry{Key: b[:n:n], Value: b[n:]})
	})
	return out
}

// WordEntriesTo calls add with each of a file's word entries (those
// WordEntries lists, in its order). key and value are valid only during
// the call: a full run's publishing copies every posting into its sort
// buffer as it comes (SpillSort.Add), so building each in one reused
// buffer spares it an allocation per posting (millions at 100,000 files).
func WordEntriesTo(f *File, add func(key, value []byte)) { wordEntriesTo(f, f.Path, add) }

// wordEntriesTo is WordEntriesTo with pathPart standing for the file's
// path in each key (WordEntriesNumbered).
func wordEntriesTo(f *File, pathPart string, add func(key, value []byte)) {
	var stats WordStats
	var uses []termUse // reused by every document of the file
	var terms []string // the same
	var buf []byte     // reused by every posting
	var order [8]byte
	doc := func(texts [NumFields]string, docID []byte) {
		stats.Docs++
		var lens [NumFields]int
		uses = uses[:0]
		for i, text := range texts {
			terms = words.AppendTerms(terms[:0], text)
			if i != FieldName {
				terms = terms[:min(len(terms), maxDocTerms)]
			}
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
			var n int
			buf, n = appendPosting(buf[:0], uses[i].term, pathPart, docID, freq, lens)
			add(buf[:n:n], buf[n:])
			i = j
		}
	}
	var fileDoc string
	if f.Facts != nil {
		fileDoc = f.Facts.Doc
	}
	doc([NumFields]string{
		FieldName:    strings.TrimSuffix(f.Path, path.Ext(f.Path)),
		FieldDoc:     fileDoc,
		FieldSummary: f.Summary,
	}, []byte(fileDocument))
	if f.Facts != nil {
		for i, s := range f.Facts.Symbols {
			doc([NumFields]string{FieldName: s.Qualified, FieldDoc: s.Doc}, appendOrder(order[:0], i))
		}
	}
	v := binary.AppendUvarint(buf[:0], uint64(stats.Docs))
	for _, n := range stats.Len {
		v = binary.AppendUvarint(v, uint64(n))
	}
	add(joinKey(KsWord, "", pathPart), v)
}

// termUse is one occurrence of a term in a field of a document.
type termUse struct {
	term  string
	field int
}

// appendPosting appends a term's entry for one document, key then value,
// to b; n is where the key ends.
func appendPosting(b []byte, term, path string, doc []byte, freq, lens [NumFields]int) (_ []byte, n int) {
	b = append(b, KsWord)
	b = append(append(b, term...), 0)
	b = append(append(b, path...), 0)
	b = append(b, doc...)
	n = len(b)
	for i := range NumFields {
		b = binary.AppendUvarint(b, uint64(freq[i]))
		b = binary.AppendUvarint(b, uint64(lens[i]))
	}
	return b, n
}

// appendOrder appends orderBytes(n) to b.
func appendOrder(b []byte, n int) []byte {
	const digits = "0123456789abcdef"
	for shift := 28; shift >= 0; shift -= 4 {
		b = append(b, digits[uint32(n)>>uint(shift)&0xf])
	}
	return b
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
