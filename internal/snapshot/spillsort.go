package snapshot

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"github.com/lgraph/lgraph/internal/table"
)

// SpillSort collects index entries in any order and gives them back once,
// in key order: what a full run's publishing needs of its index, which it
// copies into the published table and never looks a key up in. Runs does
// the same for indexes that are read by lookups, and pays for it: each
// Entry it holds is two allocations and a header the collector scans, and
// each run is a table (blocks, restarts, checksums, an index) read back
// through a View. Here the pending entries' bytes are copied into one
// arena and located by offsets, none of it pointers, so an entry costs
// its bytes and twelve; and a run is the sorted entries back to back,
// each key stored as what it does not share with the one before, read
// back in one sequential pass.
//
// Entries are puts: a key added twice keeps one of its values. SpillSort
// is not safe for concurrent use; collections filled side by side are
// read as one by MergeSpills.
type SpillSort struct {
	arena []byte       // the pending entries' keys and values
	ents  []arenaEntry // where each pending entry lies in arena
	limit int
	dir   string
	runs  []spillRun
	err   error
}

// arenaEntry is one pending entry: its key at arena[off:off+klen], its
// value right after.
type arenaEntry struct {
	off, klen, vlen uint32
}

// arenaEntryBytes is what an arenaEntry costs besides the entry's bytes.
const arenaEntryBytes = 12

// spillRun is one sorted run: in memory (data) or in an unlinked file of
// size bytes.
type spillRun struct {
	data []byte
	file *os.File
	size int64
}

// NewSpillSort returns an empty collection that cuts a run every limit
// bytes of pending entries (0: DefaultRunBytes) into an unlinked file of
// dir ("" keeps the runs in memory).
func NewSpillSort(limit int, dir string) *SpillSort {
	if limit <= 0 {
		limit = DefaultRunBytes
	}
	return &SpillSort{limit: limit, dir: dir}
}

// Add adds one entry; its bytes are copied, so key and value may be
// reused once it returns.
func (s *SpillSort) Add(key, value []byte) {
	if s.err != nil {
		return
	}
	off := len(s.arena)
	if n := off + len(key) + len(value); n > cap(s.arena) {
		s.growArena(n)
	}
	s.arena = append(append(s.arena, key...), value...)
	s.ents = append(s.ents, arenaEntry{off: uint32(off), klen: uint32(len(key)), vlen: uint32(len(value))})
	if len(s.arena)+arenaEntryBytes*len(s.ents) >= s.limit {
		s.err = s.cut()
	}
}

// growArena makes room for n bytes in the arena, doubling it up to the
// limit it is cut at: grown by append's quarter at a time, the arenas of a
// full run's workers were allocated two and a half times over before they
// reached it.
func (s *SpillSort) growArena(n int) {
	c := max(min(2*cap(s.arena), s.limit), n, 64<<10)
	grown := make([]byte, len(s.arena), c)
	copy(grown, s.arena)
	s.arena = grown
}

// AddEntries adds entries (puts: Tomb is not looked at).
func (s *SpillSort) AddEntries(es ...Entry) {
	for _, e := range es {
		s.Add(e.Key, e.Value)
	}
}

// Cut sorts the entries still pending into one more run. A goroutine that
// filled the collection calls it when done, so that it pays for its last
// sort itself rather than the one that merges.
func (s *SpillSort) Cut() {
	if s.err == nil {
		s.err = s.cut()
	}
}

func (s *SpillSort) key(e arenaEntry) []byte {
	return s.arena[e.off : e.off+e.klen : e.off+e.klen]
}

// cut sorts the pending entries and writes them as one more run; of a key
// added twice the first in sorted order is kept.
func (s *SpillSort) cut() error {
	if len(s.ents) == 0 {
		return nil
	}
	sortArena(s.arena, s.ents)
	run, err := writeSpillRun(s.dir, len(s.arena)+len(s.arena)/8, s.writeRun)
	if err != nil {
		return fmt.Errorf("index run %d: %w", len(s.runs), err)
	}
	s.runs = append(s.runs, run)
	s.arena, s.ents = s.arena[:0], s.ents[:0]
	return nil
}

// writeSpillRun writes one run through write: into an unlinked file of
// dir, or into memory when dir is "" (hint is about its size there).
func writeSpillRun(dir string, hint int, write func(w io.Writer) error) (spillRun, error) {
	if dir == "" {
		var buf bytes.Buffer
		buf.Grow(hint)
		err := write(&buf)
		return spillRun{data: buf.Bytes(), size: int64(buf.Len())}, err
	}
	f, err := os.CreateTemp(dir, ".run-*")
	if err != nil {
		return spillRun{}, err
	}
	// Unlinked at once: its space goes back when it is closed or the
	// process dies, so a killed run leaves nothing behind.
	_ = os.Remove(f.Name())
	bw := bufio.NewWriterSize(f, 1<<20)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	var size int64
	if err == nil {
		size, err = f.Seek(0, io.SeekCurrent)
	}
	if err != nil {
		f.Close()
		return spillRun{}, err
	}
	return spillRun{file: f, size: size}, nil
}

// writeRun writes the sorted pending entries, each as the length of the
// prefix its key shares with the key before, the lengths of the rest of
// the key and of the value, then those bytes (uvarints).
func (s *SpillSort) writeRun(w io.Writer) error {
	var last []byte
	head := make([]byte, 0, 3*binary.MaxVarintLen32)
	out := make([]byte, 0, 64<<10)
	for i, e := range s.ents {
		key := s.key(e)
		shared := 0
		if i > 0 {
			shared = table.CommonPrefix(last, key)
			if shared == len(key) && len(key) == len(last) {
				continue // a key added twice
			}
		}
		value := s.arena[e.off+e.klen : e.off+e.klen+e.vlen]
		head = binary.AppendUvarint(head[:0], uint64(shared))
		head = binary.AppendUvarint(head, uint64(len(key)-shared))
		head = binary.AppendUvarint(head, uint64(len(value)))
		out = append(append(append(out, head...), key[shared:]...), value...)
		if len(out) >= 64<<10 {
			if _, err := w.Write(out); err != nil {
				return err
			}
			out = out[:0]
		}
		last = key
	}
	_, err := w.Write(out)
	return err
}

// Close drops the collection unread, releasing its runs' files.
func (s *SpillSort) Close() {
	s.arena, s.ents = nil, nil
	closeSpillRuns(s.runs)
	s.runs = nil
}

func closeSpillRuns(runs []spillRun) {
	for _, r := range runs {
		if r.file != nil {
			r.file.Close()
		}
	}
}

// SpillRuns are the runs of collections filled side by side, to be read
// once, merged, in key order.
type SpillRuns struct {
	runs []spillRun
	once sync.Once
}

// MergeSpills finishes collections filled side by side (one per
// goroutine) and returns their runs, to be streamed as one. Each key must
// have been added to one collection only (a key added to two keeps one of
// its values). The collections must not be used afterwards; closing the
// result releases their files.
func MergeSpills(ss ...*SpillSort) (*SpillRuns, error) {
	out := &SpillRuns{}
	var err error
	for _, s := range ss {
		s.Cut()
		if s.err != nil && err == nil {
			err = s.err
		}
		out.runs = append(out.runs, s.runs...)
		s.runs, s.arena, s.ents = nil, nil, nil
	}
	if err != nil {
		out.Close()
		return nil, fmt.Errorf("index runs: %w", err)
	}
	return out, nil
}

// Runs is how many sorted runs a stream merges.
func (m *SpillRuns) Runs() int { return len(m.runs) }

// Close releases the runs' files.
func (m *SpillRuns) Close() error {
	m.once.Do(func() { closeSpillRuns(m.runs) })
	return nil
}

// Stream calls fn for each entry whose key starts with prefix, in key
// order, each key once. key and value are valid only during the call;
// ErrStop ends the stream early.
func (m *SpillRuns) Stream(prefix []byte, fn func(key, value []byte) error) error {
	h := make(runHeap, 0, len(m.runs))
	for i, r := range m.runs {
		rr := &runReader{chunkReader: newChunkReader(r), order: i}
		ok, err := rr.next()
		if err != nil {
			return err
		}
		if ok {
			h = append(h, rr)
		}
	}
	h.init()
	var last []byte
	emitted := false
	for len(h) > 0 {
		top := h[0]
		if !emitted || !bytes.Equal(top.key, last) {
			if bytes.HasPrefix(top.key, prefix) {
				if err := fn(top.key, top.value); err != nil {
					if err == ErrStop {
						return nil
					}
					return err
				}
			}
			last = append(last[:0], top.key...)
			emitted = true
		}
		ok, err := top.next()
		if err != nil {
			return err
		}
		if ok {
			h.fix0()
		} else {
			h.pop0()
		}
	}
	return nil
}

// Scan is Stream, so that runs read once in key order can be read a
// group at a time (GroupCursor).
func (m *SpillRuns) Scan(prefix []byte, fn func(key, value []byte) error) error {
	return m.Stream(prefix, fn)
}

// runChunk is how many bytes of a run in a file are read at a time: a
// full run at 100,000 files merges over a hundred runs, each holding a
// buffer of up to twice this while the merge lasts.
const runChunk = 32 << 10

var errRunCorrupt = errors.New("corrupt index run")

// chunkReader reads a run's bytes in order, a chunk at a time: a run in
// memory is read in place.
type chunkReader struct {
	run  spillRun
	buf  []byte // the bytes read and not yet consumed start at pos
	pos  int
	read int64 // bytes of the file read into buf so far
}

func newChunkReader(run spillRun) chunkReader {
	if run.data != nil {
		return chunkReader{run: run, buf: run.data}
	}
	return chunkReader{run: run, buf: make([]byte, 0, runChunk)}
}

// fill reads the next chunk of the run's file, at least want bytes of it
// where the file has them, behind what is left unconsumed; false at the
// file's end (or for a run in memory).
func (r *chunkReader) fill(want int) (bool, error) {
	if r.run.file == nil || r.read >= r.run.size {
		return false, nil
	}
	left := len(r.buf) - r.pos
	n := int(min(int64(max(want, runChunk)), r.run.size-r.read))
	if need := left + n; cap(r.buf) < need {
		grown := make([]byte, left, need)
		copy(grown, r.buf[r.pos:])
		r.buf = grown
	} else {
		r.buf = r.buf[:copy(r.buf, r.buf[r.pos:])]
	}
	r.pos = 0
	if _, err := r.run.file.ReadAt(r.buf[left:left+n], r.read); err != nil {
		return false, fmt.Errorf("read index run: %w", err)
	}
	r.buf = r.buf[:left+n]
	r.read += int64(n)
	return true, nil
}

// ensure makes the unconsumed bytes at least n, or all that are left of
// the run, and returns them.
func (r *chunkReader) ensure(n int) ([]byte, error) {
	for len(r.buf)-r.pos < n {
		more, err := r.fill(n - (len(r.buf) - r.pos))
		if err != nil || !more {
			return r.buf[r.pos:], err
		}
	}
	return r.buf[r.pos:], nil
}

// runReader reads one run's entries in order.
type runReader struct {
	chunkReader
	order int // the run's place among those merged: equal keys go by it
	key   []byte
	value []byte
}

// next moves to the run's next entry; false at its end.
func (r *runReader) next() (bool, error) {
	for {
		if n, ok := r.parse(); ok {
			r.pos += n
			return true, nil
		}
		more, err := r.fill(runChunk)
		if err != nil {
			return false, err
		}
		if !more {
			if r.pos < len(r.buf) {
				return false, errRunCorrupt
			}
			return false, nil
		}
	}
}

// parse decodes the entry at pos, if buf holds all of it; it returns its
// length.
func (r *runReader) parse() (int, bool) {
	b := r.buf[r.pos:]
	shared, n1 := binary.Uvarint(b)
	if n1 <= 0 {
		return 0, false
	}
	rest, n2 := binary.Uvarint(b[n1:])
	if n2 <= 0 {
		return 0, false
	}
	vlen, n3 := binary.Uvarint(b[n1+n2:])
	if n3 <= 0 {
		return 0, false
	}
	h := n1 + n2 + n3
	if uint64(len(b)-h) < rest+vlen || shared > uint64(len(r.key)) {
		return 0, false
	}
	kEnd := h + int(rest)
	r.key = append(r.key[:shared], b[h:kEnd]...)
	r.value = b[kEnd : kEnd+int(vlen) : kEnd+int(vlen)]
	return kEnd + int(vlen), true
}

// runHeap orders the runs being merged by their current keys, then by
// their order.
type runHeap []*runReader

func (h runHeap) less(i, j int) bool {
	if c := bytes.Compare(h[i].key, h[j].key); c != 0 {
		return c < 0
	}
	return h[i].order < h[j].order
}

func (h runHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// fix0 restores the heap after its top's key moved on.
func (h runHeap) fix0() { h.down(0) }

func (h *runHeap) pop0() {
	old := *h
	n := len(old) - 1
	old[0] = old[n]
	old[n] = nil
	*h = old[:n]
	h.down(0)
}

func (h runHeap) down(i int) {
	n := len(h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		j := l
		if r := l + 1; r < n && h.less(r, l) {
			j = r
		}
		if !h.less(j, i) {
			return
		}
		h[i], h[j] = h[j], h[i]
		i = j
	}
}

// sortArena sorts the entries by key, in place (a most-significant-byte
// radix sort, as sortedOrder; the entries are moved themselves, as they
// hold no pointers and moving one pays no write barrier).
func sortArena(arena []byte, ents []arenaEntry) {
	sortArenaFrom(arena, ents, make([]uint16, len(ents)), 0)
}

func arenaByteAt(arena []byte, e arenaEntry, d int) int {
	if uint32(d) < e.klen {
		return int(arena[e.off+uint32(d)]) + 1
	}
	return 0
}

// sortArenaFrom sorts entries whose keys share their first d bytes;
// buckets is scratch space as long as ents.
func sortArenaFrom(arena []byte, ents []arenaEntry, buckets []uint16, d int) {
	for len(ents) > radixCutoff {
		var count [257]int
		for i, e := range ents {
			b := arenaByteAt(arena, e, d)
			buckets[i] = uint16(b)
			count[b]++
		}
		if n := count[buckets[0]]; n == len(ents) {
			if ents[0].klen <= uint32(d) {
				return // every key ends here: all are equal
			}
			d++
			continue
		}
		start := flagPermute(ents, buckets, &count)
		for b := 1; b < len(count); b++ {
			if count[b] > 1 {
				lo, hi := start[b], start[b]+count[b]
				sortArenaFrom(arena, ents[lo:hi], buckets[lo:hi], d+1)
			}
		}
		return
	}
	slices.SortFunc(ents, func(a, b arenaEntry) int {
		return bytes.Compare(arena[a.off+uint32(d):a.off+a.klen], arena[b.off+uint32(d):b.off+b.klen])
	})
}
