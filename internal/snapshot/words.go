package snapshot

import (
	"encoding/binary"
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
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
// path in each key.
func wordEntriesTo(f *File, pathPart string, add func(key, value []byte)) {
	var buf []byte // reused by every posting
	var order [8]byte
	stats := wordPostings(f, func(term string, doc int, value []byte) {
		docID := []byte(fileDocument)
		if doc >= 0 {
			docID = appendOrder(order[:0], doc)
		}
		buf = appendPostingKey(buf[:0], term, pathPart, docID)
		n := len(buf)
		buf = append(buf, value...)
		add(buf[:n:n], buf[n:])
	})
	add(joinKey(KsWord, "", pathPart), appendWordStats(buf[:0], stats))
}

// wordPostings calls posting with each of a file's word postings, its
// term, its document (a symbol's order, or -1 for the file) and its value,
// in the order of wordDocs(f, false), the terms of a document in order,
// and returns the file's statistics. value is valid only during the call.
func wordPostings(f *File, posting func(term string, doc int, value []byte)) WordStats {
	var uses []termUse // reused by every document of the file
	var value []byte   // reused by every posting
	return wordDocs(f, false, func(docNum int, terms *[NumFields][]string) {
		uses = uses[:0]
		var lens [NumFields]int
		for i, ts := range terms {
			lens[i] = len(ts)
			for _, t := range ts {
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
			value = appendPostingValue(value[:0], freq, lens)
			posting(uses[i].term, docNum, value)
			i = j
		}
	})
}

// wordDocs calls doc with each of a file's documents, its number (a
// symbol's order, or -1 for the file) and the terms of each of its fields
// (a doc comment's or summary's first maxDocTerms), and returns the
// file's statistics. The documents come in the file's order (the file,
// then its symbols), or, if sorted, in the order of their IDs in keys (a
// symbol's order is 8 hex digits, the file's "f" between those below
// f0000000 and the rest). terms is valid only during the call.
func wordDocs(f *File, sorted bool, doc func(docNum int, terms *[NumFields][]string)) WordStats {
	var stats WordStats
	var terms [NumFields][]string // reused by every document of the file
	add := func(texts [NumFields]string, docNum int) {
		stats.Docs++
		for i, text := range texts {
			ts := words.AppendTerms(terms[i][:0], text)
			if i != FieldName {
				ts = ts[:min(len(ts), maxDocTerms)]
			}
			terms[i] = ts
			stats.Len[i] += len(ts)
		}
		doc(docNum, &terms)
	}
	fileDoc := func() {
		var text string
		if f.Facts != nil {
			text = f.Facts.Doc
		}
		add([NumFields]string{
			FieldName:    strings.TrimSuffix(f.Path, path.Ext(f.Path)),
			FieldDoc:     text,
			FieldSummary: f.Summary,
		}, -1)
	}
	if !sorted {
		fileDoc()
	}
	var symbols []facts.Symbol
	if f.Facts != nil {
		symbols = f.Facts.Symbols
	}
	for i, s := range symbols {
		if sorted && i == fileDocRank {
			fileDoc()
		}
		add([NumFields]string{FieldName: s.Qualified, FieldDoc: s.Doc}, i)
	}
	if sorted && len(symbols) <= fileDocRank {
		fileDoc()
	}
	return stats
}

// fileDocRank is the first symbol order whose document ID (appendOrder)
// sorts after the file's (fileDocument, "f"): 8 hex digits from "f0000000"
// on.
const fileDocRank = 0xf0000000

// termUse is one occurrence of a term in a field of a document.
type termUse struct {
	term  string
	field int
}

// appendPostingKey appends a term's key for one document to b.
func appendPostingKey(b []byte, term, path string, doc []byte) []byte {
	b = append(b, KsWord)
	b = append(append(b, term...), 0)
	b = append(append(b, path...), 0)
	return append(b, doc...)
}

// appendPostingValue appends a posting's value: its term's count and the
// field's length in terms, for each field.
func appendPostingValue(b []byte, freq, lens [NumFields]int) []byte {
	for i := range NumFields {
		b = binary.AppendUvarint(b, uint64(freq[i]))
		b = binary.AppendUvarint(b, uint64(lens[i]))
	}
	return b
}

// appendWordStats appends a file's statistics entry's value to b.
func appendWordStats(b []byte, stats WordStats) []byte {
	b = binary.AppendUvarint(b, uint64(stats.Docs))
	for _, n := range stats.Len {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return b
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
