package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Cache entries travel as objects too: per-file facts, keyed as the local
// cache keys them (facts/<extractor version>/<encoding>/<lang>/<blob>), and model
// results, keyed by the hash of their inputs (summary/, edge/, module/,
// explore/). An entry's object is
//
//	cache/<kind>/<sha256 of key>-<sha256 of record>
//
// where the record is {"key", "value"}: the name says which key it
// answers and what its bytes hash to, so a pull refuses a record that
// does not hash to its name or answers another key. Two pushers of the
// same key with different bytes (which the inputs' hash makes a bug, not
// a race) write two names; a pull takes the first listed.

// pushedKinds are the cache entries a push carries.
var pushedKinds = []string{"facts", "summary", "edge", "module", "explore"}

// pulledKinds are what a pull fetches whole: the model results, which
// cost money; facts are in the snapshot's records for every file it
// holds, and a changed file is parsed again for less than fetching it.
var pulledKinds = []string{"summary", "edge", "module", "explore"}

type entryRecord struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

func entryKind(key string) string {
	kind, _, _ := strings.Cut(key, "/")
	return kind
}

func entryPrefix(kind string) string { return "cache/" + kind + "/" }

// remoteEntries lists the entries of one kind: key hash -> object name.
func (r *Remote) remoteEntries(ctx context.Context, kind string) (map[string]string, error) {
	keys, err := r.list(ctx, entryPrefix(kind))
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(keys))
	for _, k := range keys {
		keySum, recSum, ok := strings.Cut(strings.TrimPrefix(k, entryPrefix(kind)), "-")
		if ok && validSum(keySum) && validSum(recSum) {
			if _, seen := out[keySum]; !seen {
				out[keySum] = k
			}
		}
	}
	return out, nil
}

// pushEntries uploads the cache entries of pushedKinds the remote lacks.
func (r *Remote) pushEntries(ctx context.Context, c *cache.Cache, t *Transfer) error {
	held := map[string]map[string]string{}
	for _, kind := range pushedKinds {
		m, err := r.remoteEntries(ctx, kind)
		if err != nil {
			return err
		}
		held[kind] = m
	}
	var missing []string
	err := c.Entries(func(e cache.Entry) error {
		kind := entryKind(e.Key)
		if m, ok := held[kind]; ok {
			if _, there := m[sumOf([]byte(e.Key))]; there {
				t.count(false, e.Size)
			} else {
				missing = append(missing, e.Key)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("list the cache: %w", err)
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.transfers)
	for _, key := range missing {
		g.Go(func() error {
			value, err := c.Value(key)
			if err != nil || value == nil {
				return nil // a damaged or vanished entry is recomputed, not shared
			}
			name, rec, err := entryObject(key, value)
			if errors.Is(err, errUnreadable) {
				return nil // damaged, as above
			}
			if err != nil {
				return err
			}
			moved, err := r.create(gctx, name, bytes.NewReader(rec))
			if err != nil {
				return err
			}
			mu.Lock()
			t.count(moved, int64(len(rec)))
			mu.Unlock()
			return nil
		})
	}
	return g.Wait()
}

// entryObject is a cache entry as the remote holds it: the record and its
// name, the hashes of its key and of the record.
func entryObject(key string, value []byte) (name string, rec []byte, err error) {
	wire, err := wireValue(key, value)
	if err != nil {
		return "", nil, err
	}
	rec, err = json.Marshal(entryRecord{Key: key, Value: wire})
	if err != nil {
		return "", nil, fmt.Errorf("push cache entry %s: %w", key, err)
	}
	return entryPrefix(entryKind(key)) + sumOf([]byte(key)) + "-" + sumOf(rec), rec, nil
}

// wireValue is a cache value as an entry record carries it: JSON. The
// cache keeps facts in the snapshot's binary encoding, which their key
// names (snapshot.EncodeFacts); they travel as JSON, which a person can
// read and which a record holds as it is.
func wireValue(key string, value []byte) (json.RawMessage, error) {
	if entryKind(key) != "facts" {
		return value, nil
	}
	f, err := snapshot.DecodeFacts(value)
	if err != nil {
		return nil, fmt.Errorf("push cache entry %s: %w: %v", key, errUnreadable, err)
	}
	return json.Marshal(f)
}

// errUnreadable is a cache value that does not decode: damage, which a
// push leaves out (the value is computed again, not shared).
var errUnreadable = errors.New("the cached value does not decode")

// defaultTransfers bounds the cache entries moved at once: object stores
// answer one small request at a time slowly, and many at once well.
const defaultTransfers = 8

// pullEntries fetches the model results the local cache lacks, each
// checked against its name before it is stored.
func (r *Remote) pullEntries(ctx context.Context, c *cache.Cache, t *Transfer) error {
	local := map[string]bool{}
	err := c.Entries(func(e cache.Entry) error {
		local[sumOf([]byte(e.Key))] = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("list the cache: %w", err)
	}
	for _, kind := range pulledKinds {
		remote, err := r.remoteEntries(ctx, kind)
		if err != nil {
			return err
		}
		var mu sync.Mutex
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(r.transfers)
		for keySum, name := range remote {
			if local[keySum] {
				continue
			}
			g.Go(func() error {
				rec, err := r.getEntry(gctx, name, keySum)
				if err != nil {
					return err
				}
				if err := c.PutLater(rec.Key, rec.Value); err != nil {
					return err
				}
				mu.Lock()
				t.count(true, int64(len(rec.Value)))
				mu.Unlock()
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
	}
	return c.Flush()
}

// getEntry reads one entry object and refuses it unless its bytes hash
// to its name and it answers the key its name says.
func (r *Remote) getEntry(ctx context.Context, name, keySum string) (*entryRecord, error) {
	data, found, err := r.readSmall(ctx, name)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("remote %s: cache entry %s vanished", r.URL, name)
	}
	_, recSum, _ := strings.Cut(name[strings.LastIndex(name, "/")+1:], "-")
	if sumOf(data) != recSum {
		return nil, fmt.Errorf("remote %s: %w: %s; refused", r.URL, ErrCorrupt, name)
	}
	var rec entryRecord
	if err := json.Unmarshal(data, &rec); err != nil || sumOf([]byte(rec.Key)) != keySum || entryKind(rec.Key)+"/" != strings.TrimPrefix(name[:strings.LastIndex(name, "/")+1], "cache/") {
		return nil, fmt.Errorf("remote %s: %w: %s does not answer its key; refused", r.URL, ErrCorrupt, name)
	}
	return &rec, nil
}
