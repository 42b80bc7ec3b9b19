package freshness

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"time"
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

// lstat is syscall.Lstat retried on EINTR: unlike os.Lstat it allocates
// no FileInfo, which counts when every indexed file is stat'ed on every
// read.
func lstat(path string, st *syscall.Stat_t) error {
	for {
		err := syscall.Lstat(path, st)
		if err != syscall.EINTR {
			return err
		}
	}
}

func keyOf(st *syscall.Stat_t) statKey {
	return statKey{Size: st.Size, Mtime: st.Mtim.Nano(), Ctime: st.Ctim.Nano(), Inode: st.Ino}
}

func isRegular(st *syscall.Stat_t) bool { return st.Mode&syscall.S_IFMT == syscall.S_IFREG }

func isDir(st *syscall.Stat_t) bool { return st.Mode&syscall.S_IFMT == syscall.S_IFDIR }

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

// statCache is the store's stat-cache file: stat data is only a hint of
// where to look, content decides. Each read builds the next cache from the
// entries it used, so entries of vanished paths fall away.
type statCache struct {
	path     string
	rulesKey string
	now      time.Time
	files    map[string]fileFacts
	dirs     map[string]*dirListing
	next     cacheData
	changed  bool
}

// cacheData is the content of the stat-cache file.
type cacheData struct {
	RulesKey string
	Files    map[string]fileFacts
	Dirs     map[string]*dirListing
}

// loadStatCache reads the cache; a missing, foreign, corrupt or older file
// is an empty cache (it only costs a rescan). Verdicts made under other
// rules are dropped.
func loadStatCache(path, rulesKey string, now time.Time) *statCache {
	c := &statCache{path: path, rulesKey: rulesKey, now: now,
		next: cacheData{RulesKey: rulesKey, Files: map[string]fileFacts{}, Dirs: map[string]*dirListing{}}}
	var data cacheData
	if path != "" {
		if raw, err := os.ReadFile(path); err == nil {
			data, _ = decodeCache(raw)
		}
	}
	c.files, c.dirs = data.Files, data.Dirs
	if data.RulesKey != rulesKey {
		for p, f := range c.files {
			f.HasCode, f.Code = false, false
			c.files[p] = f
		}
	}
	return c
}

// racy reports whether a file or directory changed so recently that a
// later change could keep its stat key (same timestamp tick): such facts
// are used once and not remembered.
func (c *statCache) racy(st *syscall.Stat_t) bool {
	return c.now.UnixNano()-st.Mtim.Nano() < int64(2*time.Second)
}

// facts returns the remembered facts of a file with this stat key.
func (c *statCache) facts(rel string, k statKey) fileFacts {
	if f, ok := c.next.Files[rel]; ok && f.Key == k {
		return f
	}
	f, ok := c.files[rel]
	if !ok || f.Key != k {
		return fileFacts{Key: k}
	}
	c.next.Files[rel] = f
	return f
}

// learn remembers facts about a file unless it is racy.
func (c *statCache) learn(rel string, st *syscall.Stat_t, f fileFacts) {
	if c.racy(st) {
		return
	}
	c.next.Files[rel] = f
	c.changed = true
}

// listing returns the remembered listing of a directory with this key.
func (c *statCache) listing(rel string, k statKey) *dirListing {
	if l := c.dirs[rel]; l != nil && l.Key == k {
		return l
	}
	return nil
}

// keep carries a still valid listing over to the next cache.
func (c *statCache) keep(rel string, l *dirListing) { c.next.Dirs[rel] = l }

// learnDir remembers a fresh listing unless the directory is racy.
func (c *statCache) learnDir(rel string, st *syscall.Stat_t, l *dirListing) {
	if c.racy(st) {
		return
	}
	c.next.Dirs[rel] = l
	c.changed = true
}

// save writes the next cache if it differs from the one read; readers race
// harmlessly (atomic rename, last writer wins, any entry is still true).
func (c *statCache) save() {
	if c.path == "" {
		return
	}
	if !c.changed && len(c.next.Files) == len(c.files) && len(c.next.Dirs) == len(c.dirs) {
		return
	}
	data := encodeCache(c.next)
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
