package query

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// NotFoundError says that no file or symbol has the name asked about.
type NotFoundError struct {
	What string // "file", "symbol" or "file or symbol"
	Name string
	// Why replaces the search hint when the index leaves Name out on
	// purpose.
	Why string
}

// ErrorCode implements errcode.Coded.
func (e *NotFoundError) ErrorCode() string { return errcode.NotFound }

func (e *NotFoundError) Error() string {
	if e.Why != "" {
		return fmt.Sprintf("no %s %q in the index: %s", e.What, e.Name, e.Why)
	}
	if e.What == whatKey {
		return fmt.Sprintf("no %s %q in the index: lgraph implicit FILE lists the keys a file uses", e.What, e.Name)
	}
	return fmt.Sprintf("no %s %q in the index: try lgraph search %s", e.What, e.Name, searchHint(e.Name))
}

// searchHint is the text to search for: a name without its path.
func searchHint(name string) string {
	if n, ok := nodeid.Parse(name); ok && n.Kind == nodeid.KindSymbol {
		name = n.Name
	} else if ok {
		name = n.Path
	}
	if i := strings.LastIndexAny(name, "#/"); i >= 0 && i+1 < len(name) {
		name = name[i+1:]
	}
	return name
}

// AmbiguousError says that a name matches more than one symbol, or a
// path ending more than one file.
type AmbiguousError struct {
	What       string // "file", or "" for a symbol
	Name       string
	Candidates []string // node ids, sorted
}

// maxListed bounds the candidates an ambiguity error names.
const maxListed = 10

// ErrorCode implements errcode.Coded.
func (e *AmbiguousError) ErrorCode() string { return errcode.Ambiguous }

func (e *AmbiguousError) Error() string {
	list := e.Candidates
	more := ""
	if len(list) > maxListed {
		list, more = list[:maxListed], fmt.Sprintf(" and %d more", len(e.Candidates)-maxListed)
	}
	what := e.What
	if what == "" {
		what = "symbol"
	}
	return fmt.Sprintf("%s %q is ambiguous (%d matches): pass one of %s%s", what, e.Name, len(e.Candidates), strings.Join(list, ", "), more)
}

// ResolveFile returns the file id of a repo-relative path, a "file:" id or
// a "./"-prefixed path. A path that is no indexed file names the files it
// ends ("app.py" for src/app.py): one is the answer, several are an
// *AmbiguousError listing them, code before tests.
func (ix *Index) ResolveFile(arg string) (string, error) {
	p := arg
	if n, ok := nodeid.Parse(arg); ok && n.Kind == nodeid.KindFile {
		p = n.Path
	} else {
		// A path as written, even one that begins "file:" without being
		// an id (an unescaped "#" or "%"), as lgraph always took it.
		p = strings.TrimPrefix(p, nodeid.FilePrefix)
	}
	p = cleanPath(p)
	if ix.snap.Files.Has(p) {
		return nodeid.File(p), nil
	}
	switch ids := ix.filesEnding(p); len(ids) {
	case 0:
		return "", &NotFoundError{What: "file", Name: arg}
	case 1:
		return ids[0], nil
	default:
		return "", &AmbiguousError{What: "file", Name: arg, Candidates: ids}
	}
}

// filesEnding lists the ids of the indexed files whose path ends in "/"+p,
// code before tests, then by path.
func (ix *Index) filesEnding(p string) []string {
	// Only what reads as a path is looked for: a symbol name ("Server.Get")
	// must not cost a search of every file name.
	if p == "" || strings.HasPrefix(p, "../") || (!strings.Contains(p, "/") && lang.ByExtension(p) == nil && !lang.IsProjectFile(p)) {
		return nil
	}
	var ids []string
	for _, h := range ix.Search(path.Base(p), 0).Items {
		if h.Kind == nodeid.KindFile && strings.HasSuffix(h.Path, "/"+p) {
			ids = append(ids, h.ID)
		}
	}
	sort.SliceStable(ids, func(i, j int) bool {
		ti, tj := lang.IsTestPath(nodeid.PathOf(ids[i])), lang.IsTestPath(nodeid.PathOf(ids[j]))
		if ti != tj {
			return !ti
		}
		return ids[i] < ids[j]
	})
	return ids
}

func cleanPath(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	if p == "" {
		return p
	}
	return strings.TrimPrefix(path.Clean(p), "./")
}

// ResolveSymbol returns the id of the one symbol a name designates: a node
// id ("sym:a.go#Server.Get", the "sym:" may be left out), a qualified name
// ("Server.Get") or a plain name ("Get"). A name may match the whole
// qualified name or its trailing segments; more than one match is an
// *AmbiguousError listing them.
func (ix *Index) ResolveSymbol(arg string) (string, error) {
	if !nodeid.IsSymbol(arg) && strings.Contains(arg, "#") {
		written := strings.TrimPrefix(arg, "./")
		if id, ok := ix.writtenSymbolID(written); ok {
			return id, nil
		}
		// An id as written with its "sym:" left out (the path escaped).
		id := nodeid.SymbolPrefix + written
		if _, ok := ix.symbolAt(id); ok {
			return id, nil
		}
		// No symbol of an indexed path: a qualified name may hold "#"
		// itself (TypeScript's private members).
		var nf *NotFoundError
		if id, err := ix.matchName(arg); !errors.As(err, &nf) {
			return id, err
		}
		return "", &NotFoundError{What: "symbol", Name: id}
	}
	if nodeid.IsSymbol(arg) {
		if _, ok := ix.symbolAt(arg); ok {
			return arg, nil
		}
		return "", &NotFoundError{What: "symbol", Name: arg}
	}
	return ix.matchName(arg)
}

// matchName resolves a qualified or plain name: the one symbol whose
// qualified name is arg or ends in "."+arg.
func (ix *Index) matchName(arg string) (string, error) {
	var ids []string
	if ix.snap.Index != nil {
		ids = ix.matchNamesIndexed(arg)
	} else {
		ids = ix.matchNamesScan(arg)
	}
	switch len(ids) {
	case 0:
		return "", &NotFoundError{What: "symbol", Name: arg}
	case 1:
		return ids[0], nil
	}
	sort.Strings(ids)
	return "", &AmbiguousError{Name: arg, Candidates: ids}
}

// writtenSymbolID resolves "PATH#NAME" with PATH as a person writes it,
// unescaped: a path may hold "#" itself (docs/#notes.py#helper), so each
// "#" is tried in turn as the end of an indexed path.
func (ix *Index) writtenSymbolID(arg string) (string, bool) {
	for i := strings.IndexByte(arg, '#'); i >= 0; {
		if p := arg[:i]; ix.snap.Files.Has(p) {
			// The name keeps a "~2" as written: it ends the id either way.
			id := nodeid.Symbol(p, arg[i+1:], 1)
			if _, found := ix.symbolAt(id); found {
				return id, true
			}
		}
		j := strings.IndexByte(arg[i+1:], '#')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return "", false
}

// matchNamesScan lists the ids of the symbols whose qualified name is arg
// or ends in "."+arg, reading every record.
func (ix *Index) matchNamesScan(arg string) []string {
	var ids []string
	suffix := "." + arg
	for _, f := range ix.snap.Files.All() {
		if f.Facts == nil {
			continue
		}
		for i, s := range f.Facts.Symbols {
			if s.Qualified == arg || strings.HasSuffix(s.Qualified, suffix) {
				ids = append(ids, ix.symbolIDs(f)[i])
			}
		}
	}
	return ids
}

// ResolveTarget returns the id of a file or symbol: ids are taken as they
// are, an indexed path is a file, anything else a symbol name.
func (ix *Index) ResolveTarget(arg string) (string, error) {
	switch {
	case nodeid.IsFile(arg):
		return ix.ResolveFile(arg)
	case nodeid.IsSymbol(arg):
		return ix.ResolveSymbol(arg)
	}
	fileID, fileErr := ix.ResolveFile(arg)
	if fileErr == nil {
		return fileID, nil
	}
	id, err := ix.ResolveSymbol(arg)
	if nf, ok := err.(*NotFoundError); ok {
		if _, ambiguous := fileErr.(*AmbiguousError); ambiguous {
			return "", fileErr
		}
		nf.What = "file or symbol"
	}
	return id, err
}
