package cfamily

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// The rows the tables list (see langtest).
type (
	symLineRow langtest.SymLine
	refRow     langtest.Ref
	callRow    langtest.Call
)

const cSample = `#ifndef UTIL_H
#define UTIL_H
#include "util/str.h"
#include <stdio.h>

#define MAX_LEN 64
#define SQUARE(x) \
    ((x) * (x))

/* A buffer. */
struct buffer {
    char *data;
    struct node *head;
};

typedef struct buffer buffer_t;
typedef struct { int x, y; } point;
typedef int (*cmp_fn)(const void *, const void *);
enum color { RED, GREEN };
union value { int i; float f; };

static int counter = 0, limit;
extern config_t *global_config;
int parse(const char *s);

// Reads a buffer.
// Returns the length.
size_t read_buf(buffer_t *b, FILE *fp) {
    size_t n = fread(b->data, 1, MAX_LEN, fp);
    helper();
    b->ops.flush(b);
    cfg.reload();
    get_ops()->run();
    struct node local;
    return n;
}
#endif
`

func TestCSymbols(t *testing.T) {
	f := langtest.Extract(t, C(), cSample)
	want := []symLineRow{
		{"MAX_LEN", "MAX_LEN", facts.KindConst, "", 6},
		{"SQUARE", "SQUARE", facts.KindFunction, "", 7},
		{"buffer", "buffer", facts.KindStruct, "", 11},
		{"data", "buffer.data", facts.KindField, "buffer", 12},
		{"head", "buffer.head", facts.KindField, "buffer", 13},
		{"buffer_t", "buffer_t", facts.KindType, "", 16},
		{"point", "point", facts.KindType, "", 17},
		{"x", "point.x", facts.KindField, "point", 17},
		{"y", "point.y", facts.KindField, "point", 17},
		{"cmp_fn", "cmp_fn", facts.KindType, "", 18},
		{"color", "color", facts.KindEnum, "", 19},
		{"value", "value", facts.KindStruct, "", 20},
		{"i", "value.i", facts.KindField, "value", 20},
		{"f", "value.f", facts.KindField, "value", 20},
		{"counter", "counter", facts.KindVar, "", 22},
		{"limit", "limit", facts.KindVar, "", 22},
		{"read_buf", "read_buf", facts.KindFunction, "", 28},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	rb := langtest.Symbol(t, f, "read_buf")
	if rb.Doc != "Reads a buffer.\nReturns the length." || rb.Signature != "size_t read_buf(buffer_t *b, FILE *fp)" || rb.EndLine != 36 {
		t.Errorf("read_buf: %+v", rb)
	}
	buf := langtest.Symbol(t, f, "buffer")
	if buf.Doc != "A buffer." || buf.Signature != "struct buffer" {
		t.Errorf("buffer: %+v", buf)
	}
	if s := langtest.Symbol(t, f, "point").Signature; s != "typedef struct { ... } point" {
		t.Errorf("point signature %q", s)
	}
	m := langtest.Symbol(t, f, "MAX_LEN")
	if m.Signature != "#define MAX_LEN 64" || m.EndLine != 6 {
		t.Errorf("MAX_LEN: %+v", m)
	}
	if sq := langtest.Symbol(t, f, "SQUARE"); sq.EndLine != 8 || sq.Signature != "#define SQUARE(x)" {
		t.Errorf("SQUARE: %+v", sq)
	}
	if s := langtest.Symbol(t, f, "counter").Signature; s != "static int counter" {
		t.Errorf("counter signature %q", s)
	}
}

func TestCImports(t *testing.T) {
	f := langtest.Extract(t, C(), cSample)
	want := []facts.Import{
		{Path: "util/str.h", Kind: "local", Line: 3},
		{Path: "stdio.h", Kind: "system", Line: 4},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestCRefs(t *testing.T) {
	f := langtest.Extract(t, C(), cSample)
	const fn = "read_buf"
	want := []refRow{
		{"node", "", facts.RefReference, "buffer", 13},
		{"buffer", "", facts.RefReference, "buffer_t", 16},
		{"config_t", "", facts.RefReference, "", 23},
		{"buffer_t", "", facts.RefReference, fn, 28},
		{"FILE", "", facts.RefReference, fn, 28},
		{"fread", "", facts.RefCall, fn, 29},
		{"helper", "", facts.RefCall, fn, 30},
		{"flush", "b->ops", facts.RefCall, fn, 31},
		{"reload", "cfg", facts.RefCall, fn, 32},
		{"run", "?", facts.RefCall, fn, 33},
		{"get_ops", "", facts.RefCall, fn, 33},
		{"node", "", facts.RefReference, fn, 34},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestCSyntaxError(t *testing.T) {
	src := `int good(void) { return 1; }
struct ok { int a; };
int broken( { = ; 
`
	f := langtest.Extract(t, C(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	got := langtest.SymLines[symLineRow](f)
	want := []symLineRow{
		{"good", "good", facts.KindFunction, "", 1},
		{"ok", "ok", facts.KindStruct, "", 2},
	}
	if len(got) < 2 {
		t.Fatalf("symbols: %+v", got)
	}
	if d := cmp.Diff(want, got[:2]); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

func TestCModuleKeys(t *testing.T) {
	for _, p := range []string{"src/util.h", "main.c"} {
		if d := cmp.Diff([]string{p}, C().ModuleKeys(p, nil, nil)); d != "" {
			t.Errorf("ModuleKeys(%q): %s", p, d)
		}
	}
}

func TestCImportCandidates(t *testing.T) {
	proj := &lang.Project{IncludeDirs: []string{"include", "src"}}
	tests := []struct {
		imp  facts.Import
		from string
		p    *lang.Project
		want []string
	}{
		{facts.Import{Path: "util.h", Kind: "local"}, "src/main.c", proj, []string{"src/util.h", "include/util.h", "util.h"}},
		{facts.Import{Path: "../include/a.h", Kind: "local"}, "src/x/main.c", nil, []string{"src/include/a.h", "../include/a.h"}},
		{facts.Import{Path: "a/b.h", Kind: "local"}, "main.c", nil, []string{"a/b.h"}},
		{facts.Import{Path: "lib/x.h", Kind: "system"}, "src/main.c", proj, []string{"include/lib/x.h", "src/lib/x.h"}},
		{facts.Import{Path: "stdio.h", Kind: "system"}, "src/main.c", nil, nil},
		{facts.Import{Path: "stdio.h", Kind: "system"}, "src/main.c", &lang.Project{}, nil},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, C().ImportCandidates(tt.imp, tt.from, tt.p)); d != "" {
			t.Errorf("ImportCandidates(%+v, %q): %s", tt.imp, tt.from, d)
		}
	}
}
