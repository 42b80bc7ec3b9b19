// Package safefile reads, writes and removes files under a directory the
// user named for output (wiki --out, wiki note, export --out) without ever
// following a symbolic link: such a directory often lies in a repository,
// whose tree anyone may have committed, links included.
//
// The rules:
//   - the directory itself may not be a link, nor, when it is named by a
//     relative path, any directory on the way to it (a relative path is
//     resolved in the working directory, usually a repository); the
//     directories above an absolute path are the user's own choice (on
//     macOS /tmp is a link);
//   - no directory between it and a file may be a link;
//   - a file is written to a temporary file in its own directory, synced,
//     and renamed over its name: a link standing at that name is replaced,
//     its target never written;
//   - a file is read or removed only when it is a regular file.
//
// Every operation goes through an os.Root, so even a directory swapped for
// a link while lgraph runs cannot lead it outside the directory.
package safefile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ErrSymlink is matched (errors.Is) by the error of an operation refused
// because a path it would go through is a symbolic link.
var ErrSymlink = errors.New("symbolic link refused")

// SymlinkError names the link an operation refused to go through.
type SymlinkError struct {
	// Path is the link, as the caller would write it (the directory it
	// named joined with the name below it).
	Path string
}

func (e *SymlinkError) Error() string {
	return e.Path + " is a symbolic link, which lgraph never writes through"
}

// Is makes errors.Is(err, ErrSymlink) hold.
func (e *SymlinkError) Is(target error) bool { return target == ErrSymlink }

// Dir is an output directory opened for safe reads and writes. Names
// given to its methods are slash-separated and local (no "..", not
// absolute).
type Dir struct {
	path string // as the caller named it, for messages
	root *os.Root
}

// Open opens dir, creating it (and the directories on the way) when it
// does not exist, after checking that neither it nor, for a relative dir,
// a directory on the way to it is a symbolic link.
func Open(dir string) (*Dir, error) {
	clean := filepath.Clean(dir)
	if err := ensureDir(clean); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(clean)
	if err != nil {
		return nil, err
	}
	// The directory checked must be the one opened.
	opened, err := root.Stat(".")
	checked, err2 := os.Lstat(clean)
	if err = errors.Join(err, err2); err == nil && !os.SameFile(opened, checked) {
		err = &SymlinkError{Path: dir} // swapped for a link since the check
	}
	if err != nil {
		root.Close()
		return nil, err
	}
	return &Dir{path: dir, root: root}, nil
}

// ensureDir checks (and creates) each directory of a relative dir from
// the working directory down, or an absolute dir itself.
func ensureDir(dir string) error {
	if filepath.IsAbs(dir) {
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			return err
		}
		return ensureOne(dir, dir, os.Lstat, os.Mkdir)
	}
	parts := strings.Split(dir, string(filepath.Separator))
	for i := range parts {
		p := filepath.Join(parts[:i+1]...)
		if err := ensureOne(p, p, os.Lstat, os.Mkdir); err != nil {
			return err
		}
	}
	return nil
}

// ensureOne makes sure name is a real directory, creating it when
// missing; shown is how an error names it.
func ensureOne(name, shown string, lstat func(string) (fs.FileInfo, error), mkdir func(string, fs.FileMode) error) error {
	fi, err := lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		if err := mkdir(name, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		fi, err = lstat(name) // made now, or by someone else meanwhile
	}
	switch {
	case err != nil:
		return err
	case fi.Mode()&fs.ModeSymlink != 0:
		return &SymlinkError{Path: shown}
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", shown)
	}
	return nil
}

// Close releases the directory.
func (d *Dir) Close() error { return d.root.Close() }

// Path is name as the user would write it: under the directory as named.
func (d *Dir) Path(name string) string { return filepath.Join(d.path, filepath.FromSlash(name)) }

// FS is the directory as a file system, for walking it; fs.WalkDir does
// not descend into linked directories.
func (d *Dir) FS() fs.FS { return d.root.FS() }

// local checks that name stays under the directory.
func (d *Dir) local(name string) (string, error) {
	native := filepath.FromSlash(name)
	if !filepath.IsLocal(native) {
		return "", fmt.Errorf("%s would be outside %s: refused", name, d.path)
	}
	return native, nil
}

// parents checks the directories between d and name, creating missing
// ones when create is set; without it, a missing one is fs.ErrNotExist.
func (d *Dir) parents(name string, create bool) error {
	mkdir := func(p string, perm fs.FileMode) error {
		if !create {
			return &fs.PathError{Op: "open", Path: d.Path(p), Err: fs.ErrNotExist}
		}
		return d.root.Mkdir(p, perm)
	}
	dir := path.Dir(name)
	if dir == "." {
		return nil
	}
	parts := strings.Split(dir, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		if err := ensureOne(filepath.FromSlash(p), d.Path(p), d.root.Lstat, mkdir); err != nil {
			return err
		}
	}
	return nil
}

// Lstat describes name without following a link at it; the directories
// on the way must be real ones.
func (d *Dir) Lstat(name string) (fs.FileInfo, error) {
	native, err := d.local(name)
	if err != nil {
		return nil, err
	}
	if err := d.parents(name, false); err != nil {
		return nil, err
	}
	return d.root.Lstat(native)
}

// ReadFile reads name when it is a regular file. A missing file is
// fs.ErrNotExist; a link at name or on the way is a *SymlinkError.
func (d *Dir) ReadFile(name string) ([]byte, error) {
	fi, err := d.Lstat(name)
	if err != nil {
		return nil, err
	}
	if err := d.regular(name, fi); err != nil {
		return nil, err
	}
	f, err := d.root.Open(filepath.FromSlash(name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	now, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !os.SameFile(fi, now) {
		return nil, &SymlinkError{Path: d.Path(name)} // swapped for a link since the check
	}
	return io.ReadAll(f)
}

// regular refuses what is not a regular file.
func (d *Dir) regular(name string, fi fs.FileInfo) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return &SymlinkError{Path: d.Path(name)}
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file", d.Path(name))
	}
	return nil
}

// WriteFile replaces name with data (see Write).
func (d *Dir) WriteFile(name string, data []byte) error {
	return d.Write(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write replaces name with what fill writes: into a temporary file in
// name's directory (created, with the directories on the way, when
// missing), synced, then renamed over name, so that a reader never sees
// half a file and a link at name is replaced rather than followed.
func (d *Dir) Write(name string, fill func(io.Writer) error) (err error) {
	native, err := d.local(name)
	if err != nil {
		return err
	}
	if err := d.parents(name, true); err != nil {
		return err
	}
	tmp, f, err := d.createTemp(name)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			d.root.Remove(tmp)
		}
	}()
	w := bufio.NewWriter(f)
	if err := fill(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := d.root.Rename(tmp, native); err != nil {
		return err
	}
	d.syncDir(path.Dir(name))
	return nil
}

// createTemp makes a new file next to name, named after it so a file left
// by a crash says where it came from.
func (d *Dir) createTemp(name string) (string, *os.File, error) {
	for range 10 {
		var b [6]byte
		rand.Read(b[:])
		tmp := filepath.FromSlash(path.Join(path.Dir(name), "."+path.Base(name)+".tmp-"+hex.EncodeToString(b[:])))
		f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return tmp, f, err
	}
	return "", nil, fmt.Errorf("%s: no free temporary name", d.Path(name))
}

// syncDir makes a rename in dir durable. It is best effort: some file
// systems cannot sync a directory, and the file itself is already synced.
func (d *Dir) syncDir(dir string) {
	if f, err := d.root.Open(filepath.FromSlash(dir)); err == nil {
		f.Sync()
		f.Close()
	}
}

// Remove removes name when it is a regular file or an empty directory;
// the directories on the way must be real ones. A link is never removed
// through, nor removed: it was not lgraph's to delete.
func (d *Dir) Remove(name string) error {
	fi, err := d.Lstat(name)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		if err := d.regular(name, fi); err != nil {
			return err
		}
	}
	return d.root.Remove(filepath.FromSlash(name))
}

// WriteFile writes data to name under dir (Open, then Dir.WriteFile).
func WriteFile(dir, name string, data []byte) error {
	d, err := Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.WriteFile(name, data)
}

// Write writes what fill writes to name under dir (Open, then Dir.Write).
func Write(dir, name string, fill func(io.Writer) error) error {
	d, err := Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Write(name, fill)
}
