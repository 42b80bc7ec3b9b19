package query

import (
	"os"
	"testing"
	"time"

	"github.com/lgraph/lgraph/store"
)

func TestTmpTiming(t *testing.T) {
	dir := os.Getenv("QSTORE")
	if dir == "" {
		t.Skip()
	}
	s, err := store.Open(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	_, snap, err := s.LoadPublished("master")
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	ix := New(snap, nil)
	t2 := time.Now()
	r := ix.Search("handle", 20)
	t3 := time.Now()
	ix.Impact("file:"+r.Items[0].Path, 3)
	t4 := time.Now()
	ix.Search("hndlr", 20)
	t5 := time.Now()
	t.Logf("load %v index %v search %v impact %v fuzzy %v nodes %d", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), t5.Sub(t4), len(ix.nodes))
}
