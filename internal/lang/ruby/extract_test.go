package ruby

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// The rows the tables list (see langtest).
type (
	symLineRow langtest.SymLine
	refRow     langtest.Ref
	callRow    langtest.Call
)

const sample = `require "json"
require_relative "../support/helper"
require 'net/http'
require File.join(__dir__, "dyn")

VERSION = "1.0"

# Billing things.
# Second line.
module Billing
  RATE = 3

  class Invoice < Base::Record
    # The first comment sits before the body.
    include Comparable
    extend Forwardable

    # Totals the lines.
    def total(tax)
      sum = lines.map { |l| l.amount }
      helper(1)
      recompute
      self.refresh
      Money::Calc.add(sum, tax)
      Invoice.new
      Tax::RATE
      @cache.fetch(:k)
      a.b(1).c
      obj.call arg
    end

    def self.build(attrs)
      new(attrs)
    end

    class << self
      def cached; end
    end
  end

  class Error::Fatal; end
end

def top_level; end
`

func TestRubySymbols(t *testing.T) {
	f := langtest.Extract(t, Language(), sample)
	want := []symLineRow{
		{"VERSION", "VERSION", facts.KindConst, "", 6},
		{"Billing", "Billing", facts.KindModule, "", 10},
		{"RATE", "Billing.RATE", facts.KindConst, "Billing", 11},
		{"Invoice", "Billing.Invoice", facts.KindClass, "Billing", 13},
		{"total", "Billing.Invoice.total", facts.KindMethod, "Billing.Invoice", 19},
		{"build", "Billing.Invoice.build", facts.KindMethod, "Billing.Invoice", 32},
		{"cached", "Billing.Invoice.cached", facts.KindMethod, "Billing.Invoice", 37},
		{"Fatal", "Billing.Error.Fatal", facts.KindClass, "Billing.Error", 41},
		{"top_level", "top_level", facts.KindFunction, "", 44},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	mod := langtest.Symbol(t, f, "Billing")
	if mod.Doc != "Billing things.\nSecond line." || mod.Signature != "module Billing" || mod.EndLine != 42 {
		t.Errorf("Billing: %+v", mod)
	}
	inv := langtest.Symbol(t, f, "Billing.Invoice")
	if inv.Signature != "class Invoice < Base::Record" {
		t.Errorf("Invoice signature %q", inv.Signature)
	}
	if d := cmp.Diff([]string{"Base::Record"}, inv.Extends); d != "" {
		t.Errorf("Invoice extends: %s", d)
	}
	if d := cmp.Diff([]string{"Comparable", "Forwardable"}, inv.Implements); d != "" {
		t.Errorf("Invoice implements: %s", d)
	}
	tot := langtest.Symbol(t, f, "Billing.Invoice.total")
	if tot.Doc != "Totals the lines." || tot.Signature != "def total(tax)" {
		t.Errorf("total: doc %q sig %q", tot.Doc, tot.Signature)
	}
	if s := langtest.Symbol(t, f, "Billing.Invoice.build").Signature; s != "def self.build(attrs)" {
		t.Errorf("build signature %q", s)
	}
	if s := langtest.Symbol(t, f, "VERSION").Signature; s != `VERSION = "1.0"` {
		t.Errorf("VERSION signature %q", s)
	}
}

func TestRubyFirstMethodDoc(t *testing.T) {
	src := "class A\n  # Doc of m.\n  def m; end\nend\n"
	f := langtest.Extract(t, Language(), src)
	if m := langtest.Symbol(t, f, "A.m"); m.Doc != "Doc of m." {
		t.Errorf("doc = %q", m.Doc)
	}
}

func TestRubyImports(t *testing.T) {
	f := langtest.Extract(t, Language(), sample)
	want := []facts.Import{
		{Path: "json", Kind: "require", Line: 1},
		{Path: "../support/helper", Kind: "relative", Line: 2},
		{Path: "net/http", Kind: "require", Line: 3},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestRubyRefs(t *testing.T) {
	f := langtest.Extract(t, Language(), sample)
	const m = "Billing.Invoice.total"
	want := []refRow{
		// require with a non-literal argument is an ordinary call.
		{"require", "", facts.RefCall, "", 4},
		{"join", "File", facts.RefCall, "", 4},
		{"File", "", facts.RefReference, "", 4},
		{"__dir__", "", facts.RefCall, "", 4}, // identifiers that are no locals call methods
		{"Record", "Base", facts.RefReference, "Billing.Invoice", 13},
		{"Comparable", "", facts.RefReference, "Billing.Invoice", 15},
		{"Forwardable", "", facts.RefReference, "Billing.Invoice", 16},
		{"map", "lines", facts.RefCall, m, 20},
		{"lines", "", facts.RefCall, m, 20},
		{"amount", "l", facts.RefCall, m, 20},
		{"helper", "", facts.RefCall, m, 21},
		{"recompute", "", facts.RefCall, m, 22},
		{"refresh", "self", facts.RefCall, m, 23},
		{"add", "Money::Calc", facts.RefCall, m, 24},
		{"Calc", "Money", facts.RefReference, m, 24},
		{"Invoice", "", facts.RefCall, m, 25}, // Invoice.new calls the class
		{"RATE", "Tax", facts.RefReference, m, 26},
		{"fetch", "@cache", facts.RefCall, m, 27},
		{"c", "?", facts.RefCall, m, 28},
		{"b", "a", facts.RefCall, m, 28},
		{"a", "", facts.RefCall, m, 28},
		{"call", "obj", facts.RefCall, m, 29},
		{"obj", "", facts.RefCall, m, 29},
		{"arg", "", facts.RefCall, m, 29},
		{"new", "", facts.RefCall, "Billing.Invoice.build", 33},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestRubyInterpolatedCall(t *testing.T) {
	f := langtest.Extract(t, Language(), "def greet\n  puts \"hi #{name_of(user)}\"\nend\n")
	want := []refRow{
		{"puts", "", facts.RefCall, "greet", 2},
		{"name_of", "", facts.RefCall, "greet", 2},
		{"user", "", facts.RefCall, "greet", 2}, // no local user: a method of self
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestRubyConstantBlockMethods(t *testing.T) {
	src := `Point = Struct.new(:x, :y) do
  def dist; Math.sqrt(x); end
end
`
	f := langtest.Extract(t, Language(), src)
	want := []symLineRow{
		{"Point", "Point", facts.KindConst, "", 1},
		{"dist", "Point.dist", facts.KindMethod, "Point", 2},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

func TestRubySyntaxError(t *testing.T) {
	src := `class Good
  def fine; end
end

def broken(
  x = = 1
`
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	got := langtest.SymLines[symLineRow](f)
	want := []symLineRow{
		{"Good", "Good", facts.KindClass, "", 1},
		{"fine", "Good.fine", facts.KindMethod, "Good", 2},
	}
	if len(got) < 2 {
		t.Fatalf("symbols: %+v", got)
	}
	if d := cmp.Diff(want, got[:2]); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
}

func TestRubyModuleKeys(t *testing.T) {
	tests := []struct {
		path string
		want []string
	}{
		{"lib/foo/bar.rb", []string{"lib/foo/bar", "foo/bar"}},
		{"app/models/user.rb", []string{"app/models/user"}},
		{"Rakefile.rake", []string{"Rakefile.rake"}},
	}
	spec := Language()
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, spec.ModuleKeys(tt.path, nil, nil)); d != "" {
			t.Errorf("ModuleKeys(%q): %s", tt.path, d)
		}
	}
}

func TestRubyImportCandidates(t *testing.T) {
	tests := []struct {
		imp  facts.Import
		from string
		want []string
	}{
		{facts.Import{Path: "../support/helper", Kind: "relative"}, "app/models/user.rb", []string{"app/support/helper"}},
		{facts.Import{Path: "helper.rb", Kind: "relative"}, "lib/a.rb", []string{"lib/helper"}},
		{facts.Import{Path: "./x", Kind: "relative"}, "a.rb", []string{"x"}},
		{facts.Import{Path: "foo/bar", Kind: "require"}, "app/x.rb", []string{"foo/bar", "lib/foo/bar"}},
		{facts.Import{Path: "json.rb", Kind: "require"}, "app/x.rb", []string{"json", "lib/json"}},
		{facts.Import{Path: "x"}, "app/x.rb", nil},
	}
	spec := Language()
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, spec.ImportCandidates(tt.imp, tt.from, nil)); d != "" {
			t.Errorf("ImportCandidates(%+v, %q): %s", tt.imp, tt.from, d)
		}
	}
}
