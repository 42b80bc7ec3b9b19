package explicit

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestFullRunDecodesOnlyWhatItReads: a full run holds its records packed
// and reads every one in several passes (parse, project, definition index,
// resolution), each of which needs a few parts of a record; a pass that
// decodes whole records again costs a whole decode (and, for one that
// changes them, a whole encode) per file. So the phase must make no whole
// decode, and its resolution must still find the edges.
func TestFullRunDecodesOnlyWhatItReads(t *testing.T) {
	ctx := context.Background()
	st := fullRunState(t)
	blobs := map[string][]byte{}
	for _, p := range slices.Sorted(maps.Keys(asideRepo)) {
		blobs["blob:"+p] = []byte(asideRepo[p])
		st.Next.Files.Set(&snapshot.File{Path: p, Lang: "go", Blob: "blob:" + p})
	}
	// C++ files whose namespaces a header's macros open: the project
	// scopes their facts (Traits.ScopeFacts), a pass of its own.
	for p, text := range map[string]string{
		"include/base.h": "#pragma once\n#define LIB_BEGIN namespace lib {\n#define LIB_END }\n",
		"include/util.h": "#pragma once\n#include \"base.h\"\nLIB_BEGIN\ninline int width(int x) { return x; }\nLIB_END\n",
	} {
		blobs["blob:"+p] = []byte(text)
		st.Next.Files.Set(&snapshot.File{Path: p, Lang: "cpp", Blob: "blob:" + p})
	}
	counts := st.Next.Files.CountDecodes()
	read := func(id string) ([]byte, error) { return blobs[id], nil }
	if _, err := (Phase{Read: read}).Run(ctx, st); err != nil {
		t.Fatal(err)
	}
	defer st.Next.Files.Close()
	defer st.RefsAside.Close()
	if !st.Next.Files.Packed() {
		t.Fatal("a full run left its records unpacked: this test counts nothing")
	}
	if n := counts.Of(snapshot.AllParts); n != 0 || counts.Total() == 0 {
		t.Errorf("the explicit phase of a full run decoded %d records whole (of %d decodes); want none", n, counts.Total())
	}
	if f := st.Next.Files.Get("main.go"); f == nil || len(f.Res.Edges) == 0 || f.Facts == nil || len(f.Facts.Symbols) == 0 {
		t.Errorf("main.go after the phase: %+v; want its facts and edges", f)
	}
	if f := st.Next.Files.Get("include/util.h"); f == nil || f.Facts == nil || len(f.Facts.Symbols) == 0 || f.Facts.Symbols[0].Qualified != "lib.width" {
		t.Errorf("include/util.h after the phase: %+v; want its symbols scoped by the header's macros", f)
	}
}
