package js

import (
	"strings"
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
)

// extractT extracts a source written from its second line.
func extractT(t *testing.T, l lang.Language, src string) *facts.File {
	t.Helper()
	return langtest.Extract(t, l, strings.TrimPrefix(src, "\n"))
}

func symbol(f *facts.File, qual string) *facts.Symbol {
	for i := range f.Symbols {
		if f.Symbols[i].Qualified == qual {
			return &f.Symbols[i]
		}
	}
	return nil
}

const sample = `
import React from "react";

/**
 * Greeter says hello.
 * @param {string} name
 */
export default class Greeter extends Base.Widget {
  static count = 0;
  onClick = (e) => { this.handle(e); };
  constructor(name) { super(name); this.name = name; }
  greet() {
    const helper = () => format(this.name);
    return helper();
  }
  get label() { return this.name; }
}

// adds two numbers
export function add(a, b) {
  function inner() { return Math.max(a, b); }
  return inner() + util.math.sum(a, b);
}

function* ids() { yield 1; }
export const MAX = 10, double = (x) => x * 2;
let counter = 0;
var legacy = function () { new Greeter("x").greet(); };
const Widget = class extends Greeter {};
const api = { fetch() { request(); } };
if (window.x) { const notTop = 1; }
export default function () {}
const App = () => <Layout><ui.Button onClick={add}/><div/></Layout>;
`

func TestJSSymbols(t *testing.T) {
	f := extractT(t, JavaScript(), sample)
	want := []symLineRow{
		{"Greeter", "Greeter", facts.KindClass, "", 7},
		{"count", "Greeter.count", facts.KindField, "Greeter", 8},
		{"onClick", "Greeter.onClick", facts.KindMethod, "Greeter", 9},
		{"constructor", "Greeter.constructor", facts.KindMethod, "Greeter", 10},
		{"greet", "Greeter.greet", facts.KindMethod, "Greeter", 11},
		{"helper", "Greeter.greet.helper", facts.KindFunction, "Greeter.greet", 12},
		{"label", "Greeter.label", facts.KindField, "Greeter", 15}, // a getter: reading it is its result
		{"add", "add", facts.KindFunction, "", 19},
		{"inner", "add.inner", facts.KindFunction, "add", 20},
		{"ids", "ids", facts.KindFunction, "", 24},
		{"MAX", "MAX", facts.KindConst, "", 25},
		{"double", "double", facts.KindFunction, "", 25},
		{"counter", "counter", facts.KindVar, "", 26},
		{"legacy", "legacy", facts.KindFunction, "", 27},
		{"Widget", "Widget", facts.KindClass, "", 28},
		{"api", "api", facts.KindConst, "", 29},
		{"default", "default", facts.KindFunction, "", 31}, // export default function () {}
		{"App", "App", facts.KindFunction, "", 32},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors = %d", f.SyntaxErrors)
	}

	g := symbol(f, "Greeter")
	if g.Doc != "Greeter says hello.\n@param {string} name" {
		t.Errorf("Greeter doc = %q", g.Doc)
	}
	if g.Signature != "export default class Greeter extends Base.Widget" {
		t.Errorf("Greeter signature = %q", g.Signature)
	}
	if d := cmp.Diff([]string{"Base.Widget"}, g.Extends); d != "" {
		t.Errorf("Greeter extends: %s", d)
	}
	if g.EndLine != 16 {
		t.Errorf("Greeter end line = %d", g.EndLine)
	}
	add := symbol(f, "add")
	if add.Doc != "adds two numbers" || add.Signature != "export function add(a, b)" {
		t.Errorf("add doc/signature = %q / %q", add.Doc, add.Signature)
	}
	if s := symbol(f, "MAX").Signature; s != "export const MAX" {
		t.Errorf("MAX signature = %q", s)
	}
	if s := symbol(f, "double").Signature; s != "double = (x) =>" {
		t.Errorf("double signature = %q", s)
	}
	if s := symbol(f, "Greeter.label").Signature; s != "get label()" {
		t.Errorf("label signature = %q", s)
	}
	if s := symbol(f, "ids").Signature; s != "function* ids()" {
		t.Errorf("ids signature = %q", s)
	}
	if d := cmp.Diff([]string{"Greeter"}, symbol(f, "Widget").Extends); d != "" {
		t.Errorf("Widget extends: %s", d)
	}
}

func TestJSRefs(t *testing.T) {
	f := extractT(t, JavaScript(), sample)
	want := []refRow{
		{"Widget", "Base", facts.RefReference, "Greeter", 7},
		{"handle", "this", facts.RefCall, "Greeter.onClick", 9},
		{"Widget", "Base", facts.RefCall, "Greeter.constructor", 10}, // super(name)
		{"format", "", facts.RefCall, "Greeter.greet.helper", 12},
		{"helper", "", facts.RefCall, "Greeter.greet", 13},
		{"max", "Math", facts.RefCall, "add.inner", 20},
		{"inner", "", facts.RefCall, "add", 21},
		{"sum", "util.math", facts.RefCall, "add", 21},
		{"Greeter", "", facts.RefCall, "legacy", 27},
		{"greet", "?", facts.RefCall, "legacy", 27},
		{"Greeter", "", facts.RefReference, "Widget", 28},
		{"request", "", facts.RefCall, "api", 29},
		{"Layout", "", facts.RefCall, "App", 32},
		{"Button", "ui", facts.RefCall, "App", 32},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestJSImports(t *testing.T) {
	src := `
import def from "./a";
import * as ns from "lib";
import {a, b as c} from "./m.js";
import d, {e} from "../up/m";
import "./side-effect";
export {f, g as h} from "./reexp";
export * from "./all";
export * as nsx from "./nsx";
const cjs = require("./cjs");
const {p, q: r, s = 1} = require("pkg/sub");
require("./bare");
function lazy() { return import("./lazy"); }
import(name);
const notImport = require(dyn);
var normalizeType = require("./utils").normalizeType, norm = require("./utils").normalizeTypes;
`
	f := extractT(t, JavaScript(), src)
	want := []facts.Import{
		{Path: "./a", Alias: "def", Names: []string{"default"}, As: []string{"def"}, Line: 1},
		{Path: "lib", Alias: "ns", Line: 2},
		{Path: "./m.js", Names: []string{"a", "b"}, As: []string{"", "c"}, Line: 3},
		{Path: "../up/m", Alias: "d", Names: []string{"default", "e"}, As: []string{"d", ""}, Line: 4},
		{Path: "./side-effect", Line: 5},
		{Path: "./reexp", Names: []string{"f", "g"}, As: []string{"", "h"}, Reexport: true, Line: 6},
		{Path: "./all", Reexport: true, Kind: "wildcard", Line: 7},
		{Path: "./nsx", Alias: "nsx", Reexport: true, Line: 8},
		{Path: "./cjs", Alias: "cjs", Names: []string{"default"}, As: []string{"cjs"}, Line: 9},
		{Path: "pkg/sub", Names: []string{"p", "q", "s"}, As: []string{"", "r", ""}, Line: 10},
		{Path: "./bare", Line: 11},
		{Path: "./lazy", Line: 12},
		{Path: "./utils", Names: []string{"normalizeType"}, Line: 15},
		{Path: "./utils", Names: []string{"normalizeTypes"}, As: []string{"norm"}, Line: 15},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
	// require() bindings are imports, not symbols; require/import are not call refs.
	wantSyms := []symLineRow{{"lazy", "lazy", facts.KindFunction, "", 12}, {"notImport", "notImport", facts.KindConst, "", 14}}
	if d := cmp.Diff(wantSyms, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	wantRefs := []refRow{{"require", "", facts.RefCall, "notImport", 14}}
	if d := cmp.Diff(wantRefs, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestJSSyntaxError(t *testing.T) {
	src := `
function ok() { return 1; }
class Kept { m() {} }
function broken( {
  let = ;
`
	f := extractT(t, JavaScript(), src)
	if f.SyntaxErrors == 0 {
		t.Fatal("want syntax errors")
	}
	got := langtest.SymLines[symLineRow](f)
	want := []symLineRow{
		{"ok", "ok", facts.KindFunction, "", 1},
		{"Kept", "Kept", facts.KindClass, "", 2},
		{"m", "Kept.m", facts.KindMethod, "Kept", 2},
	}
	if len(got) < len(want) {
		t.Fatalf("symbols = %+v", got)
	}
	if d := cmp.Diff(want, got[:len(want)]); d != "" {
		t.Errorf("symbols before the error (-want +got):\n%s", d)
	}
}

func TestJSModuleKeys(t *testing.T) {
	tests := []struct {
		path string
		want []string
	}{
		{"src/util.ts", []string{"src/util.ts", "src/util"}},
		{"src/util.js", []string{"src/util.js", "src/util"}},
		{"app.jsx", []string{"app.jsx", "app"}},
		{"src/lib/index.ts", []string{"src/lib/index.ts", "src/lib/index", "src/lib"}},
		{"src/lib/index.js", []string{"src/lib/index.js", "src/lib/index", "src/lib"}},
		{"index.js", []string{"index.js", "index", "."}},
		{"types/api.d.ts", []string{"types/api.d.ts", "types/api"}},
		{"types/index.d.ts", []string{"types/index.d.ts", "types/index", "types"}},
		{"lib/x.test.mjs", []string{"lib/x.test.mjs", "lib/x.test"}},
		{"bin/cli", []string{"bin/cli"}},
	}
	spec := JavaScript()
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, spec.ModuleKeys(tt.path, nil, nil)); d != "" {
			t.Errorf("ModuleKeys(%q) (-want +got):\n%s", tt.path, d)
		}
	}
}

func TestJSImportCandidates(t *testing.T) {
	proj := &lang.Project{TSConfigs: map[string]lang.TSConfig{
		"": {BaseURL: "src", Paths: map[string][]string{
			"@/*":            {"app/*", "shared/*"},
			"@/components/*": {"ui/*"},
			"config":         {"cfg/index.ts"},
		}},
		"packages/web": {Paths: map[string][]string{"~/*": {"./src/*"}}},
	}}
	tests := []struct {
		spec, from string
		p          *lang.Project
		want       []string
	}{
		{"./util", "src/app.ts", nil, []string{"src/util"}},
		{"../lib/x", "src/app/main.ts", nil, []string{"src/lib/x"}},
		{"./util.js", "src/app.ts", nil, []string{"src/util.js", "src/util"}},
		{"./style.css", "src/app.ts", nil, []string{"src/style.css"}},
		{"./dir/", "a.js", nil, []string{"dir"}},
		{".", "src/lib/a.js", nil, []string{"src/lib"}},
		{"./x", "root.js", nil, []string{"x"}},
		{"react", "src/app.ts", nil, nil},
		{"/abs/x", "src/app.ts", nil, nil},
		{"@/components/Button", "src/app.ts", proj, []string{
			"src/ui/Button", "src/app/components/Button", "src/shared/components/Button", "src/@/components/Button"}},
		{"@/hooks/use.js", "src/app.ts", proj, []string{
			"src/app/hooks/use.js", "src/app/hooks/use", "src/shared/hooks/use.js", "src/shared/hooks/use", "src/@/hooks/use.js", "src/@/hooks/use"}},
		{"config", "src/app.ts", proj, []string{"src/cfg/index.ts", "src/cfg/index", "src/config"}},
		{"react", "src/app.ts", proj, []string{"src/react"}},
		{"~/store", "packages/web/src/pages/a.tsx", proj, []string{"packages/web/src/store"}},
		{"react", "packages/web/src/pages/a.tsx", proj, nil},
		{"./rel", "packages/web/a.ts", proj, []string{"packages/web/rel"}},
	}
	spec := JavaScript()
	for _, tt := range tests {
		got := spec.ImportCandidates(facts.Import{Path: tt.spec}, tt.from, tt.p)
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ImportCandidates(%q from %q) (-want +got):\n%s", tt.spec, tt.from, d)
		}
	}
}
