package repogen

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"path"
	"sort"
	"strings"
)

// syncDerived maintains files that follow from the layout: a Python
// __init__.py in every package directory and the Rust module tree (lib.rs and
// one mod.rs per directory). Files written explicitly are never overwritten.
func (r *Repo) syncDerived() {
	want := map[string]string{}
	r.derivePython(want)
	r.deriveRust(want)
	for p, content := range want {
		if _, exists := r.st.files[p]; exists && !r.st.derived[p] {
			continue
		}
		r.setFile(p, content)
		r.st.derived[p] = true
	}
	for p := range r.st.derived {
		if _, ok := want[p]; !ok {
			r.removeFile(p)
		}
	}
}

func (r *Repo) derivePython(want map[string]string) {
	root := langs[LangPython].root
	for p := range r.st.files {
		if !strings.HasPrefix(p, root+"/") || !strings.HasSuffix(p, ".py") || path.Base(p) == "__init__.py" {
			continue
		}
		for d := path.Dir(p); strings.HasPrefix(d+"/", root+"/"); d = path.Dir(d) {
			init := d + "/__init__.py"
			if _, ok := want[init]; ok {
				break
			}
			want[init] = fmt.Sprintf("\"\"\"Package %s.\"\"\"\n", strings.ReplaceAll(d, "/", "."))
		}
	}
}

func (r *Repo) deriveRust(want map[string]string) {
	root := langs[LangRust].root
	children := map[string]map[string]bool{} // dir -> module names
	for p := range r.st.files {
		base := path.Base(p)
		if !strings.HasPrefix(p, root+"/") || !strings.HasSuffix(p, ".rs") || base == "mod.rs" || path.Dir(p) == root {
			continue
		}
		child := strings.TrimSuffix(base, ".rs")
		for d := path.Dir(p); ; d = path.Dir(d) {
			if children[d] == nil {
				children[d] = map[string]bool{}
			}
			children[d][child] = true
			if d == root {
				break
			}
			child = path.Base(d)
		}
	}
	for d, kids := range children {
		file, doc := d+"/mod.rs", "//! Module "+path.Base(d)+"."
		if d == root {
			file, doc = d+"/lib.rs", "//! Generated crate root."
		}
		names := make([]string, 0, len(kids))
		for k := range kids {
			names = append(names, k)
		}
		sort.Strings(names)
		var w writer
		w.line(doc)
		w.line()
		for _, n := range names {
			w.line("pub mod ", n, ";")
		}
		want[file] = w.String()
	}
}

// writeExtras stages the non-code files of the initial tree.
func (r *Repo) writeExtras(rnd *rand.Rand) {
	r.setFile("README.md", r.readme())
	cfg := map[string]any{
		"name": "gen", "version": "1.0.0", "seed": r.opts.Seed,
		"languages": r.opts.Languages, "retries": 3, "features": map[string]bool{"cache": true, "audit": false},
	}
	b, _ := json.MarshalIndent(cfg, "", "  ")
	r.setFile("config/settings.json", string(b)+"\n")
	blob := make([]byte, 256+rnd.Intn(256))
	rnd.Read(blob)
	for i := 0; i < len(blob); i += 7 {
		blob[i] = 0
	}
	r.setFile("assets/logo.bin", string(blob))
	r.writeManifests()
}

// writeManifests stages the per-language build manifests.
func (r *Repo) writeManifests() {
	for _, l := range r.opts.Languages {
		switch l {
		case LangGo:
			r.setFile("go.mod", "module "+r.opts.ModulePath+"\n\ngo 1.21\n")
		case LangRust:
			r.setFile("rust/Cargo.toml", "[package]\nname = \"gen\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lib]\npath = \"src/lib.rs\"\n")
		case LangJavaScript:
			r.setFile("frontend/package.json", "{\n  \"name\": \"gen-frontend\",\n  \"version\": \"1.0.0\",\n  \"type\": \"module\"\n}\n")
		case LangTypeScript:
			r.setFile("web/tsconfig.json", "{\n  \"compilerOptions\": {\n    \"strict\": true,\n    \"module\": \"esnext\",\n    \"target\": \"es2020\"\n  },\n  \"include\": [\"src\"]\n}\n")
		}
	}
}

func (r *Repo) readme() string {
	var w writer
	w.line("# gen")
	w.line()
	w.line("A generated polyglot repository used to test and benchmark lgraph.")
	w.line()
	w.line("## Languages")
	w.line()
	for _, l := range r.opts.Languages {
		w.line("- ", l, " (sources under `", langs[l].root, "/`)")
	}
	return w.String()
}

// manifestCount returns how many files writeExtras stages.
func (r *Repo) manifestCount() int {
	n := 3
	for _, l := range r.opts.Languages {
		switch l {
		case LangGo, LangRust, LangJavaScript, LangTypeScript:
			n++
		}
	}
	return n
}
