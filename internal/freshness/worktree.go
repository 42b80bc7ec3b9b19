package freshness

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"golang.org/x/sys/unix"

	"github.com/lgraph/lgraph/internal/gitrepo"
)

// SniffLen is how many first bytes of a file IsCode is given: the prefix
// the inventory looks at for NUL bytes and a shebang.
const SniffLen = 8000

// worktree compares the working tree with an indexed snapshot the way git
// status compares it with git's index: a file whose stat data git's index
// (or the stat cache) vouches for is not read; the others are hashed.
type worktree struct {
	in    Input
	top   string
	topFD int       // the top directory open, for lstatAt (-1: not open)
	idx   *gitIndex // nil when there is no usable git index
	cache *statCache
	// sparse is the last sparse-index directory entry seen ("dir/").
	sparse string
	stale  []string
	// next is the first git index entry the walk has not reached; es
	// holds one path's entries, decoded.
	next  int
	es    []indexEntry
	stats []fileStat // one chunk's lstat results
	// pending are the chunk's files to hash; hashed counts the files
	// read to hash them: neither git's index nor the stat table vouched
	// for them.
	pending []pendingHash
	hashed  int
	conv    *gitrepo.Conversion // read on first need
	attrs   *gitrepo.Attributes // with conv
}

// worktreeStale lists the paths where the working tree differs from the
// snapshot: indexed files whose bytes changed or are gone, and files lgraph
// would index that the snapshot lacks (staged, tracked or untracked and not
// ignored). Paths lgraph does not index never count.
func worktreeStale(in Input, now time.Time) ([]string, error) {
	if in.Repo.Top == "" {
		return nil, nil
	}
	w, err := checkWorktree(in, now)
	if err != nil {
		return nil, err
	}
	return w.stale, nil
}

// checkWorktree runs the comparison and saves what it taught the stat
// table.
func checkWorktree(in Input, now time.Time) (*worktree, error) {
	w := &worktree{in: in, top: in.Repo.Top, topFD: openTop(in.Repo.Top), cache: loadStatCache(in.StatCache, in.RulesKey, now)}
	defer func() {
		w.idx.close()
		w.cache.save()
		w.cache.close()
		if w.topFD >= 0 {
			unix.Close(w.topFD)
		}
	}()
	// Without a readable index (none yet, a split index) every indexed
	// file is compared by content and every listed file counts as
	// untracked: slower, never wrong.
	w.idx, _ = readGitIndex(in.Repo.GitDir())
	if err := w.compare(); err != nil {
		return nil, err
	}
	if in.IsCode != nil {
		w.untracked()
	}
	return w, nil
}

// compare walks the snapshot's paths and the git index together (both are
// sorted by path bytes), a chunk of files at a time.
func (w *worktree) compare() error {
	if kv := w.in.Snap.Index; kv != nil {
		n, err := leafChunks(kv, w.compareChunk)
		if err != nil {
			return err
		}
		if n == w.in.Snap.Files.Len() {
			w.indexRest()
			return nil
		}
		// Only a file without a valid digest lacks a leaf entry; then the
		// records say which, and the walk starts over.
		w.stale, w.sparse, w.next = nil, "", 0
	}
	files, err := recordFiles(w.in.Snap)
	if err != nil {
		return err
	}
	for i := 0; i < len(files); i += statChunk {
		if err := w.compareChunk(files[i:min(i+statChunk, len(files))]); err != nil {
			return err
		}
	}
	w.indexRest()
	return nil
}

// compareChunk checks files (in path order, after those of the chunks
// before) against git's index entries and their stat data.
func (w *worktree) compareChunk(files []indexedFile) error {
	if w.stats == nil {
		w.stats = make([]fileStat, statChunk)
	}
	// Stats are taken a chunk at a time, so memory stays flat however
	// many files there are (a stat result is 160 bytes).
	preload(w.top, w.topFD, files, w.stats)
	j, n := w.next, w.idx.len()
	for i := range files {
		p := files[i].path
		for j < n && w.idx.path(j) < p {
			j = w.indexOnly(j)
		}
		w.es = w.es[:0]
		for ; j < n && w.idx.path(j) == p; j++ {
			w.es = append(w.es, w.idx.entry(j))
		}
		if err := w.indexed(&files[i], w.es, &w.stats[i]); err != nil {
			return err
		}
	}
	w.next = j
	return w.hashPending()
}

// indexRest handles git's entries after the snapshot's last path.
func (w *worktree) indexRest() {
	for j := w.next; j < w.idx.len(); {
		j = w.indexOnly(j)
	}
}

// fileStat is the result of one lstat.
type fileStat struct {
	st  unix.Stat_t
	err error
}

// statChunk is how many files are stat'ed ahead of the comparison.
const statChunk = 8192

// preload stats the files in parallel into out, as git's preload-index
// does: a read's cost is mostly these system calls. topFD is the top of
// the working tree opened (negative: not open, paths are joined to top).
func preload(top string, topFD int, paths []indexedFile, out []fileStat) {
	forEach(len(paths), 256, func(i int) {
		if topFD >= 0 {
			out[i].err = lstatAt(topFD, paths[i].path, &out[i].st)
		} else {
			out[i].err = lstat(top+"/"+paths[i].path, &out[i].st)
		}
	})
}

// openTop opens the top of the working tree for lstatAt; -1 when it cannot.
func openTop(top string) int {
	fd, err := unix.Open(top, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	return fd
}

// indexed checks one indexed file; es are its git index entries (one per
// stage, none when git no longer tracks it) and fs its lstat.
func (w *worktree) indexed(f *indexedFile, es []indexEntry, fs *fileStat) error {
	p := f.path
	var e0 *indexEntry
	for i := range es {
		if es[i].stage == 0 {
			e0 = &es[i]
		}
	}
	switch {
	case len(es) == 0 && w.idx != nil && w.sparse != "" && strings.HasPrefix(p, w.sparse):
		return nil // outside a sparse checkout: as HEAD has it
	case len(es) == 0 && w.idx != nil && !w.in.Ref.Worktree:
		w.markStale(p) // deletion staged
	case e0 != nil && e0.skip():
		w.staleUnless(p, stagedIndexed(f, e0)) // git does not look at the file
	case gone(fs.err):
		w.markStale(p)
	case fs.err != nil:
		return fmt.Errorf("freshness: stat %s: %w", p, fs.err)
	case !isRegular(&fs.st):
		w.markStale(p)
	case e0 != nil && w.idx.statClean(e0, &fs.st):
		// The stat table's entry is kept too, so that it still vouches
		// when git's index next goes stale (files touched, a new index).
		w.cache.facts(p, keyOf(&fs.st))
		w.staleUnless(p, stagedIndexed(f, e0))
	default:
		// Hashed with the rest of the chunk unless the stat table knows
		// the bytes at this stat key.
		facts := w.cache.facts(p, keyOf(&fs.st))
		if !facts.HasSum {
			w.pending = append(w.pending, pendingHash{file: f, st: &fs.st})
			return nil
		}
		same, err := w.sameSum(f, facts.Sum)
		if err != nil {
			return err
		}
		w.staleUnless(p, same)
	}
	return nil
}

// markStale records a stale path; the path may share memory with a whole
// chunk of paths, so it is copied.
func (w *worktree) markStale(p string) { w.stale = append(w.stale, strings.Clone(p)) }

func (w *worktree) staleUnless(p string, same bool) {
	if !same {
		w.markStale(p)
	}
}

// indexOnly handles the git index entries of one path the snapshot lacks
// and returns the position of the next path.
func (w *worktree) indexOnly(j int) int {
	e := w.idx.entry(j)
	k := j + 1
	for k < w.idx.len() && w.idx.path(k) == e.path {
		k++
	}
	switch {
	case e.sparseTree:
		w.sparse = e.path
	case e.skip() && e.stage == 0:
	case w.in.IsCode != nil:
		w.maybeNew(e.path)
	}
	return k
}

// maybeNew marks a working-tree file the snapshot lacks when lgraph would
// index it.
func (w *worktree) maybeNew(p string) {
	// A file its attributes leave out (LFS, generated, vendored) is not
	// indexed however it reads.
	if !w.in.Candidate(gitrepo.Entry{Path: p, Mode: filemode.Regular}) || w.attributes().SkipReason(p) != "" {
		return
	}
	abs := w.top + "/" + p
	var st unix.Stat_t
	if lstat(abs, &st) != nil || !isRegular(&st) {
		return
	}
	facts := w.cache.facts(p, keyOf(&st))
	if !facts.HasCode {
		facts.HasCode = true
		facts.Code = w.in.IsCode(p, st.Size, func() []byte { return head(abs) })
		w.cache.learn(p, &st, facts)
	}
	if facts.Code {
		w.markStale(p)
	}
}

// untracked marks the files git neither tracks nor ignores that lgraph
// would index.
func (w *worktree) untracked() {
	tracked := func([]byte) bool { return false }
	if w.idx != nil {
		// git's entries are sorted by path bytes: a search, not a set of
		// every tracked path, which at 100,000 files cost more than the scan.
		tracked = func(p []byte) bool {
			_, found := w.idx.find(string(p))
			return found
		}
	}
	getenv := w.in.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	s := &scanner{top: w.top, cache: w.cache, tracked: tracked}
	s.dir("", nil, repoIgnores(w.top, w.in.Repo.CommonDir, w.in.Repo.GitDir(), getenv))
	for _, p := range s.out {
		if !w.in.Snap.Files.Has(p) {
			w.maybeNew(p)
		}
	}
}

// sameConverted reports whether a file whose raw bytes differ from the
// indexed ones holds them after git's clean conversion (CRLF to LF under
// text, eol or core.autocrlf), as git status decides it. Only such files
// are read again; their stat data does not record the conversion.
func (w *worktree) sameConverted(p string, want *indexedFile) (bool, error) {
	conv := w.conversion()
	if !conv.Converts(p) {
		return false, nil
	}
	data, err := os.ReadFile(w.top + "/" + p)
	if gone(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("freshness: %w", err)
	}
	return sha256.Sum256(conv.Clean(p, data)) == want.sum, nil
}

// conversion reads the working tree's attributes once, when a file first
// needs them: from the attributes files git's index tracks (the top one
// without an index).
func (w *worktree) conversion() *gitrepo.Conversion {
	if w.conv == nil {
		paths := []string{gitrepo.AttributesFile}
		if w.idx != nil {
			paths = paths[:0]
			for i := range w.idx.len() {
				if p := w.idx.path(i); path.Base(p) == gitrepo.AttributesFile && w.idx.entry(i).stage == 0 {
					paths = append(paths, p)
				}
			}
		}
		w.attrs = w.in.Repo.WorktreeAttributes(paths)
		w.conv = w.in.Repo.NewConversion(w.attrs)
	}
	return w.conv
}

// attributes returns the working tree's git attributes (see conversion).
func (w *worktree) attributes() *gitrepo.Attributes {
	w.conversion()
	return w.attrs
}

// gone reports errors meaning there is no file at the path.
func gone(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// head reads the first SniffLen bytes of a file.
func head(path string) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	buf := make([]byte, SniffLen)
	n, _ := io.ReadFull(f, buf)
	return buf[:n]
}
