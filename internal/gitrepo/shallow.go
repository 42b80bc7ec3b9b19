package gitrepo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
)

// ShallowKey names a shallow clone's boundary (the commits listed in the
// git directory's shallow file): "" for a complete history. Deepening or
// unshallowing changes it without a new commit, and the history lgraph
// derived from the old boundary is then out of date.
func (r *Repo) ShallowKey() string {
	data, err := os.ReadFile(filepath.Join(r.CommonDir, "shallow"))
	if err != nil {
		return ""
	}
	lines := bytes.Fields(data)
	if len(lines) == 0 {
		return ""
	}
	slices.SortFunc(lines, bytes.Compare)
	sum := sha256.Sum256(bytes.Join(lines, []byte("\n")))
	return hex.EncodeToString(sum[:])
}
