package explicit

import (
	"slices"
	"testing"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// TestTSDefaultExports: a default import lands on the declaration the
// module exports as its default, whichever form exports it, and whichever
// form imports it: calls, new, extends, and members of an instance.
func TestTSDefaultExports(t *testing.T) {
	res := resolveFiles(t, nil, map[string]string{
		"src/fn.ts":     "export default function deft(): number { return 1 }\n",
		"src/store.ts":  "export default class Store {\n  get(): number { return 1 }\n}\n",
		"src/ident.ts":  "function named(): number { return 2 }\nexport default named;\n",
		"src/clause.ts": "function inner(): number { return 3 }\nexport { inner as default }\nexport function other(): number { return 4 }\n",
		"src/barrel.ts": "export { default } from './fn'\nexport { default as Store } from './store'\n",
		"src/m.mjs":     "export default function mdef() { return 5 }\n",
		"src/use.ts": "import deft from './fn'\nimport Store from './store'\nimport n, { other } from './clause'\n" +
			"import id, * as ns from './ident'\nimport { default as again } from './fn'\n" +
			"import viaBarrel, { Store as BarrelStore } from './barrel'\nimport m from './m.mjs'\n" +
			"export class MyStore extends Store {}\n" +
			"export function calls() { deft(); n(); other(); id(); again(); viaBarrel(); m() }\n" +
			"export function members() { const s = new Store(); s.get(); new BarrelStore().get() }\n",
	})
	got := edgeLines(res)
	checkVia(t, res, "src/use.ts", "Store", "sym:src/store.ts#Store")
	check(t, got,
		[]string{
			"src/use.ts#calls -> src/fn.ts#deft [calls import]",
			"src/use.ts#calls -> src/clause.ts#inner [calls import]",
			"src/use.ts#calls -> src/clause.ts#other [calls import]",
			"src/use.ts#calls -> src/ident.ts#named [calls import]",
			"src/use.ts#calls -> src/m.mjs#mdef [calls import]",
			"src/use.ts#MyStore -> src/store.ts#Store [extends import]",
			"src/use.ts#members -> src/store.ts#Store [calls import]",
			"src/use.ts#members -> src/store.ts#Store.get [calls type]",
			"src/use.ts -> src/barrel.ts [imports ]",
			"src/use.ts -> src/m.mjs [imports ]",
		},
		// No file depends on itself through its own default export.
		[]string{"src/fn.ts -> src/fn.ts", "src/clause.ts -> src/clause.ts", "src/ident.ts -> src/ident.ts", "[calls name]"})
}

// TestJSCommonJSDefaults: module.exports = value is what require() and a
// default import bind; the module's other exports stay its members.
func TestJSCommonJSDefaults(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/a.js":    "function createApp() { return 1 }\nmodule.exports = createApp\n",
		"src/b.js":    "module.exports = function makeB() { return helper() }\nfunction helper() { return 2 }\n",
		"src/c.js":    "module.exports = class Repo {\n  find() { return 3 }\n}\n",
		"src/util.js": "exports.x = 1\nfunction tool() {}\nmodule.exports = { tool }\n",
		"src/use.js": "const app = require('./a')\nconst mk = require('./b')\nconst Repo = require('./c')\nconst util = require('./util')\n" +
			"function main() { app(); mk(); const r = new Repo(); r.find(); util.tool() }\nmodule.exports = { main }\n",
		"src/esm.mjs": "import app from './a.js'\nexport function viaImport() { return app() }\n",
	})
	check(t, got,
		[]string{
			"src/use.js#main -> src/a.js#createApp [calls import]",
			"src/use.js#main -> src/b.js#makeB [calls import]",
			"src/use.js#main -> src/c.js#Repo [calls import]",
			"src/use.js#main -> src/c.js#Repo.find [calls type]",
			"src/use.js#main -> src/util.js#tool [calls import]",
			"src/b.js#makeB -> src/b.js#helper [calls scope]",
			"src/esm.mjs#viaImport -> src/a.js#createApp [calls import]",
		},
		[]string{"[calls name]", "src/a.js -> src/a.js"})
}

// TestDefaultImportUnresolved: a default import of a module whose default
// export names no declaration is a call the graph may miss: it is an
// unresolved site, not a silent gap. An anonymous default function is a
// declaration, "default" (TestJSAnonymousDefaultExport).
func TestDefaultImportUnresolved(t *testing.T) {
	sites := resolveSites(t, nil, map[string]string{
		"src/named.ts": "export function onlyNamed() {}\n",
		"src/anon.ts":  "export default function () {}\n",
		"src/use.ts": "import nodef from './named'\nimport anon from './anon'\nimport ext from 'react'\n" +
			"export function use() { nodef(); anon(); ext() }\n",
	})
	want := []snapshot.Site{
		{Name: "nodef", From: "use", Line: 4},
	}
	if got := sites["src/use.ts"]; !slices.Equal(got, want) {
		t.Errorf("sites = %+v, want %+v", got, want)
	}
}

// checkVia checks that the extends edge of a file to target reads via as
// the source wrote the base.
func checkVia(t *testing.T, res map[string]snapshot.Resolution, path, via, target string) {
	t.Helper()
	for _, e := range res[path].Edges {
		if e.Kind == edgekind.Extends && e.Target == target && e.Via != via {
			t.Errorf("extends %s via %q, want %q", target, e.Via, via)
		}
	}
}
