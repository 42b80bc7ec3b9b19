package pipeline

import (
	"context"
	"sync"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/table"
)

// recordLine writes the records a full run's index pass encodes on its
// workers to the table, in path order, as they come: the records are the
// first keyspace (snapshot.KsFile), so the table writer takes them while
// the pass goes on, where they were spilled to a scratch file (300 MB at
// 100,000 files) and copied out of it after the pass, by one goroutine
// with a core idle (docs/measurements.md, "Stop 55").
//
// The workers take the paths in increasing order, a batch at a time
// (snapshot.SpillOnWorkers), so the one the writer waits for is always
// being read; a worker more than recordWindow paths ahead of the writer,
// or whose record would take the records held past recordBytes, waits for
// it. The path the writer waits for never waits, so the line always moves.
type recordLine struct {
	paths []string
	mu    sync.Mutex
	cond  *sync.Cond
	slots []recordSlot // by path index modulo recordWindow
	next  int          // the index the writer takes next
	held  int          // bytes of the records put and not yet taken
	err   error        // the writer's, or the pass's; ends the line
}

// recordSlot holds a path's encoded record once its worker has put it.
type recordSlot struct {
	rec    []byte
	has    bool // the path has a record (rec)
	filled bool // the path's worker has put it
}

// recordWindow is how many paths the workers may run ahead of the
// writer: a few batches of the pass, a few megabytes of records.
const recordWindow = 1024

// recordBytes bounds the bytes of the records put and not yet written, for
// a run of large records (generated files) in path order.
const recordBytes = 32 << 20

// keptBuffer is the largest record buffer a slot keeps for the next.
const keptBuffer = 1 << 20

func newRecordLine(paths []string) *recordLine {
	l := &recordLine{paths: paths, slots: make([]recordSlot, recordWindow)}
	l.cond = sync.NewCond(&l.mu)
	return l
}

// put hands the writer path i's encoded record (nil: the path has none),
// which it copies; it waits while i is recordWindow paths or more ahead
// of the writer, or while the records held would pass recordBytes (not
// for the path the writer waits for). After the line stopped it does
// nothing.
func (l *recordLine) put(i int, rec []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.err == nil && i != l.next && (i >= l.next+recordWindow || l.held+len(rec) > recordBytes) {
		l.cond.Wait()
	}
	if l.err != nil {
		return
	}
	s := &l.slots[i%recordWindow]
	s.rec = append(s.rec[:0], rec...)
	s.has, s.filled = rec != nil, true
	l.held += len(rec)
	l.cond.Broadcast()
}

// stop ends the line with err: the writer returns it, and workers waiting
// to put go on without putting.
func (l *recordLine) stop(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		l.err = err
	}
	l.cond.Broadcast()
}

// write adds every path's record to w in path order as the workers put
// them, until all are written or the line stops.
func (l *recordLine) write(ctx context.Context, w *table.Writer) error {
	var rec []byte
	for i := range l.paths {
		l.mu.Lock()
		s := &l.slots[i%recordWindow]
		for !s.filled && l.err == nil {
			l.cond.Wait()
		}
		if l.err != nil {
			err := l.err
			l.mu.Unlock()
			return err
		}
		// Swapped, so that the slot's next worker fills the buffer the
		// last record was added from, not this one.
		if cap(rec) > keptBuffer {
			rec = nil // a rare huge record's buffer is not kept
		}
		rec, s.rec = s.rec, rec[:0]
		has := s.has
		s.filled = false
		l.held -= len(rec)
		l.next = i + 1
		l.cond.Broadcast()
		l.mu.Unlock()
		if !has {
			continue
		}
		err := w.Add(snapshot.FileKey(l.paths[i]), rec)
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			l.stop(err)
			return err
		}
	}
	return nil
}
