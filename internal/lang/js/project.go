package js

import (
	"bytes"
	"encoding/json"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/lang"
)

// project reads the workspace packages (package.json) and the module
// resolution settings (tsconfig*.json, jsconfig*.json) of a repository.
type project struct {
	ts       map[string]tsFile
	tsDirs   map[string]string // directory -> the tsconfig.json or jsconfig.json that rules it
	packages map[string]lang.JSPackage
}

func newProject(lang.ProjectInput) lang.ProjectReader {
	return &project{ts: map[string]tsFile{}, tsDirs: map[string]string{}}
}

// Read takes a package.json, tsconfig*.json or jsconfig*.json. Files come
// in path order, so that jsconfig.json yields to tsconfig.json the same
// way on every run.
func (r *project) Read(p string, data []byte) {
	dir := lang.ProjectDir(p)
	if path.Base(p) == "package.json" {
		if strings.Contains("/"+dir+"/", "/node_modules/") {
			return // a vendored dependency, not a workspace package
		}
		if name, exports, ok := parsePackageJSON(data); ok {
			r.addPackage(name, lang.JSPackage{Dir: dir, Exports: exports})
		}
		return
	}
	cfg, extends := tsConfig(data)
	r.ts[p] = tsFile{cfg: cfg, extends: extends}
	if b := path.Base(p); b == "tsconfig.json" || b == "jsconfig.json" {
		r.tsDirs[dir] = p // in path order tsconfig.json comes last, and rules where both are
	}
}

// Finish writes each directory's effective config and the packages.
func (r *project) Finish(pr *lang.Project) {
	pr.TSConfigs = map[string]lang.TSConfig{}
	for dir, p := range r.tsDirs {
		pr.TSConfigs[dir] = effectiveTSConfig(r.ts, p, 0)
	}
	pr.JSPackages = r.packages
}

var trailingComa = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`,(\s*[}\]])`)
})

// tsConfig reads compilerOptions.baseUrl and paths, tolerating the comments
// and trailing commas tsconfig files allow. A file that still does not parse
// contributes nothing rather than failing the run.
func tsConfig(data []byte) (cfg lang.TSConfig, extends string) {
	clean := trailingComa().ReplaceAll(stripJSONComments(data), []byte("$1"))
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
func (r *project) addPackage(name string, pkg lang.JSPackage) {
	if r.packages == nil {
		r.packages = map[string]lang.JSPackage{}
	}
	if old, ok := r.packages[name]; ok && dirDepth(old.Dir) <= dirDepth(pkg.Dir) {
		return
	}
	r.packages[name] = pkg
}

// dirDepth is how many directories deep dir is ("" is the root, 0).
func dirDepth(dir string) int {
	if dir == "" {
		return 0
	}
	return strings.Count(dir, "/") + 1
}
