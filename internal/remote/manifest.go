package remote

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"

	"github.com/lgraph/lgraph/internal/store"
)

// Manifest describes one published snapshot on the remote: the commit it
// indexes, what produced it, its content root and its tables by name and
// full SHA-256. It is itself an object named by its hash.
type Manifest struct {
	Format      int               `json:"format"`
	Commit      string            `json:"commit"`
	Branch      string            `json:"branch"`
	ConfigKey   string            `json:"config_key"`
	Versions    map[string]string `json:"versions"`
	ContentRoot string            `json:"content_root"`
	LeafCount   int               `json:"leaf_count"`
	Tables      []TableObject     `json:"tables"`
}

// TableObject is one table of a snapshot: its local file name and the
// SHA-256 of its bytes (the remote object's name).
type TableObject struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
}

// Producer is what a snapshot must have been made by to be used in place
// of a local run: the store format, the configuration's output key and
// the producing code's versions (pipeline.Versions).
type Producer struct {
	ConfigKey string
	Versions  map[string]string
}

// digest names a producer in snapshot keys.
func (p Producer) digest() string {
	b, _ := json.Marshal(struct {
		Format    int               `json:"format"`
		ConfigKey string            `json:"config_key"`
		Versions  map[string]string `json:"versions"`
	}{store.Format, p.ConfigKey, p.Versions})
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:16])
}

// snapshotKey is where the manifest hash of a commit's snapshot by a
// producer lives.
func snapshotKey(commit string, p Producer) string {
	return "snapshots/" + commit + "/" + p.digest()
}

// check refuses a manifest that is not the one its key promised or names
// tables this store would not write.
func (m *Manifest) check(commit string, p Producer) error {
	switch {
	case m.Format != store.Format:
		return fmt.Errorf("snapshot of %.12s has store format %d, this lgraph writes %d", commit, m.Format, store.Format)
	case m.Commit != commit:
		return fmt.Errorf("snapshot filed under %.12s describes commit %.12s", commit, m.Commit)
	case m.ConfigKey != p.ConfigKey || !maps.Equal(m.Versions, p.Versions):
		return fmt.Errorf("snapshot of %.12s was made with other settings or extractor versions", commit)
	case len(m.Tables) == 0:
		return fmt.Errorf("snapshot of %.12s names no tables", commit)
	}
	for _, t := range m.Tables {
		// A table's local name is the first half of its SHA-256; a
		// manifest whose names and hashes disagree is refused whole.
		if !validSum(t.SHA256) || t.Name != t.SHA256[:32]+".tbl" {
			return fmt.Errorf("%w: snapshot of %.12s names table %q with hash %q", ErrCorrupt, commit, t.Name, t.SHA256)
		}
	}
	return nil
}

func parseManifest(data []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%w: manifest does not decode: %v", ErrCorrupt, err)
	}
	return &m, nil
}
