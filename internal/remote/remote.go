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

	"github.com/lgraph/lgraph/internal/remote/objstore"
)

// ErrCorrupt reports an object whose bytes do not hash to its name: it is
// refused, never used.
var ErrCorrupt = errors.New("remote object does not match its hash")

// Remote is an open team remote.
type Remote struct {
	bucket objstore.Bucket
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
	b, err := objstore.Open(ctx, u)
	if err != nil {
		return nil, fmt.Errorf("open remote %s: %w", shown, err)
	}
	return &Remote{bucket: b, URL: shown, transfers: defaultTransfers}, nil
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
	rd, err := r.bucket.NewReader(ctx, key)
	if errors.Is(err, objstore.ErrNotFound) {
		return nil, false, nil
	}
	if err == nil {
		data, err = io.ReadAll(rd)
		if cerr := rd.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return nil, false, fmt.Errorf("remote %s: read %s: %w", r.URL, key, err)
	}
	return data, true, nil
}

// create writes key only if it does not exist yet; created is false when
// another writer got there first.
func (r *Remote) create(ctx context.Context, key string, src io.ReadSeeker) (created bool, err error) {
	created, err = r.bucket.Create(ctx, key, src)
	if err != nil {
		return false, fmt.Errorf("remote %s: write %s: %w", r.URL, key, err)
	}
	if r.afterCreate != nil {
		r.afterCreate(key)
	}
	return created, nil
}

// list returns the keys under prefix, in the bucket's (lexical) order.
func (r *Remote) list(ctx context.Context, prefix string) ([]string, error) {
	keys, err := r.bucket.List(ctx, prefix)
	if err != nil {
		return nil, fmt.Errorf("remote %s: list %s: %w", r.URL, prefix, err)
	}
	return keys, nil
}
