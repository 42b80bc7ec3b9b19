package store

import (
	"io"
	"sync"
)

// behindWriter buffers what is written to it and hands each full buffer to
// a goroutine of its own that writes it on to w: a table's writer then
// goes on building blocks while the bytes before them are hashed and
// copied into the file (at 20,000 files, 180 MB: hashing them and the
// write calls took a second of the writer's own time). The bytes reach w
// in order, unchanged. Not safe for concurrent use; Close must be called.
type behindWriter struct {
	buf  []byte
	full chan []byte // buffers for the goroutine to write
	free chan []byte // buffers it wrote, to fill again
	done chan struct{}
	mu   sync.Mutex
	err  error // the first error w returned
}

// behindBuffers is how many buffers are in flight: one being filled, one
// being written, one waiting between them.
const behindBuffers = 3

func newBehindWriter(w io.Writer, size int) *behindWriter {
	b := &behindWriter{full: make(chan []byte, behindBuffers), free: make(chan []byte, behindBuffers), done: make(chan struct{})}
	for range behindBuffers - 1 {
		b.free <- make([]byte, 0, size)
	}
	b.buf = make([]byte, 0, size)
	go b.drain(w)
	return b
}

// drain writes the full buffers in order until Close; after an error it
// only hands them back.
func (b *behindWriter) drain(w io.Writer) {
	defer close(b.done)
	for buf := range b.full {
		if b.failed() == nil {
			if _, err := w.Write(buf); err != nil {
				b.mu.Lock()
				b.err = err
				b.mu.Unlock()
			}
		}
		b.free <- buf[:0]
	}
}

func (b *behindWriter) failed() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// Write implements io.Writer. An error of an earlier write is returned by
// a later Write or by Close.
func (b *behindWriter) Write(p []byte) (int, error) {
	if err := b.failed(); err != nil {
		return 0, err
	}
	n := len(p)
	for len(p) > 0 {
		if len(b.buf) == cap(b.buf) {
			b.full <- b.buf
			b.buf = <-b.free
		}
		k := min(len(p), cap(b.buf)-len(b.buf))
		b.buf = append(b.buf, p[:k]...)
		p = p[k:]
	}
	return n, nil
}

// Close writes what is buffered, waits until everything is written and
// returns the first error.
func (b *behindWriter) Close() error {
	if len(b.buf) > 0 {
		b.full <- b.buf
	}
	b.buf = nil
	close(b.full)
	<-b.done
	return b.failed()
}
