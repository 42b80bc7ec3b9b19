// Package remote shares an index through a team remote on object storage
// (docs/design.md §4): immutable objects named by the SHA-256 of their
// bytes and checked on every read, snapshot entries keyed by commit,
// configuration and producing-code versions, and per-branch pointer logs
// that only ever grow, so two publishers never overwrite each other.
//
// Layout under the bucket:
//
//	objects/<aa>/<sha256>              table files and snapshot manifests, by content
//	snapshots/<commit>/<digest>        the SHA-256 of the manifest of that commit's snapshot
//	heads/<branch>/<seq>-<manifest>    one entry per push of the branch; the newest is its pointer
package remote

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// remotes: a shared directory
	_ "gocloud.dev/blob/s3blob"   // s3:// remotes, S3-compatible servers through endpoint=
	"gocloud.dev/gcerrors"
)

// ErrCorrupt reports an object whose bytes do not hash to its name: it is
// refused, never used.
var ErrCorrupt = errors.New("remote object does not match its hash")

// Remote is an open team remote.
type Remote struct {
	bucket *blob.Bucket
	// dir is a file:// remote's directory, where create links files into
	// place itself (see createFile); empty for other remotes.
	dir string
	// afterCreate, when set, is called after each object or entry is
	// written (tests stop the server there).
	afterCreate func(key string)
	// transfers bounds the cache entries moved at once (defaultTransfers).
	transfers int
	// URL is the remote as the user named it, with any password removed.
	URL string
}

// Open opens the bucket a remote URL names. Credentials come from the
// provider's usual chain (for S3 the AWS environment variables, shared
// files and instance roles), never from the URL lgraph stores.
func Open(ctx context.Context, rawURL string) (*Remote, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme == "" {
		return nil, fmt.Errorf("remote %q is not a URL: use file:///DIR or s3://BUCKET", rawURL)
	}
	shown := redact(u)
	if u.Scheme == "file" {
		// fileblob keeps a sidecar file of attributes per object; lgraph
		// names objects by content and needs none.
		// Temporary files are made beside their object, so the final
		// rename never crosses file systems.
		q := u.Query()
		for k, v := range map[string]string{"metadata": "skip", "no_tmp_dir": "true", "create_dir": "true"} {
			if q.Get(k) == "" {
				q.Set(k, v)
			}
		}
		u.RawQuery = q.Encode()
	}
	b, err := blob.OpenBucket(ctx, u.String())
	if err != nil {
		return nil, fmt.Errorf("open remote %s: %w", shown, err)
	}
	rem := &Remote{bucket: b, URL: shown, transfers: defaultTransfers}
	if u.Scheme == "file" {
		rem.dir = filepath.FromSlash(u.Path)
	}
	return rem, nil
}

// Close releases the bucket.
func (r *Remote) Close() error { return r.bucket.Close() }

func redact(u *url.URL) string {
	c := *u
	if c.User != nil {
		c.User = url.User(c.User.Username())
	}
	return c.String()
}

// exists reports whether key is present.
func (r *Remote) exists(ctx context.Context, key string) (bool, error) {
	ok, err := r.bucket.Exists(ctx, key)
	if err != nil {
		return false, fmt.Errorf("remote %s: look up %s: %w", r.URL, key, err)
	}
	return ok, nil
}

// readSmall reads a small object whole; found is false when it is absent.
func (r *Remote) readSmall(ctx context.Context, key string) (data []byte, found bool, err error) {
	data, err = r.bucket.ReadAll(ctx, key)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("remote %s: read %s: %w", r.URL, key, err)
	}
	return data, true, nil
}

// create writes key only if it does not exist yet; created is false when
// another writer got there first.
func (r *Remote) create(ctx context.Context, key string, src io.Reader) (created bool, err error) {
	if r.afterCreate != nil {
		defer func() {
			if err == nil {
				r.afterCreate(key)
			}
		}()
	}
	if r.dir != "" {
		return r.createFile(key, src)
	}
	w, err := r.bucket.NewWriter(ctx, key, &blob.WriterOptions{IfNotExist: true, ContentType: "application/octet-stream"})
	if err != nil {
		return false, fmt.Errorf("remote %s: write %s: %w", r.URL, key, err)
	}
	if _, err := io.Copy(w, src); err != nil {
		w.Close()
		return false, fmt.Errorf("remote %s: write %s: %w", r.URL, key, err)
	}
	err = w.Close()
	if gcerrors.Code(err) == gcerrors.FailedPrecondition {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("remote %s: write %s: %w", r.URL, key, err)
	}
	return true, nil
}

// list returns the keys under prefix, in the bucket's (lexical) order.
func (r *Remote) list(ctx context.Context, prefix string) ([]string, error) {
	it := r.bucket.List(&blob.ListOptions{Prefix: prefix})
	var keys []string
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			return keys, nil
		}
		if err != nil {
			return nil, fmt.Errorf("remote %s: list %s: %w", r.URL, prefix, err)
		}
		if !obj.IsDir && !strings.HasSuffix(obj.Key, "/") {
			keys = append(keys, obj.Key)
		}
	}
}

// createFile is create for a file:// remote. fileblob's IfNotExist checks
// for the file and then renames over it, which two processes can both
// pass; a hard link fails when the name exists, so of two pushers writing
// the same pointer entry exactly one succeeds, whichever machine they run
// on (a shared directory must support links, as NFS and SMB do).
func (r *Remote) createFile(key string, src io.Reader) (bool, error) {
	name := filepath.Join(r.dir, filepath.FromSlash(key))
	fail := func(err error) (bool, error) { return false, fmt.Errorf("remote %s: write %s: %w", r.URL, key, err) }
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fail(err)
	}
	// Temporary files live apart from every listed prefix, so a
	// concurrent list never meets one that vanishes under it.
	tmpDir := filepath.Join(r.dir, ".lgraph-tmp")
	if err := os.MkdirAll(tmpDir, 0o755); err != nil {
		return fail(err)
	}
	tmp, err := os.CreateTemp(tmpDir, "obj-*")
	if err != nil {
		return fail(err)
	}
	defer os.Remove(tmp.Name())
	_, err = io.Copy(tmp, src)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	err = os.Link(tmp.Name(), name)
	if errors.Is(err, os.ErrExist) {
		return false, nil
	}
	if err != nil {
		return fail(err)
	}
	return true, nil
}
