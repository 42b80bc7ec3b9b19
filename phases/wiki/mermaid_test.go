package wiki_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
)

// mermaidNPM is where node finds the mermaid package and jsdom (the DOM
// mermaid's parser needs): $LGRAPH_MERMAID_NPM, else a per-user cache
// directory, where .ci/run installs them.
func mermaidNPM() string {
	if d := os.Getenv("LGRAPH_MERMAID_NPM"); d != "" {
		return d
	}
	if c, err := os.UserCacheDir(); err == nil {
		return filepath.Join(c, "lgraph-mermaid", "npm")
	}
	return filepath.Join(os.TempDir(), "lgraph-mermaid", "npm")
}

// parseMermaid runs mermaid.parse on each diagram and returns, per
// diagram, "" or the parser's error.
const parseMermaid = `
import { JSDOM } from 'jsdom';
const dom = new JSDOM('<!DOCTYPE html><body></body>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const mermaid = (await import('mermaid')).default;
let input = '';
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const src of JSON.parse(input)) {
  try { await mermaid.parse(src); out.push(''); } catch (e) { out.push(String(e.message || e)); }
}
console.log(JSON.stringify(out));
`

var mermaidBlock = regexp.MustCompile("(?s)```mermaid\n(.*?)```")

// TestMermaidParses: every Neighbourhood diagram of a multi-language
// repository whose directory names hold quotes, spaces, brackets, pipes
// and non-ASCII letters parses with mermaid's own parser.
func TestMermaidParses(t *testing.T) {
	npm := mermaidNPM()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH: the Mermaid parser runs on node")
	}
	for _, pkg := range []string{"mermaid", "jsdom"} {
		if _, err := os.Stat(filepath.Join(npm, "node_modules", pkg, "package.json")); err != nil {
			t.Skipf("%s is not installed under %s: run `npm install --prefix %s mermaid@11.12.0 jsdom@25.0.1`", pkg, npm, npm)
		}
	}
	r := gittest.New(t)
	files := map[string]string{
		"core/core.js": "export function core() { return 1; }\n",
		"ts/index.ts":  "import { core } from \"../core/core.js\";\nexport const v: number = core();\n",
		"lib/util.py":  "def helper():\n    return 1\n",
		"app/main.py":  "from lib.util import helper\n\n\ndef run():\n    helper()\n",
		"go.mod":       "module example.com/m\n\ngo 1.22\n",
		"gosrv/srv.go": "package gosrv\n\n// Get gets.\nfunc Get() int { return 1 }\n",
		"gouse/use.go": "package gouse\n\nimport \"example.com/m/gosrv\"\n\n// Use uses.\nfunc Use() int { return gosrv.Get() }\n",
	}
	for _, dir := range []string{`a b`, `q"uote`, `br[ack]et`, `pipe|dir`, `ünï`, `semi;colon`, `hash#tag`, "back`tick", `par(en)`} {
		files[dir+"/mod.js"] = "import { core } from \"../core/core.js\";\nexport function use() { return core(); }\n"
	}
	r.Write(files)
	r.Commit(`first "commit" with | and <html> & ; #`)
	ix := lgtest.New(t, r.Dir)
	ix.MustRun(t, "init", true)
	var diagrams, from []string
	for dir, doc := range docs(t, ix) {
		for _, m := range mermaidBlock.FindAllStringSubmatch(doc, -1) {
			diagrams = append(diagrams, m[1])
			from = append(from, dir)
		}
	}
	if len(diagrams) < 10 {
		t.Fatalf("%d diagrams, want one per connected module", len(diagrams))
	}
	in, _ := json.Marshal(diagrams)
	cmd := exec.Command(node, "--input-type=module", "-e", parseMermaid)
	cmd.Dir = npm // node resolves mermaid and jsdom from here
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var errs []string
	if err := json.Unmarshal(out, &errs); err != nil || len(errs) != len(diagrams) {
		t.Fatalf("parser output %q: %v", out, err)
	}
	for i, e := range errs {
		if e != "" {
			t.Errorf("the diagram of %s does not parse: %s\n%s", from[i], e, diagrams[i])
		}
	}
}
