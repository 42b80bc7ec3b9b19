package repogen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage"
	"github.com/go-git/go-git/v5/storage/memory"
)

// signature is the fixed author and committer of generated commits.
var signature = object.Signature{Name: "gen", Email: "gen@example.com"}

// baseTime is the author time of the first commit; each commit adds a minute.
var baseTime = time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)

// gitStore writes objects, refs, the index and the worktree directly, keeping
// an in-memory tree so a commit only re-hashes the directories it touched.
type gitStore struct {
	dir   string
	st    storage.Storer
	root  *treeNode
	index map[string]*index.Entry
	dirs  map[string]bool // worktree directories known to exist
	batch *memory.Storage // when set, new objects are collected for one pack
	added []plumbing.Hash // objects stored in batch
}

// packThreshold is the number of changed files from which a commit's
// objects are written as one packfile instead of loose objects.
const packThreshold = 256

// treeNode is one directory of the in-memory tree.
type treeNode struct {
	files map[string]plumbing.Hash
	dirs  map[string]*treeNode
	hash  plumbing.Hash
	dirty bool
}

func newTreeNode() *treeNode {
	return &treeNode{files: map[string]plumbing.Hash{}, dirs: map[string]*treeNode{}, dirty: true}
}

// initStore runs git init in dir.
func initStore(dir string) (*gitStore, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", dir, err)
	}
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		return nil, fmt.Errorf("git init %s: %w", dir, err)
	}
	return &gitStore{dir: dir, st: repo.Storer, root: newTreeNode(), index: map[string]*index.Entry{}, dirs: map[string]bool{}}, nil
}

// put writes a worktree file, its blob, and updates the tree and index.
func (g *gitStore) put(p, data string) error {
	return g.putMany([]string{p}, func(string) string { return data })
}

// putMany writes files like put. Worktree writes, the slow part on most
// filesystems, run in parallel; objects, tree and index are updated in order.
func (g *gitStore) putMany(paths []string, content func(string) string) error {
	for _, p := range paths {
		if err := g.ensureDir(p); err != nil {
			return err
		}
	}
	infos := make([]os.FileInfo, len(paths))
	errs := make([]error, len(paths))
	workers := min(4, 1+len(paths)/64)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(paths); i = int(next.Add(1) - 1) {
				infos[i], errs[i] = g.writeFile(paths[i], content(paths[i]))
			}
		}()
	}
	wg.Wait()
	for i, p := range paths {
		if errs[i] != nil {
			return errs[i]
		}
		h, err := g.writeBlob(content(p))
		if err != nil {
			return fmt.Errorf("blob %s: %w", p, err)
		}
		g.setTree(p, h)
		g.index[p] = &index.Entry{
			Hash: h, Name: p, Mode: filemode.Regular, Size: uint32(infos[i].Size()),
			CreatedAt: infos[i].ModTime(), ModifiedAt: infos[i].ModTime(),
		}
	}
	return nil
}

// ensureDir creates the worktree directory of p.
func (g *gitStore) ensureDir(p string) error {
	dir := filepath.Dir(filepath.Join(g.dir, filepath.FromSlash(p)))
	if g.dirs[dir] {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("mkdir for %s: %w", p, err)
	}
	g.dirs[dir] = true
	return nil
}

// writeFile writes a worktree file whose directory exists and returns its
// stat for the index.
func (g *gitStore) writeFile(p, data string) (os.FileInfo, error) {
	full := filepath.Join(g.dir, filepath.FromSlash(p))
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", p, err)
	}
	_, err = f.WriteString(data)
	var fi os.FileInfo
	if err == nil {
		fi, err = f.Stat()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", p, err)
	}
	return fi, nil
}

// del removes a worktree file and drops it from the tree and index.
func (g *gitStore) del(p string) error {
	full := filepath.Join(g.dir, filepath.FromSlash(p))
	if err := os.Remove(full); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", p, err)
	}
	for d := filepath.Dir(full); d != g.dir && len(d) > len(g.dir); d = filepath.Dir(d) {
		if os.Remove(d) != nil {
			break // not empty
		}
		delete(g.dirs, d)
	}
	g.delTree(p)
	delete(g.index, p)
	return nil
}

// store saves obj as a loose object, or in the pending pack in batch mode.
func (g *gitStore) store(obj plumbing.EncodedObject) (plumbing.Hash, error) {
	if g.batch == nil {
		return g.st.SetEncodedObject(obj)
	}
	h, err := g.batch.SetEncodedObject(obj)
	g.added = append(g.added, h)
	return h, err
}

// beginBatch collects the objects written until flush into one packfile.
func (g *gitStore) beginBatch() {
	g.batch, g.added = memory.NewStorage(), nil
}

// flush writes the objects collected since beginBatch as a packfile.
func (g *gitStore) flush() error {
	if g.batch == nil {
		return nil
	}
	defer func() { g.batch, g.added = nil, nil }()
	seen := map[plumbing.Hash]bool{}
	hashes := make([]plumbing.Hash, 0, len(g.added))
	for _, h := range g.added {
		if !seen[h] {
			seen[h] = true
			hashes = append(hashes, h)
		}
	}
	pw, ok := g.st.(storer.PackfileWriter)
	if !ok {
		return fmt.Errorf("storage cannot write packfiles")
	}
	w, err := pw.PackfileWriter()
	if err != nil {
		return fmt.Errorf("open packfile: %w", err)
	}
	if _, err := packfile.NewEncoder(w, g.batch, false).Encode(hashes, 0); err != nil {
		w.Close()
		return fmt.Errorf("encode packfile: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("close packfile: %w", err)
	}
	return nil
}

func (g *gitStore) writeBlob(data string) (plumbing.Hash, error) {
	obj := g.st.NewEncodedObject()
	obj.SetType(plumbing.BlobObject)
	w, err := obj.Writer()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := w.Write([]byte(data)); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := w.Close(); err != nil {
		return plumbing.ZeroHash, err
	}
	return g.store(obj)
}

func (g *gitStore) setTree(p string, h plumbing.Hash) {
	n := g.root
	n.dirty = true
	parts := strings.Split(p, "/")
	for _, d := range parts[:len(parts)-1] {
		child, ok := n.dirs[d]
		if !ok {
			child = newTreeNode()
			n.dirs[d] = child
		}
		n = child
		n.dirty = true
	}
	n.files[parts[len(parts)-1]] = h
}

// delTree removes p, pruning directories that become empty.
func (g *gitStore) delTree(p string) {
	var walk func(n *treeNode, parts []string) bool
	walk = func(n *treeNode, parts []string) bool {
		n.dirty = true
		if len(parts) == 1 {
			delete(n.files, parts[0])
		} else if child, ok := n.dirs[parts[0]]; ok && walk(child, parts[1:]) {
			delete(n.dirs, parts[0])
		}
		return len(n.files) == 0 && len(n.dirs) == 0
	}
	walk(g.root, strings.Split(p, "/"))
}

// writeTree stores the dirty trees below n and returns n's hash.
func (g *gitStore) writeTree(n *treeNode) (plumbing.Hash, error) {
	if !n.dirty {
		return n.hash, nil
	}
	var entries []object.TreeEntry
	for name, h := range n.files {
		entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Regular, Hash: h})
	}
	for name, child := range n.dirs {
		h, err := g.writeTree(child)
		if err != nil {
			return h, err
		}
		entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Dir, Hash: h})
	}
	sort.Slice(entries, func(i, j int) bool { return treeKey(entries[i]) < treeKey(entries[j]) })
	obj := g.st.NewEncodedObject()
	if err := (&object.Tree{Entries: entries}).Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode tree: %w", err)
	}
	h, err := g.store(obj)
	if err != nil {
		return h, fmt.Errorf("store tree: %w", err)
	}
	n.hash, n.dirty = h, false
	return h, nil
}

// treeKey orders entries as git does: directories sort as if ending in "/".
func treeKey(e object.TreeEntry) string {
	if e.Mode == filemode.Dir {
		return e.Name + "/"
	}
	return e.Name
}

// head returns the branch HEAD points to and its commit (zero if unborn).
func (g *gitStore) head() (plumbing.ReferenceName, plumbing.Hash, error) {
	ref, err := g.st.Reference(plumbing.HEAD)
	if err != nil {
		return "", plumbing.ZeroHash, fmt.Errorf("read HEAD: %w", err)
	}
	name := ref.Target()
	target, err := g.st.Reference(name)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return name, plumbing.ZeroHash, nil
	}
	if err != nil {
		return name, plumbing.ZeroHash, fmt.Errorf("read %s: %w", name, err)
	}
	return name, target.Hash(), nil
}

// commit writes the tree, a commit on top of HEAD, advances the branch and
// writes the index.
func (g *gitStore) commit(msg string, when time.Time) (plumbing.Hash, error) {
	tree, err := g.writeTree(g.root)
	if err != nil {
		return tree, err
	}
	branch, parent, err := g.head()
	if err != nil {
		return parent, err
	}
	sig := signature
	sig.When = when
	c := &object.Commit{Author: sig, Committer: sig, Message: msg, TreeHash: tree}
	if !parent.IsZero() {
		c.ParentHashes = []plumbing.Hash{parent}
	}
	obj := g.st.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode commit: %w", err)
	}
	h, err := g.store(obj)
	if err != nil {
		return h, fmt.Errorf("store commit: %w", err)
	}
	if err := g.flush(); err != nil {
		return h, err
	}
	if err := g.st.SetReference(plumbing.NewHashReference(branch, h)); err != nil {
		return h, fmt.Errorf("update %s: %w", branch, err)
	}
	return h, g.writeIndex()
}

func (g *gitStore) writeIndex() error {
	idx := &index.Index{Version: 2, Entries: make([]*index.Entry, 0, len(g.index))}
	for _, e := range g.index {
		idx.Entries = append(idx.Entries, e)
	}
	sort.Slice(idx.Entries, func(i, j int) bool { return idx.Entries[i].Name < idx.Entries[j].Name })
	if err := g.st.SetIndex(idx); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}
