package gc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// marks are what the kept snapshots were built from: the cache entries
// they name, directly (summary and module keys) or by content (blob ids,
// edge explanations, whose keys hash inputs gc does not rebuild).
type marks struct {
	blobs     map[string]bool
	contents  map[string]bool            // normalized content hashes (the explorer's keys)
	keys      map[string]bool            // summary/… and module/… keys in use
	edgeTexts map[string]bool            // edge explanations in use
	versions  map[string]map[string]bool // phase -> producing versions in use
	commits   map[string]bool            // the kept snapshots' commits
}

func newMarks() *marks {
	return &marks{blobs: map[string]bool{}, contents: map[string]bool{}, keys: map[string]bool{}, edgeTexts: map[string]bool{}, versions: map[string]map[string]bool{}, commits: map[string]bool{}}
}

// mark adds what one kept snapshot uses.
func (m *marks) mark(s *store.Store, ref *store.Ref) error {
	_, snap, err := s.LoadPublished(ref.Branch)
	if err != nil || snap == nil {
		return fmt.Errorf("open the snapshot of %s: %v", ref.Branch, err)
	}
	defer snap.Close()
	m.commits[ref.Commit] = true
	for phase, v := range snap.Versions {
		if m.versions[phase] == nil {
			m.versions[phase] = map[string]bool{}
		}
		m.versions[phase][v] = true
	}
	// The head (blob, digests), the summary key and the edge summaries are
	// all gc reads of a record: not the facts, references and edges that
	// are most of its bytes.
	for _, p := range snap.Files.Paths() {
		f := snap.Files.GetParts(p, snapshot.PartSummary|snapshot.PartEdgeSummaries)
		if f == nil {
			continue
		}
		m.blobs[f.Blob] = true
		m.contents[f.NormSHA] = true
		m.keys[f.SummaryKey] = true
		for _, text := range f.EdgeSummaries {
			m.edgeTexts[text] = true
		}
	}
	if err := snap.Files.Err(); err != nil {
		return fmt.Errorf("read the snapshot of %s: %w", ref.Branch, err)
	}
	for _, dir := range snap.Modules.Dirs() {
		if md := snap.Modules.Get(dir); md != nil {
			m.keys[md.InputKey] = true
		}
	}
	return snap.Modules.Err()
}

// paid reports the entries a model was paid for.
func paid(key string) bool {
	for _, p := range []string{"summary/", "edge/", "module/", "explore/"} {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// live decides one key. Keys of a kind gc does not know are kept: a newer
// lgraph may have written them.
func (m *marks) live(c *cache.Cache, key string) (bool, error) {
	parts := strings.Split(key, "/")
	blob := parts[len(parts)-1]
	switch parts[0] {
	case "blob": // blob/<inventory version>/<blob>
		return len(parts) == 3 && m.versions["inventory"][parts[1]] && m.blobs[blob], nil
	case "facts": // facts/<explicit version>/<encoding>/<lang>/<blob>; an encoding before it is dead
		return len(parts) == 5 && parts[2] == snapshot.FactsEncoding && m.versions["explicit"][parts[1]] && m.blobs[blob], nil
	case "implicit": // implicit/<implicit version>/<family>/<blob>
		return len(parts) == 4 && m.versions["implicit"][parts[1]] && m.blobs[blob], nil
	case "project-file":
		return m.blobs[blob], nil
	case "attrs": // attrs/<list version>/<commit>: a commit's .gitattributes files, which the next update starts from
		return len(parts) == 3 && m.commits[blob], nil
	case "summary", "module":
		return m.keys[key], nil
	case "explore": // explore/<prompt version>/<normalized content hash>/<model and language hash>
		return len(parts) == 4 && m.explorer(parts[1]) && m.contents[parts[2]], nil
	case "edge":
		raw, err := c.Value(key)
		if err != nil {
			return false, err
		}
		var text string
		if json.Unmarshal(raw, &text) != nil {
			return false, nil
		}
		return m.edgeTexts[text], nil
	}
	return true, nil
}

// collectCache deletes the entries no kept snapshot uses, then compacts
// (a light gc: only when the cache grew enough, and without compacting).
func collectCache(ctx context.Context, o Options, c *cache.Cache, kept []*store.Ref, keepPaid string, rep *Report) error {
	if o.Light {
		// Badger's compactions found dead values in the value log
		// since the last gc; dropping their files is cheap.
		if err := c.ReclaimValueLog(); err != nil {
			return err
		}
		due, why, err := cacheDue(c)
		if err != nil || !due {
			rep.Cache.Deferred = why
			return err
		}
	}
	if err := sweepCache(ctx, o, c, kept, keepPaid, rep); err != nil {
		return err
	}
	if !o.Light {
		if err := c.Compact(); err != nil {
			return err
		}
	}
	return recordCollected(c)
}

// sweepCache marks what the kept snapshots use and deletes the rest.
func sweepCache(ctx context.Context, o Options, c *cache.Cache, kept []*store.Ref, keepPaid string, rep *Report) error {
	m := newMarks()
	for _, r := range kept {
		if err := m.mark(o.Store, r); err != nil {
			return err
		}
	}
	var dead []string
	err := c.Entries(func(e cache.Entry) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		ok, err := m.live(c, e.Key)
		switch {
		case err != nil:
			return err
		case ok:
			rep.Cache.Kept++
		case paid(e.Key) && keepPaid != "":
			rep.Cache.Kept++
			rep.Cache.PaidKept++
		default:
			dead = append(dead, e.Key)
			rep.Cache.Removed++
			rep.Cache.Bytes += e.Size
		}
		return nil
	})
	if errors.Is(err, cache.ErrDamaged) {
		// Nothing is deleted, and nothing is claimed kept: Close moves
		// the whole cache aside, and Replaced says so.
		rep.Cache = CacheFreed{}
		return nil
	}
	if err != nil {
		return fmt.Errorf("mark the cache: %w", err)
	}
	if rep.Cache.PaidKept > 0 {
		rep.Cache.PaidKeptReason = keepPaid
	}
	if err := c.Delete(dead); err != nil {
		return err
	}
	hit(o, "gc-cache-deleted")
	return nil
}

// explorer reports whether a kept snapshot was explored with a prompt
// version (its explorer version is "<prompt version>+<model>").
func (m *marks) explorer(promptVersion string) bool {
	for v := range m.versions["explorer"] {
		if strings.HasPrefix(v, promptVersion+"+") {
			return true
		}
	}
	return false
}
