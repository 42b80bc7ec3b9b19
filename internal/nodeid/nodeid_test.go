package nodeid

import (
	"strings"
	"testing"
)

func TestBuild(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{File("a/b.go"), "file:a/b.go"},
		{File("docs/#notes.py"), "file:docs/%23notes.py"},
		{File("a%b.py"), "file:a%25b.py"},
		{File("%23.py"), "file:%2523.py"},
		{Module("."), "mod:."},
		{Module("x#y"), "mod:x%23y"},
		{Symbol("a.go", "Server.Get", 0), "sym:a.go#Server.Get"},
		{Symbol("a.go", "Server.Get", 1), "sym:a.go#Server.Get"},
		{Symbol("a.go", "Server.Get", 3), "sym:a.go#Server.Get~3"},
		{Symbol("docs/#notes.py", "helper", 1), "sym:docs/%23notes.py#helper"},
		{Symbol("c.ts", "C.#secret", 1), "sym:c.ts#C.#secret"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestSymbols(t *testing.T) {
	qs := []string{"f", "T", "f", "T.m", "f"}
	got := Symbols("a#b.py", len(qs), func(i int) string { return qs[i] })
	want := []string{"sym:a%23b.py#f", "sym:a%23b.py#T", "sym:a%23b.py#f~2", "sym:a%23b.py#T.m", "sym:a%23b.py#f~3"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i, id := range got {
		n, _ := Parse(id)
		if n.Name != qs[i] || Symbol(n.Path, n.Name, n.Nth) != id {
			t.Errorf("%s: parsed %+v", id, n)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		id   string
		want ID
		ok   bool
	}{
		{"file:a.go", ID{Kind: KindFile, Path: "a.go"}, true},
		{"file:docs/%23notes.py", ID{Kind: KindFile, Path: "docs/#notes.py"}, true},
		{"mod:.", ID{Kind: KindModule, Path: "."}, true},
		{"sym:docs/%23notes.py#helper", ID{Kind: KindSymbol, Path: "docs/#notes.py", Name: "helper", Nth: 1}, true},
		{"sym:a%25b.py#A.run~2", ID{Kind: KindSymbol, Path: "a%b.py", Name: "A.run", Nth: 2}, true},
		{"sym:c.ts#C.#secret", ID{Kind: KindSymbol, Path: "c.ts", Name: "C.#secret", Nth: 1}, true},
		{"sym:x.cc#T.~T", ID{Kind: KindSymbol, Path: "x.cc", Name: "T.~T", Nth: 1}, true},
		{"sym:x.cc#T.~T~2", ID{Kind: KindSymbol, Path: "x.cc", Name: "T.~T", Nth: 2}, true},
		{"sym:x.cc#T~02", ID{Kind: KindSymbol, Path: "x.cc", Name: "T~02", Nth: 1}, true},
		// what escape never writes
		{"file:docs/#notes.py", ID{}, false},
		{"file:a%b.py", ID{}, false},
		{"sym:a.go", ID{}, false},
		{"sym:a.go#", ID{}, false},
		{"a.go", ID{}, false},
	} {
		got, ok := Parse(c.id)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", c.id, got, ok, c.want, c.ok)
		}
	}
}

func TestPathOf(t *testing.T) {
	for id, want := range map[string]string{
		"file:a.go":                   "a.go",
		"file:docs/%23notes.py":       "docs/#notes.py",
		"sym:docs/%23notes.py#helper": "docs/#notes.py",
		"sym:a%25b.py#f":              "a%b.py",
		"sym:c.ts#C.#secret":          "c.ts",
		"mod:docs":                    "",
		"docs/#notes.py":              "",
		"file:docs/#notes.py":         "",
	} {
		if got := PathOf(id); got != want {
			t.Errorf("PathOf(%q) = %q, want %q", id, got, want)
		}
	}
}

// TestPathOfAllocs keeps the common case (no escape in the path) free of
// allocations: every reverse-edge key and every query step asks it.
func TestPathOfAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = PathOf("sym:internal/a/b.go#Server.Get") }); n != 0 {
		t.Errorf("PathOf allocates %v times", n)
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, s := range [][2]string{{"a.go", "F"}, {"docs/#notes.py", "helper"}, {"a%b.py", "C.#x"}, {"%23", "~2"}, {"", "#"}} {
		f.Add(s[0], s[1], 2)
	}
	f.Fuzz(func(t *testing.T, p, q string, nth int) {
		ids := []string{File(p), Module(p)}
		if q != "" { // a symbol has a name
			ids = append(ids, Symbol(p, q, nth))
		}
		for _, id := range ids {
			n, ok := Parse(id)
			if !ok || n.Path != p || n.String() != id {
				t.Fatalf("Parse(%q) = %+v, %v: path %q", id, n, ok, p)
			}
			if n.Kind != KindModule && PathOf(id) != p {
				t.Fatalf("PathOf(%q) = %q, want %q", id, PathOf(id), p)
			}
		}
		// A name that does not end in "~digits" comes back whole.
		if q != "" && nth >= 1 && nth < 1<<20 {
			if _, n := splitNth(q); n == 1 {
				got, _ := Parse(Symbol(p, q, nth))
				if got.Name != q || got.Nth != nth {
					t.Fatalf("Parse(Symbol(%q, %q, %d)) = %+v", p, q, nth, got)
				}
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"file:a.go", "sym:a%23.go#x~2", "mod:.", "sym:#", "file:%2", "sym:a#b#c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		n, ok := Parse(id)
		if !ok {
			return
		}
		// Whatever parses is canonical: building it again gives it back.
		if n.String() != id {
			t.Fatalf("Parse(%q) = %+v, builds %q", id, n, n.String())
		}
	})
}
