package freshness

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"maps"
	"slices"
)

// cacheMagic starts the stat-cache file; the digit is the format version.
// A file with another magic (an older format, anything else) is ignored
// and rebuilt. The file ends with a CRC-32C of everything before it, so a
// damaged file is rebuilt rather than believed.
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

func encodeCache(d cacheData) []byte {
	buf := []byte(cacheMagic)
	buf = appendString(buf, d.RulesKey)
	buf = binary.AppendUvarint(buf, uint64(len(d.Files)))
	for _, p := range slices.Sorted(maps.Keys(d.Files)) {
		f := d.Files[p]
		buf = appendString(buf, p)
		buf = appendKey(buf, f.Key)
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
		buf = append(buf, flags)
		if f.HasSum {
			buf = append(buf, f.Sum[:]...)
		}
	}
	buf = binary.AppendUvarint(buf, uint64(len(d.Dirs)))
	for _, p := range slices.Sorted(maps.Keys(d.Dirs)) {
		buf = appendListing(appendString(buf, p), d.Dirs[p])
	}
	return binary.BigEndian.AppendUint32(buf, crc32.Checksum(buf, castagnoli))
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

var errCorrupt = errors.New("corrupt stat cache")

// decodeCache reads a stat-cache file. Every string is a slice of one
// copy of the file, so decoding allocates per entry, not per name.
func decodeCache(raw []byte) (cacheData, error) {
	empty := cacheData{Files: map[string]fileFacts{}, Dirs: map[string]*dirListing{}}
	n := len(raw) - 4
	if n < len(cacheMagic) || string(raw[:len(cacheMagic)]) != cacheMagic ||
		crc32.Checksum(raw[:n], castagnoli) != binary.BigEndian.Uint32(raw[n:]) {
		return empty, errCorrupt
	}
	d := &cacheDecoder{s: string(raw[len(cacheMagic):n])}
	out := cacheData{RulesKey: d.str()}
	nf := d.count()
	out.Files = make(map[string]fileFacts, nf)
	for i := 0; i < nf && d.err == nil; i++ {
		p := d.str()
		f := fileFacts{Key: d.key()}
		flags := d.byte()
		f.HasSum, f.HasCode, f.Code = flags&factSum != 0, flags&factHasCode != 0, flags&factCode != 0
		if f.HasSum {
			copy(f.Sum[:], d.bytes(32))
		}
		out.Files[p] = f
	}
	nd := d.count()
	out.Dirs = make(map[string]*dirListing, nd)
	for i := 0; i < nd && d.err == nil; i++ {
		p := d.str()
		out.Dirs[p] = d.listing()
	}
	if d.err != nil || d.s != "" {
		return empty, errCorrupt
	}
	return out, nil
}

type cacheDecoder struct {
	s   string
	err error
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
