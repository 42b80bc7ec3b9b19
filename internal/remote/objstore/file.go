package objstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// tmpDirName holds objects being written, apart from every listed
// prefix, so a concurrent list never meets a file that vanishes under it.
const tmpDirName = ".lgraph-tmp"

// fileBucket is a shared directory: one file per key.
type fileBucket struct {
	dir string
}

func openFile(u *url.URL) (*fileBucket, error) {
	if err := unknownParam(u.Query()); err != nil {
		return nil, err
	}
	if u.Host != "" && u.Host != "localhost" {
		return nil, fmt.Errorf("file remote names host %q: use file:///DIR", u.Host)
	}
	if u.Path == "" {
		return nil, errors.New("file remote names no directory: use file:///DIR")
	}
	dir := filepath.FromSlash(u.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	return &fileBucket{dir: dir}, nil
}

func (b *fileBucket) path(key string) string { return filepath.Join(b.dir, filepath.FromSlash(key)) }

func (b *fileBucket) Exists(_ context.Context, key string) (bool, error) {
	_, err := os.Stat(b.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

func (b *fileBucket) NewReader(_ context.Context, key string) (io.ReadCloser, error) {
	f, err := os.Open(b.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", key, ErrNotFound)
	}
	return f, err
}

// Create writes a temporary file and hard-links it into place. A link
// fails when the name exists, so of two writers of the same key exactly
// one succeeds, whichever machine they run on (a shared directory must
// support links, as NFS and SMB do); checking first and renaming would
// let both pass. The temporary file lives under the bucket's directory,
// so the link never crosses file systems.
func (b *fileBucket) Create(_ context.Context, key string, body io.ReadSeeker) (bool, error) {
	name := b.path(key)
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return false, err
	}
	tmpDir := filepath.Join(b.dir, tmpDirName)
	if err := os.MkdirAll(tmpDir, 0o755); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(tmpDir, "obj-*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name())
	_, err = io.Copy(tmp, body)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return false, err
	}
	err = os.Link(tmp.Name(), name)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	return err == nil, err
}

// List walks the deepest directory the prefix names in full and keeps
// the files whose key starts with the prefix.
func (b *fileBucket) List(_ context.Context, prefix string) ([]string, error) {
	root := b.dir
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		root = b.path(prefix[:i])
	}
	var keys []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		rel, err := filepath.Rel(b.dir, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if d.IsDir() {
			if key == tmpDirName {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(key, prefix) {
			keys = append(keys, key)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A walk visits "a/b" before "a-c"; keys sort the other way.
	slices.Sort(keys)
	return keys, nil
}

func (b *fileBucket) Close() error { return nil }
