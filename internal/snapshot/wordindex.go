package snapshot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
)

// WordIndex is the word postings of lists filled side by side
// (WordLists), to be read once, in key order, with their paths put back.
type WordIndex struct {
	paths []string
	runs  []spillRun
	once  sync.Once
}

// MergeWordLists finishes lists filled side by side (one per goroutine)
// and returns their runs, to be streamed as one; paths is the sorted list
// the files' numbers are places in. Each file must have been added to one
// list only. The lists must not be used afterwards; closing the result
// releases their files.
func MergeWordLists(paths []string, ls ...*WordLists) (*WordIndex, error) {
	out := &WordIndex{paths: paths}
	var err error
	for _, l := range ls {
		l.Cut()
		if l.err != nil && err == nil {
			err = l.err
		}
		out.runs = append(out.runs, l.runs...)
		l.runs, l.arena, l.ids, l.lists = nil, nil, nil, nil
	}
	if err != nil {
		out.Close()
		return nil, fmt.Errorf("word runs: %w", err)
	}
	return out, nil
}

// Runs is how many runs a stream merges.
func (x *WordIndex) Runs() int { return len(x.runs) }

// Close releases the runs' files.
func (x *WordIndex) Close() error {
	x.once.Do(func() { closeSpillRuns(x.runs) })
	return nil
}

var errWordRunCorrupt = errors.New("corrupt word run")

// Stream calls fn for each entry whose key starts with prefix, in key
// order: the files' statistics (the empty term's postings), then each
// term's postings. key and value are valid only during the call; ErrStop
// ends the stream early. The runs' terms are merged by a scan of the
// runs, as a term is a run of postings; a term's postings, by taking
// from the run holding the least one as long as it comes before every
// other run's.
func (x *WordIndex) Stream(prefix []byte, fn func(key, value []byte) error) error {
	var readers []*wordRunReader
	for _, r := range x.runs {
		rr := &wordRunReader{chunkReader: newChunkReader(r)}
		ok, err := rr.nextTerm()
		if err != nil {
			return err
		}
		if ok {
			readers = append(readers, rr)
		}
	}
	// The paths back to back: a term's postings go through them in order,
	// where paths[n] was a read from anywhere in the heap for each posting
	// (most of the stream's time at 100,000 files).
	all, ends := joinPaths(x.paths)
	var key, order []byte
	holding := make([]*wordRunReader, 0, len(readers))
	live := make([]*wordRunReader, 0, len(readers))
	for len(readers) > 0 {
		term := readers[0].term
		for _, r := range readers[1:] {
			if r.term < term {
				term = r.term
			}
		}
		holding, live = holding[:0], live[:0]
		for _, r := range readers {
			if r.term == term {
				holding = append(holding, r)
				ok, err := r.nextPosting()
				if err != nil {
					return err
				}
				if !ok {
					return fmt.Errorf("%w: term %q without postings", errWordRunCorrupt, term)
				}
				live = append(live, r)
			}
		}
		key = append(append(key[:0], KsWord), term...)
		key = append(key, 0)
		base := len(key)
		for len(live) > 0 {
			top, next := leastPostings(live)
			for {
				n := int(live[top].num)
				if n >= len(ends) {
					return fmt.Errorf("%w: file %d of %d", errWordRunCorrupt, n, len(ends))
				}
				start := 0
				if n > 0 {
					start = ends[n-1]
				}
				key = append(key[:base], all[start:ends[n]]...)
				if term != "" {
					key = append(key, 0)
					if live[top].doc < 0 {
						key = append(key, fileDocument...)
					} else {
						order = appendOrder(order[:0], live[top].doc)
						key = append(key, order...)
					}
				}
				if bytes.HasPrefix(key, prefix) {
					if err := fn(key, live[top].value); err != nil {
						if err == ErrStop {
							return nil
						}
						return err
					}
				}
				ok, err := live[top].nextPosting()
				if err != nil {
					return err
				}
				if !ok {
					live = append(live[:top], live[top+1:]...)
					break
				}
				if next >= 0 && !live[top].before(live[next]) {
					break
				}
			}
		}
		kept := readers[:0]
		for _, r := range readers {
			if r.term == term {
				ok, err := r.nextTerm()
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
				if r.term <= term {
					return fmt.Errorf("%w: term %q after %q", errWordRunCorrupt, r.term, term)
				}
			}
			kept = append(kept, r)
		}
		clear(readers[len(kept):])
		readers = kept
	}
	return nil
}

// joinPaths returns the paths back to back, and where each ends.
func joinPaths(paths []string) ([]byte, []int) {
	size := 0
	for _, p := range paths {
		size += len(p)
	}
	all, ends := make([]byte, 0, size), make([]int, len(paths))
	for i, p := range paths {
		all = append(all, p...)
		ends[i] = len(all)
	}
	return all, ends
}

// leastPostings returns which of the runs' current postings comes first,
// and which comes next (-1 when there is one run).
func leastPostings(live []*wordRunReader) (least, next int) {
	least, next = 0, -1
	for i := 1; i < len(live); i++ {
		switch {
		case live[i].before(live[least]):
			least, next = i, least
		case next < 0 || live[i].before(live[next]):
			next = i
		}
	}
	return least, next
}

// wordRunReader reads one word run: its terms in order, and each term's
// postings in order.
type wordRunReader struct {
	chunkReader
	term  string
	left  int    // bytes of the term's postings not yet read
	num   uint32 // the current posting's file
	doc   int    // and document: a symbol's order, or -1 for the file
	value []byte
}

// before reports whether r's current posting's key comes before o's: by
// file, then by document ID (8 hex digits for a symbol, "f" for the file,
// which sorts between fileDocRank's and those before it).
func (r *wordRunReader) before(o *wordRunReader) bool {
	if r.num != o.num {
		return r.num < o.num
	}
	return docRank(r.doc) < docRank(o.doc)
}

// docRank orders documents as their IDs sort.
func docRank(doc int) uint64 {
	if doc < 0 {
		return 2*fileDocRank - 1
	}
	return 2 * uint64(doc)
}

// nextTerm moves to the run's next term; false at its end. The term
// before's postings must all have been read.
func (r *wordRunReader) nextTerm() (bool, error) {
	if r.left > 0 {
		return false, fmt.Errorf("%w: term %q left unread", errWordRunCorrupt, r.term)
	}
	b, err := r.ensure(binary.MaxVarintLen64)
	if err != nil || len(b) == 0 {
		return false, err
	}
	tlen, n1 := binary.Uvarint(b)
	if n1 <= 0 || tlen > maxWordTerm {
		return false, errWordRunCorrupt
	}
	h := n1 + int(tlen)
	if b, err = r.ensure(h + binary.MaxVarintLen64); err != nil {
		return false, err
	}
	if len(b) < h {
		return false, errWordRunCorrupt
	}
	size, n2 := binary.Uvarint(b[h:])
	if n2 <= 0 || size > uint64(r.run.size) {
		return false, errWordRunCorrupt
	}
	r.term = string(b[n1:h])
	r.pos += h + n2
	r.left, r.num = int(size), 0
	return true, nil
}

// maxWordTerm bounds a term's length in a run: its key's.
const maxWordTerm = 1 << 16

// nextPosting moves to the term's next posting; false at its end.
func (r *wordRunReader) nextPosting() (bool, error) {
	if r.left == 0 {
		return false, nil
	}
	b, err := r.ensure(min(r.left, maxPostingBytes))
	if err != nil {
		return false, err
	}
	b = b[:min(len(b), r.left)]
	delta, n1 := binary.Uvarint(b)
	if n1 <= 0 {
		return false, errWordRunCorrupt
	}
	doc, n2 := binary.Uvarint(b[n1:])
	if n2 <= 0 {
		return false, errWordRunCorrupt
	}
	vlen, n3 := binary.Uvarint(b[n1+n2:])
	h := n1 + n2 + n3
	if n3 <= 0 || uint64(len(b)-h) < vlen || delta > uint64(^r.num) || doc > 1<<32 {
		return false, errWordRunCorrupt
	}
	end := h + int(vlen)
	r.num += uint32(delta)
	r.doc = int(doc) - 1
	r.value = b[h:end:end]
	r.pos += end
	r.left -= end
	return true, nil
}
