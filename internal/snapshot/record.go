package snapshot

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// A record is self-contained: a table of the unique strings it uses, then
// varint indexes into it, so one record decodes without any other.

// EncodeRecord encodes one file record.
func EncodeRecord(f *File) []byte {
	e := getEncoder()
	defer putEncoder(e)
	e.file(f)
	return e.bytes()
}

// AppendRecord appends EncodeRecord(f) to dst: a full run's publishing
// encodes every record into a buffer it reuses, as the spill it writes
// them to copies them (a gigabyte at 100,000 files was allocated for
// nothing but the collector).
func AppendRecord(dst []byte, f *File) []byte {
	e := getEncoder()
	defer putEncoder(e)
	e.file(f)
	return e.appendTo(dst)
}

// DecodeRecord decodes a file record. It copies b first, so the record
// stays valid after the table it was read from is closed.
func DecodeRecord(b []byte) (*File, error) {
	d, err := openRecord(bytes.Clone(b))
	if err != nil {
		return nil, err
	}
	f := d.file()
	if d.err != nil {
		return nil, fmt.Errorf("decode record: %w", d.err)
	}
	return f, nil
}

// Header is what a snapshot holds besides its files and module docs.
type Header struct {
	Branch, Commit, ConfigKey string
	Versions                  map[string]string
	ContentRoot               string
	LeafCount                 int
	// Files is the number of file records.
	Files int
}

// HeaderKey is the key of a snapshot's header. It sorts after every
// keyspace: a full run writes it last, once its pass over the records has
// given the content root, and writes the records (the first keyspace)
// during that pass.
var HeaderKey = []byte{'~'}

// EncodeHeader encodes a snapshot's header and project settings.
func EncodeHeader(s *Snapshot) []byte {
	e := newEncoder()
	e.str(s.Branch)
	e.str(s.Commit)
	e.str(s.ConfigKey)
	e.strMap(s.Versions)
	project, _ := json.Marshal(&s.Project) // sorted map keys: deterministic
	e.str(string(project))
	e.str(s.ContentRoot)
	e.int(s.LeafCount)
	e.int(s.Files.Len())
	// The window's directory lists are in KsWindow (window.go).
	e.uvarint(uint64(len(s.Window)))
	for _, c := range s.Window {
		e.str(c.Hash)
	}
	return e.bytes()
}

// decodeHeader fills s's header fields and returns the file count.
func decodeHeader(b []byte, s *Snapshot) (int, error) {
	d, err := openRecord(bytes.Clone(b))
	if err != nil {
		return 0, err
	}
	s.Branch, s.Commit, s.ConfigKey = d.str(), d.str(), d.str()
	if v := d.strMap(); v != nil {
		s.Versions = v
	}
	project := d.str()
	s.ContentRoot, s.LeafCount = d.str(), d.int()
	n := d.int()
	s.Window = make([]WindowCommit, d.count())
	for i := range s.Window {
		s.Window[i] = WindowCommit{Hash: d.str()}
	}
	if d.err != nil {
		return 0, fmt.Errorf("decode snapshot header: %w", d.err)
	}
	if err := json.Unmarshal([]byte(project), &s.Project); err != nil {
		return 0, fmt.Errorf("decode snapshot header: project: %w", err)
	}
	return n, nil
}

// EncodeModule encodes a module doc.
func EncodeModule(m *Module) []byte {
	e := newEncoder()
	e.str(m.Dir)
	e.str(m.Doc)
	e.str(m.InputKey)
	e.uvarint(uint64(len(m.History)))
	for _, h := range m.History {
		e.str(h.Hash)
		e.int(int(h.Time))
		e.str(h.Subject)
		e.str(h.Title)
		merge := 0
		if h.Merge {
			merge = 1
		}
		e.uvarint(uint64(merge))
	}
	return e.bytes()
}

// DecodeModule decodes a module doc.
func DecodeModule(b []byte) (*Module, error) {
	d, err := openRecord(bytes.Clone(b))
	if err != nil {
		return nil, err
	}
	m := &Module{Dir: d.str(), Doc: d.str(), InputKey: d.str()}
	if len(d.buf) > 0 { // a doc written before module histories has none
		m.History = make([]HistoryEntry, d.count())
		for i := range m.History {
			m.History[i] = HistoryEntry{Hash: d.str(), Time: int64(d.int()), Subject: d.str(), Title: d.str(), Merge: d.uvarint() == 1}
		}
	}
	if d.err != nil {
		return nil, fmt.Errorf("decode module doc: %w", d.err)
	}
	return m, nil
}

func newEncoder() *encoder {
	return &encoder{table: []string{""}}
}

// bytes is the string table followed by the body.
// It is allocated at its exact length: a full run holds every file's
// record packed (FileSet.Pack), where a buffer's doubling would waste up to
// half of each.
func (e *encoder) bytes() []byte { return e.appendTo(make([]byte, 0, e.len())) }

// len is the length of what bytes returns.
func (e *encoder) len() int {
	n := uvarintLen(uint64(len(e.table))) + len(e.buf)
	for _, str := range e.table {
		n += uvarintLen(uint64(len(str))) + len(str)
	}
	return n
}

// appendTo appends what bytes returns to out.
func (e *encoder) appendTo(out []byte) []byte {
	out = binary.AppendUvarint(out, uint64(len(e.table)))
	for _, str := range e.table {
		out = binary.AppendUvarint(out, uint64(len(str)))
		out = append(out, str...)
	}
	return append(out, e.buf...)
}

// uvarintLen is the length of x's uvarint encoding.
func uvarintLen(x uint64) int {
	n := 1
	for x >= 0x80 {
		x >>= 7
		n++
	}
	return n
}

// openRecord reads a record's string table. The strings share data's
// bytes (zero-copy), which the caller never writes afterwards.
func openRecord(data []byte) (*decoder, error) {
	d := &decoder{buf: data}
	if err := d.openTable(); err != nil {
		return nil, err
	}
	return d, nil
}

// openTable reads the string table at the start of d.buf into d.table,
// reusing its array when it is long enough. The table holds where each
// string lies, not the strings: it has no pointers, so filling it costs
// no write barriers while the collector runs and the collector never
// scans it (every decode of a full run's many passes opens one or more).
func (d *decoder) openTable() error {
	n := d.count()
	if cap(d.table) >= n {
		d.table = d.table[:n]
	} else {
		d.table = make([]strAt, n)
	}
	d.base = d.buf
	if uint64(len(d.base)) > math.MaxUint32 {
		return errors.New("corrupt record: over 4 GB")
	}
	for i := range d.table {
		l := d.uvarint()
		if d.err != nil || l > uint64(len(d.buf)) {
			return errors.New("corrupt record: string table")
		}
		d.table[i] = strAt{off: uint32(len(d.base) - len(d.buf)), n: uint32(l)}
		d.buf = d.buf[l:]
	}
	return nil
}
