package store

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestLayersMatchModel writes random deltas (puts, overwrites and
// deletions) through WriteLayer and checks after each one that the
// snapshot's tables read exactly like a map that took the same writes,
// that no snapshot has more layers than the layering allows, and that
// small deltas are merged among themselves before the base is rewritten.
func TestLayersMatchModel(t *testing.T) {
	s, err := Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	model := map[string]string{}
	var base []snapshot.Entry
	for i := range 2000 {
		k, v := fmt.Sprintf("k%05d", i), fmt.Sprintf("base-%d", i)
		model[k] = v
		base = append(base, snapshot.Entry{Key: []byte(k), Value: []byte(v)})
	}
	name, err := s.WriteBase(base)
	if err != nil {
		t.Fatal(err)
	}
	tables, rng := []string{name}, rand.New(rand.NewPCG(1, 2))
	layering := Layering{MaxLayers: 4, MaxDeltaShare: 0.25}
	deltaMerges, fullCompactions := 0, 0
	for round := range 60 {
		var es []snapshot.Entry
		seen := map[string]bool{} // one write per key and delta
		for range 1 + rng.IntN(80) {
			k := fmt.Sprintf("k%05d", rng.IntN(2400))
			if seen[k] {
				continue
			}
			seen[k] = true
			if rng.IntN(3) == 0 {
				delete(model, k)
				es = append(es, snapshot.Entry{Key: []byte(k), Tomb: true})
				continue
			}
			v := fmt.Sprintf("round-%d", round)
			model[k] = v
			es = append(es, snapshot.Entry{Key: []byte(k), Value: []byte(v)})
		}
		before := tables[len(tables)-1]
		tables, _, err = s.WriteLayer(tables, snapshot.SortEntries(es), layering)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case len(tables) > layering.MaxLayers:
			t.Fatalf("round %d: %d layers, the layering allows %d", round, len(tables), layering.MaxLayers)
		case tables[len(tables)-1] != before:
			fullCompactions++
		case len(tables) == 2 && round > 0:
			deltaMerges++
		}
		checkModel(t, s, tables, model)
	}
	if deltaMerges == 0 || fullCompactions == 0 {
		t.Errorf("delta merges %d, full compactions %d: want both exercised", deltaMerges, fullCompactions)
	}
}

func checkModel(t *testing.T, s *Store, tables []string, model map[string]string) {
	t.Helper()
	ts, err := s.OpenTables(tables)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	got := map[string]string{}
	if err := ts.Scan(nil, func(k, v []byte) error { got[string(k)] = string(v); return nil }); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, model) {
		missing := 0
		for _, k := range slices.Sorted(maps.Keys(model)) {
			if got[k] != model[k] {
				missing++
			}
		}
		t.Fatalf("tables %v read %d entries, model has %d (%d differ)", tables, len(got), len(model), missing)
	}
}
