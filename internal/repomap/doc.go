// Package repomap answers "lgraph map": the repository's most important
// definitions as signatures grouped by file, within a token budget, as
// Aider's repository map does. Importance is PageRank over the published
// symbol graph (calls, references, extends, implements, imports, and
// contains so that a used file or type passes rank to what it holds),
// personalized to focus files when given; the answer keeps the best
// ranked definitions while its rendering, counted with a real tokenizer,
// fits the budget. A module-level map ranks directories instead, for
// repositories too large for a first look at definitions.
package repomap
