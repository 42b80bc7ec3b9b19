package snapshot

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"unsafe"
)

// A published snapshot is a manifest plus segments. A segment holds
// encoded file records and is immutable and shared: an update writes one
// new segment with the files it changed and a manifest that points the
// unchanged paths at the segments they already live in. So what an update
// writes grows with the diff, not with the repository.

const segmentMagic = "LGSEG3\n"
const manifestMagic = "LGMAN1\n"

// location is where a decoded file record lives.
type location struct {
	segment string
	index   int
}

// Segment is one encoded segment, named by the hash of its bytes.
type Segment struct {
	Name  string
	Bytes []byte
}

// Packing decides how a snapshot is split into segments.
type Packing struct {
	// MaxSegments triggers a compaction into one segment when exceeded.
	MaxSegments int
	// MinLive triggers a compaction when the referenced segments' live
	// records fall below this fraction of their records.
	MinLive float64
}

// DefaultPacking compacts past 16 segments or below half live records.
var DefaultPacking = Packing{MaxSegments: 16, MinLive: 0.5}

// Pack encodes s as a manifest and the new segments it needs. Files that
// were decoded from a segment and not replaced since are not re-encoded.
func Pack(s *Snapshot, p Packing) (manifest []byte, segments []Segment, err error) {
	paths := s.Paths()
	locs := make([]location, len(paths))
	var fresh []*File
	var freshIdx []int
	used := map[string]int{}
	for i, path := range paths {
		f := s.Files[path]
		if loc, ok := s.locs[f]; ok {
			locs[i] = loc
			used[loc.segment]++
			continue
		}
		fresh = append(fresh, f)
		freshIdx = append(freshIdx, i)
	}
	if compact(used, s.segmentSizes, p) {
		fresh, freshIdx = nil, nil
		for i, path := range paths {
			fresh = append(fresh, s.Files[path])
			freshIdx = append(freshIdx, i)
		}
	}
	if len(fresh) > 0 {
		seg := encodeSegment(fresh)
		segments = append(segments, seg)
		for j, i := range freshIdx {
			locs[i] = location{segment: seg.Name, index: j}
		}
	}
	return encodeManifest(s, paths, locs), segments, nil
}

// compact reports whether to rewrite every record into one segment.
func compact(used map[string]int, sizes map[string]int, p Packing) bool {
	if len(used)+1 > p.MaxSegments {
		return true
	}
	live, total := 0, 0
	for seg, n := range used {
		live += n
		total += sizes[seg]
	}
	return total > 0 && float64(live) < p.MinLive*float64(total)
}

func encodeSegment(files []*File) Segment {
	var body encoder
	body.strs = map[string]uint64{"": 0}
	body.table = []string{""}
	body.uvarint(uint64(len(files)))
	for _, f := range files {
		body.file(f)
	}
	var out bytes.Buffer
	out.WriteString(segmentMagic)
	writeTable(&out, body.table)
	out.Write(body.buf)
	sum := sha256.Sum256(out.Bytes())
	return Segment{Name: hex.EncodeToString(sum[:16]) + ".seg", Bytes: out.Bytes()}
}

func writeTable(out *bytes.Buffer, table []string) {
	var tmp [binary.MaxVarintLen64]byte
	out.Write(tmp[:binary.PutUvarint(tmp[:], uint64(len(table)))])
	for _, str := range table {
		out.Write(tmp[:binary.PutUvarint(tmp[:], uint64(len(str)))])
		out.WriteString(str)
	}
}

func encodeManifest(s *Snapshot, paths []string, locs []location) []byte {
	var body encoder
	body.strs = map[string]uint64{"": 0}
	body.table = []string{""}
	body.header(s)
	var segs []string
	segIdx := map[string]int{}
	for _, l := range locs {
		if _, ok := segIdx[l.segment]; !ok {
			segIdx[l.segment] = len(segs)
			segs = append(segs, l.segment)
		}
	}
	body.strs_(segs)
	body.uvarint(uint64(len(paths)))
	for i, p := range paths {
		body.str(p)
		body.uvarint(uint64(segIdx[locs[i].segment]))
		body.uvarint(uint64(locs[i].index))
	}
	var out bytes.Buffer
	out.WriteString(manifestMagic)
	writeTable(&out, body.table)
	out.Write(body.buf)
	return out.Bytes()
}

// Manifest is a decoded manifest: the snapshot's header and where each
// path's record lives.
type Manifest struct {
	snap     *Snapshot
	Segments []string
	paths    []string
	locs     []location
}

// DecodeManifest reads a manifest written by Pack.
func DecodeManifest(data []byte) (*Manifest, error) {
	d, err := openTable(data, manifestMagic)
	if err != nil {
		return nil, err
	}
	m := &Manifest{snap: New()}
	d.header(m.snap)
	m.Segments = d.strs()
	n := d.count()
	m.paths = make([]string, n)
	m.locs = make([]location, n)
	for i := 0; i < n && d.err == nil; i++ {
		m.paths[i] = d.str()
		seg, idx := d.uvarint(), d.uvarint()
		if seg >= uint64(len(m.Segments)) {
			return nil, errors.New("decode manifest: segment index out of range")
		}
		m.locs[i] = location{segment: m.Segments[seg], index: int(idx)}
	}
	if d.err != nil {
		return nil, fmt.Errorf("decode manifest: %w", d.err)
	}
	return m, nil
}

// Assemble builds the snapshot from the manifest and its segments' bytes
// (by segment name).
func (m *Manifest) Assemble(segments map[string][]byte) (*Snapshot, error) {
	records := map[string][]*File{}
	for _, name := range m.Segments {
		data, ok := segments[name]
		if !ok {
			return nil, fmt.Errorf("snapshot needs segment %s, which is missing", name)
		}
		files, err := decodeSegment(data)
		if err != nil {
			return nil, fmt.Errorf("segment %s: %w", name, err)
		}
		records[name] = files
	}
	s := m.snap
	s.locs = make(map[*File]location, len(m.paths))
	s.segmentSizes = map[string]int{}
	for name, files := range records {
		s.segmentSizes[name] = len(files)
	}
	s.Files = make(map[string]*File, len(m.paths))
	for i, p := range m.paths {
		l := m.locs[i]
		files := records[l.segment]
		if l.index >= len(files) || files[l.index].Path != p {
			return nil, fmt.Errorf("snapshot record for %s is missing from segment %s", p, l.segment)
		}
		f := files[l.index]
		s.Files[p] = f
		s.locs[f] = l
	}
	return s, nil
}

func decodeSegment(data []byte) ([]*File, error) {
	d, err := openTable(data, segmentMagic)
	if err != nil {
		return nil, err
	}
	n := d.count()
	files := make([]*File, 0, n)
	for i := 0; i < n && d.err == nil; i++ {
		files = append(files, d.file())
	}
	if d.err != nil {
		return nil, d.err
	}
	return files, nil
}

func openTable(data []byte, magic string) (*decoder, error) {
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, errors.New("not an lgraph snapshot of this version: run lgraph update --full")
	}
	d := &decoder{buf: data[len(magic):]}
	n := d.count()
	d.table = make([]string, n)
	for i := range d.table {
		l := d.uvarint()
		if d.err != nil || l > uint64(len(d.buf)) {
			return nil, errors.New("corrupt string table")
		}
		if l > 0 {
			// Zero-copy: the strings share data, which is never written
			// after it is read, and stays alive as long as they do.
			d.table[i] = unsafe.String(&d.buf[0], int(l))
		}
		d.buf = d.buf[l:]
	}
	return d, nil
}
