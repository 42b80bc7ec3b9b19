// Package agentctx answers "lgraph context": everything an agent needs to
// work on one symbol or file in one answer, within a token budget. It
// gathers the target's exact source, signature and doc, its callers' call
// sites with the lines around them, its callees' signatures, the tests
// that reach it, its implicit couplings and its module's insights; ranks
// them; and keeps them in rank order while the answer, counted with a real
// tokenizer, fits the budget, saying what it left out (design.md §4,
// context). It reads one published snapshot through query and readview,
// like every other answer.
package agentctx
