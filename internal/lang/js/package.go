package js

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// buildDirs are the directories packages build into; an entry point
// there (build/modern/index.js) was compiled from src/ (src/index.ts).
var buildDirs = map[string]bool{"dist": true, "build": true, "lib": true, "out": true, "esm": true, "cjs": true, "es": true, "umd": true, "types": true}

// buildVariants are the per-target subdirectories a build may add
// (build/modern/, dist/esm/).
var buildVariants = map[string]bool{"modern": true, "legacy": true, "esm": true, "cjs": true, "es": true, "umd": true, "types": true, "module": true, "node": true, "browser": true}

// parsePackageJSON reads a package.json's name and where its entry points
// lead: the "exports" map (every condition), "source", "module", "main",
// "types" and the like for the package itself. ok is false without a
// name.
func parsePackageJSON(data []byte) (name string, exports map[string][]string, ok bool) {
	var doc map[string]json.RawMessage
	if json.Unmarshal(data, &doc) != nil {
		return "", nil, false
	}
	if json.Unmarshal(doc["name"], &name) != nil || name == "" {
		return "", nil, false
	}
	targets := map[string][]string{}
	if raw, has := doc["exports"]; has {
		var whole any
		if json.Unmarshal(raw, &whole) == nil {
			exportTargets(whole, targets)
		}
	}
	for _, field := range []string{"source", "react-native", "module", "main", "browser", "types", "typings"} {
		var s string
		if json.Unmarshal(doc[field], &s) == nil && s != "" {
			targets["."] = append(targets["."], s)
		}
	}
	exports = map[string][]string{}
	for sub, vs := range targets {
		if keys := entryKeys(vs); len(keys) > 0 {
			exports[sub] = keys
		}
	}
	return name, exports, true
}

// exportTargets collects the strings of an "exports" value by subpath:
// a string or a conditions object is the package itself ("."); an object
// whose keys start with "." maps subpaths.
func exportTargets(v any, out map[string][]string) {
	switch v := v.(type) {
	case string:
		out["."] = append(out["."], v)
	case map[string]any:
		for k, sub := range v {
			if strings.HasPrefix(k, ".") {
				out[k] = append(out[k], stringList(sub)...)
			} else {
				out["."] = append(out["."], stringList(sub)...)
			}
		}
	}
}

// stringList lists every string of a conditions value, nested or in arrays.
func stringList(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, stringList(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, e := range v {
			out = append(out, stringList(e)...)
		}
		return out
	}
	return nil
}

// entryKeys turns entry targets into module keys relative to the
// package: a source entry as it is, a built one mapped back to src/ and
// then as it is (lib/ is a plain JavaScript package's source as often as
// a build), each without its extension; source entries first, then the
// mapped ones, then the built ones, each group sorted.
func entryKeys(targets []string) []string {
	var source, mapped, built []string
	for _, t := range targets {
		t = path.Clean(strings.TrimPrefix(t, "./"))
		if t == "." || strings.HasPrefix(t, "../") || path.IsAbs(t) || !entryExt(t) {
			continue
		}
		stem := stem(t)
		first, rest, _ := strings.Cut(stem, "/")
		if !buildDirs[first] || rest == "" {
			source = append(source, stem)
			continue
		}
		if v, r, ok := strings.Cut(rest, "/"); ok && buildVariants[v] {
			rest = r
		}
		mapped = append(mapped, "src/"+rest)
		built = append(built, stem)
	}
	for _, g := range [][]string{source, mapped, built} {
		slices.Sort(g)
	}
	var out []string
	for _, k := range slices.Concat(source, mapped, built) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// entryExt says whether an entry names JavaScript or TypeScript (or a
// declaration file), possibly as a "*" pattern.
func entryExt(p string) bool {
	return hasExt(p) || strings.HasSuffix(p, "*")
}

// stem drops a path's JS/TS or declaration extension.
func stem(p string) string {
	for _, d := range []string{".d.ts", ".d.mts", ".d.cts"} {
		if s, ok := strings.CutSuffix(p, d); ok {
			return s
		}
	}
	if hasExt(p) {
		return strings.TrimSuffix(p, path.Ext(p))
	}
	return p
}

// workspaceCandidates maps a bare specifier naming a workspace package,
// or a subpath of one, to module keys: its declared entries, then src/
// and the package directory (whose index files those keys name).
func workspaceCandidates(spec string, p *lang.Project) []string {
	if p == nil || len(p.JSPackages) == 0 {
		return nil
	}
	name, sub := spec, "."
	pkg, ok := p.JSPackages[name]
	for !ok {
		i := strings.LastIndexByte(name, '/')
		if i <= 0 {
			return nil
		}
		name, sub = name[:i], "./"+spec[i+1:]
		pkg, ok = p.JSPackages[name]
	}
	var out []string
	for _, key := range exportKeys(pkg.Exports, sub) {
		out = addKey(out, path.Join(pkg.Dir, key))
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(sub, "."), "/")
	out = addKey(out, path.Join(pkg.Dir, "src", rest))
	if dir := path.Join(pkg.Dir, rest); dir != "" {
		out = addKey(out, dir)
	}
	return out
}

// exportKeys are the keys a subpath's exports entry gives: an exact
// entry, else the longest "*" pattern it matches with the star replaced.
func exportKeys(exports map[string][]string, sub string) []string {
	if keys, ok := exports[sub]; ok {
		return keys
	}
	best := ""
	for pat := range exports {
		pre, suf, star := strings.Cut(pat, "*")
		if star && len(pre) > len(best) && strings.HasPrefix(sub, pre) && strings.HasSuffix(sub, stem(suf)) && len(sub) >= len(pre)+len(stem(suf)) {
			best = pat
		}
	}
	if best == "" {
		return nil
	}
	pre, suf, _ := strings.Cut(best, "*")
	match := sub[len(pre) : len(sub)-len(stem(suf))]
	var out []string
	for _, k := range exports[best] {
		out = append(out, strings.Replace(k, "*", match, 1))
	}
	return out
}
