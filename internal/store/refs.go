package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// DetachedRef is the ref name used for a detached HEAD in the main
// worktree; a linked worktree's detached HEAD has its own (HeadRef).
const DetachedRef = "@detached"

// HeadRef is the ref name of what HEAD names: its branch, or, detached,
// DetachedRef in the main worktree and DetachedRef/NAME in the linked
// worktree NAME (its directory under the common git dir's worktrees/), so
// that two detached worktrees never publish over each other.
func HeadRef(branch, worktree string) string {
	switch {
	case branch != "":
		return branch
	case worktree != "":
		return DetachedRef + "/" + worktree
	}
	return DetachedRef
}

// IsDetachedRef reports whether a ref name is one HeadRef gives a detached
// HEAD.
func IsDetachedRef(name string) bool {
	return name == DetachedRef || strings.HasPrefix(name, DetachedRef+"/")
}

// WorktreeRef is the ref name of a branch's working-tree overlay (written
// by update --worktree, read by every read while it sits on HEAD).
func WorktreeRef(branch string) string { return "worktree:" + branch }

// Ref is a branch's published baseline.
type Ref struct {
	Branch string `json:"branch"`
	Commit string `json:"commit"`
	// Tables are the snapshot's table files under tables/, newest first:
	// a base and the delta layers later updates wrote over it.
	Tables      []string  `json:"tables"`
	ContentRoot string    `json:"content_root"`
	LeafCount   int       `json:"leaf_count"`
	Run         int       `json:"run"`
	Published   time.Time `json:"published"`
	// Worktree marks a working-tree overlay rather than a commit baseline.
	Worktree bool `json:"worktree,omitempty"`
	// ConfigKey and Versions repeat the snapshot's, so a no-op update can
	// answer from the ref alone.
	ConfigKey string            `json:"config_key,omitempty"`
	Versions  map[string]string `json:"versions,omitempty"`
}

func refFile(branch string) string { return url.PathEscape(branch) + ".json" }

// ReadRef returns the published ref of a branch, or nil when there is none.
// A ref whose table names are not ones this store writes is refused before
// any of them is opened.
func (s *Store) ReadRef(branch string) (*Ref, error) {
	name := s.path("refs", refFile(branch))
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read ref %s: %w", branch, err)
	}
	var r Ref
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("ref %s is corrupt (%v): run lgraph init --force", branch, err)
	}
	for _, t := range r.Tables {
		if !validTableName(t) {
			return nil, fmt.Errorf("ref file %s names table %q, not a table lgraph writes: %s", name, t, refRepair(branch))
		}
	}
	return &r, nil
}

// refRepair says what rewrites a damaged ref.
func refRepair(branch string) string {
	if strings.HasPrefix(branch, WorktreeRef("")) {
		return "delete the file, then run lgraph update --worktree"
	}
	return fmt.Sprintf("run lgraph init --force with %s checked out, or delete the file if that branch is gone", branch)
}

// Refs lists every published ref, most recently published first.
func (s *Store) Refs() ([]*Ref, error) {
	entries, err := os.ReadDir(s.path("refs"))
	if err != nil {
		return nil, fmt.Errorf("list refs: %w", err)
	}
	var out []*Ref
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || strings.HasPrefix(name, ".tmp-") {
			continue
		}
		branch, err := url.PathUnescape(name)
		if err != nil {
			continue
		}
		r, err := s.ReadRef(branch)
		if err != nil {
			return nil, err
		}
		if r != nil {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Published.Equal(out[j].Published) {
			return out[i].Published.After(out[j].Published)
		}
		return out[i].Branch < out[j].Branch
	})
	return out, nil
}

// Publish makes ref the branch's baseline in one atomic rename, then drops
// the refs and snapshots beyond keep, least recently published first.
func (s *Store) Publish(ref *Ref, keep int) error {
	data, err := json.MarshalIndent(ref, "", "  ")
	if err != nil {
		return fmt.Errorf("publish %s: %w", ref.Branch, err)
	}
	if err := writeAtomic(s.path("refs", refFile(ref.Branch)), data); err != nil {
		return err
	}
	return s.collect(keep)
}

// collect keeps the keep most recent refs and deletes snapshots no ref names.
// A reader that raced with it retries once (see LoadPublished).
func (s *Store) collect(keep int) error {
	refs, err := s.Refs()
	if err != nil {
		return err
	}
	live := map[string]bool{}
	for i, r := range refs {
		if i >= keep {
			_ = os.Remove(s.path("refs", refFile(r.Branch)))
			continue
		}
		for _, t := range r.Tables {
			live[t] = true
		}
	}
	entries, err := os.ReadDir(s.path("tables"))
	if err != nil {
		return fmt.Errorf("list tables: %w", err)
	}
	for _, e := range entries {
		// Temporary files of a writer in progress are its own to remove.
		if !live[e.Name()] && !strings.HasPrefix(e.Name(), ".tmp-") {
			_ = os.Remove(s.path("tables", e.Name()))
		}
	}
	return nil
}

// LoadPublished returns a branch's ref and snapshot, or nils when the branch
// has never been published. It retries once if a concurrent publish removed
// the snapshot between reading the ref and the snapshot.
func (s *Store) LoadPublished(branch string) (*Ref, *snapshot.Snapshot, error) {
	for attempt := 0; ; attempt++ {
		ref, err := s.ReadRef(branch)
		if err != nil || ref == nil {
			return nil, nil, err
		}
		snap, err := s.OpenSnapshot(ref)
		if err == nil {
			return ref, snap, nil
		}
		if attempt > 0 || !errors.Is(err, os.ErrNotExist) {
			return nil, nil, err
		}
	}
}

// RemoveRef deletes a ref; a missing one is not an error.
func (s *Store) RemoveRef(name string) error {
	err := os.Remove(s.path("refs", refFile(name)))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove ref %s: %w", name, err)
	}
	return nil
}
