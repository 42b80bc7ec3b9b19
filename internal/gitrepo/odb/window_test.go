package odb

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// windowsRepo is a repository of 150 files of distinct text, packed: whole
// entries, in a pack of some windows.
func windowsRepo(t *testing.T) (*gittest.Repo, string) {
	t.Helper()
	r := newRepo(t)
	rng := rand.New(rand.NewPCG(9, 10))
	files := map[string]string{}
	for i := range 150 {
		b := make([]byte, 3000+rng.IntN(6000))
		for j := range b {
			b[j] = "abcdefghijklmnopqrstuvwxyz \n"[rng.IntN(28)]
		}
		files[fmt.Sprintf("src/d%d/f%d.txt", i%20, i)] = string(b)
	}
	r.Write(files)
	r.Commit("many files")
	r.Git("repack", "-adf")
	return r, filepath.Join(r.Dir, ".git")
}

// TestPackOrderReadsThroughWindows: objects read in pack order by two
// workers at once (as a full run reads a tree) come from git's bytes and
// read each window of the pack about once; read in hash order (lookups
// mostly far apart) they read each by itself, few through a window.
func TestPackOrderReadsThroughWindows(t *testing.T) {
	r, gitDir := windowsRepo(t)
	objs := allObjects(t, r, gitDir)
	want := stockContents(t, gitDir, objs)
	s := openStore(t, gitDir)
	packs, err := s.dirs[0].packList()
	if err != nil || len(packs) != 1 {
		t.Fatalf("packs %v, %v", packs, err)
	}
	p := packs[0]
	if p.size < 4*windowSize {
		t.Fatalf("pack of %d bytes: too small to test windows", p.size)
	}
	type placed struct {
		h   plumbing.Hash
		off int64
	}
	var order []placed
	for pos := range p.idx.Count() {
		h, herr := p.idx.HashAt(pos)
		off, oerr := p.idx.OffsetAt(pos)
		if herr != nil || oerr != nil {
			t.Fatal(herr, oerr)
		}
		order = append(order, placed{h, off})
	}
	for _, o := range order { // hash order: far apart
		if _, err := s.EncodedObject(plumbing.AnyObject, o.h); err != nil {
			t.Fatal(err)
		}
	}
	if p.windows.reads > int64(len(order)/8) {
		t.Fatalf("%d reads in hash order read %d windows, want few", len(order), p.windows.reads)
	}
	s = openStore(t, gitDir)
	packs, _ = s.dirs[0].packList()
	p = packs[0]
	slices.SortFunc(order, func(a, b placed) int { return int(a.off - b.off) })
	var wg sync.WaitGroup
	errs := make(chan error, len(order))
	for w := range 2 {
		wg.Go(func() {
			for i := w; i < len(order); i += 2 {
				o, err := s.EncodedObject(plumbing.AnyObject, order[i].h)
				if err == nil && !bytes.Equal(o.(*object).data, want[order[i].h]) {
					err = plumbing.ErrObjectNotFound
				}
				if err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("read in pack order: %v", err)
	}
	// Both workers may miss a window at once and both read it.
	if max := 2 * (p.size/windowSize + 1); p.windows.reads == 0 || p.windows.reads > max {
		t.Fatalf("reads in pack order read %d windows of a %d-byte pack, want 1 to %d", p.windows.reads, p.size, max)
	}
}

// TestWindowsReusedWhileRead: eight workers each read the pack in order
// from a place of their own, so that windows leave the slots (and their
// buffers are read into again) while other workers still read them; every
// object must still come out as git has it (run with -race too).
func TestWindowsReusedWhileRead(t *testing.T) {
	_, gitDir := windowsRepo(t)
	s := openStore(t, gitDir)
	packs, err := s.dirs[0].packList()
	if err != nil || len(packs) != 1 {
		t.Fatalf("packs %v, %v", packs, err)
	}
	p := packs[0]
	want := map[int64][]byte{}
	var offs []int64
	for pos := range p.idx.Count() {
		off, err := p.idx.OffsetAt(pos)
		if err != nil {
			t.Fatal(err)
		}
		_, data, err := p.read(off)
		if err != nil {
			t.Fatal(err)
		}
		want[off] = data
		offs = append(offs, off)
	}
	slices.Sort(offs)
	before := p.windows.reads
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Go(func() {
			for round := range 3 {
				for i := range offs {
					off := offs[(i+w*len(offs)/8+round)%len(offs)]
					_, data, err := p.read(off)
					if err == nil && !bytes.Equal(data, want[off]) {
						err = fmt.Errorf("entry at %d differs", off)
					}
					if err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if p.windows.reads-before <= windowSlots {
		t.Fatalf("%d windows read: none left the slots, the test does not test reuse", p.windows.reads-before)
	}
}
