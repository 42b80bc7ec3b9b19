package freshness

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// statKey is what stat says about a file. A file whose key is unchanged
// since it was hashed is taken to hold the same bytes; anything else is
// hashed again. ctime and inode are in the key because a user can restore
// mtime (touch -d) but not ctime, so a same-size edit with the modification
// time put back is still caught.
type statKey struct {
	Size  int64  `json:"s"`
	Mtime int64  `json:"m"`
	Ctime int64  `json:"c"`
	Inode uint64 `json:"i"`
}

type statEntry struct {
	Key    statKey `json:"k"`
	SHA256 string  `json:"h"`
}

// statCache remembers file hashes by stat key: stat data is only a hint of
// where to look; content decides.
type statCache struct {
	path    string
	entries map[string]statEntry
	dirty   bool
	now     time.Time
}

func loadStatCache(path string) *statCache {
	c := &statCache{path: path, entries: map[string]statEntry{}, now: time.Now()}
	if path == "" {
		return c
	}
	if data, err := os.ReadFile(path); err == nil {
		c.entries = decodeStats(data)
	}
	return c
}

// statMagic starts the stat cache file. The format is binary because a
// read loads it on every call: per entry a path, four varints and a digest.
const statMagic = "LGSTAT1\n"

func encodeStats(entries map[string]statEntry) []byte {
	buf := []byte(statMagic)
	buf = binary.AppendUvarint(buf, uint64(len(entries)))
	for p, e := range entries {
		buf = binary.AppendUvarint(buf, uint64(len(p)))
		buf = append(buf, p...)
		buf = binary.AppendVarint(buf, e.Key.Size)
		buf = binary.AppendVarint(buf, e.Key.Mtime)
		buf = binary.AppendVarint(buf, e.Key.Ctime)
		buf = binary.AppendUvarint(buf, e.Key.Inode)
		buf = binary.AppendUvarint(buf, uint64(len(e.SHA256)))
		buf = append(buf, e.SHA256...)
	}
	return buf
}

// decodeStats reads a stat cache; anything unreadable is an empty cache
// (it only costs a rehash).
func decodeStats(data []byte) map[string]statEntry {
	out := map[string]statEntry{}
	if !strings.HasPrefix(string(data[:min(len(data), len(statMagic))]), statMagic) {
		return out
	}
	d := data[len(statMagic):]
	next := func() (uint64, bool) {
		v, n := binary.Uvarint(d)
		if n <= 0 {
			return 0, false
		}
		d = d[n:]
		return v, true
	}
	nextInt := func() (int64, bool) {
		v, n := binary.Varint(d)
		if n <= 0 {
			return 0, false
		}
		d = d[n:]
		return v, true
	}
	bytesOf := func() (string, bool) {
		l, ok := next()
		if !ok || l > uint64(len(d)) {
			return "", false
		}
		s := string(d[:l])
		d = d[l:]
		return s, true
	}
	count, ok := next()
	for i := uint64(0); ok && i < count; i++ {
		var e statEntry
		var p string
		var ok1, ok2, ok3, ok4, ok5, ok6 bool
		p, ok1 = bytesOf()
		e.Key.Size, ok2 = nextInt()
		e.Key.Mtime, ok3 = nextInt()
		e.Key.Ctime, ok4 = nextInt()
		e.Key.Inode, ok5 = next()
		e.SHA256, ok6 = bytesOf()
		if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
			return map[string]statEntry{}
		}
		out[p] = e
	}
	return out
}

func keyOf(fi os.FileInfo) statKey {
	k := statKey{Size: fi.Size(), Mtime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		k.Ctime = st.Ctim.Sec*1e9 + st.Ctim.Nsec
		k.Inode = st.Ino
	}
	return k
}

// hash returns the SHA-256 of a working-tree file, from the cache when its
// stat key is unchanged.
func (c *statCache) hash(rel, abs string) (string, error) {
	fi, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	k := keyOf(fi)
	if e, ok := c.entries[rel]; ok && e.Key == k {
		return e.SHA256, nil
	}
	sum, err := hashFile(abs)
	if err != nil {
		return "", err
	}
	// A file changed within the last two seconds may change again within
	// the same timestamp tick ("racily clean"): hash it again next time.
	if c.now.Sub(fi.ModTime()) > 2*time.Second {
		c.entries[rel] = statEntry{Key: k, SHA256: sum}
		c.dirty = true
	}
	return sum, nil
}

// save writes the cache back if it learned anything; readers race
// harmlessly (atomic rename, last writer wins, any entry is still true).
func (c *statCache) save() {
	if !c.dirty || c.path == "" {
		return
	}
	data := encodeStats(c.entries)
	tmp, err := os.CreateTemp(filepath.Dir(c.path), ".tmp-statcache-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if errors.Join(werr, cerr) != nil || os.Rename(tmp.Name(), c.path) != nil {
		os.Remove(tmp.Name())
	}
}
