// Package repogen writes realistic multi-language git repositories and commit
// histories for lgraph's tests and benchmarks. Everything is deterministic for
// a seed: the same Options and the same sequence of calls (with identically
// seeded *rand.Rand values) produce the same files and the same commit ids.
//
// Generated code imports and calls code in other generated files of the same
// language, repeats some function names across files, and is edited by
// RandomCommit in the ways real histories are: files added, deleted, renamed
// and reverted, function bodies changed, definitions moved and duplicated.
package repogen

import (
	"fmt"
	"math/rand"
	"sort"
	"time"
)

// Options configures New.
type Options struct {
	// Files is the approximate number of files of the initial tree (at least
	// one module per language is always generated).
	Files int
	// Languages is a subset of go, python, javascript, typescript, java,
	// rust, ruby and c; DefaultLanguages when empty.
	Languages []string
	// Seed makes generation deterministic.
	Seed int64
	// ModulePath is the Go module path; "example.com/gen" when empty.
	ModulePath string
}

// Commit describes one commit made by the generator.
type Commit struct {
	// Hash is the commit id in hex.
	Hash string
	// Message is the full commit message.
	Message string
	// Ops describes each change, e.g. "rename a.go -> b.go".
	Ops []string
}

// Repo is a generated repository on disk together with the models of its
// source files.
type Repo struct {
	dir     string
	opts    Options
	git     *gitStore
	st      *state
	saved   map[string]*state // states of branches that are not checked out
	pending map[string]bool   // paths changed since the last commit
	commits int               // commits made; drives the commit time
	rev     int               // edit counter used in generated comments
}

// New runs git init in dir, generates the initial tree and commits it.
func New(dir string, opts Options) (*Repo, error) {
	opts, err := normalize(opts)
	if err != nil {
		return nil, err
	}
	g, err := initStore(dir)
	if err != nil {
		return nil, err
	}
	r := &Repo{dir: g.dir, opts: opts, git: g, st: newState(), saved: map[string]*state{}, pending: map[string]bool{}}
	gen := newGenerator(r, rand.New(rand.NewSource(opts.Seed)))
	gen.run()
	r.syncDerived()
	if _, err := r.commit("Initial commit", []string{fmt.Sprintf("generate %d files", len(r.st.files))}); err != nil {
		return nil, fmt.Errorf("initial commit: %w", err)
	}
	return r, nil
}

func normalize(opts Options) (Options, error) {
	if opts.ModulePath == "" {
		opts.ModulePath = "example.com/gen"
	}
	if len(opts.Languages) == 0 {
		opts.Languages = DefaultLanguages
	}
	seen := map[string]bool{}
	var out []string
	for _, l := range opts.Languages {
		if langs[l] == nil {
			return opts, fmt.Errorf("repogen: unknown language %q", l)
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	opts.Languages = out
	return opts, nil
}

// Dir returns the repository's root directory.
func (r *Repo) Dir() string { return r.dir }

// Files returns the sorted paths of the current tree.
func (r *Repo) Files() []string {
	out := make([]string, 0, len(r.st.files))
	for p := range r.st.files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Read returns the current content of path, or "" if it does not exist.
func (r *Repo) Read(path string) string { return r.st.files[path] }

// setFile stages content at p.
func (r *Repo) setFile(p, content string) {
	if old, ok := r.st.files[p]; ok && old == content {
		return
	}
	r.st.files[p] = content
	r.pending[p] = true
}

// removeFile stages the deletion of p.
func (r *Repo) removeFile(p string) {
	if _, ok := r.st.files[p]; !ok {
		return
	}
	delete(r.st.files, p)
	delete(r.st.owner, p)
	delete(r.st.derived, p)
	r.pending[p] = true
}

// putUnit renders u and stages its files, replacing any earlier version.
func (r *Repo) putUnit(u *unit) {
	u.localizeCalls()
	for _, f := range langs[u.Lang].render(u, r.opts.ModulePath) {
		r.detachPath(f.Path, u.Path)
		r.setFile(f.Path, f.Content)
		r.st.owner[f.Path] = u.Path
		delete(r.st.derived, f.Path)
	}
	r.st.setUnit(u)
}

// dropUnit stages the deletion of every file of u.
func (r *Repo) dropUnit(u *unit) {
	for _, p := range unitPaths(u.Lang, u.Path) {
		if r.st.owner[p] == u.Path {
			r.removeFile(p)
		}
	}
	r.st.deleteUnit(u.Path)
}

// detachPath turns the unit owning p (other than keep) into plain files.
func (r *Repo) detachPath(p, keep string) {
	owner, ok := r.st.owner[p]
	if !ok || owner == keep {
		return
	}
	if u := r.st.units[owner]; u != nil {
		for _, q := range unitPaths(u.Lang, u.Path) {
			delete(r.st.owner, q)
		}
		r.st.deleteUnit(owner)
	}
}

// commit writes the pending changes and commits them on the current branch.
func (r *Repo) commit(msg string, ops []string) (Commit, error) {
	paths := make([]string, 0, len(r.pending))
	for p := range r.pending {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if len(paths) >= packThreshold {
		r.git.beginBatch()
	}
	var puts []string
	for _, p := range paths {
		if _, ok := r.st.files[p]; ok {
			puts = append(puts, p)
		} else if err := r.git.del(p); err != nil {
			return Commit{}, err
		}
	}
	if err := r.git.putMany(puts, func(p string) string { return r.st.files[p] }); err != nil {
		return Commit{}, err
	}
	r.pending = map[string]bool{}
	when := baseTime.Add(time.Duration(r.commits) * time.Minute)
	h, err := r.git.commit(msg, when)
	if err != nil {
		return Commit{}, fmt.Errorf("commit %q: %w", msg, err)
	}
	r.commits++
	return Commit{Hash: h.String(), Message: msg, Ops: ops}, nil
}
