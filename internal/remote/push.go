package remote

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/store"
)

// PushReport says what a push published and what it moved.
type PushReport struct {
	Remote   string   `json:"remote"`
	Branch   string   `json:"branch"`
	Commit   string   `json:"commit"`
	Manifest string   `json:"manifest"`
	Transfer Transfer `json:"transfer"`
	// SnapshotNew is false when the remote held a snapshot of this commit
	// by the same producer already (the first publisher's is kept).
	SnapshotNew bool `json:"snapshot_new"`
	// HeadSeq is the branch pointer entry naming the manifest.
	HeadSeq uint64 `json:"head_seq"`
}

// Push uploads the cache entries the remote lacks (facts and model
// results), then the branch's published snapshot: the tables the remote
// lacks, then the manifest, then the commit's snapshot entry, then the
// branch pointer. Each step only adds what is missing, and nothing points
// at an object before it is written, so an interrupted push leaves the
// remote consistent and the next push finishes it.
func (r *Remote) Push(ctx context.Context, st *store.Store, branch string) (*PushReport, error) {
	ref, err := st.ReadRef(branch)
	if err != nil {
		return nil, err
	}
	if ref == nil || ref.Worktree {
		return nil, fmt.Errorf("no published index of %s to push: run lgraph update first", branch)
	}
	rep := &PushReport{Remote: r.URL, Branch: branch, Commit: ref.Commit}
	if err := r.pushCache(ctx, st, &rep.Transfer); err != nil {
		return nil, err
	}
	m := &Manifest{Format: store.Format, Commit: ref.Commit, Branch: branch, ConfigKey: ref.ConfigKey, Versions: ref.Versions,
		ContentRoot: ref.ContentRoot, LeafCount: ref.LeafCount}
	for _, name := range ref.Tables {
		t, err := r.pushTable(ctx, st, name, &rep.Transfer)
		if err != nil {
			return nil, err
		}
		m.Tables = append(m.Tables, t)
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("push %s: %w", branch, err)
	}
	if rep.Manifest, err = r.putBytes(ctx, data, &rep.Transfer); err != nil {
		return nil, err
	}
	key := snapshotKey(ref.Commit, Producer{ConfigKey: ref.ConfigKey, Versions: ref.Versions})
	held, err := r.exists(ctx, key)
	if err != nil {
		return nil, err
	}
	if !held {
		if rep.SnapshotNew, err = r.create(ctx, key, strings.NewReader(rep.Manifest+"\n")); err != nil {
			return nil, err
		}
	}
	head, err := r.appendHead(ctx, branch, rep.Manifest)
	if err != nil {
		return nil, err
	}
	rep.HeadSeq = head.Seq
	return rep, nil
}

// pushCache uploads the cache entries the remote lacks, holding the
// store's writer lock (the cache is one process's at a time).
func (r *Remote) pushCache(ctx context.Context, st *store.Store, t *Transfer) error {
	c, err := cache.Open(ctx, st.CacheDir(), false)
	if err != nil {
		return err
	}
	defer c.Close()
	return r.pushEntries(ctx, c, t)
}

func (r *Remote) pushTable(ctx context.Context, st *store.Store, name string, t *Transfer) (TableObject, error) {
	f, err := st.TableFile(name)
	if err != nil {
		return TableObject{}, err
	}
	defer f.Close()
	before := t.BytesMoved + t.BytesSkipped
	sum, err := r.putFile(ctx, f, t)
	if err != nil {
		return TableObject{}, err
	}
	return TableObject{Name: name, SHA256: sum, Size: t.BytesMoved + t.BytesSkipped - before}, nil
}
