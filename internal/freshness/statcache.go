package freshness

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// statKey is what stat says about a file or directory. A file whose key is
// unchanged since it was read is taken to hold the same bytes, and a
// directory whose key is unchanged to hold the same names; anything else is
// read again. ctime and inode are in the key because a user can restore
// mtime (touch -d) but not ctime, so a same-size edit with the modification
// time put back is still caught.
type statKey struct {
	Size  int64
	Mtime int64
	Ctime int64
	Inode uint64
}

// lstat is unix.Lstat retried on EINTR: unlike os.Lstat it allocates
// no FileInfo, which counts when every indexed file is stat'ed on every
// read.
func lstat(path string, st *unix.Stat_t) error {
	for {
		err := unix.Lstat(path, st)
		if err != unix.EINTR {
			return err
		}
	}
}

// lstatAt is lstat of a path relative to the directory open as dirfd (a
// negative dirfd: path is taken from the working directory). A path walked
// from the top of the working tree, as git walks it from its working
// directory, spares the kernel the components above the top at each of the
// tree's files.
func lstatAt(dirfd int, path string, st *unix.Stat_t) error {
	if dirfd < 0 {
		return lstat(path, st)
	}
	for {
		err := unix.Fstatat(dirfd, path, st, unix.AT_SYMLINK_NOFOLLOW)
		if err != unix.EINTR {
			return err
		}
	}
}

func keyOf(st *unix.Stat_t) statKey {
	return statKey{Size: st.Size, Mtime: st.Mtim.Nano(), Ctime: st.Ctim.Nano(), Inode: st.Ino}
}

func isRegular(st *unix.Stat_t) bool { return st.Mode&syscall.S_IFMT == syscall.S_IFREG }

func isDir(st *unix.Stat_t) bool { return st.Mode&syscall.S_IFMT == syscall.S_IFDIR }

// fileFacts is what reading a working-tree file taught: its SHA-256 (for
// an indexed file whose stat data git's index does not vouch for) or
// whether lgraph would index it (for a file lgraph does not index).
type fileFacts struct {
	Key     statKey
	HasSum  bool
	Sum     [32]byte
	HasCode bool
	Code    bool
}

// dirListing is what listing a directory taught: the names in it that git
// does not ignore. It holds while the directory's stat key and the ignore
// rules in force (fingerprint) are unchanged, as in git's untracked cache.
type dirListing struct {
	Key       statKey
	Ignore    [16]byte
	Nested    bool // holds a .git: another repository, never looked into
	Gitignore bool // holds a .gitignore
	Dirs      []string
	Files     []listedFile
}

// listedFile is a regular file in a listed directory. Checked says the
// ignore rules were applied; a file git tracked at listing time was not
// checked (tracked files are never ignored) and is checked when it stops
// being tracked.
type listedFile struct {
	Name    string
	Checked bool
}

// statCache is the store's stat table (worktree-stat): stat data is only a
// hint of where to look, content decides. An entry is trusted as git trusts
// its index: while the file's size, mtime, ctime and inode are those it was
// read with, and only if it was not racy then (see racy). Each read carries
// to the next table the entries it used and those it learned, so entries
// of vanished paths fall away.
type statCache struct {
	path     string
	rulesKey string
	now      time.Time
	old      statTable
	// sameRules says the table's verdicts were made under rulesKey.
	sameRules bool
	fileUsed  []bool // old.files[i] still holds
	dirUsed   []bool
	cursor    int // where the last file lookup ended (lookups mostly come in path order)
	learned   []fileEntry
	dirs      []dirEntry // listings learned in this read
	changed   bool
	// unmap releases the mapped file old reads from (nil when none). No
	// string of old may be kept past close: the entries are copied into
	// the next table, and every path a read reports is its own copy.
	unmap func()
}

type fileEntry struct {
	path  string
	facts fileFacts
}

type dirEntry struct {
	path    string
	listing *dirListing
}

// loadStatCache reads the table; a missing, foreign, corrupt or older file
// is an empty table (it only costs a rescan). Verdicts made under other
// rules are not used.
func loadStatCache(path, rulesKey string, now time.Time) *statCache {
	c := &statCache{path: path, rulesKey: rulesKey, now: now}
	if path != "" {
		c.old, c.unmap = mapTable(path)
	}
	c.sameRules = c.old.rulesKey == rulesKey
	c.fileUsed = make([]bool, len(c.old.files))
	c.dirUsed = make([]bool, len(c.old.dirs))
	return c
}

// racy reports whether a file or directory changed so recently that a
// later change could keep its stat key (same timestamp tick): such facts
// are used once and not remembered. It is git's rule for a racily clean
// index entry (modified no earlier than the index was written), with the
// read's start for the index's time and two seconds of margin for
// filesystems with coarse timestamps; a modification time in the future
// is racy too.
func (c *statCache) racy(st *unix.Stat_t) bool {
	return c.now.UnixNano()-st.Mtim.Nano() < int64(2*time.Second)
}

// findFile returns the table position of a path and whether it is there.
// A lookup right after the previous one's position costs one or two
// comparisons, so walking the tree in path order is linear.
func (c *statCache) findFile(rel string) (int, bool) {
	t := &c.old
	n := len(t.files)
	i := c.cursor
	if i > n || (i < n && t.filePath(i) < rel) || (i > 0 && t.filePath(i-1) >= rel) {
		i = sort.Search(n, func(k int) bool { return t.filePath(k) >= rel })
	}
	found := i < n && t.filePath(i) == rel
	c.cursor = i
	if found {
		c.cursor = i + 1
	}
	return i, found
}

// facts returns the remembered facts of a file with this stat key; an
// entry that matches is carried to the next table.
func (c *statCache) facts(rel string, k statKey) fileFacts {
	i, ok := c.findFile(rel)
	if !ok {
		return fileFacts{Key: k}
	}
	_, f := c.old.fileAt(i, c.sameRules)
	if f.Key != k {
		return fileFacts{Key: k}
	}
	c.fileUsed[i] = true
	return f
}

// learn remembers facts about a file unless it is racy.
func (c *statCache) learn(rel string, st *unix.Stat_t, f fileFacts) {
	if c.racy(st) {
		return
	}
	c.learned = append(c.learned, fileEntry{rel, f})
	c.changed = true
}

// listing returns the remembered listing of a directory with this key.
func (c *statCache) listing(rel string, k statKey) *dirListing {
	i, ok := c.findDir(rel)
	if !ok {
		return nil
	}
	if l := c.old.dirAt(i); l.Key == k {
		return l
	}
	return nil
}

func (c *statCache) findDir(rel string) (int, bool) {
	t := &c.old
	i := sort.Search(len(t.dirs), func(k int) bool { return t.dirPath(k) >= rel })
	return i, i < len(t.dirs) && t.dirPath(i) == rel
}

// keep carries a still valid listing over to the next table.
func (c *statCache) keep(rel string) {
	if i, ok := c.findDir(rel); ok {
		c.dirUsed[i] = true
	}
}

// learnDir remembers a fresh listing unless the directory is racy.
func (c *statCache) learnDir(rel string, st *unix.Stat_t, l *dirListing) {
	if c.racy(st) {
		return
	}
	c.dirs = append(c.dirs, dirEntry{rel, l})
	c.changed = true
}

// mapTable maps a stat-table file and indexes it: at 100,000 files it is
// 12 MB that a read walks once, better in the page cache than on the heap.
// A missing or damaged file is an empty table.
func mapTable(path string) (statTable, func()) {
	f, err := os.Open(path)
	if err != nil {
		return statTable{}, nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 || int64(int(fi.Size())) != fi.Size() {
		return statTable{}, nil
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return statTable{}, nil
	}
	t, err := parseTable(mem)
	if err != nil {
		syscall.Munmap(mem)
		return statTable{}, nil
	}
	return t, func() { syscall.Munmap(mem) }
}

// close releases the table read; the cache must not be used after.
func (c *statCache) close() {
	if c.unmap != nil {
		c.unmap()
		c.unmap = nil
	}
	c.old = statTable{}
}

// save writes the next table if it differs from the one read; readers race
// harmlessly (atomic rename, last writer wins, any entry is still true).
func (c *statCache) save() {
	if c.path == "" || (!c.changed && c.sameRules && allSet(c.fileUsed) && allSet(c.dirUsed)) {
		return
	}
	next := c.next()
	tmp, err := os.CreateTemp(filepath.Dir(c.path), ".tmp-statcache-*")
	if err != nil {
		return
	}
	werr := next.writeTo(tmp, c.rulesKey)
	cerr := tmp.Close()
	if errors.Join(werr, cerr) != nil || os.Rename(tmp.Name(), c.path) != nil {
		os.Remove(tmp.Name())
	}
}

// next encodes the entries used and learned, merged in path order; a
// path learned in this read replaces its old entry.
func (c *statCache) next() *tableWriter {
	w := &tableWriter{files: make([]byte, 0, int(c.old.filesEnd)+100*len(c.learned))}
	slices.SortStableFunc(c.learned, func(a, b fileEntry) int { return strings.Compare(a.path, b.path) })
	learned := lastOfEach(c.learned, func(e fileEntry) string { return e.path })
	i := 0
	for k := range c.old.files {
		if !c.fileUsed[k] {
			continue
		}
		p, f := c.old.fileAt(k, c.sameRules)
		for ; i < len(learned) && learned[i].path < p; i++ {
			w.file(learned[i].path, learned[i].facts)
		}
		switch {
		case i < len(learned) && learned[i].path == p:
		case c.sameRules:
			w.fileRaw(c.old.fileBytes(k))
		default:
			w.file(p, f)
		}
	}
	for ; i < len(learned); i++ {
		w.file(learned[i].path, learned[i].facts)
	}
	slices.SortStableFunc(c.dirs, func(a, b dirEntry) int { return strings.Compare(a.path, b.path) })
	dirs := lastOfEach(c.dirs, func(e dirEntry) string { return e.path })
	i = 0
	for k := range c.old.dirs {
		if !c.dirUsed[k] {
			continue
		}
		p := c.old.dirPath(k)
		for ; i < len(dirs) && dirs[i].path < p; i++ {
			w.dir(dirs[i].path, dirs[i].listing)
		}
		if i < len(dirs) && dirs[i].path == p {
			continue
		}
		w.dirRaw(c.old.dirBytes(k))
	}
	for ; i < len(dirs); i++ {
		w.dir(dirs[i].path, dirs[i].listing)
	}
	return w
}

// lastOfEach keeps, of each run of sorted elements with one key, the last.
func lastOfEach[E any](s []E, key func(E) string) []E {
	out := s[:0]
	for i, e := range s {
		if i+1 < len(s) && key(s[i+1]) == key(e) {
			continue
		}
		out = append(out, e)
	}
	return out
}

func allSet(b []bool) bool { return !slices.Contains(b, false) }
