package table

import (
	"errors"
	"fmt"
	"io"
)

// Options tune a Writer; the zero value gives the defaults.
type Options struct {
	// BlockSize is the size in bytes at which a data or index block is cut
	// (default 4096). A block holding one large entry is as large as it.
	BlockSize int
	// RestartInterval is the number of data entries between whole,
	// not prefix-compressed keys (default 16): larger makes smaller files
	// and longer in-block scans.
	RestartInterval int
}

// Info describes a written or opened table.
type Info struct {
	Entries     uint64 // records, tombstones included
	Tombstones  uint64
	DataBlocks  uint64
	IndexBlocks uint64
	Height      int   // index levels above the data blocks
	Size        int64 // bytes in the file
}

var errClosed = errors.New("table writer closed")

// Writer writes one table to an io.Writer. Keys must come in strictly
// increasing byte order. After any error the Writer refuses further calls.
// It does not buffer beyond one block, close or sync w: callers that write
// files wrap w in a bufio.Writer and sync and rename the file themselves.
type Writer struct {
	w       io.Writer
	opts    Options
	off     uint64
	data    blockBuilder
	levels  []*indexLevel
	started bool
	info    Info
	err     error
}

// indexLevel is one level of the index tree under construction.
type indexLevel struct {
	b       blockBuilder
	flushed int // blocks of this level already written
}

// NewWriter returns a Writer that writes a table to w.
func NewWriter(w io.Writer, opts Options) *Writer {
	if opts.BlockSize <= 0 {
		opts.BlockSize = defaultBlock
	}
	if opts.RestartInterval <= 0 {
		opts.RestartInterval = defaultRIntv
	}
	return &Writer{w: w, opts: opts, data: blockBuilder{interval: opts.RestartInterval}}
}

// Add appends key with value.
func (w *Writer) Add(key, value []byte) error { return w.add(key, value, false) }

// Delete appends a tombstone for key: in a View it hides older layers' key.
func (w *Writer) Delete(key []byte) error { return w.add(key, nil, true) }

func (w *Writer) add(key, value []byte, tomb bool) error {
	if w.err != nil {
		return w.err
	}
	shared, err := w.check(key, value)
	if err != nil {
		w.err = err
		return err
	}
	w.data.addShared(key, value, tomb, shared)
	w.started = true
	w.info.Entries++
	if tomb {
		w.info.Tombstones++
	}
	if w.data.size() >= w.opts.BlockSize {
		w.err = w.flushData()
	}
	return w.err
}

// check refuses an entry the table cannot take; it returns the length of
// the prefix key shares with the key before it, which both orders the two
// and is what the block's prefix compression stores.
func (w *Writer) check(key, value []byte) (shared int, err error) {
	switch {
	case len(key) > MaxKeySize:
		return 0, fmt.Errorf("table: key of %d bytes exceeds %d", len(key), MaxKeySize)
	case len(value) > MaxValueSize:
		return 0, fmt.Errorf("table: value of %d bytes for key %q exceeds %d", len(value), key, MaxValueSize)
	case !w.started:
		return 0, nil
	}
	last := w.data.last // kept across blocks: the table's last key
	shared = CommonPrefix(last, key)
	if shared == len(key) || shared < len(last) && key[shared] < last[shared] {
		return 0, fmt.Errorf("table: key %q after %q: keys must strictly increase", key, last)
	}
	return shared, nil
}

// flushData writes the pending data block and indexes it under its last key.
func (w *Writer) flushData() error {
	h, _, err := w.writeBlock(&w.data)
	if err != nil {
		return err
	}
	w.info.DataBlocks++
	return w.addIndex(0, w.data.last, h)
}

// addIndex records a child block at index level i, cutting that level's
// block once it is full and holds two entries, so that every level has at
// most half the blocks of the one below and the tree ends in one root.
func (w *Writer) addIndex(i int, lastKey []byte, h handle) error {
	if i == len(w.levels) {
		w.levels = append(w.levels, &indexLevel{b: blockBuilder{interval: 1}})
	}
	l := w.levels[i]
	l.b.add(lastKey, appendHandle(nil, h), false)
	if l.b.size() < w.opts.BlockSize || l.b.n < 2 {
		return nil
	}
	return w.flushIndex(i)
}

func (w *Writer) flushIndex(i int) error {
	l := w.levels[i]
	h, _, err := w.writeBlock(&l.b)
	if err != nil {
		return err
	}
	l.flushed++
	w.info.IndexBlocks++
	return w.addIndex(i+1, l.b.last, h)
}

// writeBlock finishes b, writes it and resets b (keeping its last key); it
// returns the block's handle and crc.
func (w *Writer) writeBlock(b *blockBuilder) (handle, uint32, error) {
	buf := b.finish()
	h := handle{off: w.off, len: uint64(len(buf)), num: w.info.DataBlocks + w.info.IndexBlocks}
	crc := le.Uint32(buf[len(buf)-4:])
	if _, err := w.w.Write(buf); err != nil {
		return handle{}, 0, fmt.Errorf("table: write block: %w", err)
	}
	w.off += h.len
	b.reset()
	return h, crc, nil
}

// Close writes the remaining blocks, the index root and the footer. It does
// not close the underlying io.Writer.
func (w *Writer) Close() (Info, error) {
	if w.err != nil {
		return Info{}, w.err
	}
	w.err = errClosed
	if w.data.n > 0 {
		if err := w.flushData(); err != nil {
			return Info{}, err
		}
	}
	f, err := w.finishIndex()
	if err != nil {
		return Info{}, err
	}
	if _, err := w.w.Write(f.encode()); err != nil {
		return Info{}, fmt.Errorf("table: write footer: %w", err)
	}
	w.info.Height = f.height
	w.info.Size = int64(w.off) + footerSize
	return w.info, nil
}

// finishIndex flushes each level's pending entries upward until a level
// holds everything in one block, and writes that block as the root.
func (w *Writer) finishIndex() (footer, error) {
	if len(w.levels) == 0 {
		w.levels = append(w.levels, &indexLevel{b: blockBuilder{interval: 1}})
	}
	for i := 0; ; i++ {
		l := w.levels[i]
		if i == len(w.levels)-1 && l.flushed == 0 {
			h, crc, err := w.writeBlock(&l.b)
			if err != nil {
				return footer{}, err
			}
			w.info.IndexBlocks++
			return w.footer(h, i+1, crc), nil
		}
		if l.b.n > 0 {
			if err := w.flushIndex(i); err != nil {
				return footer{}, err
			}
		}
	}
}

func (w *Writer) footer(root handle, height int, rootCRC uint32) footer {
	return footer{
		root: root, height: height, rootCRC: rootCRC,
		entries: w.info.Entries, tombs: w.info.Tombstones,
		dataBlks: w.info.DataBlocks, indexBlks: w.info.IndexBlocks,
	}
}
