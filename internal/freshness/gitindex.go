package freshness

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// gitIndex is what freshness needs from git's index file: for each path the
// blob id git staged and the stat data git saw when it last found the
// working-tree file equal to that blob. It is read, never written.
//
// Only the paths are held; an entry's other fields are read from the file
// again when asked for, a window at a time (reads walk the entries in
// order). Decoded up front, 100,000 entries took 9 MB of heap beside their
// paths, which with the collector's headroom was a fifth of a read's peak.
type gitIndex struct {
	// file is the index file as read (its descriptor stays open, so a
	// rename by git cannot swap the bytes under the paths).
	file   io.ReaderAt
	closer io.Closer
	// offs are where each entry starts in file, in git's order: by path
	// bytes, then stage.
	offs []uint32
	// names holds every entry's path, one after another, ends[i] where
	// entry i's ends: copied once, since version 4 compresses them.
	names string
	ends  []uint32
	// win is a window of file's bytes starting at winAt.
	win   []byte
	winAt int64
	// mtime of the index file (ns): an entry modified at or after it is
	// "racily clean" and its stat data proves nothing.
	mtime int64
}

// indexWindow is how many bytes of the index one read brings in.
const indexWindow = 64 << 10

// indexEntry is one entry of the git index.
type indexEntry struct {
	path         string
	blob         [20]byte
	mode         uint32
	stage        uint8
	assumeValid  bool // git update-index --assume-unchanged
	skipWorktree bool // outside a sparse checkout, or --skip-worktree
	intentAdd    bool // git add -N
	ctimeSec     uint32
	ctimeNsec    uint32
	mtimeSec     uint32
	mtimeNsec    uint32
	ino          uint32
	uid, gid     uint32
	size         uint32
	sparseTree   bool // a sparse-index directory entry ("dir/")
}

// errIndexUnsupported marks index files read as "no index": a split index
// keeps its entries elsewhere, and unknown versions may mean anything.
var errIndexUnsupported = errors.New("unsupported git index")

const (
	indexHeaderLen   = 12
	indexEntryFixed  = 62 // stat data, mode, ids, size, blob id, flags
	flagAssumeValid  = 0x8000
	flagExtended     = 0x4000
	flagStageMask    = 0x3000
	flagNameMask     = 0x0fff
	xflagSkipWT      = 0x4000
	xflagIntentToAdd = 0x2000
	modeTypeMask     = 0o170000
	modeRegular      = 0o100000
	modeDir          = 0o040000
)

// readGitIndex reads gitDir/index (versions 2 to 4). The file is mapped,
// not read onto the heap: at 100,000 files it is 10 MB that the parse
// copies what it keeps from (the paths, into one buffer) and then lets go.
// Its time and bytes come from one open file, so a rename by git between
// the two cannot pair one index's entries with another's time.
func readGitIndex(gitDir string) (*gitIndex, error) {
	name := filepath.Join(gitDir, "index")
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("read git index: %w", err)
	}
	keep := false
	defer func() {
		if !keep {
			f.Close()
		}
	}()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read git index: %w", err)
	}
	if fi.Size() < indexHeaderLen || int64(int(fi.Size())) != fi.Size() {
		return nil, fmt.Errorf("read git index %s: %w: %d bytes", name, errIndexUnsupported, fi.Size())
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("read git index %s: %w", name, err)
	}
	defer syscall.Munmap(data)
	idx, err := parseGitIndex(data)
	if err != nil {
		return nil, fmt.Errorf("read git index %s: %w", name, err)
	}
	idx.file, idx.closer = f, f
	keep = true
	idx.mtime = fi.ModTime().UnixNano()
	return idx, nil
}

// close lets go of the index file: entries decoded before stay valid (their
// paths are copies), entry must not be called after.
func (idx *gitIndex) close() {
	if idx != nil && idx.closer != nil {
		idx.closer.Close()
		idx.file, idx.closer = nil, nil
	}
}

// len is the number of entries.
func (idx *gitIndex) len() int {
	if idx == nil {
		return 0
	}
	return len(idx.offs)
}

// path is entry i's path.
func (idx *gitIndex) path(i int) string { return idx.names[idx.pathStart(i):idx.ends[i]] }

// pathStart is where entry i's path starts in names.
func (idx *gitIndex) pathStart(i int) uint32 {
	if i == 0 {
		return 0
	}
	return idx.ends[i-1]
}

// entry decodes entry i; parseGitIndex checked its bytes. A file that no
// longer reads (it cannot change: the descriptor is the parsed file's)
// yields an entry whose stat data vouches for nothing and blob matches
// nothing, so the file is compared by content.
func (idx *gitIndex) entry(i int) indexEntry {
	e := indexEntry{path: idx.path(i)}
	if d := idx.bytesAt(int64(idx.offs[i]), indexEntryFixed+2); d == nil || decodeFixed(d, &e) == 0 {
		return indexEntry{path: e.path}
	}
	return e
}

// bytesAt returns up to n bytes of the file from off (fewer only at its
// end), refilling the window when it does not hold them.
func (idx *gitIndex) bytesAt(off int64, n int) []byte {
	if off < idx.winAt || off+int64(n) > idx.winAt+int64(len(idx.win)) {
		if idx.win == nil {
			idx.win = make([]byte, indexWindow)
		}
		got, err := idx.file.ReadAt(idx.win[:cap(idx.win)], off)
		if got == 0 && err != nil {
			idx.win, idx.winAt = idx.win[:0], 0
			return nil
		}
		idx.win, idx.winAt = idx.win[:got], off
	}
	d := idx.win[off-idx.winAt:]
	return d[:min(n, len(d))]
}

// find returns the first entry whose path is not before p, and whether it
// is p.
func (idx *gitIndex) find(p string) (int, bool) {
	return sort.Find(idx.len(), func(i int) int { return strings.Compare(p, idx.path(i)) })
}

// parseGitIndex decodes the entries of an index file and checks its
// extensions for a split index. The trailing checksum is not verified: git
// replaces the file by rename, so a reader never sees a torn one.
func parseGitIndex(data []byte) (*gitIndex, error) {
	if len(data) < indexHeaderLen || string(data[:4]) != "DIRC" {
		return nil, fmt.Errorf("%w: no DIRC header", errIndexUnsupported)
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("%w: version %d", errIndexUnsupported, version)
	}
	count := binary.BigEndian.Uint32(data[8:12])
	if uint64(count) > uint64(len(data))/indexEntryFixed {
		return nil, fmt.Errorf("%w: %d entries in %d bytes", errIndexUnsupported, count, len(data))
	}
	if uint64(len(data)) > math.MaxUint32 {
		return nil, fmt.Errorf("%w: %d bytes", errIndexUnsupported, len(data))
	}
	p := &indexParser{data: data, off: indexHeaderLen, v4: version == 4}
	// The paths take at most what the fixed parts leave (prefix
	// compression may take less): sized once, the buffer never regrows.
	p.names = make([]byte, 0, max(0, len(data)-indexHeaderLen-int(count)*indexEntryFixed))
	idx := &gitIndex{file: bytes.NewReader(data), offs: make([]uint32, count), ends: make([]uint32, count)}
	var last indexEntry
	for i := range idx.offs {
		idx.offs[i] = uint32(p.off)
		var e indexEntry
		if err := p.entry(&e); err != nil {
			return nil, fmt.Errorf("entry %d: %w", i, err)
		}
		idx.ends[i] = uint32(len(p.names))
		// Readers walk the entries alongside sorted paths: an index out
		// of git's order would silently pair the wrong files.
		if i > 0 {
			prev, cur := p.names[idx.pathStart(i-1):idx.ends[i-1]], p.names[idx.ends[i-1]:idx.ends[i]]
			if c := bytes.Compare(prev, cur); c > 0 || (c == 0 && last.stage >= e.stage) {
				return nil, fmt.Errorf("%w: entries out of order at %q", errIndexUnsupported, cur)
			}
		}
		last = e
	}
	if err := p.extensions(); err != nil {
		return nil, err
	}
	// Nothing writes the buffer again: the paths share it.
	idx.names = unsafe.String(unsafe.SliceData(p.names), len(p.names))
	return idx, nil
}

// indexParser walks an index file. Paths are collected into one buffer,
// which becomes a single string (gitIndex.names).
type indexParser struct {
	data  []byte
	off   int
	v4    bool
	last  []byte // the previous path (in names), for version 4 prefixes
	names []byte
}

// decodeFixed decodes an entry's fields before its path and returns their
// length, 0 when d is too short for them.
func decodeFixed(d []byte, e *indexEntry) int {
	if len(d) < indexEntryFixed {
		return 0
	}
	be := binary.BigEndian
	e.ctimeSec, e.ctimeNsec = be.Uint32(d[0:]), be.Uint32(d[4:])
	e.mtimeSec, e.mtimeNsec = be.Uint32(d[8:]), be.Uint32(d[12:])
	e.ino, e.mode = be.Uint32(d[20:]), be.Uint32(d[24:])
	e.uid, e.gid, e.size = be.Uint32(d[28:]), be.Uint32(d[32:]), be.Uint32(d[36:])
	copy(e.blob[:], d[40:60])
	flags := be.Uint16(d[60:])
	e.stage = uint8((flags & flagStageMask) >> 12)
	e.assumeValid = flags&flagAssumeValid != 0
	e.sparseTree = e.mode&modeTypeMask == modeDir
	n := indexEntryFixed
	if flags&flagExtended != 0 {
		if len(d) < n+2 {
			return 0
		}
		x := be.Uint16(d[n:])
		e.skipWorktree = x&xflagSkipWT != 0
		e.intentAdd = x&xflagIntentToAdd != 0
		n += 2
	}
	return n
}

func (p *indexParser) entry(e *indexEntry) error {
	d := p.data[p.off:]
	n := decodeFixed(d, e)
	if n == 0 {
		return errors.New("truncated")
	}
	used, err := p.name(d[n:])
	if err != nil {
		return err
	}
	n += used
	if !p.v4 {
		// Entries are padded with 1 to 8 NULs to a multiple of 8 bytes;
		// the name's own terminator is the first of them.
		n = (n - 1 + 8) &^ 7
		if n > len(d) {
			return errors.New("truncated padding")
		}
	}
	p.off += n
	return nil
}

// name reads a NUL-terminated path (prefix-compressed in version 4) and
// returns the bytes it used, terminator included.
func (p *indexParser) name(d []byte) (int, error) {
	used := 0
	var prefix []byte
	if p.v4 {
		strip, n := gitVarint(d)
		if n == 0 || strip > uint64(len(p.last)) {
			return 0, errors.New("bad prefix length")
		}
		used = n
		prefix = p.last[:len(p.last)-int(strip)]
	}
	end := bytes.IndexByte(d[used:], 0)
	if end < 0 {
		return 0, errors.New("unterminated path")
	}
	p.names = append(p.names, prefix...)
	p.names = append(p.names, d[used:used+end]...)
	p.last = p.names[len(p.names)-len(prefix)-end:]
	return used + end + 1, nil
}

// extensions refuses a split index, whose entries live in another file.
func (p *indexParser) extensions() error {
	const hashLen = 20
	for len(p.data)-p.off > hashLen+8 {
		sig := string(p.data[p.off : p.off+4])
		size := binary.BigEndian.Uint32(p.data[p.off+4:])
		if sig == "link" {
			return fmt.Errorf("%w: split index", errIndexUnsupported)
		}
		if uint64(size) > uint64(len(p.data)-p.off-8) {
			return fmt.Errorf("%w: extension %q overruns the file", errIndexUnsupported, sig)
		}
		p.off += 8 + int(size)
	}
	return nil
}

// gitVarint decodes git's offset varint (varint.c): each continuation adds
// one before shifting, so every value has exactly one encoding.
func gitVarint(d []byte) (uint64, int) {
	if len(d) == 0 {
		return 0, 0
	}
	c := d[0]
	v := uint64(c & 127)
	n := 1
	for c&128 != 0 {
		if n >= len(d) || n > 9 {
			return 0, 0
		}
		c = d[n]
		n++
		v = ((v + 1) << 7) | uint64(c&127)
	}
	return v, n
}

// skip reports whether git does not look at the working-tree file.
func (e *indexEntry) skip() bool { return e.assumeValid || e.skipWorktree }

// blobHex is the entry's blob id as git prints it.
func (e *indexEntry) blobHex() string { return hex.EncodeToString(e.blob[:]) }

// regular reports whether git staged a plain file (not a symlink, a
// submodule or a sparse directory).
func (e *indexEntry) regular() bool { return e.mode&modeTypeMask == modeRegular }

// statClean reports whether git's stat data still describes the file, so
// that the file holds the staged blob, as git status decides it
// (ie_match_stat): size, both times to the nanosecond, inode and owner.
// An entry whose mtime is not older than the index file is racily clean:
// the file may have changed within the same timestamp tick after git
// looked, so it proves nothing.
func (idx *gitIndex) statClean(e *indexEntry, st *unix.Stat_t) bool {
	if !e.regular() || !isRegular(st) {
		return false
	}
	if int64(e.mtimeSec)*1e9+int64(e.mtimeNsec) >= idx.mtime {
		return false
	}
	return e.size == uint32(st.Size) &&
		e.mtimeSec == uint32(st.Mtim.Sec) && e.mtimeNsec == uint32(st.Mtim.Nsec) &&
		e.ctimeSec == uint32(st.Ctim.Sec) && e.ctimeNsec == uint32(st.Ctim.Nsec) &&
		e.ino == uint32(st.Ino) && e.uid == st.Uid && e.gid == st.Gid
}
