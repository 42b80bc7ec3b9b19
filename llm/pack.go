package llm

// Pack splits items, in order, into the requests of batched calls. A
// request closes once it holds maxItems items or its items' tokens (size)
// reach limit, after the item that fills it and never before an item that
// would overflow it, so each request is decided by its first item and
// those after it alone: a run resumed after a budget stop, given exactly
// the items of the requests the stopped run did not send, packs exactly
// those requests again.
func Pack[T any](items []T, size func(T) int, maxItems, limit int) [][]T {
	var out [][]T
	var cur []T
	tokens := 0
	for _, it := range items {
		cur = append(cur, it)
		tokens += size(it)
		if len(cur) >= maxItems || tokens >= limit {
			out = append(out, cur)
			cur, tokens = nil, 0
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// BatchLimit is the item tokens at which a request of batched items
// closes: most, or less when the configured context window (contextTokens,
// 0 for unset) is small, since the whole request and its reply must fit in
// it and an item may overshoot the limit by its own size.
func BatchLimit(most, contextTokens int) int {
	if contextTokens > 0 {
		most = min(most, contextTokens/4)
	}
	return max(1, most)
}
