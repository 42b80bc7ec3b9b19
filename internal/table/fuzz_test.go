package table

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// FuzzOpen reads arbitrary bytes as a table: it must never panic or hang.
// (What a table that opens answers is checked by the corruption tests: a
// random input almost never carries valid checksums.)
func FuzzOpen(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int{0, 1, 30} {
		b, _ := writeTable(f, sortedRecs(randRecs(rng, keyGens["paths"], n, 0.2)), Options{BlockSize: 64, RestartInterval: 2})
		f.Add(b)
	}
	f.Add([]byte("not a table"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := OpenBytes("fuzz", b)
		if err != nil {
			return
		}
		for _, p := range [][]byte{nil, {}, []byte("src/"), []byte("\xff")} {
			r.Get(p)
			drain(r.Iter(p, nil))
			NewView(r, r).Get(p)
			drain(NewView(r, r).Prefix(p))
		}
	})
}

func drain(it Iterator) {
	for it.Next() {
	}
}

// FuzzBlock decodes arbitrary block contents under a valid checksum, which
// FuzzOpen's random bytes almost never reach: the decoder's own bounds
// checks must keep it from panicking or looping.
func FuzzBlock(f *testing.F) {
	var bb blockBuilder
	bb.interval = 2
	for _, k := range []string{"a", "ab", "abc", "b"} {
		bb.add([]byte(k), []byte("v"), k == "ab")
	}
	f.Add(bb.finish()[:len(bb.buf)-4], []byte("ab"))
	f.Fuzz(func(t *testing.T, body, target []byte) {
		b, err := parseBlock(le.AppendUint32(slices.Clip(body), checksum(body)), true)
		if err != nil {
			return
		}
		var it blockIter
		it.init(b)
		for it.step() {
		}
		it.init(b)
		it.seekGE(target)
		b.seek(target)
	})
}

// FuzzRoundTrip writes the entries the input describes and reads them back.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("a\x00b\x01cc\x02"), uint16(64))
	f.Fuzz(func(t *testing.T, data []byte, blockSize uint16) {
		m := map[string]rec{}
		for len(data) > 0 { // keys of 1-4 bytes, each deciding its value
			n := min(len(data), 1+int(data[0])%4)
			k := string(data[:n])
			data = data[n:]
			m[k] = rec{key: k, value: strings.Repeat(k, int(k[0])%7)}
			if k[0]%5 == 0 {
				m[k] = rec{key: k, tomb: true}
			}
		}
		recs := sortedRecs(m)
		b, _ := writeTable(t, recs, Options{BlockSize: int(blockSize % 512), RestartInterval: int(blockSize % 7)})
		r, err := OpenBytes("fuzz", b)
		if err != nil {
			t.Fatal(err)
		}
		if d := diffRecs(collect(t, r.Iter(nil, nil)), recs); d != "" {
			t.Fatal(d)
		}
		for _, x := range recs {
			v, found, deleted, err := r.Get([]byte(x.key))
			if err != nil || found == x.tomb || deleted != x.tomb || string(v) != x.value {
				t.Fatalf("Get(%q) = %q %v %v %v, want %s", x.key, v, found, deleted, err, short(x))
			}
		}
	})
}

// FuzzResealed damages a valid table and then recomputes every checksum
// over the damage, so the decoder meets arbitrary structure that passes
// verification: lengths, offsets, handles, restarts and heights that lie.
// It must neither panic nor run away.
func FuzzResealed(f *testing.F) {
	rng := rand.New(rand.NewPCG(2, 2))
	recs := sortedRecs(randRecs(rng, keyGens["paths"], 60, 0.2))
	orig, _ := writeTable(f, recs, Options{BlockSize: 96, RestartInterval: 3})
	spans := blockSpans(f, orig)
	f.Add([]byte{0, 0, 0xff})
	f.Add([]byte{40, 0, 0x80, 41, 0, 0x7f})
	f.Fuzz(func(t *testing.T, edits []byte) {
		b := bytes.Clone(orig)
		for i := 0; i+2 < len(edits); i += 3 {
			b[int(le.Uint16(edits[i:]))%len(b)] = edits[i+2]
		}
		reseal(b, spans)
		r, err := OpenBytes("fuzz", b)
		if err != nil {
			return
		}
		for _, x := range recs[:10] {
			r.Get([]byte(x.key))
		}
		for _, it := range []Iterator{r.Iter(nil, nil), NewView(r, r).Iter([]byte(recs[5].key), nil)} {
			for n := 0; n < 10*len(recs) && it.Next(); n++ {
			}
		}
	})
}

// blockSpans lists the handles of every block of a valid table, root last.
func blockSpans(tb testing.TB, b []byte) []handle {
	r, err := OpenBytes("spans", b)
	if err != nil {
		tb.Fatal(err)
	}
	var out []handle
	var walk func(blk block, level int)
	walk = func(blk block, level int) {
		var it blockIter
		it.init(blk)
		for level > 0 && it.step() {
			h, _ := decodeHandle(it.value)
			child, err := r.readBlock(h)
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, h)
			walk(child, level-1)
		}
	}
	walk(r.root, r.ft.height)
	return append(out, r.ft.root)
}

// reseal rewrites the crc of every block in spans, the footer's copy of
// the root's crc and the footer's own.
func reseal(b []byte, spans []handle) {
	var crc uint32
	for _, h := range spans {
		end := h.off + h.len
		crc = checksum(b[h.off : end-4])
		le.PutUint32(b[end-4:], crc)
	}
	ft := b[len(b)-footerSize:]
	le.PutUint32(ft[48:], crc)
	le.PutUint32(ft[56:], checksum(ft[:56]))
}
