package snapshot

import (
	"fmt"
	"strings"
	"testing"
)

// TestGroupCursorGivesEachNamesPrefixScan: asked names in ascending order,
// a cursor gives each the entries a scan of its prefix gives, over runs
// held in files as a full run holds them: names with no entries, entries
// no name asks for, names that begin other names ("a" of "a.b" and
// "a/b"), one-part keys, and the keyspaces around the one read. It scans
// the index once where the prefix scans scan it once per name. A name
// asked out of order is an error, not a silently empty group.
func TestGroupCursorGivesEachNamesPrefixScan(t *testing.T) {
	var es []Entry
	add := func(k, v string) { es = append(es, Entry{Key: []byte(k), Value: []byte(v)}) }
	for _, name := range []string{"a", "a.b", "a/b", "a/b/c", "b", "skipped", "z"} {
		for i := range 3 {
			add(fmt.Sprintf("R%s\x00t%d\x00calls", name, i), fmt.Sprintf("v%s%d", name, i))
		}
	}
	add("Ronly", "one part")
	add("Q"+"a\x00before", "other keyspace")
	add("T"+"a\x00after", "other keyspace")
	r := NewRuns(64, t.TempDir()) // runs of a few entries each, in files
	for i := len(es) - 1; i >= 0; i-- {
		r.Add(es[i])
	}
	kv, err := Merged(r)
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	counted := &scanCounter{KV: kv}

	names := []string{"", "a", "a.b", "a/b", "a/b/c", "absent", "b", "only", "y", "z", "zz"}
	c := NewGroupCursor(counted, KsRevEdge)
	defer c.Close()
	for _, name := range names {
		g, err := c.Group(name)
		if err != nil {
			t.Fatalf("group %q: %v", name, err)
		}
		var got, want []string
		_ = g.Each(func(k, v []byte) error { got = append(got, string(k)+"="+string(v)); return nil })
		prefix := Prefix(KsRevEdge, name)
		if !strings.Contains(name, "only") {
			_ = kv.Scan(prefix, func(k, v []byte) error { want = append(want, string(k)+"="+string(v)); return nil })
		} else {
			want = []string{"Ronly=one part"} // a one-part key: no separator ends its name
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || g.Len() != len(want) {
			t.Errorf("group %q: %q, want %q", name, got, want)
		}
	}
	if counted.scans != 1 {
		t.Errorf("the cursor scanned the index %d times for %d names, want once", counted.scans, len(names))
	}
	if _, err := c.Group("b"); err == nil {
		t.Error(`group "b" asked after "zz": no error`)
	}
}

// scanCounter counts the scans of a KV.
type scanCounter struct {
	KV
	scans int
}

func (s *scanCounter) Scan(prefix []byte, fn func(k, v []byte) error) error {
	s.scans++
	return s.KV.Scan(prefix, fn)
}
