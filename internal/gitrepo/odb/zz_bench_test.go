package odb

import (
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkReadAllBlobs(b *testing.B) {
	s, err := Open("/tmp/b20k/repo/.git/objects", DefaultCacheBytes)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	packs, _ := s.dirs[0].packList()
	p := packs[0]
	var blobs []plumbing.Hash
	for pos := range p.idx.Count() {
		h, _ := p.idx.HashAt(pos)
		off, _ := p.idx.OffsetAt(pos)
		e, _, _ := p.header(off)
		if e.kind == plumbing.BlobObject {
			blobs = append(blobs, h)
		}
	}
	b.ReportAllocs()
	start := cpuNow()
	n := 0
	for b.Loop() {
		n++
		for _, h := range blobs {
			if _, err := s.Blob(h); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(cpuNow()-start)/float64(n)/1e6, "cpu-ms/op")
}

func BenchmarkReadAllBlobsPackOrder(b *testing.B) {
	s, err := Open("/tmp/b20k/repo/.git/objects", DefaultCacheBytes)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	packs, _ := s.dirs[0].packList()
	p := packs[0]
	type ho struct {
		h   plumbing.Hash
		off int64
	}
	var blobs []ho
	for pos := range p.idx.Count() {
		h, _ := p.idx.HashAt(pos)
		off, _ := p.idx.OffsetAt(pos)
		e, _, _ := p.header(off)
		if e.kind == plumbing.BlobObject {
			blobs = append(blobs, ho{h, off})
		}
	}
	slices.SortFunc(blobs, func(a, b ho) int { return int(a.off - b.off) })
	b.ReportAllocs()
	start := cpuNow()
	n := 0
	for b.Loop() {
		n++
		var next atomic.Int64
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				for {
					i := int(next.Add(1) - 1)
					if i >= len(blobs) {
						return
					}
					if _, err := s.Blob(blobs[i].h); err != nil {
						panic(err)
					}
				}
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(cpuNow()-start)/float64(n)/1e6, "cpu-ms/op")
}
