package table

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// openCounted opens b through a countingReaderAt.
func openCounted(t *testing.T, b []byte) (*Reader, *countingReaderAt) {
	t.Helper()
	c := &countingReaderAt{r: bytes.NewReader(b)}
	r, err := Open(c, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return r, c
}

// TestStreamReadsLikeIterInChunks: a Stream yields what Iter yields, for
// any bounds, values larger than a chunk included, and a pass over a
// table read through an io.ReaderAt makes about a chunk's worth of blocks
// fewer reads than Iter's one a block.
func TestStreamReadsLikeIterInChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	recs := sortedRecs(randRecs(rng, func(r *rand.Rand) string { return fmt.Sprintf("k/%05d", r.IntN(40000)) }, 12000, 0.1))
	big := 0
	for i := range recs {
		if i%4000 == 7 && !recs[i].tomb {
			big++
			recs[i].value = strings.Repeat("v", maxChunk+1000) // a block larger than a chunk
		}
	}
	b, info := writeTable(t, recs, Options{})
	bounds := [][2][]byte{{nil, nil}, {[]byte("k/1"), []byte("k/3")}, {[]byte("k/39999"), nil}, {[]byte("l"), nil}, {nil, []byte("k/00001")}}
	for _, bd := range bounds {
		r, c := openCounted(t, b)
		want := collect(t, r.Iter(bd[0], bd[1]))
		iterReads := c.reads.Swap(0)
		got := collect(t, r.Stream(bd[0], bd[1]))
		streamReads := c.reads.Load()
		if d := diffRecs(got, want); d != "" {
			t.Fatalf("Stream(%q, %q) differs from Iter: %s", bd[0], bd[1], d)
		}
		if bd[0] == nil && bd[1] == nil {
			if iterReads < int64(info.DataBlocks) {
				t.Fatalf("Iter read %d times for %d data blocks: the test counts nothing", iterReads, info.DataBlocks)
			}
			if most := info.Size/int64(chunkFor(1)) + int64(2*big) + 2; streamReads > most {
				t.Errorf("a Stream over %d data blocks (%d bytes) made %d reads, Iter %d, want at most %d: its blocks are not read in chunks of %d bytes", info.DataBlocks, info.Size, streamReads, iterReads, most, chunkFor(1))
			}
		}
	}
}

// TestStreamChunksShareABudget: a Stream over one table reads the largest
// chunks; a View's over many layers reads smaller ones, so that the chunks
// its iterators hold together stay within the budget, but never smaller
// than a few blocks.
func TestStreamChunksShareABudget(t *testing.T) {
	for _, c := range []struct{ tables, want int }{{0, maxChunk}, {1, maxChunk}, {8, maxChunk}, {32, 64 << 10}, {128, minChunk}, {200, minChunk}} {
		if got := chunkFor(c.tables); got != c.want {
			t.Errorf("chunkFor(%d) = %d, want %d", c.tables, got, c.want)
		}
		if c.tables > 0 && c.tables*2*chunkFor(c.tables) > chunkBudget && chunkFor(c.tables) != minChunk {
			t.Errorf("%d tables hold %d bytes of chunks, over the %d budget", c.tables, c.tables*2*chunkFor(c.tables), chunkBudget)
		}
	}
}

// TestViewStreamKeepsValuesOneNext: a View's Stream over layers read
// through io.ReaderAt answers as Iter does, and a value it returned is
// still intact after the next Next (the merge keeps a layer's value while
// it advances that layer past it).
func TestViewStreamKeepsValuesOneNext(t *testing.T) {
	for seed := range uint64(8) {
		m := newLayerModel(seed, 2+int(seed%6), 3000)
		var rs []*Reader
		for _, l := range m.layers {
			for i := range l {
				if !l[i].tomb {
					l[i].value += strings.Repeat("x", int(seed)*40) // values of a few blocks' worth
				}
			}
			b, _ := writeTable(t, l, Options{BlockSize: 512})
			r, _ := openCounted(t, b)
			rs = append(rs, r)
		}
		v := NewView(rs...)
		want := collect(t, v.Iter(nil, nil))
		it := v.Stream(nil, nil)
		var got []rec
		var last []byte
		for it.Next() {
			if len(got) > 0 && string(last) != got[len(got)-1].value {
				t.Fatalf("seed %d: the value of %q changed after one Next", seed, got[len(got)-1].key)
			}
			last = it.Value()
			got = append(got, rec{key: string(it.Key()), value: string(it.Value())})
		}
		if err := it.Err(); err != nil {
			t.Fatal(err)
		}
		if d := diffRecs(got, want); d != "" {
			t.Fatalf("seed %d: View.Stream differs from Iter: %s", seed, d)
		}
	}
}
