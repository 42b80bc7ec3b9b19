package explicit

import "github.com/lgraph/lgraph/internal/snapshot"

// FactsKey is the cache key of a blob's facts as this extractor makes them
// (docs/design.md §2): a sharded init uploads exactly these entries, and
// the assembling init finds them under the key its own parse would use.
// The key names the value's encoding (snapshot.FactsEncoding), so that a
// cache holding facts written another way misses them rather than reading
// them wrong.
func FactsKey(lang, blob string) string {
	return "facts/" + Version + "/" + snapshot.FactsEncoding + "/" + lang + "/" + blob
}
