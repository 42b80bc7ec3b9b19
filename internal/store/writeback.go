package store

import "os"

// writebackFile is a table file being written that asks the kernel to
// start writing each writebackBytes of it to disk as soon as they are
// written (startWriteback), so that the sync before the table is renamed
// into place waits for the last stretch only. Left to the kernel's
// flusher, a 930 MB table (100,000 files) was still in memory when the
// sync came, and the sync wrote all of it while both cores idled.
type writebackFile struct {
	f       *os.File
	written int64 // bytes written
	started int64 // bytes whose writeback was started
}

// writebackBytes is how much is written before writeback is started.
const writebackBytes = 8 << 20

func (w *writebackFile) Write(b []byte) (int, error) {
	n, err := w.f.Write(b)
	w.written += int64(n)
	if w.written-w.started >= writebackBytes {
		startWriteback(w.f, w.started, w.written-w.started)
		w.started = w.written
	}
	return n, err
}
