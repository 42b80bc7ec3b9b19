package packidx

import (
	"bytes"
	"cmp"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
)

// A pack past 2 GiB cannot be made in a test, so these indexes are built
// by hand, byte by byte as gitformat-pack lays them out, and checked
// against go-git's own decoder as well as against what was put in.

type handEntry struct {
	hash plumbing.Hash
	off  uint64
}

// handEntries makes n names with offsets spread up to past 2^33, so that
// some need the 64-bit table.
func handEntries(n int) []handEntry {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]handEntry, n)
	for i := range out {
		for j := range out[i].hash {
			out[i].hash[j] = byte(rng.UintN(256))
		}
		out[i].off = 12 + uint64(i)*(1<<33)/uint64(n) + uint64(rng.UintN(1000))
	}
	slices.SortFunc(out, func(a, b handEntry) int { return bytes.Compare(a.hash[:], b.hash[:]) })
	return out
}

// buildIdx lays out an .idx version 2 of entries (sorted by name).
func buildIdx(entries []handEntry, packSum plumbing.Hash) []byte {
	var b bytes.Buffer
	put := func(v any) { binary.Write(&b, binary.BigEndian, v) }
	b.Write(idxMagic)
	put(uint32(2))
	var fanout [256]uint32
	for _, e := range entries {
		for i := int(e.hash[0]); i < 256; i++ {
			fanout[i]++
		}
	}
	put(fanout)
	for _, e := range entries {
		b.Write(e.hash[:])
	}
	for i := range entries {
		put(uint32(i * 7)) // CRCs: not read
	}
	var large []uint64
	for _, e := range entries {
		if e.off < largeFlag {
			put(uint32(e.off))
			continue
		}
		put(uint32(largeFlag | len(large)))
		large = append(large, e.off)
	}
	put(large)
	b.Write(packSum[:])
	sum := sha1.Sum(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// buildRev lays out the .rev of entries: their idx positions by offset.
func buildRev(entries []handEntry, packSum plumbing.Hash) []byte {
	pos := make([]uint32, len(entries))
	for i := range pos {
		pos[i] = uint32(i)
	}
	slices.SortFunc(pos, func(a, b uint32) int { return cmp.Compare(entries[a].off, entries[b].off) })
	var b bytes.Buffer
	b.Write(revMagic)
	binary.Write(&b, binary.BigEndian, []uint32{1, 1})
	binary.Write(&b, binary.BigEndian, pos)
	b.Write(packSum[:])
	sum := sha1.Sum(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLargeOffsets(t *testing.T) {
	entries := handEntries(3000)
	packSum := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	dir := t.TempDir()
	idxPath := filepath.Join(dir, "pack-x.idx")
	data := buildIdx(entries, packSum)
	writeFile(t, idxPath, data)
	writeFile(t, filepath.Join(dir, "pack-x.rev"), buildRev(entries, packSum))

	stock := new(idxfile.MemoryIndex)
	if err := idxfile.NewDecoder(bytes.NewReader(data)).Decode(stock); err != nil {
		t.Fatalf("go-git rejects the hand-built index: %v", err)
	}
	x, err := Open(idxPath)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if x.n64 == 0 || x.n64 == len(entries) || !x.HasReverse() || x.PackChecksum() != packSum {
		t.Fatalf("%d of %d offsets large, reverse %v: the index does not test both tables", x.n64, len(entries), x.HasReverse())
	}
	for pos, e := range entries {
		off, ok, err := x.FindOffset(e.hash)
		if err != nil || !ok || uint64(off) != e.off {
			t.Fatalf("FindOffset(%s) = %d, %v, %v; want %d", e.hash, off, ok, err, e.off)
		}
		if stockOff, err := stock.FindOffset(e.hash); err != nil || stockOff != off {
			t.Fatalf("go-git reads %d (%v) for %s, packidx %d", stockOff, err, e.hash, off)
		}
		got, ok, err := x.FindByOffset(int64(e.off))
		if err != nil || !ok || got != pos {
			t.Fatalf("FindByOffset(%d) = %d, %v, %v; want position %d", e.off, got, ok, err, pos)
		}
	}
}

func TestCorruptIndexes(t *testing.T) {
	entries := handEntries(50)
	packSum := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	good := buildIdx(entries, packSum)
	mutate := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	for _, tc := range []struct {
		name string
		idx  []byte
		rev  []byte
		want error // ErrCorrupt unless set
	}{
		{"empty", nil, nil, nil},
		{"truncated", good[:len(good)-9], nil, nil},
		{"bad magic", mutate(func(b []byte) []byte { b[0] = 'x'; return b }), nil, ErrVersion1},
		{"version 3", mutate(func(b []byte) []byte { b[7] = 3; return b }), nil, nil},
		{"fanout decreases", mutate(func(b []byte) []byte { copy(b[headerLen+4*200:], []byte{0, 0, 0, 0}); return b }), nil, nil},
		{"count past the file", mutate(func(b []byte) []byte { b[headerLen+4*255+2]++; return b }), nil, nil},
		{"rev of another pack", good, buildRev(entries, plumbing.ZeroHash), nil},
		{"rev too short", good, buildRev(entries, packSum)[:100], nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "pack-x.idx"), tc.idx)
			if tc.rev != nil {
				writeFile(t, filepath.Join(dir, "pack-x.rev"), tc.rev)
			}
			x, err := Open(filepath.Join(dir, "pack-x.idx"))
			if err == nil {
				x.Close()
			}
			want := ErrCorrupt
			if tc.want != nil {
				want = tc.want
			}
			if !errors.Is(err, want) {
				t.Fatalf("Open: %v, want %v", err, want)
			}
		})
	}
}

func TestLargeOffsetOutOfTable(t *testing.T) {
	entries := handEntries(50)
	data := buildIdx(entries, plumbing.ZeroHash)
	// Point the first entry past the 64-bit table.
	off32 := headerLen + fanoutLen + len(entries)*(hashLen+4)
	binary.BigEndian.PutUint32(data[off32:], largeFlag|1000)
	path := filepath.Join(t.TempDir(), "pack-x.idx")
	writeFile(t, path, data)
	x, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if _, _, err := x.FindOffset(entries[0].hash); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("FindOffset through a missing large offset: %v, want ErrCorrupt", err)
	}
}

// TestReadAtSource: the ReadAt reader, used where mmap is not, reads what
// the mapped one reads.
func TestReadAtSource(t *testing.T) {
	entries := handEntries(500)
	path := filepath.Join(t.TempDir(), "pack-x.idx")
	writeFile(t, path, buildIdx(entries, plumbing.ZeroHash))
	src, err := openFile(path)
	if err != nil {
		t.Fatal(err)
	}
	x := &Index{path: path, src: src}
	if err := x.readLayout(); err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	for _, e := range entries {
		if off, ok, err := x.FindOffset(e.hash); err != nil || !ok || uint64(off) != e.off {
			t.Fatalf("FindOffset(%s) = %d, %v, %v; want %d", e.hash, off, ok, err, e.off)
		}
	}
	if err := src.readAt(make([]byte, 8), src.size()-4); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("read past the end: %v, want ErrCorrupt", err)
	}
}
