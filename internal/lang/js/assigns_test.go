package js

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// memberAssigns defines functions the CommonJS and ES5 way, as express
// does, beside assignments that define nothing.
const memberAssigns = `
var utils = require('./utils');
var app = exports = module.exports = {};

/**
 * Dispatch a req, res pair.
 */
app.handle = function handle(req, res) {
  utils.normalizeType(req);
};
app.use = function use(fn) { this.handle(fn); };
app.use = function again() { second(); };
exports.normalizeType = function(type) { return lower(type); };
module.exports.compile = (val) => parse(val);
exports.utils = function () {};

// View renders a template.
function View(name) { this.lookup(name); }
View.prototype.lookup = function lookup(name) { return find(name); };
Later.prototype.go = function () {};
function Later() {}
(function () {
  function Inner() {}
  Inner.prototype.run = function () { this.stop(); };
})();
function outer() { app.nested = function () {}; }
Unknown.m = function () {};
this.x = function () {};
app.locals.deep = function () {};
exports.Klass = class extends Base { m() {} };
`

// TestJSMemberAssignments: functions assigned to members where nothing
// encloses the assignment are symbols: X.m and X.prototype.m methods of
// X (a function whose prototype gets methods is a class), exports.m a
// top-level function. A second assignment of one member adds none; a
// member of an undeclared name, of this, of a deeper chain, one set in
// a function, and an export named as an import define nothing.
func TestJSMemberAssignments(t *testing.T) {
	f := extractT(t, JavaScript(), memberAssigns)
	want := []symLineRow{
		{"app", "app", facts.KindVar, "", 2},
		{"handle", "app.handle", facts.KindMethod, "app", 7},
		{"use", "app.use", facts.KindMethod, "app", 10},
		{"normalizeType", "normalizeType", facts.KindFunction, "", 12},
		{"compile", "compile", facts.KindFunction, "", 13},
		{"View", "View", facts.KindClass, "", 17},
		{"lookup", "View.lookup", facts.KindMethod, "View", 18},
		{"go", "Later.go", facts.KindMethod, "Later", 19},
		{"Later", "Later", facts.KindClass, "", 20},
		{"Inner", "Inner", facts.KindClass, "", 22},
		{"run", "Inner.run", facts.KindMethod, "Inner", 23},
		{"outer", "outer", facts.KindFunction, "", 25},
		{"Klass", "Klass", facts.KindClass, "", 29},
		{"m", "Klass.m", facts.KindMethod, "Klass", 29},
	}
	if d := cmp.Diff(want, langtest.SymLines[symLineRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	h := symbol(f, "app.handle")
	if h.Signature != "app.handle = function handle(req, res)" || h.Doc != "Dispatch a req, res pair." || h.EndLine != 9 {
		t.Errorf("app.handle signature/doc/end = %q / %q / %d", h.Signature, h.Doc, h.EndLine)
	}
	if s := symbol(f, "compile").Signature; s != "module.exports.compile = (val) =>" {
		t.Errorf("compile signature = %q", s)
	}
	if d := cmp.Diff([]string{"Base"}, symbol(f, "Klass").Extends); d != "" {
		t.Errorf("Klass extends: %s", d)
	}

	wantRefs := []refRow{
		{"normalizeType", "utils", facts.RefCall, "app.handle", 8},
		{"handle", "this", facts.RefCall, "app.use", 10},
		{"second", "", facts.RefCall, "app.use", 11}, // the second body is the first symbol's
		{"lower", "", facts.RefCall, "normalizeType", 12},
		{"parse", "", facts.RefCall, "compile", 13},
		{"lookup", "this", facts.RefCall, "View", 17},
		{"find", "", facts.RefCall, "View.lookup", 18},
		{"stop", "this", facts.RefCall, "Inner.run", 23},
		{"Base", "", facts.RefReference, "Klass", 29},
	}
	if d := cmp.Diff(wantRefs, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

// TestMemberAssignmentForms: each form alone, in JavaScript and
// TypeScript, as "kind qualified"; a chained assignment's doc comment
// is the statement's.
func TestMemberAssignmentForms(t *testing.T) {
	tests := []struct {
		name string
		l    func() lang.Language
		src  string
		want []string
	}{
		{"prototype", JavaScript, "function V() {}\nV.prototype.r = function () {};\n", []string{"class V", "method V.r"}},
		{"prototype of a var", JavaScript, "var V = function () {};\nV.prototype.r = () => 1;\n", []string{"class V", "method V.r"}},
		{"static of a class", TypeScript, "class C {}\nC.make = function (): C { return new C(); };\n", []string{"class C", "method C.make"}},
		{"chained", JavaScript, "var req = {};\n/** Get a header. */\nreq.get = req.header = function header(name) {};\n", []string{"var req", "method req.header"}},
		{"object member", JavaScript, "var res = Object.create(null);\nres.send = function send(body) {};\n", []string{"var res", "method res.send"}},
		{"exports", JavaScript, "exports.f = function () {};\n", []string{"function f"}},
		{"module.exports member", TypeScript, "module.exports.g = async (a: number) => a;\n", []string{"function g"}},
		{"module.exports named", JavaScript, "module.exports = function serve(root) {};\n", []string{"function serve"}},
		{"module.exports anonymous", JavaScript, "module.exports = function (root) {};\n", []string{"function default"}},
		{"in a function", JavaScript, "function f() { exports.g = function () {}; }\n", []string{"function f"}},
		{"in a block", JavaScript, "if (x) { exports.g = function () {}; }\n", []string{"function g"}},
		{"undeclared owner", JavaScript, "Array.prototype.has = function () {};\n", nil},
		{"local shadows owner", JavaScript, "var o = {};\n(function (o) { o.m = function () {}; })();\n", []string{"var o"}},
		{"not a function", JavaScript, "var o = {};\no.m = other;\nexports.n = 1;\n", []string{"var o"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := extractT(t, tt.l(), tt.src)
			var got []string
			for _, s := range f.Symbols {
				got = append(got, s.Kind+" "+s.Qualified)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("symbols (-want +got):\n%s", d)
			}
		})
	}
	f := extractT(t, JavaScript(), "var req = {};\n/** Get a header. */\nreq.get = req.header = function header(name) {};\n")
	if h := symbol(f, "req.header"); h == nil || h.Doc != "Get a header." {
		t.Errorf("req.header = %+v, want its statement's doc", h)
	}
}
