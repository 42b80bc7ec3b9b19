// Package behind writes behind the goroutine that produces the bytes: a
// Writer hands full buffers to goroutines that write them on, so that the
// producer (a table writer building blocks) goes on while the kernel
// copies the bytes before them.
package behind

import (
	"io"
	"sync"
	"sync/atomic"
)

// Writer buffers what is written to it and hands each full buffer to
// goroutines that write it on to its sinks, one goroutine a sink: a
// table's writer then goes on building blocks while the bytes before them
// are copied into the file and, at once on the other core, hashed (at
// 100,000 files, 900 MB: the write calls took 3 s and the hash 0.6 s,
// which in turn on one goroutine were the longest chain of the publish
// step's tail). Each sink gets the bytes in order, unchanged. Not safe
// for concurrent use; Close must be called.
type Writer struct {
	buf   *buffer
	sinks []chan *buffer // buffers for each sink's goroutine to write
	free  chan *buffer   // buffers every sink wrote, to fill again
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error // the first error a sink returned
}

// buffer is a buffer handed to the sinks, and how many of them have
// yet to write it: the last one hands it back.
type buffer struct {
	b    []byte
	left atomic.Int32
}

// buffers is how many buffers are in flight: one being filled, and
// the rest being written or waiting, so that a sink a buffer ahead of the
// others does not stop the filling.
const buffers = 4

// NewWriter returns a Writer handing buffers of size bytes to sinks.
func NewWriter(size int, sinks ...io.Writer) *Writer {
	b := &Writer{free: make(chan *buffer, buffers)}
	for range buffers - 1 {
		b.free <- &buffer{b: make([]byte, 0, size)}
	}
	b.buf = &buffer{b: make([]byte, 0, size)}
	for _, w := range sinks {
		ch := make(chan *buffer, buffers)
		b.sinks = append(b.sinks, ch)
		b.wg.Go(func() { b.drain(w, ch) })
	}
	return b
}

// drain writes the full buffers in order until Close; after an error it
// only hands them back.
func (b *Writer) drain(w io.Writer, full <-chan *buffer) {
	for buf := range full {
		if b.failed() == nil {
			if _, err := w.Write(buf.b); err != nil {
				b.fail(err)
			}
		}
		if buf.left.Add(-1) == 0 {
			buf.b = buf.b[:0]
			b.free <- buf
		}
	}
}

func (b *Writer) failed() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

func (b *Writer) fail(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err == nil {
		b.err = err
	}
}

// hand gives the buffer being filled to every sink.
func (b *Writer) hand() {
	b.buf.left.Store(int32(len(b.sinks)))
	for _, ch := range b.sinks {
		ch <- b.buf
	}
}

// Write implements io.Writer. An error of an earlier write is returned by
// a later Write or by Close.
func (b *Writer) Write(p []byte) (int, error) {
	if err := b.failed(); err != nil {
		return 0, err
	}
	n := len(p)
	for len(p) > 0 {
		if len(b.buf.b) == cap(b.buf.b) {
			b.hand()
			b.buf = <-b.free
		}
		k := min(len(p), cap(b.buf.b)-len(b.buf.b))
		b.buf.b = append(b.buf.b, p[:k]...)
		p = p[k:]
	}
	return n, nil
}

// Close writes what is buffered, waits until every sink wrote everything
// and returns the first error.
func (b *Writer) Close() error {
	if len(b.buf.b) > 0 {
		b.hand()
	}
	b.buf = nil
	for _, ch := range b.sinks {
		close(ch)
	}
	b.wg.Wait()
	return b.failed()
}
