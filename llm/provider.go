package llm

import (
	"context"
	"errors"
)

// Prompt versions. Each is part of the cache key of what it produces (docs/design.md
// §2), together with Provider.ID. Bump one whenever the prompt sent by OpenAI
// or the text rendered by Offline for that kind of input changes, so that
// cached text produced by the old code is not reused.
const (
	// FilePromptVersion versions file summaries (composed from pieces by a
	// paid provider, whole-file by Offline).
	FilePromptVersion = "file-v6"
	// PiecePromptVersion versions the per-definition summaries of batched
	// piece calls.
	PiecePromptVersion = "piece-v2"
	// EdgePromptVersion versions edge summaries.
	EdgePromptVersion = "edge-v3"
	// ModulePromptVersion versions module docs.
	ModulePromptVersion = "module-v6"
)

// ErrBudget is matched (errors.Is) by the error of a call refused because it
// would exceed the token budget. Nothing was sent for such a call.
var ErrBudget = errors.New("llm token budget exhausted")

// ErrSecretFile is matched by the error of a call refused because the file
// path looks like a secret (see SecretFilter). Nothing was sent.
var ErrSecretFile = errors.New("file looks like a secret and is never sent")

// ErrMalformedReply is matched by the error of a call whose replies did not
// follow the {"summary": string} schema, even after one retry.
var ErrMalformedReply = errors.New("malformed reply")

// Provider writes the prose of the graph. Implementations are safe for
// concurrent use. On error the returned Result may still carry the Usage spent
// before the failure, so that accounting stays exact.
type Provider interface {
	// ID is the model identity used in cache keys: "offline" or
	// "openai:<model>".
	ID() string
	// SummarizeFile summarizes one file.
	SummarizeFile(ctx context.Context, in FileInput) (Result, error)
	// SummarizeEdge describes how one file depends on another.
	SummarizeEdge(ctx context.Context, in EdgeInput) (Result, error)
	// ModuleDoc writes the markdown doc of one module (a directory).
	ModuleDoc(ctx context.Context, in ModuleInput) (Result, error)
	// SummarizePieces summarizes each piece, of one file or of several, in one call.
	SummarizePieces(ctx context.Context, in PieceBatch) (BatchResult, error)
	// SummarizeEdges explains each edge, of one source file or of several, in one call.
	SummarizeEdges(ctx context.Context, in EdgeBatch) (BatchResult, error)
	// ModuleDocs writes the narrative of each of several modules in one call.
	ModuleDocs(ctx context.Context, in ModuleBatch) (BatchResult, error)
	// Explore proposes the keys one file shares with others through no
	// import (the implicit phase's explorer; Offline finds none).
	Explore(ctx context.Context, in ExploreInput) (ExploreResult, error)
}

// FileInput is what a file summary is made from.
type FileInput struct {
	// Path is the repository-relative path, "/"-separated.
	Path string
	// Lang is the language id ("go", "python", ...), empty when unknown.
	Lang string
	// Content is the file content. OpenAI redacts likely secrets before
	// sending it and truncates it to fit the context.
	Content []byte
	// Doc is what the file says of itself (facts.File.Doc, extracted once
	// with the file's facts); Offline writes its summary from it.
	Doc string
	// Symbols are the file's definitions in source order.
	Symbols []SymbolInfo
	// Imports are the import specifiers in source order.
	Imports []string
	// Dependents and Dependencies are paths of files that use this file and
	// that this file uses. They are graph context, not content: the file
	// summary key (docs/design.md §2) holds only the content, so neither provider
	// puts them into the summary. They are kept for callers that key on them.
	Dependents, Dependencies []string
}

// SymbolInfo is one definition of a file.
type SymbolInfo struct {
	// Name is the simple name ("Get").
	Name string
	// Qualified is the dotted name ("Server.Get"); equal to Name at top level.
	Qualified string
	// Kind is the symbol kind ("function", "class", ...).
	Kind string
	// Signature is the one-line declaration header.
	Signature string
	// Doc is the doc comment with comment markers stripped.
	Doc string
	// Uses is how many nodes of the repository call or reference it
	// (snapshot.Uses): Offline speaks for a file with no doc of its own
	// through its most used public definition.
	Uses int
}

// EdgeInput is what an edge summary is made from.
type EdgeInput struct {
	// SourcePath and TargetPath are the files at both ends of the edge.
	SourcePath, TargetPath string
	// SourceSummary and TargetSummary are the two files' summaries.
	SourceSummary, TargetSummary string
	// Kinds are the edge kinds ("imports", "calls", ...). Order does not matter.
	Kinds []string
	// Names are the referenced names (or implicit keys). Order does not matter.
	Names []string
	// Signatures are the declarations the names resolve to in the target.
	// Order does not matter.
	Signatures []string
}

// ModuleInput is what a module doc is made from.
type ModuleInput struct {
	// Dir is the module directory, "" or "." for the repository root.
	Dir string
	// Members are the module's code files, or its test files when it has
	// no other (Tests is then true). Order does not matter.
	Members []MemberInfo
	Tests   bool
	// In and Out name the modules that use the module and that it uses,
	// through any edge. Offline counts them; a model is sent Uses instead.
	// Order does not matter.
	In, Out []string
	// Uses are the modules the module mainly depends on: those at least two
	// of its code files use (its only file, in a one-file module). A model
	// is sent these and not In, so another module starting to call this
	// one, or one file reaching for a helper elsewhere, does not rewrite
	// the paragraph: both are in the doc's rendered sections. Order does
	// not matter.
	Uses []string
}

// MemberInfo is one file of a module.
type MemberInfo struct {
	// Path is the file path.
	Path string
	// Summary is the file summary.
	Summary string
	// Doc is what the file says of itself (a header comment or module
	// docstring), and Defs are its main definitions with their doc
	// comments, in source order. A model is told of a file by these, and
	// by its summary's first sentence only when none of them has a doc.
	Doc  string
	Defs []DefInfo
	// Users is how many other files use the file. Offline lets the most
	// used file speak for the module; a model is not sent it, so a new
	// caller elsewhere rewrites no paid paragraph.
	Users int
}

// DefInfo is one definition of a module member.
type DefInfo struct {
	// Name is the qualified name ("Server.Get").
	Name string
	// Doc is the doc comment or docstring; only its first sentence is sent.
	Doc string
}

// Result is the text a provider produced and what it cost.
type Result struct {
	// Text is the summary (plain text) or module doc (markdown).
	Text string
	// Usage is what producing Text cost, retries included.
	Usage Usage
}

// Usage counts tokens and billed calls.
type Usage struct {
	// PromptTokens and CompletionTokens are as reported by the endpoint (or
	// estimated when it reports none).
	PromptTokens, CompletionTokens int
	// Calls counts requests that returned a completion, retried ones included.
	Calls int
	// SystemTokens is the part of PromptTokens spent on system prompts
	// (estimated: endpoints report no split), which every request repeats;
	// its share says how much fuller requests would save.
	SystemTokens int
}

// Add returns the sum of u and v.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		PromptTokens:     u.PromptTokens + v.PromptTokens,
		CompletionTokens: u.CompletionTokens + v.CompletionTokens,
		Calls:            u.Calls + v.Calls,
		SystemTokens:     u.SystemTokens + v.SystemTokens,
	}
}

// Tokens returns prompt plus completion tokens.
func (u Usage) Tokens() int { return u.PromptTokens + u.CompletionTokens }
