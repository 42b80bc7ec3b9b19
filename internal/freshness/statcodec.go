package freshness

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"unsafe"
)

// cacheMagic starts the stat-table file; the digit is the format version.
// A file with another magic (an older format, anything else) is ignored
// and rebuilt. The file ends with a CRC-32C of everything before it, so a
// damaged file is rebuilt rather than believed.
//
// Layout: the magic, the rules key, the file entries (a count, then path,
// stat key, flags and optional SHA-256 each) and the directory entries (a
// count, then path and listing each), both sorted by path bytes, and the
// CRC. Sorted entries let a read walk the table beside the snapshot's
// leaves and git's index, which share that order, and find any other path
// by binary search, without building a map of the whole tree.
const cacheMagic = "LGSTAT3\n"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

const (
	factSum = 1 << iota
	factHasCode
	factCode
)

const (
	dirNested = 1 << iota
	dirGitignore
)

var errCorrupt = errors.New("corrupt stat cache")

// statTable is a stat-table file as read. Its entries stay encoded in one
// string and are decoded when looked up: a read of a large tree holds the
// file once plus an offset per entry, and carries unchanged entries to the
// next table as they are.
type statTable struct {
	rulesKey string
	raw      string
	files    []uint32 // offset of each file entry in raw, in path order
	filesEnd uint32   // where the last file entry ends
	dirs     []uint32 // offset of each directory entry, in path order
	dirsEnd  uint32
}

// parseTable checks a stat-table file and indexes its entries; any damage
// is an error (the caller then starts from an empty table). The table
// reads data in place: the caller must not change it afterwards.
func parseTable(data []byte) (statTable, error) {
	n := len(data) - 4
	if n < len(cacheMagic) || string(data[:len(cacheMagic)]) != cacheMagic ||
		crc32.Checksum(data[:n], castagnoli) != binary.BigEndian.Uint32(data[n:]) {
		return statTable{}, errCorrupt
	}
	body := data[len(cacheMagic):n]
	t := statTable{raw: unsafe.String(unsafe.SliceData(body), len(body))}
	d := &cacheDecoder{s: t.raw}
	t.rulesKey = d.str()
	t.files = d.offsets(t.raw, (*cacheDecoder).skipFile)
	t.filesEnd = uint32(len(t.raw) - len(d.s))
	t.dirs = d.offsets(t.raw, (*cacheDecoder).skipListing)
	t.dirsEnd = uint32(len(t.raw) - len(d.s))
	if d.err != nil || d.s != "" || uint64(len(t.raw)) > 1<<32-1 {
		return statTable{}, errCorrupt
	}
	return t, nil
}

// fileAt decodes file entry i. keepVerdicts false drops what the entry says
// about being code (it was judged under other rules).
func (t *statTable) fileAt(i int, keepVerdicts bool) (string, fileFacts) {
	d := &cacheDecoder{s: t.raw[t.files[i]:]}
	p := d.str()
	f := fileFacts{Key: d.key()}
	flags := d.byte()
	f.HasSum = flags&factSum != 0
	if keepVerdicts {
		f.HasCode, f.Code = flags&factHasCode != 0, flags&factCode != 0
	}
	if f.HasSum {
		copy(f.Sum[:], d.bytes(32))
	}
	return p, f
}

// filePath is the path of file entry i.
func (t *statTable) filePath(i int) string {
	return (&cacheDecoder{s: t.raw[t.files[i]:]}).str()
}

// fileBytes is file entry i as encoded.
func (t *statTable) fileBytes(i int) string {
	return t.raw[t.files[i]:entryEnd(t.files, i, t.filesEnd)]
}

func (t *statTable) dirPath(i int) string {
	return (&cacheDecoder{s: t.raw[t.dirs[i]:]}).str()
}

func (t *statTable) dirAt(i int) *dirListing {
	d := &cacheDecoder{s: t.raw[t.dirs[i]:]}
	d.str()
	return d.listing()
}

func (t *statTable) dirBytes(i int) string { return t.raw[t.dirs[i]:entryEnd(t.dirs, i, t.dirsEnd)] }

func entryEnd(offsets []uint32, i int, end uint32) uint32 {
	if i+1 < len(offsets) {
		return offsets[i+1]
	}
	return end
}

// tableWriter encodes a stat table. Entries must come in path order.
type tableWriter struct {
	files, dirs   []byte
	nFiles, nDirs int
}

func (w *tableWriter) file(p string, f fileFacts) {
	w.files = appendString(w.files, p)
	w.files = appendKey(w.files, f.Key)
	var flags byte
	if f.HasSum {
		flags |= factSum
	}
	if f.HasCode {
		flags |= factHasCode
	}
	if f.Code {
		flags |= factCode
	}
	w.files = append(w.files, flags)
	if f.HasSum {
		w.files = append(w.files, f.Sum[:]...)
	}
	w.nFiles++
}

// fileRaw adds an entry as another table encoded it.
func (w *tableWriter) fileRaw(enc string) { w.files = append(w.files, enc...); w.nFiles++ }

func (w *tableWriter) dir(p string, l *dirListing) {
	w.dirs = appendListing(appendString(w.dirs, p), l)
	w.nDirs++
}

func (w *tableWriter) dirRaw(enc string) { w.dirs = append(w.dirs, enc...); w.nDirs++ }

// bytes is the whole file.
func (w *tableWriter) bytes(rulesKey string) []byte {
	var buf bytes.Buffer
	w.writeTo(&buf, rulesKey)
	return buf.Bytes()
}

// writeTo writes the whole file in pieces, its CRC computed along, so the
// entries are never copied into one more buffer.
func (w *tableWriter) writeTo(out io.Writer, rulesKey string) error {
	head := appendString([]byte(cacheMagic), rulesKey)
	head = binary.AppendUvarint(head, uint64(w.nFiles))
	mid := binary.AppendUvarint(nil, uint64(w.nDirs))
	crc := uint32(0)
	for _, part := range [][]byte{head, w.files, mid, w.dirs} {
		crc = crc32.Update(crc, castagnoli, part)
		if _, err := out.Write(part); err != nil {
			return err
		}
	}
	_, err := out.Write(binary.BigEndian.AppendUint32(nil, crc))
	return err
}

func appendListing(buf []byte, l *dirListing) []byte {
	buf = appendKey(buf, l.Key)
	buf = append(buf, l.Ignore[:]...)
	var flags byte
	if l.Nested {
		flags |= dirNested
	}
	if l.Gitignore {
		flags |= dirGitignore
	}
	buf = append(buf, flags)
	buf = binary.AppendUvarint(buf, uint64(len(l.Dirs)))
	for _, n := range l.Dirs {
		buf = appendString(buf, n)
	}
	buf = binary.AppendUvarint(buf, uint64(len(l.Files)))
	for _, f := range l.Files {
		buf = appendString(buf, f.Name)
		b := byte(0)
		if f.Checked {
			b = 1
		}
		buf = append(buf, b)
	}
	return buf
}

func appendString(buf []byte, s string) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(s)))
	return append(buf, s...)
}

func appendKey(buf []byte, k statKey) []byte {
	buf = binary.AppendVarint(buf, k.Size)
	buf = binary.AppendVarint(buf, k.Mtime)
	buf = binary.AppendVarint(buf, k.Ctime)
	return binary.AppendUvarint(buf, k.Inode)
}

type cacheDecoder struct {
	s   string
	err error
}

// offsets reads a count and that many entries with skip, returning where
// each starts in raw. Paths must be strictly increasing: lookups search
// them.
func (d *cacheDecoder) offsets(raw string, skip func(*cacheDecoder)) []uint32 {
	n := d.count()
	out := make([]uint32, 0, n)
	prev := ""
	for i := 0; i < n && d.err == nil; i++ {
		out = append(out, uint32(len(raw)-len(d.s)))
		p := d.str()
		if i > 0 && p <= prev {
			d.err = errCorrupt
		}
		prev = p
		skip(d)
	}
	return out
}

func (d *cacheDecoder) skipFile() {
	d.key()
	if d.byte()&factSum != 0 {
		d.bytes(32)
	}
}

// skipListing passes over a listing without building it.
func (d *cacheDecoder) skipListing() {
	d.key()
	d.bytes(16)
	d.byte()
	for n := d.count(); n > 0 && d.err == nil; n-- {
		d.str()
	}
	for n := d.count(); n > 0 && d.err == nil; n-- {
		d.str()
		d.byte()
	}
}

func (d *cacheDecoder) uvarint() uint64 {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if d.s == "" {
			break
		}
		b := d.s[0]
		d.s = d.s[1:]
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v
		}
	}
	d.err = errCorrupt
	return 0
}

func (d *cacheDecoder) varint() int64 {
	u := d.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// count reads a length that must fit in what is left of the file.
func (d *cacheDecoder) count() int {
	v := d.uvarint()
	if v > uint64(len(d.s)) {
		d.err = errCorrupt
		return 0
	}
	return int(v)
}

func (d *cacheDecoder) bytes(n int) string {
	if n > len(d.s) {
		d.err = errCorrupt
		return ""
	}
	s := d.s[:n]
	d.s = d.s[n:]
	return s
}

func (d *cacheDecoder) str() string { return d.bytes(d.count()) }

func (d *cacheDecoder) byte() byte {
	b := d.bytes(1)
	if b == "" {
		return 0
	}
	return b[0]
}

func (d *cacheDecoder) key() statKey {
	return statKey{Size: d.varint(), Mtime: d.varint(), Ctime: d.varint(), Inode: d.uvarint()}
}

func (d *cacheDecoder) listing() *dirListing {
	l := &dirListing{Key: d.key()}
	copy(l.Ignore[:], d.bytes(16))
	flags := d.byte()
	l.Nested, l.Gitignore = flags&dirNested != 0, flags&dirGitignore != 0
	l.Dirs = make([]string, d.count())
	for i := range l.Dirs {
		l.Dirs[i] = d.str()
	}
	l.Files = make([]listedFile, d.count())
	for i := range l.Files {
		l.Files[i] = listedFile{Name: d.str(), Checked: d.byte() == 1}
	}
	return l
}
