// Package objstore is the object storage a team remote lives on: exactly
// the five operations internal/remote needs (exists, streaming read,
// create-if-absent, list by prefix, close), over a shared directory
// (file://) or S3 and S3-compatible servers (s3://). It replaces a
// general multi-cloud library whose initializers cost every lgraph
// command its start-up time (docs/measurements.md, Start-up).
package objstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
)

// ErrNotFound reports a key the bucket does not hold.
var ErrNotFound = errors.New("object not found")

// Bucket is an open object store. Keys are slash-separated paths.
type Bucket interface {
	// Exists reports whether key is present.
	Exists(ctx context.Context, key string) (bool, error)
	// NewReader streams key's bytes; the error wraps ErrNotFound when it
	// is absent.
	NewReader(ctx context.Context, key string) (io.ReadCloser, error)
	// Create writes key only if it does not exist yet, atomically: a
	// reader sees the whole object or none. created is false when another
	// writer got there first.
	Create(ctx context.Context, key string, body io.ReadSeeker) (created bool, err error)
	// List returns the keys under prefix in lexical order.
	List(ctx context.Context, prefix string) ([]string, error)
	// Close releases the bucket.
	Close() error
}

// Open opens the bucket u names: file:///DIR (created if missing) or
// s3://BUCKET with the query parameters s3Params documents.
func Open(ctx context.Context, u *url.URL) (Bucket, error) {
	switch u.Scheme {
	case "file":
		return openFile(u)
	case "s3":
		return openS3(ctx, u)
	}
	return nil, fmt.Errorf("scheme %q is not supported: use file:///DIR or s3://BUCKET", u.Scheme)
}

// unknownParam names the first query parameter not in known (in sorted
// order, so the message does not change from run to run).
func unknownParam(q url.Values, known ...string) error {
	var bad []string
	for k := range q {
		if !slices.Contains(known, k) {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	slices.Sort(bad)
	if len(known) == 0 {
		return fmt.Errorf("unknown query parameter %q: this remote takes none", bad[0])
	}
	return fmt.Errorf("unknown query parameter %q: known are %s", bad[0], strings.Join(known, ", "))
}
