// Package llm turns code-graph facts into prose: file summaries, edge
// summaries and module docs, through one Provider interface.
//
// Two providers implement it. Offline (the default) builds deterministic text
// from doc comments, symbols and the graph, with no network. OpenAI talks to
// any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server) with
// structured JSON replies that are validated, retries with backoff, bounded
// concurrency, a tokens-per-minute limiter and deliberate truncation of inputs
// that would not fit the model's context.
//
// Around providers sit accounting (Usage, Meter, Price), a token Budget that
// refuses a call before it is sent, and privacy (SecretFilter, Redact): files
// that look like secrets are never sent and likely secrets inside sent content
// are replaced by "[REDACTED]".
//
// The package never prints and holds no global mutable state.
package llm
