package snapshot

import (
	"reflect"
	"testing"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
)

func memberFile() *File {
	return &File{Path: "pkg/a.go", Lang: lang.Go, Summary: "Does a.", SummaryKey: "k",
		Facts: &facts.File{Doc: "Package pkg.", Symbols: []facts.Symbol{
			{Name: "A", Qualified: "A", Kind: facts.KindStruct, Signature: "type A struct", Doc: "A is.", Line: 3},
			{Name: "Get", Qualified: "A.Get", Kind: facts.KindMethod, Parent: "A", Signature: "func (A) Get()", Line: 5},
		}},
		Signals: []facts.Signal{{Kind: "env", Key: "HOME_DIR", Line: 9}},
		Res: Resolution{Edges: []Edge{
			{Source: nodeid.File("pkg/a.go"), Target: nodeid.Symbol("pkg/a.go", "A", 1), Kind: edgekind.Contains},
			{Source: nodeid.Symbol("pkg/a.go", "A.Get", 1), Target: nodeid.Symbol("lib/b.go", "B", 1), Kind: edgekind.Calls, ResolvedBy: "type"},
			{Source: nodeid.Symbol("pkg/a.go", "A.Get", 1), Target: nodeid.Symbol("lib/b.go", "C", 1), Kind: edgekind.Calls, ResolvedBy: "type"},
			{Source: nodeid.Symbol("pkg/a.go", "A.Get", 1), Target: nodeid.Symbol("lib/b.go", "C", 1), Kind: edgekind.Calls, ResolvedBy: "type"},
			{Source: nodeid.File("pkg/a.go"), Target: nodeid.File("lib/b.go"), Kind: edgekind.Imports},
		}},
		Implicit: []Edge{{Source: nodeid.File("pkg/a.go"), Target: nodeid.File("cmd/c.go"), Kind: edgekind.Implicit, Via: "env:HOME_DIR"}},
	}
}

// TestMemberRoundTrip: a directory listing reads back as the member its
// record gives; a project file's lists no member; damage is an error.
func TestMemberRoundTrip(t *testing.T) {
	for _, f := range []*File{memberFile(), {Path: "x/y.py", Lang: lang.Python, SummaryKey: SecretSummaryKey}} {
		got, member, err := ParseDirValue(f.Path, DirValue(f))
		if err != nil || !member {
			t.Fatalf("%s: member %v, %v", f.Path, member, err)
		}
		if want := MemberOf(f); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read back\n%+v\nwant\n%+v", f.Path, got, want)
		}
	}
	m := MemberOf(memberFile())
	want := []DepCount{{"cmd/c.go", edgekind.Implicit, 1}, {"lib/b.go", edgekind.Calls, 2}, {"lib/b.go", edgekind.Imports, 1}}
	if !reflect.DeepEqual(m.Deps, want) {
		t.Errorf("deps %+v, want %+v (containment left out, a repeated edge once)", m.Deps, want)
	}
	if _, member, err := ParseDirValue("go.mod", DirValue(&File{Path: "go.mod", Lang: lang.ProjectFile})); member || err != nil {
		t.Errorf("project file: member %v, %v", member, err)
	}
	v := DirValue(memberFile())
	for _, bad := range [][]byte{{1, 0}, v[:len(v)-2], append(v, 7)} {
		if _, _, err := ParseDirValue("pkg/a.go", bad); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}

// TestOwnerAgreesWithParts: Owner, which reads one part of a key, names
// the owner every file's entries were derived from.
func TestOwnerAgreesWithParts(t *testing.T) {
	for _, f := range []*File{memberFile(), {Path: "top.go", Lang: lang.Go, Facts: &facts.File{}}} {
		es := append(GenericEntries(f), Entry{Key: FileKey(f.Path)}, Entry{Key: NameKey("A", "go", f.Path, 0)},
			Entry{Key: ModuleKey("go", "example.com/pkg", f.Path)}, Entry{Key: StarKey("js", f.Path, 1)}, Entry{Key: PyHeadsKey(f.Path)})
		for _, e := range es {
			if got := Owner(e.Key); got != f.Path {
				t.Errorf("Owner(%q) = %q, want %q", e.Key, got, f.Path)
			}
		}
	}
	for _, k := range [][]byte{nil, {KsModDoc, 'a'}, {KsDir, 'a'}, {KsUsedBy, 'a', 0, 'b'}, {KsRevEdge, 'a', 0, 'b'}} {
		if got := Owner(k); got != "" {
			t.Errorf("Owner(%q) = %q, want none", k, got)
		}
	}
}

// TestDefParentPeeks: the parent peeked from a name-index value is the
// one its decode gives.
func TestDefParentPeeks(t *testing.T) {
	for _, d := range []Def{{Path: "a.go", ID: "sym:a.go#T.M", Name: "M", Qualified: "T.M", Parent: "T", Kind: "method"}, {Path: "b.py", Name: "f", Qualified: "f", Kind: "alias"}} {
		e := DefEntry("go", d)
		got, ok := DefParent(e.Value)
		if dec, err := DecodeDef(e.Key, e.Value); !ok || err != nil || string(got) != dec.Parent || dec.Parent != d.Parent {
			t.Errorf("%+v: peeked %q (%v), decoded %+v (%v)", d, got, ok, dec, err)
		}
	}
	if _, ok := DefParent([]byte{9}); ok {
		t.Error("a damaged value gave a parent")
	}
}
