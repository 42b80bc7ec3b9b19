package odb

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/klauspost/compress/zlib"
)

// ErrClosed reports a read from a store that was closed.
var ErrClosed = errors.New("object store is closed")

// objectDir is one objects directory: loose objects under xx/ and packs
// under pack/. Packs are listed on first use and again when a lookup
// misses, since a gc or fetch may have packed new objects since.
type objectDir struct {
	path string
	// packs is nil until listed; a listing replaces the slice, never
	// changes it in place, so lookups read it without a lock.
	packs  atomic.Pointer[[]*pack]
	mu     sync.Mutex // serializes listings and Close
	opened map[string]bool
	closed bool
	zlibs  sync.Pool // zlib readers for loose objects
}

func newObjectDir(path string) *objectDir {
	return &objectDir{path: path, opened: make(map[string]bool)}
}

// packList returns the open packs, listing them on first use.
func (d *objectDir) packList() ([]*pack, error) {
	if ps := d.packs.Load(); ps != nil {
		return *ps, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if ps := d.packs.Load(); ps != nil {
		return *ps, nil
	}
	if _, err := d.rescanLocked(); err != nil {
		return nil, err
	}
	return *d.packs.Load(), nil
}

// rescan opens packs that appeared since the last listing and reports
// whether there were any. Packs that vanished stay open: their data is
// still readable through the open files.
func (d *objectDir) rescan() (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.rescanLocked()
}

func (d *objectDir) rescanLocked() (bool, error) {
	if d.closed {
		return false, ErrClosed
	}
	var packs []*pack
	if ps := d.packs.Load(); ps != nil {
		packs = *ps
	}
	dir := filepath.Join(d.path, "pack")
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		d.packs.Store(&packs)
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("list packs in %s: %w", dir, err)
	}
	var added []*pack
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, "pack-") || !strings.HasSuffix(name, ".idx") || d.opened[name] {
			continue
		}
		p, err := openPack(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue // an index whose pack is gone: git skips it too
		}
		if err != nil {
			return false, err
		}
		d.opened[name] = true
		added = append(added, p)
	}
	// Newest packs first, as git orders them: recent objects, which an
	// update reads, usually sit in the newest pack.
	slices.SortStableFunc(added, func(a, b *pack) int { return -cmpModTime(a, b) })
	packs = append(added, packs...)
	d.packs.Store(&packs)
	return len(added) > 0, nil
}

func cmpModTime(a, b *pack) int {
	ai, aerr := a.f.Stat()
	bi, berr := b.f.Stat()
	if aerr != nil || berr != nil {
		return strings.Compare(a.name, b.name)
	}
	return ai.ModTime().Compare(bi.ModTime())
}

func (d *objectDir) close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.closed = true
	ps := d.packs.Swap(&[]*pack{})
	if ps == nil {
		return nil
	}
	var errs []error
	for _, p := range *ps {
		if err := p.close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (d *objectDir) loosePath(h plumbing.Hash) string {
	hex := h.String()
	return filepath.Join(d.path, hex[:2], hex[2:])
}

// readLoose reads a loose object's header, and its content when dataToo;
// the error is fs.ErrNotExist when there is none. The file is read whole
// and inflated by a pooled klauspost zlib reader, as pack entries are (see
// reader): go-git's objfile reader inflates with the standard library's,
// a new one each time, and a commit's loose trees near the root of a
// large repository are tens of kilobytes each.
func (d *objectDir) readLoose(h plumbing.Hash, dataToo bool) (plumbing.ObjectType, int64, []byte, error) {
	raw, err := os.ReadFile(d.loosePath(h))
	if err != nil {
		return plumbing.InvalidObject, 0, nil, err
	}
	typ, size, data, err := d.inflateLoose(raw, dataToo)
	if err != nil {
		return plumbing.InvalidObject, 0, nil, fmt.Errorf("read loose object %s: %w", h, err)
	}
	return typ, size, data, nil
}

// inflateLoose decodes a loose object file: zlib data holding
// "<type> <size>\x00" and the content.
func (d *objectDir) inflateLoose(raw []byte, dataToo bool) (plumbing.ObjectType, int64, []byte, error) {
	zr, err := d.zlibReader(bytes.NewReader(raw))
	if err != nil {
		return plumbing.InvalidObject, 0, nil, err
	}
	defer d.zlibs.Put(zr)
	typ, size, err := looseHeader(zr)
	if err != nil || !dataToo {
		return typ, size, nil, err
	}
	var data []byte
	if size <= bigObject {
		data = make([]byte, size)
		_, err = io.ReadFull(zr, data)
	} else {
		data, err = io.ReadAll(io.LimitReader(zr, size))
	}
	if err == nil && int64(len(data)) != size {
		err = io.ErrUnexpectedEOF
	}
	return typ, size, data, err
}

// zlibReader returns a pooled zlib reader reset to src; the caller puts it
// back in d.zlibs.
func (d *objectDir) zlibReader(src io.Reader) (io.ReadCloser, error) {
	if zr, ok := d.zlibs.Get().(io.ReadCloser); ok {
		if err := zr.(zlib.Resetter).Reset(src, nil); err != nil {
			return nil, err
		}
		return zr, nil
	}
	return zlib.NewReader(src)
}

// looseHeader reads a loose object's "<type> <size>\x00".
func looseHeader(r io.Reader) (plumbing.ObjectType, int64, error) {
	var buf [32]byte
	n := 0
	for {
		if n == len(buf) {
			return plumbing.InvalidObject, 0, fmt.Errorf("%w: loose object header too long", ErrCorrupt)
		}
		if _, err := io.ReadFull(r, buf[n:n+1]); err != nil {
			return plumbing.InvalidObject, 0, err
		}
		if buf[n] == 0 {
			break
		}
		n++
	}
	name, sizeText, ok := strings.Cut(string(buf[:n]), " ")
	typ, err := plumbing.ParseObjectType(name)
	if !ok || err != nil || !typ.Valid() {
		return plumbing.InvalidObject, 0, fmt.Errorf("%w: loose object header %q", ErrCorrupt, buf[:n])
	}
	size, err := strconv.ParseInt(sizeText, 10, 64)
	if err != nil || size < 0 {
		return plumbing.InvalidObject, 0, fmt.Errorf("%w: loose object size %q", ErrCorrupt, sizeText)
	}
	return typ, size, nil
}

// looseHashes lists every loose object's name.
func (d *objectDir) looseHashes() ([]plumbing.Hash, error) {
	var out []plumbing.Hash
	for i := range 256 {
		sub := fmt.Sprintf("%02x", i)
		ents, err := os.ReadDir(filepath.Join(d.path, sub))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("list loose objects: %w", err)
		}
		for _, e := range ents {
			if plumbing.IsHash(sub + e.Name()) {
				out = append(out, plumbing.NewHash(sub+e.Name()))
			}
		}
	}
	return out, nil
}

// alternates lists the objects directories named in info/alternates,
// relative ones resolved against this one.
func (d *objectDir) alternates() ([]string, error) {
	data, err := os.ReadFile(filepath.Join(d.path, "info", "alternates"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read alternates: %w", err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		// git writes a path holding odd characters C-quoted.
		if strings.HasPrefix(line, `"`) {
			unquoted, err := strconv.Unquote(line)
			if err != nil {
				return nil, fmt.Errorf("read alternates: cannot unquote %s", line)
			}
			line = unquoted
		}
		if !filepath.IsAbs(line) {
			line = filepath.Join(d.path, line)
		}
		out = append(out, filepath.Clean(line))
	}
	return out, nil
}
