package query

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// NotFoundError says that no file or symbol has the name asked about.
type NotFoundError struct {
	What string // "file", "symbol" or "file or symbol"
	Name string
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no %s %q in the index: try lgraph search %s", e.What, e.Name, searchHint(e.Name))
}

// searchHint is the text to search for: a name without its path.
func searchHint(name string) string {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "sym:"), "file:")
	if i := strings.LastIndexAny(name, "#/"); i >= 0 && i+1 < len(name) {
		name = name[i+1:]
	}
	return name
}

// AmbiguousError says that a symbol name matches more than one symbol.
type AmbiguousError struct {
	Name       string
	Candidates []string // node ids, sorted
}

// maxListed bounds the candidates an ambiguity error names.
const maxListed = 10

func (e *AmbiguousError) Error() string {
	list := e.Candidates
	more := ""
	if len(list) > maxListed {
		list, more = list[:maxListed], fmt.Sprintf(" and %d more", len(e.Candidates)-maxListed)
	}
	return fmt.Sprintf("symbol %q is ambiguous (%d matches): pass one of %s%s", e.Name, len(e.Candidates), strings.Join(list, ", "), more)
}

// ResolveFile returns the file id of a repo-relative path, a "file:" id or
// a "./"-prefixed path.
func (ix *Index) ResolveFile(arg string) (string, error) {
	p := cleanPath(strings.TrimPrefix(arg, "file:"))
	if !ix.snap.Files.Has(p) {
		return "", &NotFoundError{What: "file", Name: arg}
	}
	return "file:" + p, nil
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
	if !strings.HasPrefix(arg, "sym:") && strings.Contains(arg, "#") {
		arg = "sym:" + strings.TrimPrefix(arg, "./")
	}
	if strings.HasPrefix(arg, "sym:") {
		if _, ok := ix.symbolAt(arg); ok {
			return arg, nil
		}
		return "", &NotFoundError{What: "symbol", Name: arg}
	}
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
	case strings.HasPrefix(arg, "file:"):
		return ix.ResolveFile(arg)
	case strings.HasPrefix(arg, "sym:"):
		return ix.ResolveSymbol(arg)
	}
	if id, err := ix.ResolveFile(arg); err == nil {
		return id, nil
	}
	id, err := ix.ResolveSymbol(arg)
	if nf, ok := err.(*NotFoundError); ok {
		nf.What = "file or symbol"
	}
	return id, err
}
