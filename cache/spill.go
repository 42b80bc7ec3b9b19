package cache

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/pb"
	"github.com/dgraph-io/ristretto/v2/z"
	"github.com/klauspost/compress/s2"
)

// A bulk run on an empty cache (an init) writes every file's facts once
// and reads almost none of them back. Through badger each value was
// written to a memtable and its log, flushed into a level-0 table, and
// merged again into the bottom level when the run ended (settle): about
// 6.5 s of CPU at 100,000 files, the largest piece of an init that parsing
// does not pay (docs/measurements.md, "Stop 47"). Such a run's values go
// instead to an append-only file beside the database, and when the run
// finishes they are written once, in key order, straight into the bottom
// level through badger's StreamWriter.
//
// Values are kept s2-compressed (125 MB instead of 256 MB at 100,000
// files): the file's pages stay in the page cache until the run ends, beside
// the run's other scratch files, and every one of them was a page fetched
// fresh for a write (docs/measurements.md, "Stop 47").
//
// The file is named, not unlinked: a run killed after a phase flushed it
// leaves it behind, and the next open writes what it holds into the
// database (ingestSpill) before anything else, so a killed init's facts
// are kept as its memtables' were.
const spillName = "bulk-facts.spill"

// bulkSpill holds a bulk run's values (PutLater's and Put's) in the
// spill file, and where each key's latest value lies in it.
type bulkSpill struct {
	path string
	mu   sync.Mutex // guards all below
	f    *os.File
	w    *bufio.Writer
	end  int64 // bytes appended, buffered or not
	at   *spillKeys
	err  error // the first append that failed; every later one fails too
	// closed is set once the spill is sealed; reads are then ErrFinished.
	closed bool
	// records holds the *spillRecord buffers a record is built in.
	records sync.Pool
}

// spillRecord is where put builds a record: the value compressed, then
// the whole record.
type spillRecord struct{ enc, rec []byte }

// spillSpan is where a value lies in the spill file, compressed.
type spillSpan struct {
	off int64
	n   int
}

// newBulkSpill creates the spill file of the cache in dir.
func newBulkSpill(dir string) (*bulkSpill, error) {
	p := filepath.Join(dir, spillName)
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open cache spill %s: %w", p, err)
	}
	return &bulkSpill{path: p, f: f, w: bufio.NewWriterSize(f, 1<<20), at: newSpillKeys()}, nil
}

// spillCRC is the checksum that ends each record (see put).
var spillCRC = crc32.MakeTable(crc32.Castagnoli)

// put appends key and val. A record is its key's and compressed value's
// lengths (uvarints), the key, the compressed value and a CRC-32C of both,
// so that a reader of a file cut short by a kill stops at the last whole
// record.
func (s *bulkSpill) put(key string, val []byte) error {
	r, _ := s.records.Get().(*spillRecord)
	if r == nil {
		r = new(spillRecord)
	}
	defer s.records.Put(r)
	r.enc = s2.Encode(r.enc[:cap(r.enc)], val)
	rec := binary.AppendUvarint(r.rec[:0], uint64(len(key)))
	rec = binary.AppendUvarint(rec, uint64(len(r.enc)))
	body := len(rec)
	rec = append(append(rec, key...), r.enc...)
	rec = binary.LittleEndian.AppendUint32(rec, crc32.Checksum(rec[body:], spillCRC))
	r.rec = rec
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrFinished
	}
	if s.err != nil {
		return s.err
	}
	valueAt := s.end + int64(body+len(key))
	if _, err := s.w.Write(rec); err != nil {
		s.err = fmt.Errorf("write cache spill %s: %w", s.path, err)
		return s.err
	}
	s.end += int64(len(rec))
	s.at.set(key, spillSpan{off: valueAt, n: len(r.enc)})
	return nil
}

// flush writes what is buffered to the file, so that a kill keeps it.
func (s *bulkSpill) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flushLocked()
}

func (s *bulkSpill) flushLocked() error {
	if s.err != nil || s.closed {
		return s.err
	}
	if err := s.w.Flush(); err != nil {
		s.err = fmt.Errorf("write cache spill %s: %w", s.path, err)
		return s.err
	}
	return nil
}

// get returns the value last put under key, nil when none was.
func (s *bulkSpill) get(key string) ([]byte, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, ErrFinished
	}
	sp, ok := s.at.get(key)
	var err error
	if written := s.end - int64(s.w.Buffered()); ok && sp.off+int64(sp.n) > written {
		err = s.flushLocked()
	}
	s.mu.Unlock()
	if !ok || err != nil {
		return nil, err
	}
	_, val, err := s.readValue(sp, nil, nil)
	return val, err
}

// readValue reads the value at sp: its compressed bytes into enc and the
// value into val, each grown when short, and returns both buffers.
func (s *bulkSpill) readValue(sp spillSpan, enc, val []byte) (_, _ []byte, err error) {
	enc = slices.Grow(enc[:0], sp.n)[:sp.n]
	if _, err := s.f.ReadAt(enc, sp.off); err != nil {
		return enc, val, fmt.Errorf("read cache spill %s: %w", s.path, err)
	}
	val, err = s.decode(enc, val)
	return enc, val, err
}

// decode decompresses a value's bytes enc into val, grown when short.
func (s *bulkSpill) decode(enc, val []byte) ([]byte, error) {
	val, err := s2.Decode(val[:cap(val)], enc)
	if err != nil {
		return val, fmt.Errorf("read cache spill %s: %w", s.path, err)
	}
	return val, nil
}

// mappedValue is readValue over m, the file mapped: the compressed bytes
// are m's own, and enc is left as it is.
func (s *bulkSpill) mappedValue(m []byte) func(sp spillSpan, enc, val []byte) (_, _ []byte, err error) {
	return func(sp spillSpan, enc, val []byte) (_, _ []byte, err error) {
		if sp.off < 0 || sp.off+int64(sp.n) > int64(len(m)) {
			return enc, val, fmt.Errorf("read cache spill %s: value at %d+%d is past its end", s.path, sp.off, sp.n)
		}
		val, err = s.decode(m[sp.off:sp.off+int64(sp.n)], val)
		return enc, val, err
	}
}

// spilledValue is a key and where its latest value lies.
type spilledValue struct {
	key []byte
	at  spillSpan
}

// seal ends the appends and returns the keys put, sorted, with where
// their values lie; ErrFinished if it was sealed before.
func (s *bulkSpill) seal() ([]spilledValue, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrFinished
	}
	if err := s.flushLocked(); err != nil {
		return nil, err
	}
	s.closed = true
	return s.at.sorted(), nil
}

// each calls fn with each of values' keys and values, in that order; the
// value is only valid during the call. The sealed file is read through a
// read-only mapping: values come in key order, which is no order in the
// file, and reading them one pread each cost 0.7 s of CPU at 100,000
// files (300,000 system calls; docs/measurements.md, "Stop 50"). The
// mapped pages are the page cache's; they count towards the process's
// resident size while mapped, by up to the file's size. Where the file
// cannot be mapped, each reads as get does.
func (s *bulkSpill) each(values []spilledValue, fn func(key, val []byte) error) error {
	read := s.readValue
	if s.end > 0 {
		if m, err := z.Mmap(s.f, false, s.end); err == nil {
			defer func() { _ = z.Munmap(m) }()
			read = s.mappedValue(m)
		}
	}
	var enc, val []byte
	for _, v := range values {
		var err error
		if enc, val, err = read(v.at, enc, val); err != nil {
			return err
		}
		if err := fn(v.key, val); err != nil {
			return err
		}
	}
	return nil
}

// remove closes and deletes the spill file: what it held is in the
// database, or given up on.
func (s *bulkSpill) remove() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.at = nil
	cerr := s.f.Close()
	if err := os.Remove(s.path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove cache spill %s: %w", s.path, err)
	}
	return cerr
}

// streamBatchBytes is how much a StreamWriter write carries.
const streamBatchBytes = 4 << 20

// streamInto writes the spill's values into db, an empty database, as
// sorted tables of its bottom level (badger's StreamWriter): no memtable,
// no log, no level-0 table to merge later. values are the spill's, sorted.
func (s *bulkSpill) streamInto(db *badger.DB, values []spilledValue) error {
	sw := db.NewStreamWriter()
	if err := sw.PrepareIncremental(); err != nil {
		sw.Cancel()
		return err
	}
	buf := z.NewBuffer(streamBatchBytes+streamBatchBytes/4, "lgraph.cache.stream")
	defer buf.Release()
	err := s.each(values, func(key, val []byte) error {
		// Version 1: the database is empty, and the oracle starts after
		// the largest version streamed (StreamWriter.Flush).
		badger.KVToBuffer(&pb.KV{Key: key, Value: val, Version: 1, StreamId: 1}, buf)
		if buf.LenNoPadding() < streamBatchBytes {
			return nil
		}
		err := sw.Write(buf)
		buf.Reset()
		return err
	})
	if err == nil {
		err = sw.Write(buf)
	}
	if err != nil {
		sw.Cancel()
		return err
	}
	return sw.Flush()
}

// batchInto writes the spill's values into db through write batches, as
// PutLater's queue does: for a database whose StreamWriter refused them.
func (s *bulkSpill) batchInto(db *badger.DB, values []spilledValue) error {
	wb := db.NewWriteBatch()
	defer wb.Cancel()
	err := s.each(values, func(key, val []byte) error {
		return wb.Set(key, slices.Clone(val))
	})
	if err != nil {
		return err
	}
	return wb.Flush()
}

// ingestSpill writes into db what a killed bulk run's spill file in dir
// holds, up to its last whole record, then deletes the file; with no file
// it does nothing. The facts are cheap to compute again, so a failure to
// write them loses them and the open goes on; a file that cannot be
// deleted is an error, as every open would meet it again.
func ingestSpill(db *badger.DB, dir string) error {
	p := filepath.Join(dir, spillName)
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err == nil {
		_ = guard("recover a stopped run's facts", func() error {
			wb := db.NewWriteBatch()
			defer wb.Cancel()
			err := readSpillRecords(bufio.NewReaderSize(f, 1<<20), func(key string, val []byte) error {
				return wb.Set([]byte(key), val)
			})
			if err != nil {
				return err
			}
			return wb.Flush()
		})
		f.Close()
	}
	if err := os.Remove(p); err != nil {
		return fmt.Errorf("remove the facts of a stopped run %s: %w (delete the file)", p, err)
	}
	return nil
}

// readSpillRecords calls fn with each whole record of a spill file, in
// the order written, and stops without error at the first one cut short
// or whose checksum fails (the tail of a killed run's last write). fn
// owns the value it is given.
func readSpillRecords(r *bufio.Reader, fn func(key string, val []byte) error) error {
	for {
		klen, err := binary.ReadUvarint(r)
		if err != nil {
			return nil
		}
		vlen, err := binary.ReadUvarint(r)
		if err != nil || klen > 1<<20 || vlen > 1<<32 {
			return nil
		}
		rec := make([]byte, klen+vlen+4)
		if _, err := io.ReadFull(r, rec); err != nil {
			return nil
		}
		body := rec[:klen+vlen]
		if crc32.Checksum(body, spillCRC) != binary.LittleEndian.Uint32(rec[klen+vlen:]) {
			return nil
		}
		val, err := s2.Decode(nil, body[klen:])
		if err != nil {
			return nil
		}
		if err := fn(string(body[:klen]), val); err != nil {
			return err
		}
	}
}

// putSpilled is Put on a run that spills: the value is appended and
// written to the file at once, which keeps it through a kill of the
// process as badger's unsynced log did (its next open takes it in).
func (c *Cache) putSpilled(key string, val []byte) error {
	err := c.spill.put(key, val)
	if err == nil {
		err = c.spill.flush()
	}
	if err != nil {
		return fmt.Errorf("cache put %s: %w", key, err)
	}
	return nil
}

// finishSpill writes the spill's values into the database, as tables of
// its bottom level, and deletes the file. Should badger refuse the stream
// (it must find its memtables empty), they go through write batches. A
// database found damaged meanwhile keeps nothing new (see hurt). Called
// with dbMu held.
func (c *Cache) finishSpill() error {
	s := c.spill
	if s == nil {
		return nil
	}
	values, err := s.seal()
	if errors.Is(err, ErrFinished) {
		return nil // finished before: written in and deleted
	}
	if err == nil && c.usable() {
		err = guard("write the run's facts", func() error {
			if s.streamInto(c.db, values) == nil {
				return nil
			}
			return s.batchInto(c.db, values)
		})
		if errors.Is(err, ErrDamaged) {
			c.hurt(err)
			err = nil
		}
	}
	if rerr := s.remove(); err == nil {
		err = rerr
	}
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}
