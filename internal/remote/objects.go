package remote

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lgraph/lgraph/internal/remote/objstore"
)

// objectKey is where an object whose bytes hash to sum lives. The two-hex
// fan-out keeps a file:// remote's directories small.
func objectKey(sum string) string { return "objects/" + sum[:2] + "/" + sum }

// validSum reports whether s is a lowercase hex SHA-256.
func validSum(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == sha256.Size && hex.EncodeToString(b) == s
}

func sumOf(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// Transfer counts what a push or pull moved and what it found already there.
type Transfer struct {
	ObjectsMoved   int   `json:"objects_moved"`
	BytesMoved     int64 `json:"bytes_moved"`
	ObjectsSkipped int   `json:"objects_skipped"`
	BytesSkipped   int64 `json:"bytes_skipped"`
}

func (t *Transfer) count(moved bool, n int64) {
	if moved {
		t.ObjectsMoved++
		t.BytesMoved += n
		return
	}
	t.ObjectsSkipped++
	t.BytesSkipped += n
}

// putBytes stores data as an object unless the remote holds it already.
func (r *Remote) putBytes(ctx context.Context, data []byte, t *Transfer) (string, error) {
	sum := sumOf(data)
	key := objectKey(sum)
	held, err := r.exists(ctx, key)
	if err != nil {
		return "", err
	}
	moved := false
	if !held {
		// false when another pusher wrote the same bytes meanwhile.
		if moved, err = r.create(ctx, key, bytes.NewReader(data)); err != nil {
			return "", err
		}
	}
	t.count(moved, int64(len(data)))
	return sum, nil
}

// putFile stores a local file as an object unless the remote holds it
// already; the file is hashed first, so nothing is sent for a held one.
func (r *Remote) putFile(ctx context.Context, f *os.File, t *Transfer) (string, error) {
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", fmt.Errorf("hash %s: %w", f.Name(), err)
	}
	sum := hex.EncodeToString(h.Sum(nil))
	key := objectKey(sum)
	held, err := r.exists(ctx, key)
	if err != nil {
		return "", err
	}
	moved := false
	if !held {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return "", fmt.Errorf("read %s: %w", f.Name(), err)
		}
		if moved, err = r.create(ctx, key, f); err != nil {
			return "", err
		}
	}
	t.count(moved, n)
	return sum, nil
}

// getBytes reads a small object and refuses it unless its bytes hash to sum.
func (r *Remote) getBytes(ctx context.Context, sum string) ([]byte, error) {
	if !validSum(sum) {
		return nil, fmt.Errorf("%w: %q is not a SHA-256", ErrCorrupt, sum)
	}
	data, found, err := r.readSmall(ctx, objectKey(sum))
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("remote %s: object %s is missing", r.URL, sum)
	}
	if got := sumOf(data); got != sum {
		return nil, fmt.Errorf("remote %s: %w: %s holds bytes hashing to %s; refused", r.URL, ErrCorrupt, objectKey(sum), got)
	}
	return data, nil
}

// getStream streams an object into sink and refuses it unless its bytes
// hash to sum. The sink must not make the bytes usable before getStream
// returns nil (store.ImportTable checks its own name, and nothing names
// an imported table until the pull publishes).
func (r *Remote) getStream(ctx context.Context, sum string, sink func(io.Reader) (int64, error)) (int64, error) {
	if !validSum(sum) {
		return 0, fmt.Errorf("%w: %q is not a SHA-256", ErrCorrupt, sum)
	}
	rd, err := r.bucket.NewReader(ctx, objectKey(sum))
	if errors.Is(err, objstore.ErrNotFound) {
		return 0, fmt.Errorf("remote %s: object %s is missing", r.URL, sum)
	}
	if err != nil {
		return 0, fmt.Errorf("remote %s: read %s: %w", r.URL, objectKey(sum), err)
	}
	defer rd.Close()
	h := sha256.New()
	n, err := sink(io.TeeReader(rd, h))
	if err != nil {
		return n, fmt.Errorf("remote %s: read %s: %w", r.URL, objectKey(sum), err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != sum {
		return n, fmt.Errorf("remote %s: %w: %s holds bytes hashing to %s; refused", r.URL, ErrCorrupt, objectKey(sum), got)
	}
	return n, nil
}
