package snapshot

import (
	"maps"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/nodeid"
)

// TestRevEdgeKeyRoundTrip: every edge comes back from its reverse-edge key,
// and keys of other shapes are refused.
func TestRevEdgeKeyRoundTrip(t *testing.T) {
	for _, e := range []Edge{
		{Source: "file:a.py", Target: "sym:b.py#f", Kind: "calls", Via: "f", ResolvedBy: ByImport},
		{Source: "sym:a/x.go#T.M", Target: "file:b/y.go", Kind: "imports", Via: "ex.com/b"},
		{Source: "file:a.py", Target: "file:b.py", Kind: "implicit", Via: "env:HOME"},
		{Source: "", Target: "", Kind: "", Via: "", ResolvedBy: ""},
	} {
		got, ok := ParseRevEdge(RevEdgeKey(e))
		if !ok || got != e {
			t.Fatalf("ParseRevEdge(RevEdgeKey(%+v)) = %+v, %v", e, got, ok)
		}
	}
	good := RevEdgeKey(Edge{Source: "file:a", Target: "file:b", Kind: "imports"})
	for _, key := range [][]byte{nil, {KsRevEdge}, good[:len(good)-2], append(append([]byte{}, good...), 0, 'x'), append([]byte{KsName}, good[1:]...),
		[]byte(string(KsRevEdge) + strings.Repeat("a\x00", 4) + "a")} {
		if e, ok := ParseRevEdge(key); ok {
			t.Errorf("ParseRevEdge(%q) = %+v, want refused", key, e)
		}
	}
}

// TestUsedByCountsRevEdges: a file's used-by entries count exactly the
// reverse-edge entries it contributes, by target file and kind, and name
// the file as their owner.
func TestUsedByCountsRevEdges(t *testing.T) {
	f := &File{Path: "a/x.py", Res: Resolution{Edges: []Edge{
		{Source: "sym:a/x.py#f", Target: "sym:b/y.py#g", Kind: "calls", Via: "g"},
		{Source: "sym:a/x.py#f", Target: "sym:b/y.py#h", Kind: "calls", Via: "h"},
		{Source: "sym:a/x.py#f", Target: "sym:b/y.py#h", Kind: "calls", Via: "h"},
		{Source: "file:a/x.py", Target: "file:b/y.py", Kind: "imports", Via: "b.y"},
		{Source: "file:a/x.py", Target: "sym:a/x.py#f", Kind: "contains"},
	}}, Implicit: []Edge{
		{Source: "file:a/x.py", Target: "file:c/z.yaml", Kind: "implicit", Via: "env:HOME"},
		{Source: "file:a/x.py", Target: "file:b/y.py", Kind: "imports", Via: "b.y"}, // also a resolved edge: one key
	}}
	want, seen := map[string]int{}, map[string]bool{}
	for _, e := range GenericEntries(f, KsRevEdge) {
		if seen[string(e.Key)] {
			continue // the tables hold a key once
		}
		seen[string(e.Key)] = true
		re, ok := ParseRevEdge(e.Key)
		if !ok {
			t.Fatalf("reverse edge %q does not parse", e.Key)
		}
		want[nodeid.PathOf(re.Target)+" "+re.Kind]++
	}
	got := map[string]int{}
	for _, e := range GenericEntries(f, KsUsedBy) {
		u, err := ParseUsedBy(e.Key, e.Value)
		if err != nil || u.Source != f.Path || Owner(e.Key) != f.Path {
			t.Fatalf("entry %q: %+v owner %q, %v", e.Key, u, Owner(e.Key), err)
		}
		got[KeyPart(e.Key, 0)+"/"+u.Base+" "+u.Kind] += u.Count
	}
	if !maps.Equal(got, want) || len(got) != 3 {
		t.Errorf("used-by counts %v, reverse edges %v", got, want)
	}
	if _, err := ParseUsedBy(UsedByKey("b/y.py", "calls", "a/x.py"), []byte{0x80}); err == nil {
		t.Error("a truncated count parsed")
	}
}

// TestSiteEntriesRoundTrip: a file's unresolved call sites come back from
// its unresolved-call entries, which name the file as their owner, sort by
// name first (one range per name), and keep two calls of one name on one
// line apart; damaged entries are refused.
func TestSiteEntriesRoundTrip(t *testing.T) {
	f := &File{Path: "app/a.py", Res: Resolution{Sites: []Site{
		{Name: "hello", Receiver: "x", From: "f", Line: 3},
		{Name: "hello", Receiver: "y", From: "f", Line: 3},
		{Name: "close", Line: 9},
	}}}
	es := GenericEntries(f, KsUnresolved)
	if len(es) != 3 {
		t.Fatalf("%d entries for 3 sites", len(es))
	}
	for i, e := range es {
		got, err := ParseSite(e.Key, e.Value)
		want := f.Res.Sites[i]
		want.From = "" // the index does not hold it
		if err != nil || got.Path != f.Path || got.Site != want || Owner(e.Key) != f.Path {
			t.Errorf("entry %q: %+v owner %q, %v; want %+v", e.Key, got, Owner(e.Key), err, want)
		}
		if !strings.HasPrefix(string(e.Key), string(Prefix(KsUnresolved, want.Name))) {
			t.Errorf("entry %q is outside the range of %q", e.Key, want.Name)
		}
	}
	for _, bad := range []Entry{
		{Key: SiteKey("f", "a.py", 0), Value: nil},
		{Key: SiteKey("f", "a.py", 0), Value: []byte{0}},
		{Key: []byte("Xf\x00a.py"), Value: []byte{3}},
		{Key: append([]byte{KsName}, SiteKey("f", "a.py", 0)[1:]...), Value: []byte{3}},
	} {
		if s, err := ParseSite(bad.Key, bad.Value); err == nil {
			t.Errorf("ParseSite(%q, %q) = %+v, want refused", bad.Key, bad.Value, s)
		}
	}
	if (Site{Name: "g"}).Call() != "g" || f.Res.Sites[0].Call() != "x.hello" {
		t.Error("Call does not write the call as written")
	}
}
