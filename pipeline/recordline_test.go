package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/table"
)

// recordOf is the stand-in record of path i in these tests.
func recordOf(i int) []byte { return bytes.Repeat([]byte{byte(i)}, 100+i%300) }

// TestRecordLineWritesInPathOrder: records put by workers that take the
// paths in batches, as the index pass's do, each finishing out of order
// with the others, go into the table in path order under their keys; a
// path put without a record gets no entry.
func TestRecordLineWritesInPathOrder(t *testing.T) {
	paths := make([]string, 5000)
	for i := range paths {
		paths[i] = fmt.Sprintf("dir/f%05d.go", i)
	}
	var out bytes.Buffer
	w := table.NewWriter(&out, table.Options{})
	line := newRecordLine(paths)
	written := make(chan error, 1)
	go func() { written <- line.write(context.Background(), w) }()
	var next atomic.Int64
	var wg sync.WaitGroup
	for worker := range 4 {
		wg.Go(func() {
			for {
				lo := int(next.Add(64)) - 64
				if lo >= len(paths) {
					return
				}
				for i := lo; i < min(lo+64, len(paths)); i++ {
					if (i+worker)%5 == 0 {
						time.Sleep(time.Microsecond) // the workers run unevenly
					}
					if i%7 == 3 {
						line.put(i, nil)
						continue
					}
					line.put(i, recordOf(i))
				}
			}
		})
	}
	wg.Wait()
	if err := <-written; err != nil {
		t.Fatal(err)
	}
	it, i := closeAndOpen(t, w, &out).Iter(nil, nil), 0
	for ; it.Next(); i++ {
		for i%7 == 3 {
			i++
		}
		if !bytes.Equal(it.Key(), snapshot.FileKey(paths[i])) || !bytes.Equal(it.Value(), recordOf(i)) {
			t.Fatalf("entry for path %d is %q", i, it.Key())
		}
	}
	for i < len(paths) && i%7 == 3 {
		i++
	}
	if it.Err() != nil || i != len(paths) {
		t.Fatalf("stopped at path %d of %d: %v", i, len(paths), it.Err())
	}
}

// TestRecordLineStopReleasesEveryone: a worker that runs more than the
// window ahead of the writer waits; when the line stops (the pass failed
// on a record the writer waits for), the writer returns the error and the
// waiting worker goes on, and nothing hangs.
func TestRecordLineStopReleasesEveryone(t *testing.T) {
	paths := make([]string, 3*recordWindow)
	for i := range paths {
		paths[i] = fmt.Sprintf("f%05d.go", i)
	}
	line := newRecordLine(paths)
	written := make(chan error, 1)
	go func() {
		written <- line.write(context.Background(), table.NewWriter(&bytes.Buffer{}, table.Options{}))
	}()
	ahead := make(chan struct{})
	go func() {
		// Path 0 never comes: this worker fills the window behind it and
		// then waits for the writer.
		for i := 1; i <= recordWindow+10; i++ {
			line.put(i, recordOf(i))
		}
		close(ahead)
	}()
	select {
	case <-ahead:
		t.Fatal("a worker ran past the window while the writer waited for path 0")
	case <-time.After(50 * time.Millisecond):
	}
	failed := errors.New("record 0 failed")
	line.stop(failed)
	select {
	case err := <-written:
		if !errors.Is(err, failed) {
			t.Fatalf("write = %v, want the pass's error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the writer still waits after the line stopped")
	}
	select {
	case <-ahead:
	case <-time.After(10 * time.Second):
		t.Fatal("the worker still waits after the line stopped")
	}
}

// TestRecordLineBoundsTheBytesHeld: a run of large records ahead of the
// one the writer waits for waits once they hold recordBytes, well inside
// the window; the record the writer waits for still goes in, and then
// every other one.
func TestRecordLineBoundsTheBytesHeld(t *testing.T) {
	const large = 256 << 10
	paths := make([]string, 300)
	for i := range paths {
		paths[i] = fmt.Sprintf("gen/f%03d.pb.go", i)
	}
	line := newRecordLine(paths)
	written := make(chan error, 1)
	go func() { written <- line.write(context.Background(), table.NewWriter(io.Discard, table.Options{})) }()
	var put atomic.Int64
	done := make(chan struct{})
	go func() {
		for i := 1; i < len(paths); i++ {
			line.put(i, bytes.Repeat([]byte{byte(i)}, large))
			put.Add(1)
		}
		close(done)
	}()
	// Wait until the worker stops making progress (or finishes).
	for last := int64(-1); put.Load() != last; {
		last = put.Load()
		select {
		case <-done:
		case <-time.After(200 * time.Millisecond):
		}
	}
	if n := put.Load(); n > recordBytes/large {
		t.Fatalf("%d records of %d bytes put ahead of the writer, want at most %d", n, large, recordBytes/large)
	}
	line.put(0, recordOf(0))
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the workers still wait after the writer's record came (%d put)", put.Load())
	}
	if err := <-written; err != nil {
		t.Fatal(err)
	}
}
