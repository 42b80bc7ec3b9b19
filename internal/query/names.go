package query

import (
	"errors"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// This file resolves names as people write them, on top of the exported
// resolution (ResolveFile, ResolveSymbol, ResolveTarget): "path:line",
// Go receivers "(*T).M" and "(T).M", package-qualified "pkg.F", and ranks
// the candidates of an ambiguous name so the likely ones come first. It
// uses only the package's exported API.

// receiverRE matches a Go method expression: optional package, (*T) or
// (T), then the method.
var receiverRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:([A-Za-z_][\w]*)\.)?\(\*?([A-Za-z_][\w]*)\)\.(.+)$`)
})

// pkgNameRE matches "pkg.Name": a package identifier, then a name.
var pkgNameRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([A-Za-z_][\w]*)\.([A-Za-z_][\w.]*)$`)
})

// CallableKinds are the symbol kinds callers and callees prefer when a
// name is ambiguous.
var CallableKinds = []string{"function", "method"}

// Choice is what a written name resolved to, and the definitions in test
// files it was preferred over: a name that only test-local definitions
// share with one of the code's means the code's, and the answer says so.
type Choice struct {
	ID string
	// OverTests are the candidates in test files passed over, most likely
	// first.
	OverTests []string
}

// ResolveWrittenSymbol resolves a symbol written as a person would: an id,
// a qualified or plain name, "(*T).M", "pkg.F", a module path
// ("pkg.helpers.url_for"), or "path:line" (the innermost symbol whose span
// holds the line). An ambiguous name ranks symbols of the preferred kinds
// first (see rank).
func (ix *Index) ResolveWrittenSymbol(arg string, prefer ...string) (string, error) {
	c, err := ix.ResolveWrittenSymbolChoice(arg, prefer...)
	return c.ID, err
}

// ResolveWrittenSymbolChoice is ResolveWrittenSymbol, saying which test
// definitions the answer was preferred over.
func (ix *Index) ResolveWrittenSymbolChoice(arg string, prefer ...string) (Choice, error) {
	if id, ok := ix.symbolAtLine(arg); ok {
		if nodeid.IsFile(id) {
			return Choice{}, &NotFoundError{What: "symbol", Name: arg}
		}
		return Choice{ID: id}, nil
	}
	pkg, name := splitReceiver(arg)
	id, err := ix.ResolveSymbol(name)
	return ix.refine(arg, pkg, name, id, err, prefer)
}

// ResolveWrittenTarget is ResolveTarget for names as people write them: a
// "path:line" inside a symbol is that symbol, elsewhere the file.
func (ix *Index) ResolveWrittenTarget(arg string) (string, error) {
	c, err := ix.ResolveWrittenTargetChoice(arg)
	return c.ID, err
}

// ResolveWrittenTargetChoice is ResolveWrittenTarget, saying which test
// definitions the answer was preferred over.
func (ix *Index) ResolveWrittenTargetChoice(arg string) (Choice, error) {
	if id, ok := ix.symbolAtLine(arg); ok {
		return Choice{ID: id}, nil
	}
	pkg, name := splitReceiver(arg)
	id, err := ix.ResolveTarget(name)
	return ix.refine(arg, pkg, name, id, err, nil)
}

// splitReceiver rewrites "(*T).M" as "T.M", returning the package a
// "pkg.(*T).M" names.
func splitReceiver(arg string) (pkg, name string) {
	if m := receiverRE().FindStringSubmatch(arg); m != nil {
		return m[1], m[2] + "." + m[3]
	}
	return "", arg
}

// refine retries a failed resolution with a package qualifier or a module
// path, and ranks the candidates of an ambiguous one.
func (ix *Index) refine(arg, pkg, name string, id string, err error, prefer []string) (Choice, error) {
	var nf *NotFoundError
	if errors.As(err, &nf) && pkg == "" {
		if m := pkgNameRE().FindStringSubmatch(name); m != nil {
			// "pkg.F": F in a directory (or module file) named pkg. When
			// that finds nothing either, the first answer stands.
			pid, perr := ix.ResolveSymbol(m[2])
			var amb *AmbiguousError
			switch {
			case perr == nil && inPackage(pid, m[1]):
				return Choice{ID: pid}, nil
			case errors.As(perr, &amb) && len(filterPackage(amb.Candidates, m[1])) > 0:
				pkg, name, err = m[1], m[2], perr
			}
		}
		if errors.As(err, &nf) {
			if ids := ix.byModulePath(name); len(ids) == 1 {
				return Choice{ID: ids[0]}, nil
			} else if len(ids) > 1 {
				err = &AmbiguousError{Name: arg, Candidates: ids}
			}
		}
	}
	var amb *AmbiguousError
	if !errors.As(err, &amb) {
		if errors.As(err, &nf) {
			nf.Name = arg
		}
		return Choice{ID: id}, err
	}
	if amb.What == "file" {
		return Choice{}, err
	}
	cands := amb.Candidates
	if pkg != "" {
		cands = filterPackage(cands, pkg)
		switch len(cands) {
		case 0:
			return Choice{}, &NotFoundError{What: "symbol", Name: arg}
		case 1:
			return Choice{ID: cands[0]}, nil
		}
	}
	ranked := ix.rank(name, cands, prefer)
	if c, ok := onlyOutsideTests(ranked); ok {
		return c, nil
	}
	return Choice{}, ix.overloads(&AmbiguousError{Name: arg, Candidates: ranked})
}

// onlyOutsideTests picks the one candidate outside test files when all the
// others are in them.
func onlyOutsideTests(ranked []string) (Choice, bool) {
	var c Choice
	for _, id := range ranked {
		switch {
		case lang.IsTestPath(nodeid.PathOf(id)):
			c.OverTests = append(c.OverTests, id)
		case c.ID != "":
			return Choice{}, false
		default:
			c.ID = id
		}
	}
	return c, c.ID != "" && len(c.OverTests) > 0
}

// byModulePath resolves a name written with its module's path, dotted or
// slashed ("pkg.helpers.url_for", "pkg/helpers.url_for"): the symbols
// whose qualified name is the rest, in a file that is that module (its
// path without extension, or its directory for __init__.py, index.* and
// mod.rs, ends in the module path). The longest module path that matches
// wins.
func (ix *Index) byModulePath(name string) []string {
	parts := strings.Split(strings.ReplaceAll(name, "/", "."), ".")
	for k := len(parts) - 1; k >= 1; k-- {
		mod, rest := strings.Join(parts[:k], "/"), strings.Join(parts[k:], ".")
		var cands []string
		id, err := ix.ResolveSymbol(rest)
		var amb *AmbiguousError
		switch {
		case err == nil:
			cands = []string{id}
		case errors.As(err, &amb):
			cands = amb.Candidates
		}
		var out []string
		for _, c := range cands {
			if nodeid.NameOf(c) == rest && isModule(nodeid.PathOf(c), mod) {
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			sort.Strings(out)
			return out
		}
	}
	return nil
}

// isModule says whether the file at p is the module mod ("a/b").
func isModule(p, mod string) bool {
	m := strings.TrimSuffix(p, path.Ext(p))
	switch path.Base(m) {
	case "__init__", "index", "mod":
		m = path.Dir(m)
	}
	return m == mod || strings.HasSuffix(m, "/"+mod)
}

// OverloadError is an ambiguous name whose candidates include overloads
// (a name defined more than once in one file, ids ending ~2, ~3): its
// message shows their signatures, which tell them apart. It unwraps to the
// *AmbiguousError.
type OverloadError struct {
	*AmbiguousError
	// Signatures are the candidates' signatures, in the same order.
	Signatures []string
}

func (e *OverloadError) Unwrap() error { return e.AmbiguousError }

func (e *OverloadError) Error() string {
	list := make([]string, 0, min(len(e.Candidates), maxListed))
	for i, id := range e.Candidates {
		if i == maxListed {
			break
		}
		if e.Signatures[i] != "" {
			id += " (" + e.Signatures[i] + ")"
		}
		list = append(list, id)
	}
	more := ""
	if n := len(e.Candidates) - len(list); n > 0 {
		more = " and " + strconv.Itoa(n) + " more"
	}
	return "symbol " + strconv.Quote(e.Name) + " is ambiguous (" + strconv.Itoa(len(e.Candidates)) + " matches): pass one of " +
		strings.Join(list, ", ") + more
}

// overloads adds signatures to an ambiguity between overloads.
func (ix *Index) overloads(amb *AmbiguousError) error {
	overloaded := false
	for _, id := range amb.Candidates {
		if n, _ := nodeid.Parse(id); n.Nth > 1 {
			overloaded = true
			break
		}
	}
	if !overloaded {
		return amb
	}
	sigs := make([]string, len(amb.Candidates))
	for i, id := range amb.Candidates {
		if i < maxListed {
			sigs[i] = oneLineSig(ix.ShowSymbol(id).Signature)
		}
	}
	return &OverloadError{AmbiguousError: amb, Signatures: sigs}
}

// oneLineSig collapses a signature's whitespace runs to single spaces.
func oneLineSig(s string) string { return strings.Join(strings.Fields(s), " ") }

// inPackage says whether a symbol id lives in package pkg: its file's
// directory is named pkg, or (Python, JS modules) its file is.
func inPackage(id, pkg string) bool {
	p := nodeid.PathOf(id)
	return path.Base(path.Dir(p)) == pkg || strings.TrimSuffix(path.Base(p), path.Ext(p)) == pkg
}

func filterPackage(ids []string, pkg string) []string {
	var out []string
	for _, id := range ids {
		if inPackage(id, pkg) {
			out = append(out, id)
		}
	}
	return out
}

// maxRanked bounds the candidates whose references are counted.
const maxRanked = 64

// rank orders an ambiguous name's candidates, most likely first: the
// whole qualified name matching before a trailing part, a preferred kind
// before others, code before tests, then the most referenced; ties keep
// id order.
func (ix *Index) rank(name string, ids []string, prefer []string) []string {
	type scored struct {
		id                string
		exact, kind, test bool
		refs              int
	}
	list := make([]scored, len(ids))
	for i, id := range ids {
		list[i] = scored{id: id, exact: nodeid.NameOf(id) == name, test: lang.IsTestPath(nodeid.PathOf(id))}
		if len(ids) <= maxRanked {
			info := ix.ShowSymbol(id)
			list[i].refs = len(info.In)
			list[i].kind = len(prefer) > 0 && slicesContains(prefer, info.SymbolKind)
		}
	}
	sort.SliceStable(list, func(a, b int) bool {
		x, y := list[a], list[b]
		if x.exact != y.exact {
			return x.exact
		}
		if x.kind != y.kind {
			return x.kind
		}
		if x.test != y.test {
			return !x.test
		}
		return x.refs > y.refs
	})
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.id
	}
	return out
}

// symbolAtLine resolves "path:line" to the innermost symbol of the file
// whose span holds the line, or the file when none does; ok is false when
// arg is not an indexed path with a line.
func (ix *Index) symbolAtLine(arg string) (string, bool) {
	i := strings.LastIndexByte(arg, ':')
	if i <= 0 || nodeid.IsSymbol(arg) {
		return "", false
	}
	line, err := strconv.Atoi(arg[i+1:])
	if err != nil || line < 1 {
		return "", false
	}
	fileID, err := ix.ResolveFile(arg[:i])
	if err != nil {
		if fileID = ix.uniqueBaseName(arg[:i]); fileID == "" {
			return "", false
		}
	}
	syms := ix.ShowFile(fileID).Symbols
	best := ""
	bestLine := 0
	for _, s := range syms {
		if s.Line > line || s.Line < bestLine {
			continue
		}
		if info := ix.ShowSymbol(s.ID); max(info.EndLine, info.Line) >= line {
			best, bestLine = s.ID, s.Line
		}
	}
	if best == "" {
		return fileID, true
	}
	return best, true
}

// ShowSymbolWhole is ShowSymbol with a Go type's members completed: Go
// declares methods in any file of the package, so the methods "T.M" of a
// type T in other files of its directory join the members found in its
// own file, sorted by path, line and id.
func (ix *Index) ShowSymbolWhole(symID string) SymbolInfo {
	info := ix.ShowSymbol(symID)
	if path.Ext(info.Path) != ".go" || info.Name == "" {
		return info
	}
	prefix := info.Name + "."
	have := map[string]bool{}
	for _, m := range info.Members {
		have[m.ID] = true
	}
	added := false
	for _, h := range ix.Search(prefix, 0).Items {
		rest, ok := strings.CutPrefix(h.Name, prefix)
		if !ok || rest == "" || strings.Contains(rest, ".") || h.Kind != nodeid.KindSymbol || have[h.ID] ||
			path.Dir(h.Path) != path.Dir(info.Path) || path.Ext(h.Path) != ".go" {
			continue
		}
		info.Members = append(info.Members, h.NodeRef)
		have[h.ID] = true
		added = true
	}
	if added {
		sort.SliceStable(info.Members, func(i, j int) bool {
			a, b := info.Members[i], info.Members[j]
			if a.Path != b.Path {
				return a.Path < b.Path
			}
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.ID < b.ID
		})
	}
	return info
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// uniqueBaseName is the id of the one indexed file whose base name is
// name ("hash.go" for plumbing/hash.go), or "" when none or several are.
func (ix *Index) uniqueBaseName(name string) string {
	if strings.ContainsAny(name, "/\\") {
		return ""
	}
	found := ""
	for _, h := range ix.Search(name, 0).Items {
		if h.Kind != nodeid.KindFile || path.Base(h.Path) != name {
			continue
		}
		if found != "" {
			return ""
		}
		found = h.ID
	}
	return found
}
