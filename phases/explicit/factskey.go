package explicit

// FactsKey is the cache key of a blob's facts as this extractor makes them
// (docs/design.md §2): a sharded init uploads exactly these entries, and
// the assembling init finds them under the key its own parse would use.
func FactsKey(lang, blob string) string { return "facts/" + Version + "/" + lang + "/" + blob }
