package store

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/lgraph/lgraph/snapshot"
)

// DetachedRef is the ref name used for a detached HEAD.
const DetachedRef = "@detached"

// Ref is a branch's published baseline.
type Ref struct {
	Branch      string    `json:"branch"`
	Commit      string    `json:"commit"`
	Snapshot    string    `json:"snapshot"` // file name under snapshots/
	ContentRoot string    `json:"content_root"`
	LeafCount   int       `json:"leaf_count"`
	Run         int       `json:"run"`
	Published   time.Time `json:"published"`
	// Worktree marks a working-tree overlay rather than a commit baseline.
	Worktree bool `json:"worktree,omitempty"`
	// ConfigKey and Versions repeat the snapshot's, so a no-op update can
	// answer from the ref alone.
	ConfigKey string `json:"config_key,omitempty"`
	// Segments are the segment files the snapshot's manifest references.
	Segments []string          `json:"segments,omitempty"`
	Versions map[string]string `json:"versions,omitempty"`
}

func refFile(branch string) string { return url.PathEscape(branch) + ".json" }

// ReadRef returns the published ref of a branch, or nil when there is none.
func (s *Store) ReadRef(branch string) (*Ref, error) {
	data, err := os.ReadFile(s.path("refs", refFile(branch)))
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
	return &r, nil
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

// WriteSnapshot writes the segments a snapshot needs that are not on disk
// yet, then its manifest, named by the hash of its bytes. It returns the
// manifest name and every segment the manifest references. Writing the same
// snapshot twice is harmless; nothing is visible until a ref names it.
func (s *Store) WriteSnapshot(snap *snapshot.Snapshot) (string, []string, error) {
	manifest, segments, err := snapshot.Pack(snap, snapshot.DefaultPacking)
	if err != nil {
		return "", nil, err
	}
	if err := os.MkdirAll(s.path("segments"), 0o755); err != nil {
		return "", nil, fmt.Errorf("write snapshot: %w", err)
	}
	for _, seg := range segments {
		if err := writeAtomic(s.path("segments", seg.Name), seg.Bytes); err != nil {
			return "", nil, err
		}
	}
	sum := sha256.Sum256(manifest)
	name := hex.EncodeToString(sum[:16]) + ".snap"
	if err := writeAtomic(s.path("snapshots", name), manifest); err != nil {
		return "", nil, err
	}
	m, err := snapshot.DecodeManifest(manifest)
	if err != nil {
		return "", nil, err
	}
	return name, m.Segments, nil
}

// ReadSnapshot loads a published snapshot by manifest name.
func (s *Store) ReadSnapshot(name string) (*snapshot.Snapshot, error) {
	data, err := os.ReadFile(s.path("snapshots", name))
	if err != nil {
		return nil, fmt.Errorf("read snapshot %s: %w", name, err)
	}
	m, err := snapshot.DecodeManifest(data)
	if err != nil {
		return nil, fmt.Errorf("snapshot %s: %w", name, err)
	}
	segs := make(map[string][]byte, len(m.Segments))
	for _, seg := range m.Segments {
		b, err := os.ReadFile(s.path("segments", seg))
		if err != nil {
			return nil, fmt.Errorf("read snapshot %s: %w", name, err)
		}
		segs[seg] = b
	}
	snap, err := m.Assemble(segs)
	if err != nil {
		return nil, fmt.Errorf("snapshot %s: %w", name, err)
	}
	return snap, nil
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
		live[r.Snapshot] = true
		for _, seg := range r.Segments {
			live[seg] = true
		}
	}
	for _, dir := range []string{"snapshots", "segments"} {
		entries, err := os.ReadDir(s.path(dir))
		if err != nil {
			return fmt.Errorf("list %s: %w", dir, err)
		}
		for _, e := range entries {
			if !live[e.Name()] {
				_ = os.Remove(s.path(dir, e.Name()))
			}
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
		snap, err := s.ReadSnapshot(ref.Snapshot)
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
