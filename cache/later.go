package cache

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	badger "github.com/dgraph-io/badger/v4"
	"golang.org/x/sync/semaphore"

	"github.com/lgraph/lgraph/internal/goroutines"
)

// laterQueue carries PutLater's values to one goroutine of its own, which
// sets them in badger write batches and commits those. A batch commits
// whenever its transaction fills (a few MiB) and each commit waits until
// badger has written the one before into its log and memtable (and, when
// both memtables are full, until one is flushed): on the parse workers of
// an init that wait left a core idle, and the other worker queued on the
// cache's lock behind it. Here the workers only wait when the values
// queued reach a quarter of the batch size (laterShare).
type laterQueue struct {
	c          *Cache
	items      chan laterItem
	room       *semaphore.Weighted // bytes queued and not yet set in a batch
	roomBytes  int64               // what room holds
	batchBytes int64               // what a batch holds before it commits
	done       chan struct{}       // closed when the goroutine has returned
	// writer names the goroutine that writes (tests).
	writer atomic.Value

	// Owned by the goroutine.
	batch   *badger.WriteBatch
	pending int64 // bytes set in batch since its last commit
	err     error // the first write error, returned by the next flush
}

// laterItem is a value to set, or (flushed set) a request to commit what
// came before it.
type laterItem struct {
	key, val []byte
	flushed  chan error
}

// laterDepth is how many values may wait in the channel; the bytes
// waiting are bounded by the batch size.
const laterDepth = 1024

// laterShare is the part of a batch's bytes the queue holds: enough to
// keep the workers going while the goroutine waits on a commit, without
// the run holding much more than a batch.
const laterShare = 4

func newLaterQueue(c *Cache) *laterQueue {
	room := int64(max(c.batchBytes/laterShare, 1))
	q := &laterQueue{c: c, items: make(chan laterItem, laterDepth), room: semaphore.NewWeighted(room), roomBytes: room,
		batchBytes: int64(c.batchBytes), done: make(chan struct{})}
	go q.run()
	return q
}

// put queues a value, waiting while the values queued fill a batch.
func (q *laterQueue) put(key string, val []byte) {
	_ = q.room.Acquire(context.Background(), q.weight(val)) // fails only on a done context
	q.items <- laterItem{key: []byte(key), val: val}
}

// weight is what a value counts against the queue's room: its size, up
// to the whole room (a larger value waits for an empty queue).
func (q *laterQueue) weight(val []byte) int64 { return min(int64(len(val)), q.roomBytes) }

// flush commits every value queued before it and returns the first error
// since the last flush.
func (q *laterQueue) flush() error {
	reply := make(chan error, 1)
	q.items <- laterItem{flushed: reply}
	return <-reply
}

// stop flushes, then ends the goroutine.
func (q *laterQueue) stop() error {
	err := q.flush()
	close(q.items)
	<-q.done
	return err
}

func (q *laterQueue) run() {
	defer close(q.done)
	q.writer.Store(goroutines.Current())
	for it := range q.items {
		if it.flushed != nil {
			it.flushed <- q.commit()
			continue
		}
		q.set(it)
		q.room.Release(q.weight(it.val))
	}
}

// set adds one value to the batch, committing the batch once it holds
// batchBytes: until it commits its values stay in memory.
func (q *laterQueue) set(it laterItem) {
	if q.err != nil || !q.c.usable() {
		return
	}
	if q.batch == nil {
		q.batch = q.c.db.NewWriteBatch()
	}
	if err := q.batch.Set(it.key, it.val); err != nil {
		q.note(fmt.Errorf("cache put %s: %w", it.key, err))
		return
	}
	if q.pending += int64(len(it.val)); q.pending >= q.batchBytes {
		q.note(q.commitBatch())
	}
}

// commit commits the batch and returns (and forgets) the first error met
// since the last commit.
func (q *laterQueue) commit() error {
	q.note(q.commitBatch())
	err := q.err
	q.err = nil
	return err
}

func (q *laterQueue) commitBatch() error {
	q.pending = 0
	if q.batch == nil {
		return nil
	}
	err := guard("flush", q.batch.Flush)
	q.batch = nil
	if err != nil {
		return fmt.Errorf("cache flush: %w", err)
	}
	return nil
}

// note keeps the first error; damage is recorded instead (see hurt), so
// the run goes on without the values the damaged cache lost.
func (q *laterQueue) note(err error) {
	switch {
	case err == nil:
	case errors.Is(err, ErrDamaged):
		q.c.hurt(err)
	case q.err == nil:
		q.err = err
	}
}
