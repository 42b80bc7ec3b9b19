package pipeline

import (
	"errors"

	"github.com/lgraph/lgraph/internal/table"
)

// indexBatchBytes is about how many bytes of entries the index stream
// hands over at a time, and indexAhead how many batches it reads ahead
// of the writer: enough that neither side waits on the other's every
// entry, little beside the runs' own buffers.
const (
	indexBatchBytes = 256 << 10
	indexAhead      = 4
)

// indexStream reads a full run's merged index runs in key order on a
// goroutine of its own, ahead of the table writer. Merging the runs
// (a heap over a few dozen of them, their blocks read back and checked)
// costs about what writing the entries does, and both are serial: apart,
// the two take about half the wall time they take in turn.
type indexStream struct {
	batches <-chan indexEntries
	// free takes back the batches the writer is done with, for the reader
	// to fill again: copied into new ones, the entries of a full run's
	// index were allocated once more (at 100,000 files about a gigabyte,
	// each collection of it marking the run's whole heap).
	free chan indexEntries
	stop chan struct{}
	done chan struct{}
	cur  indexEntries
	i    int
	err  error
	// made and sent count the batches the reader allocated and handed
	// over (read after close).
	made, sent int
}

// indexEntries is a batch of entries copied out of the runs: their keys
// and values back to back in buf, each entry's end offsets in ends.
type indexEntries struct {
	buf  []byte
	ends []int // key end, value end, for each entry
	err  error
}

var errStreamStopped = errors.New("index stream stopped")

// streamedIndex is an index read once in key order: a full run's merged
// runs (snapshot.SpillRuns), or a table read as a KV.
type streamedIndex interface {
	Stream(prefix []byte, fn func(key, value []byte) error) error
}

// streamIndex starts reading index from its first key.
func streamIndex(index streamedIndex) *indexStream {
	batches := make(chan indexEntries, indexAhead)
	// Batches in flight: those queued, the writer's and the one filling.
	s := &indexStream{batches: batches, free: make(chan indexEntries, indexAhead+2), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer close(batches)
		b := s.batch()
		send := func() bool {
			select {
			case batches <- b:
				s.sent++
				b = s.batch()
				return true
			case <-s.stop:
				return false
			}
		}
		err := index.Stream(nil, func(k, v []byte) error {
			b.buf = append(b.buf, k...)
			b.ends = append(b.ends, len(b.buf))
			b.buf = append(b.buf, v...)
			b.ends = append(b.ends, len(b.buf))
			if len(b.buf) >= indexBatchBytes && !send() {
				return errStreamStopped
			}
			return nil
		})
		if errors.Is(err, errStreamStopped) {
			return
		}
		b.err = err
		send()
	}()
	return s
}

// batch is an empty batch to fill: one the writer is done with, or a new
// one.
func (s *indexStream) batch() indexEntries {
	select {
	case b := <-s.free:
		return indexEntries{buf: b.buf[:0], ends: b.ends[:0]}
	default:
		s.made++
		return indexEntries{buf: make([]byte, 0, indexBatchBytes+indexBatchBytes/4)}
	}
}

// copyKeyspace writes the stream's entries of keyspace ks to w. The
// keyspaces must be asked for in key order; entries of a keyspace not
// asked for are passed over, as a scan of each keyspace would.
func (s *indexStream) copyKeyspace(w *table.Writer, ks byte) error {
	for {
		k, v, ok := s.peek()
		if !ok {
			return s.err
		}
		if len(k) > 0 && k[0] > ks {
			return nil
		}
		if len(k) > 0 && k[0] == ks {
			if err := w.Add(k, v); err != nil {
				return err
			}
		}
		s.i += 2
	}
}

// peek returns the next entry without taking it; ok is false at the end
// of the stream or after an error (s.err).
func (s *indexStream) peek() (key, value []byte, ok bool) {
	for s.i >= len(s.cur.ends) {
		if s.err != nil {
			return nil, nil, false
		}
		b, more := <-s.batches
		if !more {
			return nil, nil, false
		}
		if s.cur.buf != nil {
			select { // the writer copied its entries: Add keeps no slice of them
			case s.free <- s.cur:
			default:
			}
		}
		s.cur, s.i, s.err = b, 0, b.err
	}
	start := 0
	if s.i > 0 {
		start = s.cur.ends[s.i-1]
	}
	kEnd, vEnd := s.cur.ends[s.i], s.cur.ends[s.i+1]
	return s.cur.buf[start:kEnd:kEnd], s.cur.buf[kEnd:vEnd:vEnd], true
}

// close stops the reader and waits for it, so that the runs can be
// closed under it.
func (s *indexStream) close() {
	close(s.stop)
	<-s.done
}
