package repogen

import (
	"fmt"
	"path"
	"strings"
)

// Op is one explicit change for Repo.Commit.
type Op struct {
	kind    string
	path    string
	to      string
	content string
}

// WriteFile creates or overwrites path with content.
func WriteFile(path, content string) Op { return Op{kind: "write", path: path, content: content} }

// Remove deletes path.
func Remove(path string) Op { return Op{kind: "remove", path: path} }

// Rename moves from to to, keeping the content.
func Rename(from, to string) Op { return Op{kind: "rename", path: from, to: to} }

// String describes the op as it appears in Commit.Ops.
func (o Op) String() string {
	switch o.kind {
	case "write":
		return "write " + o.path
	case "remove":
		return "delete " + o.path
	default:
		return "rename " + o.path + " -> " + o.to
	}
}

// Commit applies ops in order and commits them with msg. Files touched by
// explicit ops stop being edited by RandomCommit as code models; their
// content is exactly what the ops say. Nothing is applied if an op is invalid.
func (r *Repo) Commit(msg string, ops ...Op) (Commit, error) {
	if err := r.validate(ops); err != nil {
		return Commit{}, fmt.Errorf("commit %q: %w", msg, err)
	}
	var desc []string
	for _, o := range ops {
		r.apply(o)
		desc = append(desc, o.String())
	}
	return r.commit(msg, desc)
}

// validate checks ops against the tree as it will be when each op runs.
func (r *Repo) validate(ops []Op) error {
	exists := func(p string) bool { _, ok := r.st.files[p]; return ok }
	overlay := map[string]bool{}
	has := func(p string) bool {
		if v, ok := overlay[p]; ok {
			return v
		}
		return exists(p)
	}
	for _, o := range ops {
		if err := checkPath(o.path); err != nil {
			return err
		}
		switch o.kind {
		case "write":
			if r.dirConflict(o.path, has) {
				return fmt.Errorf("write %s: conflicts with a directory or file", o.path)
			}
			overlay[o.path] = true
		case "remove":
			if !has(o.path) {
				return fmt.Errorf("remove %s: no such file", o.path)
			}
			overlay[o.path] = false
		case "rename":
			if err := checkPath(o.to); err != nil {
				return err
			}
			if !has(o.path) || has(o.to) || r.dirConflict(o.to, has) {
				return fmt.Errorf("rename %s -> %s: source missing or target exists", o.path, o.to)
			}
			overlay[o.path], overlay[o.to] = false, true
		}
	}
	return nil
}

// dirConflict reports whether p would be both a file and a directory.
func (r *Repo) dirConflict(p string, has func(string) bool) bool {
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if has(d) {
			return true
		}
	}
	prefix := p + "/"
	for q := range r.st.files {
		if strings.HasPrefix(q, prefix) {
			return true
		}
	}
	return false
}

func checkPath(p string) error {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\\") || strings.HasSuffix(p, "/") {
		return fmt.Errorf("invalid path %q", p)
	}
	for _, part := range strings.Split(p, "/") {
		if part == "" || part == "." || part == ".." || part == ".git" {
			return fmt.Errorf("invalid path %q", p)
		}
	}
	return nil
}

func (r *Repo) apply(o Op) {
	switch o.kind {
	case "write":
		r.detachPath(o.path, "")
		r.setFile(o.path, o.content)
		delete(r.st.derived, o.path)
	case "remove":
		r.detachPath(o.path, "")
		r.removeFile(o.path)
	case "rename":
		content := r.st.files[o.path]
		r.detachPath(o.path, "")
		r.detachPath(o.to, "")
		r.removeFile(o.path)
		r.setFile(o.to, content)
	}
}
