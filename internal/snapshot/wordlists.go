package snapshot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A full run's publishing writes every word posting of every file, two
// thirds of its index entries (6.5 million at 100,000 files). Sorted as
// entries among the others (SpillSort), each was copied into a sort
// buffer, sorted byte by byte, written to a run file, read back, merged
// through a heap of a hundred runs and, its path put back, copied out:
// over a third of the publishing's CPU. But a worker reads its files in
// increasing order of their place in the sorted paths, and their postings
// of one term come in the order of their keys (a key is the term, the
// file's path and the document): grouped by term as they come, they need
// no sort. WordLists holds each term's postings in order in one arena,
// the file's place standing for its path (a delta from the posting
// before), and cuts them as a run of terms in order; WordIndex merges the
// runs of all workers by term, then each term's postings by file, and
// puts the paths back.

// WordLists collects the word postings of files given in increasing order
// of their places in a sorted list of paths (numbers), grouped by term,
// and cuts them into runs every limit bytes: the terms in order, each with
// its postings. The files' statistics entries are the postings of the
// empty term, which no posting has (words.AppendTerms gives none).
// WordLists is not safe for concurrent use; lists filled side by side are
// read as one by MergeWordLists.
type WordLists struct {
	arena  []byte // the lists' chunks
	ids    map[string]int32
	lists  []wordList // by id
	limit  int
	dir    string
	last   int // the number of the last file added, -1 before the first
	runs   []spillRun
	docs   uint32      // documents added: each list's doc is one of them
	counts []termCount // the counts of the document being added
	post   []byte      // one posting, being encoded
	value  []byte      // one posting's value, being encoded
	err    error
}

// wordList is one term's postings in the arena: a chain of chunks, each
// its next chunk's offset (4 bytes, 0 for none) then postings' bytes.
type wordList struct {
	term       string
	head, tail uint32 // offsets of the first and last chunks
	end        uint32 // where the postings end in the last chunk
	chunks     uint32 // how many chunks the chain has
	size       uint32 // bytes of postings in all
	last       uint32 // the number of the file of the last posting
	doc        uint32 // the document counted last (WordLists.docs)
	count      int32  // where its counts are in WordLists.counts
}

// A list's chunks grow from firstChunk bytes to maxChunk, so that the
// many terms of a few postings waste little; wordListBytes is what a
// list costs besides its chunks (itself and its map entry), and
// maxPostingBytes bounds one posting's bytes (three uvarints and a value
// of 2*NumFields uvarints).
const (
	firstChunk      = 32
	maxChunk        = 256
	chunkNext       = 4
	wordListBytes   = 96
	maxPostingBytes = 3*binary.MaxVarintLen32 + 2*NumFields*binary.MaxVarintLen64
)

// chunkBytes is the size of a list's chunk i.
func chunkBytes(i uint32) uint32 { return min(uint32(firstChunk)<<min(i, 8), maxChunk) }

// MaxNumberedPaths bounds the paths whose files WordLists can number.
const MaxNumberedPaths = 1 << 32

// NewWordLists returns empty lists that cut a run every limit bytes
// (0: DefaultRunBytes) into an unlinked file of dir ("" keeps the runs
// in memory).
func NewWordLists(limit int, dir string) *WordLists {
	if limit <= 0 {
		limit = DefaultRunBytes
	}
	return &WordLists{ids: map[string]int32{}, limit: max(limit, 4*maxChunk+4*maxPostingBytes), dir: dir, last: -1}
}

var errWordOrder = errors.New("word lists: files out of order")

// AddFile adds f's word postings (those WordEntriesTo gives), f being
// number n in the sorted paths; n must be larger than the number of the
// file added before. A document's terms are counted by their lists (a
// term's list learns which document it was last counted for), so that
// they need no sort: the order of a document's postings does not matter
// here, only the order of a term's.
func (w *WordLists) AddFile(f *File, n int) {
	if w.err != nil {
		return
	}
	if n <= w.last || uint64(n) >= MaxNumberedPaths {
		w.err = fmt.Errorf("%w: %d after %d", errWordOrder, n, w.last)
		return
	}
	w.last = n
	stats := wordDocs(f, true, func(doc int, terms *[NumFields][]string) {
		uses := 0
		for _, ts := range terms {
			uses += len(ts)
		}
		w.room(uses)
		w.docs++
		counts := w.counts[:0]
		var lens [NumFields]int
		for i, ts := range terms {
			lens[i] = len(ts)
			for _, t := range ts {
				id := w.list(t, f)
				l := &w.lists[id]
				if l.doc != w.docs {
					l.doc, l.count = w.docs, int32(len(counts))
					counts = append(counts, termCount{id: id})
				}
				counts[l.count].freq[i]++
			}
		}
		for _, c := range counts {
			w.value = appendPostingValue(w.value[:0], c.freq, lens)
			w.add(c.id, n, doc, w.value)
		}
		w.counts = counts
	})
	w.room(1)
	w.value = appendWordStats(w.value[:0], stats)
	w.add(w.list("", nil), n, -1, w.value)
}

// termCount is a term's count in each field of one document.
type termCount struct {
	id   int32
	freq [NumFields]int
}

func (w *WordLists) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// room cuts a run if the arena might not hold postings more postings (each
// can take two chunks, and a list of its own). Afterwards it grows if it
// must: a run is cut between documents only, so that a document's lists
// stay where its counts point.
func (w *WordLists) room(postings int) {
	if w.err != nil {
		return
	}
	if w.arena == nil {
		w.arena = make([]byte, chunkNext, w.limit) // offset 0 is no chunk
	}
	if len(w.arena)+postings*(2*maxChunk+wordListBytes) > cap(w.arena)-wordListBytes*len(w.lists) {
		w.err = w.cut()
	}
}

// list returns the id of term's list, adding one if it has none. A term
// the keys could not hold (empty, or holding the \0 that ends it) fails
// the lists; the empty term of the statistics is asked for with f nil.
func (w *WordLists) list(term string, f *File) int32 {
	if f != nil && term == "" {
		w.fail(fmt.Errorf("word lists: an empty term in %s", f.Path))
	}
	id, ok := w.ids[term]
	if ok {
		return id
	}
	if strings.IndexByte(term, 0) >= 0 {
		w.fail(fmt.Errorf("word lists: term %q of %s", term, f.Path))
	}
	id = int32(len(w.lists))
	w.ids[term] = id
	w.lists = append(w.lists, wordList{term: term})
	return id
}

// add appends one posting to a list.
func (w *WordLists) add(id int32, n, doc int, value []byte) {
	if w.err != nil {
		return
	}
	l := &w.lists[id]
	post := binary.AppendUvarint(w.post[:0], uint64(uint32(n)-l.last))
	post = binary.AppendUvarint(post, uint64(doc+1))
	post = binary.AppendUvarint(post, uint64(len(value)))
	w.post = append(post, value...)
	l.last = uint32(n)
	w.appendTo(l, w.post)
}

// appendTo appends p to l's chain, adding chunks as it fills them.
func (w *WordLists) appendTo(l *wordList, p []byte) {
	l.size += uint32(len(p))
	for len(p) > 0 {
		if l.chunks == 0 || l.end == l.tail+chunkBytes(l.chunks-1) {
			c := uint32(len(w.arena))
			w.arena = append(w.arena, make([]byte, chunkBytes(l.chunks))...)
			if l.chunks == 0 {
				l.head = c
			} else {
				binary.LittleEndian.PutUint32(w.arena[l.tail:], c)
			}
			l.tail, l.end = c, c+chunkNext
			l.chunks++
		}
		k := copy(w.arena[l.end:l.tail+chunkBytes(l.chunks-1)], p)
		l.end += uint32(k)
		p = p[k:]
	}
}

// Cut writes the postings still held as one more run. A goroutine that
// filled the lists calls it when done, so that it pays for its last run
// itself rather than the one that merges.
func (w *WordLists) Cut() {
	if w.err == nil {
		w.err = w.cut()
	}
}

// cut writes the lists as a run, the terms in order, each as the length
// of the term, the term, the length of its postings and the postings
// (delta of the file's number, document plus one, value's length, value:
// uvarints but the value), and empties them.
func (w *WordLists) cut() error {
	if len(w.lists) == 0 {
		return nil
	}
	order := make([]int32, len(w.lists))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(w.lists[a].term, w.lists[b].term) })
	run, err := writeSpillRun(w.dir, len(w.arena), func(out io.Writer) error {
		var head []byte
		for _, id := range order {
			l := &w.lists[id]
			head = binary.AppendUvarint(head[:0], uint64(len(l.term)))
			head = append(head, l.term...)
			head = binary.AppendUvarint(head, uint64(l.size))
			if _, err := out.Write(head); err != nil {
				return err
			}
			for c, i := l.head, uint32(0); ; i++ {
				end := c + chunkBytes(i)
				if c == l.tail {
					end = l.end
				}
				if _, err := out.Write(w.arena[c+chunkNext : end]); err != nil {
					return err
				}
				if c == l.tail {
					break
				}
				c = binary.LittleEndian.Uint32(w.arena[c:])
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("word run %d: %w", len(w.runs), err)
	}
	w.runs = append(w.runs, run)
	w.arena = w.arena[:chunkNext]
	clear(w.ids)
	clear(w.lists) // let the terms go
	w.lists = w.lists[:0]
	return nil
}

// Close drops the lists unread, releasing their runs' files.
func (w *WordLists) Close() {
	w.arena, w.ids, w.lists = nil, nil, nil
	closeSpillRuns(w.runs)
	w.runs = nil
}
