package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// inSubmodule resolves a reference whose qualifier as written walks from
// an import through submodules a package re-exports (import flask;
// flask.json.dumps, where flask/__init__.py says from . import json as
// json), or names such a submodule itself (from flask import json;
// json.dumps). Only languages whose qualifiers write submodules with a
// dot (Traits.SubmoduleSep ".", Python) do this.
func (r *resolver) inSubmodule(ref facts.Ref, kinds map[string]bool) (found, bool) {
	if r.traits.SubmoduleSep != "." || ref.Qualifier == "" {
		return found{}, false
	}
	parts := strings.Split(ref.Qualifier, ".")
	b, ok := r.modBind[parts[0]]
	targets, rest := []string(nil), parts[1:]
	switch {
	case ok:
		targets = b.targets
	default:
		if b, ok = r.importBinding(parts[0], ref.From); !ok {
			return found{}, false
		}
		targets, rest = b.targets, parts
		rest[0] = b.origName(parts[0])
	}
	if len(rest) == 0 {
		return found{}, false
	}
	for i, name := range rest {
		sub, via := r.submodule(targets, name)
		if len(sub) == 0 {
			return found{}, false
		}
		if i == 0 {
			b.use(via)
		}
		targets = sub
	}
	d, _, ok := r.findIn(targets, ref.Name, kinds, 0)
	return found{d, snapshot.ByImport}, ok
}

// submodule is the files of the module a package's files (targets)
// re-export under name (from . import json as json), and the file that
// re-exports it; nil when name is a definition there or reaches none.
func (r *resolver) submodule(targets []string, name string) ([]string, string) {
	for _, c := range r.filterIn(name, targets, nil, func(d def) bool { return d.Parent == "" }) {
		if c.Kind != kindAlias {
			return nil, ""
		}
		module, root, steps := facts.SplitChain(c.Type)
		if len(steps) > 0 || module == "" {
			continue
		}
		if files := r.moduleFiles(joinModule(module, root), c.Path); len(files) > 0 {
			return files, c.Path
		}
	}
	return nil, ""
}

// joinModule names a submodule of a module as an import writes it:
// "." + "json" is ".json", "a.b" + "c" is "a.b.c".
func joinModule(module, name string) string {
	if strings.HasSuffix(module, ".") {
		return module + name
	}
	return module + "." + name
}
