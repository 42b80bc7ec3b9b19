package llm

import (
	"fmt"
	"unicode/utf8"
)

// ReplyReserve is the number of context tokens kept free for the reply when
// an input is truncated, and the completion allowance a Budget assumes for a
// call before it is made.
const ReplyReserve = 1024

// batchItemReply is the completion room a batched call asks per item.
const batchItemReply = 160

// EstimateTokens estimates the tokens of s as ceil(bytes/4). It is the one
// estimate used everywhere: truncation, the tokens-per-minute limiter, the
// budget and dry runs.
func EstimateTokens(s string) int {
	return (len(s) + 3) / 4
}

// Estimator is implemented by providers that can tell, before a call, how
// many prompt tokens the call would send. Budget uses it; a dry run may too.
// An estimate of zero means the call is free (Offline).
type Estimator interface {
	// EstimateFile estimates the prompt tokens of SummarizeFile(in).
	EstimateFile(in FileInput) int
	// EstimateEdge estimates the prompt tokens of SummarizeEdge(in).
	EstimateEdge(in EdgeInput) int
	// EstimateModule estimates the prompt tokens of ModuleDoc(in).
	EstimateModule(in ModuleInput) int
	// EstimatePieces estimates the prompt tokens of SummarizePieces(in).
	EstimatePieces(in PieceBatch) int
	// EstimateEdges estimates the prompt tokens of SummarizeEdges(in).
	EstimateEdges(in EdgeBatch) int
	// EstimateModules estimates the prompt tokens of ModuleDocs(in).
	EstimateModules(in ModuleBatch) int
}

// truncateMarker is appended where content was cut.
func truncateMarker(n int) string {
	return fmt.Sprintf("\n[... truncated %d bytes ...]\n", n)
}

// fitText keeps the head of s so that EstimateTokens(fixed + result) is at
// most maxTokens, appending a truncation marker when it cuts. It reports the
// number of bytes cut, or an error when not even the marker fits.
func fitText(s string, fixed, maxTokens int) (string, int, error) {
	limit := maxTokens * 4 // bytes allowed for fixed + s
	if fixed+len(s) <= limit {
		return s, 0, nil
	}
	// The marker's length depends on how much is cut; size it for the worst
	// case (all of s) so the result always fits.
	room := limit - fixed - len(truncateMarker(len(s)))
	if room < 0 {
		return "", 0, fmt.Errorf("context of %d tokens leaves no room for the input", maxTokens)
	}
	keep := runeStart(s, room)
	cut := len(s) - keep
	return s[:keep] + truncateMarker(cut), cut, nil
}

// runeStart returns the largest index <= i that starts a rune of s.
func runeStart(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
