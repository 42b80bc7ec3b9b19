package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// A sharded init leaves, per shard, its files' facts as cache entries
// (entries.go) and one shard list naming them:
//
//	objects/<aa>/<sha256>                     the shard list, by content
//	shards/<commit>/<producer>/<I>-<N>-<sha256>   names the list of shard I of N
//
// No snapshot and no branch pointer: the assembling init reads the lists of
// its commit, fetches the entries its cache lacks and indexes as usual, so
// the lists' cost follows the commit's files, not the remote's history.

// ShardList is what one shard parsed: each file's facts key and the entry
// object that holds it, sorted by key.
type ShardList struct {
	Commit  string       `json:"commit"`
	Shard   string       `json:"shard"`
	Entries []ShardEntry `json:"entries"`
}

// ShardEntry is one facts entry of a shard.
type ShardEntry struct {
	Key    string `json:"key"`
	Object string `json:"object"`
}

// ShardPush is one shard's result to upload.
type ShardPush struct {
	Commit   string
	Producer Producer
	Shard    Shard
	// Keys are the facts keys of the shard's files, in the local cache.
	Keys []string
}

// ShardPushReport says what a shard uploaded.
type ShardPushReport struct {
	Remote   string   `json:"remote"`
	Commit   string   `json:"commit"`
	Shard    string   `json:"shard"`
	Entries  int      `json:"entries"`
	Transfer Transfer `json:"transfer"`
}

func shardPrefix(commit string, p Producer) string {
	return "shards/" + commit + "/" + p.digest() + "/"
}

// Reachable checks that the remote answers a read, so a shard fails in a
// second, not after its parse, on a wrong URL or missing credentials.
func (r *Remote) Reachable(ctx context.Context) error {
	_, err := r.exists(ctx, "shards/reachable")
	return err
}

// PushShard uploads the shard's facts entries the remote lacks, then its
// list, then the name that points at the list, in that order: nothing
// names an object before it is written. A second run of the same shard
// finds everything held and uploads 0 bytes.
func (r *Remote) PushShard(ctx context.Context, st *store.Store, s ShardPush) (*ShardPushReport, error) {
	rep := &ShardPushReport{Remote: r.URL, Commit: s.Commit, Shard: s.Shard.String(), Entries: len(s.Keys)}
	c, err := cache.Open(ctx, st.CacheDir(), false)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	entries, err := r.pushKeys(ctx, c, s.Keys, &rep.Transfer)
	if err != nil {
		return nil, err
	}
	list, err := json.Marshal(ShardList{Commit: s.Commit, Shard: s.Shard.String(), Entries: entries})
	if err != nil {
		return nil, fmt.Errorf("shard %s: %w", s.Shard, err)
	}
	sum, err := r.putBytes(ctx, list, &rep.Transfer)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("%s%d-%d-%s", shardPrefix(s.Commit, s.Producer), s.Shard.Index, s.Shard.Count, sum)
	held, err := r.exists(ctx, name)
	if err != nil {
		return nil, err
	}
	moved := false
	if !held {
		if moved, err = r.create(ctx, name, strings.NewReader(sum+"\n")); err != nil {
			return nil, err
		}
	}
	rep.Transfer.count(moved, int64(len(sum)+1))
	return rep, nil
}

// pushKeys uploads the entries of keys the remote lacks, each named by the
// hashes of its key and record, and returns them sorted by key. A key is
// looked up by its own name, so the cost follows the shard, not the
// remote's listing.
func (r *Remote) pushKeys(ctx context.Context, c *cache.Cache, keys []string, t *Transfer) ([]ShardEntry, error) {
	out := make([]ShardEntry, len(keys))
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.transfers)
	for i, key := range keys {
		g.Go(func() error {
			value, err := c.Value(key)
			if err != nil {
				return err
			}
			if value == nil {
				return fmt.Errorf("shard: the cache lost %s before its upload; run the shard again", key)
			}
			name, rec, err := entryObject(key, value)
			if err != nil {
				return err
			}
			out[i] = ShardEntry{Key: key, Object: name}
			held, err := r.exists(gctx, name)
			if err != nil {
				return err
			}
			moved := false
			if !held {
				if moved, err = r.create(gctx, name, bytes.NewReader(rec)); err != nil {
					return err
				}
			}
			mu.Lock()
			t.count(moved, int64(len(rec)))
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b ShardEntry) int { return strings.Compare(a.Key, b.Key) })
	return out, nil
}

// ShardFetchReport says what an assembling init took from the shards.
type ShardFetchReport struct {
	Remote string `json:"remote"`
	// Shards are the shard lists found for the commit ("1/3", ...).
	Shards []string `json:"shards"`
	// Entries counts the facts the lists name; Held those the local cache
	// had, Fetched those downloaded, Refused those that did not match
	// their hash or key (not used: their files are parsed).
	Entries  int      `json:"entries"`
	Held     int      `json:"held"`
	Fetched  int      `json:"fetched"`
	Refused  int      `json:"refused"`
	Transfer Transfer `json:"transfer"`
	MS       int64    `json:"ms"`
}

// FetchShards reads the shard lists of commit by this producer and puts
// the facts they name that the local cache lacks into it, each checked
// against its name before it is stored. An object that fails its check
// is refused and counted, never used; its file is parsed as usual.
func (r *Remote) FetchShards(ctx context.Context, st *store.Store, commit string, p Producer, wait bool) (*ShardFetchReport, error) {
	start := time.Now()
	rep := &ShardFetchReport{Remote: r.URL}
	defer func() { rep.MS = time.Since(start).Milliseconds() }()
	entries, err := r.shardEntries(ctx, commit, p, rep)
	if err != nil || len(entries) == 0 {
		return rep, err
	}
	c, err := cache.Open(ctx, st.CacheDir(), wait)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.transfers)
	for _, e := range entries {
		g.Go(func() error {
			held, err := c.Value(e.Key)
			if err != nil {
				return err
			}
			if held != nil {
				mu.Lock()
				rep.Held++
				mu.Unlock()
				return nil
			}
			value, err := r.getFacts(gctx, e)
			mu.Lock()
			defer mu.Unlock()
			if errors.Is(err, ErrCorrupt) {
				rep.Refused++
				return nil
			}
			if err != nil {
				return err
			}
			rep.Fetched++
			rep.Transfer.count(true, int64(len(value)))
			return c.PutLaterBytes(e.Key, value)
		})
	}
	err = g.Wait()
	// What was fetched and checked before a failure is kept.
	if ferr := c.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// shardEntries reads and checks the commit's shard lists and returns
// their entries, one per key.
func (r *Remote) shardEntries(ctx context.Context, commit string, p Producer, rep *ShardFetchReport) ([]ShardEntry, error) {
	prefix := shardPrefix(commit, p)
	names, err := r.list(ctx, prefix)
	if err != nil {
		return nil, err
	}
	byKey := map[string]ShardEntry{}
	for _, name := range names {
		shard, sum, ok := parseShardName(strings.TrimPrefix(name, prefix))
		if !ok {
			continue
		}
		data, err := r.getBytes(ctx, sum)
		if errors.Is(err, ErrCorrupt) {
			rep.Refused++
			continue
		}
		if err != nil {
			return nil, err
		}
		rep.Transfer.count(true, int64(len(data)))
		var list ShardList
		if err := json.Unmarshal(data, &list); err != nil || list.Commit != commit || list.Shard != shard.String() {
			rep.Refused++
			continue
		}
		rep.Shards = append(rep.Shards, list.Shard)
		for _, e := range list.Entries {
			if _, seen := byKey[e.Key]; !seen {
				byKey[e.Key] = e
			}
		}
	}
	out := make([]ShardEntry, 0, len(byKey))
	for _, e := range byKey {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b ShardEntry) int { return strings.Compare(a.Key, b.Key) })
	rep.Entries = len(out)
	return out, nil
}

// parseShardName reads "<I>-<N>-<sha256>".
func parseShardName(s string) (Shard, string, bool) {
	parts := strings.Split(s, "-")
	if len(parts) != 3 || !validSum(parts[2]) {
		return Shard{}, "", false
	}
	i, ierr := strconv.Atoi(parts[0])
	n, nerr := strconv.Atoi(parts[1])
	if ierr != nil || nerr != nil || n < 1 || i < 1 || i > n {
		return Shard{}, "", false
	}
	return Shard{Index: i, Count: n}, parts[2], true
}

// getFacts reads one facts entry a shard list names and refuses it unless
// it is a facts entry, its bytes hash to its name, it answers the key the
// list says, and its value decodes as facts (a value the explicit phase
// could not read would count as damage of the local cache). It returns
// the facts as the local cache keeps them (see wireValue).
func (r *Remote) getFacts(ctx context.Context, e ShardEntry) ([]byte, error) {
	keySum := sumOf([]byte(e.Key))
	if entryKind(e.Key) != "facts" || !strings.HasPrefix(e.Object, entryPrefix("facts")+keySum+"-") {
		return nil, fmt.Errorf("remote %s: %w: shard entry %s does not name a facts entry of its key", r.URL, ErrCorrupt, e.Object)
	}
	rec, err := r.getEntry(ctx, e.Object, keySum)
	if err != nil {
		return nil, err
	}
	if rec.Key != e.Key {
		return nil, fmt.Errorf("remote %s: %w: %s answers %s, not %s", r.URL, ErrCorrupt, e.Object, rec.Key, e.Key)
	}
	var f facts.File
	if err := json.Unmarshal(rec.Value, &f); err != nil {
		return nil, fmt.Errorf("remote %s: %w: %s does not decode as facts: %v", r.URL, ErrCorrupt, e.Object, err)
	}
	return snapshot.EncodeFacts(&f), nil
}
