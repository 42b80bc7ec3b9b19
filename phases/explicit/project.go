package explicit

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/inventory/classify"
	"github.com/lgraph/lgraph/phases/phase"
)

// projectUnchanged reports whether an update may keep its base's project
// settings without reading every file: no project file was touched, and no
// touched Python file was added, removed or changed the import heads the
// tree rule for Python roots reads.
func projectUnchanged(st *phase.State) bool {
	for p := range st.Touched {
		before, after := st.Base.Files.Get(p), st.Next.Files.Get(p)
		for _, f := range []*snapshot.File{before, after} {
			if f != nil && (f.Lang == "config" || path.Base(p) == "setup.py") {
				return false
			}
		}
		python := (before != nil && before.Lang == "python") || (after != nil && after.Lang == "python")
		if python && (before == nil || after == nil || headsOf(before) != headsOf(after)) {
			return false
		}
	}
	return true
}

// headsOf is a Python file's contribution to the tree rule, as text.
func headsOf(f *snapshot.File) string {
	if f.Facts == nil {
		return ""
	}
	heads := map[string]map[string]bool{}
	addHeads(heads, f.Facts.Imports)
	var b strings.Builder
	for _, h := range slices.Sorted(maps.Keys(heads)) {
		b.WriteString(h + ":" + strings.Join(slices.Sorted(maps.Keys(heads[h])), ",") + ";")
	}
	return b.String()
}

// projectOf derives the resolution settings from the project files in the
// snapshot (go.mod, tsconfig.json, jsconfig.json, package.json,
// Cargo.toml, pyproject.toml, setup.cfg, and setup.py, which is also code),
// the tree and the config.
func projectOf(st *phase.State, read func(string) ([]byte, error), full bool) (lang.Project, error) {
	pr := lang.Project{GoModules: map[string]string{}, TSConfigs: map[string]lang.TSConfig{}, IncludeDirs: st.Config.IncludeDirs}
	roots := pyRoots{}
	tsFiles := map[string]tsFile{}
	tsDirs := map[string]string{} // directory -> the tsconfig.json or jsconfig.json that rules it
	var projectFiles []string
	for _, p := range st.Next.Files.Paths() {
		base := path.Base(p)
		if !classify.IsProjectFile(base) && base != "setup.py" {
			continue
		}
		if f := st.Next.Files.Get(p); f != nil && (f.Lang == "config" || f.Lang == "python") {
			projectFiles = append(projectFiles, p)
		}
	}
	// Sorted, so that jsconfig.json yields to tsconfig.json the same way on every run.
	slices.Sort(projectFiles)
	for _, p := range projectFiles {
		f := st.Next.Files.Get(p)
		data, err := readProjectFile(st, read, f.Blob)
		if err != nil {
			return pr, fmt.Errorf("read %s: %w", p, err)
		}
		dir := path.Dir(p)
		if dir == "." {
			dir = ""
		}
		switch path.Base(p) {
		case "go.mod":
			if m := goModulePath(data); m != "" {
				pr.GoModules[dir] = m
			}
		case "pyproject.toml":
			roots.pyproject(dir, data, st.Next.Files.Has)
		case "setup.cfg":
			roots.setupCfg(dir, data)
		case "setup.py":
			roots.setupPy(dir, data)
		case "package.json":
			if strings.Contains("/"+dir+"/", "/node_modules/") {
				continue // a vendored dependency, not a workspace package
			}
			if name, exports, ok := lang.ParsePackageJSON(data); ok {
				addJSPackage(&pr, name, lang.JSPackage{Dir: dir, Exports: exports})
			}
		case "Cargo.toml":
			if pkg, ok := lang.ParseCargoToml(data); ok {
				if pr.Rust == nil {
					pr.Rust = map[string]lang.RustPackage{}
				}
				pr.Rust[dir] = pkg
			}
		default: // tsconfig*.json, jsconfig*.json
			cfg, extends := tsConfig(data)
			tsFiles[p] = tsFile{cfg: cfg, extends: extends}
			if b := path.Base(p); b == "tsconfig.json" || b == "jsconfig.json" {
				tsDirs[dir] = p // in path order tsconfig.json comes last, and rules where both are
			}
		}
	}
	for dir, p := range tsDirs {
		pr.TSConfigs[dir] = effectiveTSConfig(tsFiles, p, 0)
	}
	for _, d := range st.Config.ImportRoots {
		roots.declare("", d, "")
	}
	py, err := pythonHeads(st, full)
	if err != nil {
		return pr, err
	}
	roots.tree(py, st.Next.Files.Has)
	if len(roots) > 0 {
		pr.PythonRoots = roots
	}
	return pr, nil
}

// pythonHeads lists every Python file of the snapshot being built with
// its import heads (as headsOf writes them). An update reads them from the
// base's heads index with the touched files' replaced, decoding no record;
// a full run, whose facts may all be new, from the records.
func pythonHeads(st *phase.State, full bool) (map[string]string, error) {
	out := map[string]string{}
	if full || st.Base == nil || st.Base.Index == nil {
		for p, f := range st.Next.Files.All() {
			if f.Lang == "python" {
				out[p] = headsOf(f)
			}
		}
		return out, st.Next.Files.Err()
	}
	err := st.Base.Index.Scan([]byte{snapshot.KsPyHeads}, func(k, v []byte) error {
		if p := string(k[1:]); !st.Touched[p] {
			out[p] = string(v)
		}
		return nil
	})
	for p := range st.Touched {
		if f := st.Next.Files.Get(p); f != nil && f.Lang == "python" {
			out[p] = headsOf(f)
		}
	}
	return out, err
}

func readProjectFile(st *phase.State, read func(string) ([]byte, error), blob string) ([]byte, error) {
	key := "project-file/" + blob
	var data []byte
	found, err := st.Cache.Get(key, &data)
	if err != nil || found {
		return data, err
	}
	data, err = read(blob)
	if err != nil {
		return nil, err
	}
	return data, st.Cache.Put(key, data)
}

func goModulePath(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

var trailingComa = regexp.MustCompile(`,(\s*[}\]])`)

// tsConfig reads compilerOptions.baseUrl and paths, tolerating the comments
// and trailing commas tsconfig files allow. A file that still does not parse
// contributes nothing rather than failing the run.
func tsConfig(data []byte) (cfg lang.TSConfig, extends string) {
	clean := trailingComa.ReplaceAll(stripJSONComments(data), []byte("$1"))
	var doc struct {
		Extends         any `json:"extends"`
		CompilerOptions struct {
			BaseURL string              `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	if err := json.Unmarshal(clean, &doc); err != nil {
		return lang.TSConfig{}, ""
	}
	switch e := doc.Extends.(type) {
	case string:
		extends = e
	case []any: // TypeScript 5: later entries override earlier ones
		for _, v := range e {
			if s, ok := v.(string); ok {
				extends = s
			}
		}
	}
	return lang.TSConfig{BaseURL: doc.CompilerOptions.BaseURL, Paths: doc.CompilerOptions.Paths}, extends
}

// tsFile is one tsconfig*.json or jsconfig*.json as written.
type tsFile struct {
	cfg     lang.TSConfig
	extends string
}

// maxExtends bounds an extends chain (and breaks a cycle).
const maxExtends = 8

// effectiveTSConfig is the config at p with what it does not set taken
// from the config it extends, as TypeScript does: an inherited baseUrl
// stays relative to the file that wrote it, inherited paths to that file's
// baseUrl or, without one, to that file. Inherited values are written
// repository-absolute ("/packages/x/src"), which jsConfigCandidates
// understands. Only relative extends are followed: a config from an npm
// package sets no paths into this repository.
func effectiveTSConfig(files map[string]tsFile, p string, depth int) lang.TSConfig {
	f := files[p]
	cfg := f.cfg
	parentPath := extendsPath(path.Dir(p), f.extends, files)
	if parentPath == "" || depth >= maxExtends {
		return cfg
	}
	parent := effectiveTSConfig(files, parentPath, depth+1)
	pdir := path.Dir(parentPath)
	if cfg.BaseURL == "" && parent.BaseURL != "" {
		cfg.BaseURL = repoAbs(pdir, parent.BaseURL)
	}
	if cfg.Paths == nil && parent.Paths != nil {
		base := "/" + path.Clean(pdir)
		if parent.BaseURL != "" {
			base = repoAbs(pdir, parent.BaseURL)
		}
		cfg.Paths = map[string][]string{}
		for pat, targets := range parent.Paths {
			for _, t := range targets {
				cfg.Paths[pat] = append(cfg.Paths[pat], repoAbs(base, t))
			}
		}
	}
	return cfg
}

// extendsPath finds the repository config an extends value names from dir,
// with or without its .json; "" for a package or a missing file.
func extendsPath(dir, extends string, files map[string]tsFile) string {
	if !strings.HasPrefix(extends, "./") && !strings.HasPrefix(extends, "../") {
		return ""
	}
	p := path.Join(dir, extends)
	for _, c := range []string{p, p + ".json"} {
		if _, ok := files[c]; ok {
			return c
		}
	}
	return ""
}

// repoAbs writes rel, relative to dir (itself repository-absolute or
// relative to the root), as a repository-absolute path ("/" is the root).
func repoAbs(dir, rel string) string {
	if strings.HasPrefix(rel, "/") {
		return path.Clean(rel)
	}
	return path.Clean("/" + path.Join(strings.TrimPrefix(dir, "/"), rel))
}

// stripJSONComments removes // and /* */ comments outside strings: a
// paths pattern such as "@vue/*": ["./packages/*/src"] holds both "/*"
// and "*/" and is no comment.
func stripJSONComments(data []byte) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(data) {
				return append(out, data[i:]...)
			}
			out = append(out, data[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			if i < len(data) {
				out = append(out, '\n')
			}
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += end + 3
		default:
			out = append(out, c)
		}
	}
	return out
}

// addJSPackage records a workspace package; when two package.json files
// share a name (a copied example), the shallower one keeps it, the first in
// path order between equals (they are added in path order).
func addJSPackage(pr *lang.Project, name string, pkg lang.JSPackage) {
	if pr.JSPackages == nil {
		pr.JSPackages = map[string]lang.JSPackage{}
	}
	if old, ok := pr.JSPackages[name]; ok && dirDepth(old.Dir) <= dirDepth(pkg.Dir) {
		return
	}
	pr.JSPackages[name] = pkg
}

// dirDepth is how many directories deep dir is ("" is the root, 0).
func dirDepth(dir string) int {
	if dir == "" {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

// projectKey hashes a project's settings for change detection.
// ProjectKey hashes the project settings: when it changes, every file's
// module keys may change, so everything is resolved (and indexed) again.
func ProjectKey(p *lang.Project) string {
	b, _ := json.Marshal(p) // encoding/json sorts map keys
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
