package gitrepo

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitattributes"
)

// AttributesFile is the name of the files that give paths git attributes.
const AttributesFile = ".gitattributes"

// AttrSource is one attributes file: the directory it applies under ("" at
// the top) and its bytes.
type AttrSource struct {
	Dir  string
	Data []byte
}

// Attributes answers git attribute lookups (gitattributes(5)): the files
// deeper in the tree override shallower ones, later lines override earlier
// ones, and macros (the built-in "binary" among them) expand where set.
type Attributes struct {
	// rules are in increasing priority.
	rules  []gitattributes.MatchAttribute
	macros map[string][]gitattributes.Attribute
}

// builtinMacros are the macros git defines itself.
const builtinMacros = "[attr]binary -diff -merge -text\n"

// NewAttributes builds the lookup from attributes files (any order) and,
// last and strongest, the repository's info/attributes (may be nil).
func NewAttributes(sources []AttrSource, info []byte) *Attributes {
	a := &Attributes{macros: map[string][]gitattributes.Attribute{}}
	a.add("", []byte(builtinMacros), true)
	sorted := slices.Clone(sources)
	slices.SortStableFunc(sorted, func(x, y AttrSource) int { return depth(x.Dir) - depth(y.Dir) })
	for _, s := range sorted {
		a.add(s.Dir, s.Data, s.Dir == "")
	}
	a.add("", info, true)
	return a
}

func depth(dir string) int {
	if dir == "" {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

// add parses one file. A line git would warn about is skipped, as git
// skips it.
func (a *Attributes) add(dir string, data []byte, allowMacro bool) {
	var domain []string
	if dir != "" {
		domain = strings.Split(dir, "/")
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		m, err := gitattributes.ParseAttributesLine(sc.Text(), domain, allowMacro)
		if err != nil || m.Name == "" {
			continue
		}
		if m.Pattern == nil {
			a.macros[m.Name] = m.Attributes
			continue
		}
		a.rules = append(a.rules, m)
	}
}

// Attr is one attribute's state for a path.
type Attr struct {
	Set, Unset bool   // "name" / "-name"; neither when unspecified
	Value      string // "name=value" (Set is true too)
}

// Lookup returns the named attributes of a path; an attribute no rule
// names is absent from the map.
func (a *Attributes) Lookup(p string, names ...string) map[string]Attr {
	out := map[string]Attr{}
	if a == nil {
		return out
	}
	want := func(n string) bool { return len(names) == 0 || slices.Contains(names, n) }
	parts := strings.Split(p, "/")
	decided := map[string]bool{}
	// From the strongest rule down, the first rule naming an attribute
	// decides it; a set macro decides the attributes it names unless a
	// stronger rule already did.
	for i := len(a.rules) - 1; i >= 0; i-- {
		r := a.rules[i]
		if !r.Pattern.Match(parts) {
			continue
		}
		for j := len(r.Attributes) - 1; j >= 0; j-- {
			at := r.Attributes[j]
			a.decide(out, decided, at, want)
			if at.IsSet() {
				for _, m := range a.macros[at.Name()] {
					a.decide(out, decided, m, want)
				}
			}
		}
	}
	return out
}

func (a *Attributes) decide(out map[string]Attr, decided map[string]bool, at gitattributes.Attribute, want func(string) bool) {
	name := at.Name()
	if decided[name] {
		return
	}
	decided[name] = true
	if !want(name) || at.IsUnspecified() {
		return
	}
	out[name] = Attr{Set: at.IsSet() || at.IsValueSet(), Unset: at.IsUnset(), Value: at.Value()}
}

// WorktreeAttributes reads the attributes the working tree gives: the
// attributes files at the given paths (those HEAD tracks), read from the
// working tree, and the repository's info/attributes.
func (r *Repo) WorktreeAttributes(paths []string) *Attributes {
	var sources []AttrSource
	for _, p := range paths {
		if path.Base(p) != AttributesFile || r.Top == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(r.Top, filepath.FromSlash(p)))
		if err != nil {
			continue // deleted, or outside a sparse checkout: git reads none either
		}
		sources = append(sources, AttrSource{Dir: dirOf(p), Data: data})
	}
	info, _ := os.ReadFile(filepath.Join(r.CommonDir, "info", "attributes"))
	return NewAttributes(sources, info)
}

// TreeAttributes reads the attributes files among a tree's entries from
// the object store: what a commit says of its own files, whatever the
// working tree holds.
func (r *Repo) TreeAttributes(entries []Entry) (*Attributes, error) {
	var sources []AttrSource
	for _, e := range entries {
		if path.Base(e.Path) != AttributesFile || !e.Regular() {
			continue
		}
		data, err := r.ReadBlob(e.Blob)
		if err != nil {
			return nil, err
		}
		sources = append(sources, AttrSource{Dir: dirOf(e.Path), Data: data})
	}
	return NewAttributes(sources, nil), nil
}

func dirOf(p string) string {
	d := path.Dir(p)
	if d == "." {
		return ""
	}
	return d
}
