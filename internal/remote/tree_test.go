package remote

import (
	"context"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// TestPullRefusesDamagedContentTree: a snapshot whose leaves make the
// manifest's root but whose stored content tree (which the next update
// would patch) says otherwise is refused, and nothing is published.
func TestPullRefusesDamagedContentTree(t *testing.T) {
	origin := gittest.New(t)
	origin.Write(sourceFiles)
	origin.Commit("first")
	ci := lgtest.New(t, origin.Dir)
	ci.MustRun(t, "init", false)
	s := openStore(t, ci.StoreDir)
	ref, err := s.ReadRef("main")
	if err != nil || ref == nil {
		t.Fatalf("read ref: %v", err)
	}
	snap, err := s.OpenSnapshot(ref)
	if err != nil {
		t.Fatal(err)
	}
	var damaged snapshot.Entry
	err = snap.Index.Scan([]byte{snapshot.KsTree}, func(k, v []byte) error {
		damaged = snapshot.Entry{Key: append([]byte(nil), k...), Value: append([]byte(nil), v...)}
		return snapshot.ErrStop
	})
	snap.Close()
	if err != nil || damaged.Key == nil {
		t.Fatalf("the snapshot has no content tree to damage (%v)", err)
	}
	damaged.Value[0] ^= 0xff
	tables, _, err := s.WriteLayer(ref.Tables, []snapshot.Entry{damaged}, store.DefaultLayering)
	if err != nil {
		t.Fatal(err)
	}
	ref.Tables = tables
	if err := s.Publish(ref, 5); err != nil {
		t.Fatal(err)
	}
	remoteDir := t.TempDir()
	r := openRemote(t, remoteDir)
	if _, err := r.Push(context.Background(), openStore(t, ci.StoreDir), "main"); err != nil {
		t.Fatal(err)
	}
	dev := cloneOf(t, origin)
	devStore := t.TempDir()
	_, err = pull(t, r, dev.Dir, devStore)
	if err == nil || !strings.Contains(err.Error(), "content tree") {
		t.Fatalf("pull of a snapshot with a damaged content tree: err = %v, want a content tree refusal", err)
	}
	if ref, err := openStore(t, devStore).ReadRef("main"); err != nil || ref != nil {
		t.Fatalf("a refused pull published %+v (%v)", ref, err)
	}
}
