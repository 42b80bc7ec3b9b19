package remote

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// Shard is one slice of a sharded init: shard Index of Count (1-based), as
// `lgraph init --shard I/N` names it. The slice is a function of the path
// alone, so N machines that agree on N cover every file exactly once,
// whatever order or machine each runs on.
type Shard struct {
	Index, Count int
}

// ParseShard reads "I/N" with 1 <= I <= N.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, ierr := strconv.Atoi(is)
	n, nerr := strconv.Atoi(ns)
	if !ok || ierr != nil || nerr != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("--shard %q: give I/N with 1 <= I <= N, as --shard 1/3", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// String is the shard as the flag names it.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Holds reports whether path falls in this shard: the first 8 bytes of
// the SHA-256 of the path, mod Count. A hash (not the path's order in the
// tree) keeps the slice of a path the same when other files come and go,
// and spreads a directory of similar files over all shards.
func (s Shard) Holds(path string) bool {
	sum := sha256.Sum256([]byte(path))
	return binary.BigEndian.Uint64(sum[:8])%uint64(s.Count) == uint64(s.Index-1)
}
