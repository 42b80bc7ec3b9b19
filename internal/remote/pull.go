package remote

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/freshness"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// DefaultDepth is how many first-parent commits a pull looks back for a
// snapshot: far enough for a clone a few days behind CI, near enough that
// the update from there costs less than an init.
const DefaultDepth = 64

// PullOptions say where a pulled snapshot goes and which ones may be used.
type PullOptions struct {
	Store *store.Store
	Repo  *gitrepo.Repo
	// Branch is the local ref the snapshot is published as; Head the
	// commit whose first-parent history is searched.
	Branch, Head string
	// Producer is what this lgraph would make; other snapshots are not used.
	Producer Producer
	// Depth bounds the first-parent commits searched; 0 means DefaultDepth.
	Depth int
	// Keep is the snapshots_per_repo bound passed to the publish.
	Keep int
	// Wait waits for another writer instead of failing with store.ErrBusy.
	Wait bool
}

// PullReport says what a pull found and installed.
type PullReport struct {
	Remote string `json:"remote"`
	Branch string `json:"branch"`
	// Found is false when no snapshot nearer than the local index was
	// found; Reason then says why.
	Found  bool   `json:"found"`
	Reason string `json:"reason,omitempty"`
	Commit string `json:"commit,omitempty"`
	// Distance is how many first-parent commits Commit is behind Head.
	Distance    int      `json:"distance"`
	ContentRoot string   `json:"content_root,omitempty"`
	Transfer    Transfer `json:"transfer"`
}

// Pull finds the nearest first-parent ancestor of Head (Head included)
// with a snapshot by the same producer on the remote, downloads its
// tables, checks them against their hashes, the manifest's content root
// and the commit's tree, publishes it as Branch's baseline, and fetches
// the model results the local cache lacks. A local
// index at least as near is kept and nothing is downloaded.
func (r *Remote) Pull(ctx context.Context, o PullOptions) (*PullReport, error) {
	depth := o.Depth
	if depth <= 0 {
		depth = DefaultDepth
	}
	rep := &PullReport{Remote: r.URL, Branch: o.Branch}
	local, err := o.Store.ReadRef(o.Branch)
	if err != nil {
		return nil, err
	}
	commits, _, err := o.Repo.FirstParents(ctx, o.Head, "", depth)
	if err != nil {
		return nil, err
	}
	for i, c := range commits {
		if local != nil && local.Commit == c.Hash && local.ConfigKey == o.Producer.ConfigKey {
			rep.Reason = fmt.Sprintf("the local index of %s at %.12s is as near to HEAD as any remote snapshot", o.Branch, c.Hash)
			return rep, nil
		}
		data, found, err := r.readSmall(ctx, snapshotKey(c.Hash, o.Producer))
		if err != nil {
			return nil, err
		}
		if !found {
			continue
		}
		rep.Found, rep.Commit, rep.Distance = true, c.Hash, i
		return rep, r.install(ctx, o, strings.TrimSpace(string(data)), rep)
	}
	rep.Reason = fmt.Sprintf("no snapshot by this lgraph and configuration in the last %d first-parent commits", len(commits))
	return rep, nil
}

// install downloads and checks a manifest's snapshot, then publishes it
// under the store's writer lock, so a concurrent run's collection cannot
// remove a table between its download and the publish.
func (r *Remote) install(ctx context.Context, o PullOptions, manifestSum string, rep *PullReport) error {
	data, err := r.getBytes(ctx, manifestSum)
	if err != nil {
		return err
	}
	rep.Transfer.count(true, int64(len(data)))
	m, err := parseManifest(data)
	if err != nil {
		return err
	}
	if err := m.check(rep.Commit, o.Producer); err != nil {
		return err
	}
	// The cache holds the store's writer lock while it is open.
	c, err := cache.Open(ctx, o.Store.CacheDir(), o.Wait)
	if err != nil {
		return err
	}
	defer c.Close()
	for _, t := range m.Tables {
		if err := r.pullTable(ctx, o.Store, t, &rep.Transfer); err != nil {
			return err
		}
	}
	ref := &store.Ref{Branch: o.Branch, Commit: m.Commit, ContentRoot: m.ContentRoot, LeafCount: m.LeafCount,
		Published: time.Now().UTC(), ConfigKey: m.ConfigKey, Versions: m.Versions}
	for _, t := range m.Tables {
		ref.Tables = append(ref.Tables, t.Name)
	}
	if err := verifySnapshot(ctx, o, ref); err != nil {
		return fmt.Errorf("remote %s: snapshot of %.12s refused: %w", r.URL, m.Commit, err)
	}
	rep.ContentRoot = m.ContentRoot
	if err := o.Store.Publish(ref, o.Keep); err != nil {
		return err
	}
	// Model results others paid for; the update from here finds them.
	return r.pullEntries(ctx, c, &rep.Transfer)
}

// pullTable downloads a table the store lacks; one it holds is already
// known good (its name is the hash of its bytes).
func (r *Remote) pullTable(ctx context.Context, st *store.Store, t TableObject, tr *Transfer) error {
	if st.HasTable(t.Name) {
		tr.count(false, t.Size)
		return nil
	}
	n, err := r.getStream(ctx, t.SHA256, func(src io.Reader) (int64, error) { return st.ImportTable(t.Name, src) })
	if errors.Is(err, store.ErrTableMismatch) {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if err != nil {
		return err
	}
	tr.count(true, n)
	return nil
}

// verifySnapshot checks a downloaded snapshot before anything uses it: its
// leaf index must rebuild the manifest's content root and leaf count and
// the content tree it stores, which updates patch (docs/design.md §5), and
// every leaf's blob must be the one the commit's tree holds at that path,
// so the snapshot describes that commit.
func verifySnapshot(ctx context.Context, o PullOptions, ref *store.Ref) error {
	snap, err := o.Store.OpenSnapshot(ref)
	if err != nil {
		return err
	}
	defer snap.Close()
	if snap.Index == nil {
		return errors.New("the snapshot has no leaf index")
	}
	tree, err := o.Repo.Tree(ref.Commit)
	if err != nil {
		return err
	}
	entries, err := gitrepo.Walk(ctx, tree)
	if err != nil {
		return err
	}
	blobs := make(map[string]string, len(entries))
	for _, e := range entries {
		blobs[e.Path] = e.Blob
	}
	var leaves []freshness.Leaf
	err = snap.Index.Scan([]byte{snapshot.KsLeaf}, func(k, v []byte) error {
		p := string(k[1:])
		leaf, ok := snapshot.ParseLeaf(v)
		if !ok {
			return fmt.Errorf("the leaf entry of %s is damaged", p)
		}
		if leaf.HasBlob && fmt.Sprintf("%x", leaf.Blob) != blobs[p] {
			return fmt.Errorf("%s is not the blob commit %.12s holds at that path", p, ref.Commit)
		}
		leaves = append(leaves, freshness.Leaf{Path: p, SHA256: leaf.SHA256})
		return nil
	})
	if err != nil {
		return err
	}
	sum, nodes := freshness.Tree(leaves)
	if root := hex.EncodeToString(sum[:]); root != ref.ContentRoot || len(leaves) != ref.LeafCount {
		return fmt.Errorf("its leaves make content root %s over %d files, the manifest says %s over %d", root, len(leaves), ref.ContentRoot, ref.LeafCount)
	}
	if err := freshness.CheckStoredTree(snap.Index, nodes); err != nil {
		return err // the next update would patch a tree its leaves do not make
	}
	if snap.Files.Len() != len(leaves) {
		return fmt.Errorf("it holds %d file records but %d leaves", snap.Files.Len(), len(leaves))
	}
	return nil
}
