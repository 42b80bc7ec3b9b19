package query

import (
	"errors"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// SignalKinds are the kinds of implicit key the rules find (phase 2,
// docs/design.md §3): a key is written KIND:NAME, as implicit FILE lists it.
var SignalKinds = []string{"env", "config", "topic", "route", "table"}

// whatKey is what a NotFoundError names when no file uses a key.
const whatKey = "implicit key"

// KeyUsersResult is the answer to "which files use this key": every file
// the rules (or the model explorer) found it in, generic keys included.
type KeyUsersResult struct {
	// Keys are the full keys the argument named: one for KIND:NAME, one per
	// kind for a bare NAME that several kinds use.
	Keys  []string  `json:"keys"`
	Users []KeyUser `json:"users"`
}

// KeyUser is one file using a key, with the first line it does so on.
type KeyUser struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Line int    `json:"line,omitempty"`
	// Source is rules, or llm for a key only the model explorer proposed,
	// with its Confidence.
	Source     string  `json:"source"`
	Confidence float64 `json:"confidence,omitempty"`
	// Joined says whether the implicit phase linked this file to the
	// key's other users; keys used by more than implicit.max_files_per_key
	// files are too generic to link.
	Joined bool `json:"joined"`
	Mark
}

// IsSignalKey reports whether arg is written as an implicit key (KIND:NAME
// with a kind the rules know), rather than as a file.
func IsSignalKey(arg string) bool {
	kind, name, ok := strings.Cut(arg, ":")
	return ok && name != "" && slices.Contains(SignalKinds, kind)
}

// KeyUsers lists the files using an implicit key: KIND:NAME exactly, or a
// bare NAME under every kind that has it. It reads the signal index (one
// range per kind) and the records of the files it lists, nothing else.
func (ix *Index) KeyUsers(arg string) (KeyUsersResult, error) {
	candidates := []string{arg}
	if !IsSignalKey(arg) {
		candidates = candidates[:0]
		for _, k := range SignalKinds {
			candidates = append(candidates, k+":"+arg)
		}
	}
	res := KeyUsersResult{Keys: []string{}, Users: []KeyUser{}}
	for _, key := range candidates {
		users := ix.keyUsers(key)
		if len(users) > 0 {
			res.Keys = append(res.Keys, key)
			res.Users = append(res.Users, users...)
		}
	}
	if ix.err != nil {
		return res, ix.err
	}
	if len(res.Users) == 0 {
		return res, &NotFoundError{What: whatKey, Name: arg, Why: osEnvWhy(arg)}
	}
	return res, nil
}

// keyUsers lists one key's users by path: the rules' finding first, the
// model's for the files only it proposed.
func (ix *Index) keyUsers(key string) []KeyUser {
	var out []KeyUser
	for _, p := range ix.signalPaths(key) {
		if u, ok := ix.keyUser(key, p); ok {
			out = append(out, u)
		}
	}
	ruled := map[string]bool{}
	for _, u := range out {
		ruled[u.Path] = true
	}
	for _, p := range ix.signalPaths(snapshot.CouplingSignal(key)) {
		if ruled[p] {
			continue
		}
		if u, ok := ix.keyUser(key, p); ok {
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b KeyUser) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// signalPaths lists the files under one signal-index name, from the
// published index or, for a snapshot held in memory, from its records.
func (ix *Index) signalPaths(signal string) []string {
	kv := ix.snap.Index
	if kv == nil {
		var es []snapshot.Entry
		for _, f := range ix.snap.Files.All() {
			es = append(es, snapshot.GenericEntries(f, snapshot.KsSignal)...)
		}
		kv = snapshot.NewMemKV(es)
	}
	paths, err := snapshot.SignalUsers(kv, signal)
	ix.fail(err)
	return paths
}

// keyUser reads one user's line and source from its record.
func (ix *Index) keyUser(key, p string) (KeyUser, bool) {
	f := ix.snap.Files.Get(p)
	if f == nil {
		return KeyUser{}, false
	}
	u := KeyUser{Key: key, Path: p, Mark: ix.mark(p)}
	for _, e := range f.Implicit {
		if e.Via == key {
			u.Joined = true
			break
		}
	}
	for _, s := range f.Signals {
		if s.Name() == key {
			u.Line, u.Source = s.Line, "rules"
			return u, true
		}
	}
	for _, c := range f.Couplings {
		if c.Name() == key {
			u.Line, u.Source, u.Confidence = c.Line(), snapshot.DetectedByLLM, float64(c.Confidence)/100
			u.Joined = u.Joined || slices.ContainsFunc(f.Explored, func(e snapshot.Edge) bool { return e.Via == key })
			return u, true
		}
	}
	return KeyUser{}, false
}

// osEnvWhy says why a variable the system sets for every program is not
// an implicit key ("" for any other key).
func osEnvWhy(arg string) string {
	name := strings.TrimPrefix(arg, "env:")
	if !facts.IsOSEnvVar(name) {
		return ""
	}
	return "the system sets " + name + " for every program, so reading it couples no files and lgraph does not index it: grep for it"
}

// ImplicitTarget is what implicit's argument names: a file (FileID) or
// an implicit key (Keys).
type ImplicitTarget struct {
	FileID string
	Keys   *KeyUsersResult
}

// ResolveImplicit reads implicit's argument: KIND:NAME is a key (unless a
// file has that very path); anything else is a file, or, when no file
// matches, a bare key NAME of any kind.
func (ix *Index) ResolveImplicit(arg string) (ImplicitTarget, error) {
	if IsSignalKey(arg) && !ix.snap.Files.Has(cleanPath(arg)) {
		r, err := ix.KeyUsers(arg)
		return ImplicitTarget{Keys: &r}, err
	}
	id, err := ix.ResolveFile(arg)
	var nf *NotFoundError
	if !errors.As(err, &nf) {
		return ImplicitTarget{FileID: id}, err
	}
	r, kerr := ix.KeyUsers(arg)
	if kerr != nil {
		if errors.As(kerr, &nf) {
			return ImplicitTarget{}, &NotFoundError{What: "file or implicit key", Name: arg, Why: nf.Why}
		}
		return ImplicitTarget{}, kerr
	}
	return ImplicitTarget{Keys: &r}, nil
}
