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

// TestPackOrderReadsThroughWindows: objects read in pack order come from
// git's bytes and read each window of the pack once; read in hash order
// (lookups mostly far apart) they read each by itself, few through a
// window. Two workers at once (as a full run reads a tree) still share the
// windows: how often they read one twice depends on how the scheduler
// interleaves them, so only a bound far below one read per entry holds.
func TestPackOrderReadsThroughWindows(t *testing.T) {
	r, gitDir := windowsRepo(t)
	objs := allObjects(t, r, gitDir)
	want := stockContents(t, gitDir, objs)
	order, p := packOrder(t, openStore(t, gitDir))
	if p.size < 4*windowSize {
		t.Fatalf("pack of %d bytes: too small to test windows", p.size)
	}
	s := openStore(t, gitDir)
	p = onlyPack(t, s)
	for _, o := range order { // hash order: far apart
		if _, err := s.EncodedObject(plumbing.AnyObject, o.h); err != nil {
			t.Fatal(err)
		}
	}
	if p.windows.reads > int64(len(order)/8) {
		t.Fatalf("%d reads in hash order read %d windows, want few", len(order), p.windows.reads)
	}
	slices.SortFunc(order, func(a, b placed) int { return int(a.off - b.off) })
	windows := p.size/windowSize + 1
	for _, workers := range []int{1, 2} {
		s = openStore(t, gitDir)
		p = onlyPack(t, s)
		readInOrder(t, s, order, want, workers)
		max := windows
		if workers > 1 {
			max = int64(len(order) / 4)
		}
		if p.windows.reads == 0 || p.windows.reads > max {
			t.Fatalf("%d workers reading in pack order read %d windows of a %d-byte pack, want 1 to %d",
				workers, p.windows.reads, p.size, max)
		}
	}
}

type placed struct {
	h   plumbing.Hash
	off int64
}

// onlyPack returns the one pack of s's first directory.
func onlyPack(t *testing.T, s *Store) *pack {
	t.Helper()
	packs, err := s.dirs[0].packList()
	if err != nil || len(packs) != 1 {
		t.Fatalf("packs %v, %v", packs, err)
	}
	return packs[0]
}

// packOrder lists the objects of s's one pack in hash order, with their
// offsets.
func packOrder(t *testing.T, s *Store) ([]placed, *pack) {
	t.Helper()
	p := onlyPack(t, s)
	var order []placed
	for pos := range p.idx.Count() {
		h, herr := p.idx.HashAt(pos)
		off, oerr := p.idx.OffsetAt(pos)
		if herr != nil || oerr != nil {
			t.Fatal(herr, oerr)
		}
		order = append(order, placed{h, off})
	}
	return order, p
}

// readInOrder reads order's objects through s, worker w taking every
// workers-th one from the w-th, and checks each against want.
func readInOrder(t *testing.T, s *Store, order []placed, want map[plumbing.Hash][]byte, workers int) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, len(order))
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(order); i += workers {
				o, err := s.EncodedObject(plumbing.AnyObject, order[i].h)
				if err == nil && !bytes.Equal(o.(*object).data, want[order[i].h]) {
					err = fmt.Errorf("%s: contents differ from git's", order[i].h)
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
		t.Fatalf("%d workers reading in pack order: %v", workers, err)
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
