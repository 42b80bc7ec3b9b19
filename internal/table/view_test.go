package table

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// layerModel builds random layers over a small key universe, so layers
// overlap, and the reference answer: layers applied oldest first.
type layerModel struct {
	layers [][]rec        // newest first
	live   map[string]rec // what the view must show
	all    map[string]rec // newest entry per key, tombstones included
	keys   []string       // the universe, for probing
	gen    func() string  // a random key of the universe
	rng    *rand.Rand
}

func newLayerModel(seed uint64, nLayers, universe int) *layerModel {
	rng := rand.New(rand.NewPCG(seed, 11))
	m := &layerModel{rng: rng, live: map[string]rec{}, all: map[string]rec{}}
	for i := range universe {
		m.keys = append(m.keys, fmt.Sprintf("f/%03d/%d", i%97, i))
	}
	m.gen = func() string { return m.keys[rng.IntN(len(m.keys))] }
	for range nLayers { // generated oldest first
		ops := randRecs(rng, func(*rand.Rand) string { return m.gen() }, rng.IntN(2*universe), 0.3)
		for _, r := range ops {
			m.all[r.key] = r
			if r.tomb {
				delete(m.live, r.key)
			} else {
				m.live[r.key] = r
			}
		}
		m.layers = append([][]rec{sortedRecs(ops)}, m.layers...)
	}
	return m
}

func (m *layerModel) view(t *testing.T, opts Options) View {
	var rs []*Reader
	for i, l := range m.layers {
		b, _ := writeTable(t, l, opts)
		r, err := OpenBytes(fmt.Sprintf("layer%d", i), b)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return NewView(rs...)
}

func TestViewMatchesModel(t *testing.T) {
	for seed := range uint64(60) {
		nLayers, universe := 1+int(seed%5), 5+int(seed*37%400)
		m := newLayerModel(seed, nLayers, universe)
		t.Run(fmt.Sprintf("seed%d_layers%d_keys%d", seed, nLayers, universe), func(t *testing.T) {
			v := m.view(t, Options{BlockSize: 128, RestartInterval: 4})
			checkViewGets(t, v, m)
			checkViewIters(t, v, m)
			checkCompactions(t, v, m)
		})
	}
}

func checkViewGets(t *testing.T, v View, m *layerModel) {
	t.Helper()
	for _, k := range append(m.keys, "", "f/", "zzz") {
		val, found, deleted, err := v.Get([]byte(k))
		if err != nil {
			t.Fatalf("Get(%q): %v", k, err)
		}
		x, ok := m.all[k]
		if found != (ok && !x.tomb) || deleted != (ok && x.tomb) || string(val) != x.value {
			t.Fatalf("Get(%q) = %q found=%v deleted=%v; want %s (present %v)", k, val, found, deleted, short(x), ok)
		}
	}
}

func checkViewIters(t *testing.T, v View, m *layerModel) {
	t.Helper()
	want := sortedRecs(m.live)
	if d := diffRecs(collect(t, v.Iter(nil, nil)), want); d != "" {
		t.Fatalf("full Iter: %s", d)
	}
	for range 20 {
		lower, upper := []byte(m.gen()), []byte(m.gen())
		if d := diffRecs(collect(t, v.Iter(lower, upper)), inRange(want, lower, upper)); d != "" {
			t.Fatalf("Iter(%q, %q): %s", lower, upper, d)
		}
		p := []byte(m.gen())[:m.rng.IntN(6)]
		lo, up := PrefixRange(p)
		if d := diffRecs(collect(t, v.Prefix(p)), inRange(want, lo, up)); d != "" {
			t.Fatalf("Prefix(%q): %s", p, d)
		}
	}
}

// checkCompactions checks that Compact writes the view's live contents and
// that CompactDeltas of the newer layers, stacked on the oldest, reads as
// the original view.
func checkCompactions(t *testing.T, v View, m *layerModel) {
	t.Helper()
	var buf bytes.Buffer
	info, err := Compact(NewWriter(&buf, Options{}), v)
	if err != nil {
		t.Fatal(err)
	}
	if info.Tombstones != 0 || info.Entries != uint64(len(m.live)) {
		t.Fatalf("Compact Info %+v, want %d live entries and no tombstones", info, len(m.live))
	}
	base, err := OpenBytes("compacted", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if d := diffRecs(collect(t, base.Iter(nil, nil)), sortedRecs(m.live)); d != "" {
		t.Fatalf("Compact: %s", d)
	}
	layers := v.Layers()
	if len(layers) < 2 {
		return
	}
	buf.Reset()
	if _, err := CompactDeltas(NewWriter(&buf, Options{}), NewView(layers[:len(layers)-1]...)); err != nil {
		t.Fatal(err)
	}
	merged, err := OpenBytes("deltas", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	stacked := NewView(layers[len(layers)-1]).Push(merged)
	checkViewGets(t, stacked, m)
	checkViewIters(t, stacked, m)
}

func TestViewPushLeavesParentAlone(t *testing.T) {
	open := func(name string, recs []rec) *Reader {
		b, _ := writeTable(t, recs, Options{})
		r, err := OpenBytes(name, b)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	base := open("base", []rec{{key: "a", value: "1"}, {key: "b", value: "2"}})
	parent := NewView(base)
	child := parent.Push(open("delta", []rec{{key: "a", tomb: true}, {key: "c", value: "3"}}))
	if got := collect(t, parent.Iter(nil, nil)); len(got) != 2 || got[0].key != "a" {
		t.Fatalf("parent after Push: %v", got)
	}
	want := []rec{{key: "b", value: "2"}, {key: "c", value: "3"}}
	if d := diffRecs(collect(t, child.Iter(nil, nil)), want); d != "" {
		t.Fatalf("child: %s", d)
	}
}

func TestEmptyView(t *testing.T) {
	var v View
	if _, found, deleted, err := v.Get([]byte("x")); found || deleted || err != nil {
		t.Fatalf("empty view Get: found=%v deleted=%v err=%v", found, deleted, err)
	}
	if got := collect(t, v.Iter(nil, nil)); len(got) != 0 {
		t.Fatalf("empty view Iter: %v", got)
	}
}
