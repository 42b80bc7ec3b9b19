package llm

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Batched calls: one request carries several independent items (definitions,
// edges, of one file or of many) and the reply holds one summary per item, in
// order. Each item's text is a pure function of its input and names no path,
// and callers cache each reply under the hash of its item's text, so a
// changed definition re-pays only its own item and which items share a
// request changes no cache key.

// Piece is one definition of a file (or the file's top-level code) to be
// summarized on its own.
type Piece struct {
	// Path is the piece's file: used to refuse secret files and in errors,
	// never sent. Empty takes the batch's Path.
	Path string
	// Lang is the language id of the piece's file, sent with the piece.
	// Empty takes the batch's Lang.
	Lang string
	// Kind and Name say what the piece defines ("function", "Server.Get");
	// both empty for the file's top-level code.
	Kind, Name string
	// Content is the piece's normalized source text.
	Content string
	// Doc is the definition's doc comment or docstring, or the file's own
	// doc for its top-level code, as extracted with the file's facts.
	// Offline writes from it; a model reads the doc in Content.
	Doc string
}

// PieceBatch is the pieces sent in one request, of one file or of several.
type PieceBatch struct {
	// Path and Lang are those of every piece that names none (a batch of
	// one file's pieces); Path is never sent.
	Path string
	Lang string
	// Pieces are the definitions to summarize, in the order of the reply.
	Pieces []Piece
}

// path is the file of piece i.
func (b PieceBatch) path(i int) string { return cmp.Or(b.Pieces[i].Path, b.Path) }

// files names the files of the batch's pieces, for errors.
func (b PieceBatch) files() string {
	paths := make([]string, len(b.Pieces))
	for i := range b.Pieces {
		paths[i] = b.path(i)
	}
	return namePaths(paths, b.Path)
}

// EdgeBatch is the edges sent in one request, of one source file or of
// several.
type EdgeBatch struct {
	// SourcePath is the source of every edge that names none; it is used
	// only in errors and is not sent.
	SourcePath string
	// Edges are the relations to explain, in the order of the reply.
	Edges []EdgeInput
}

// files names the source files of the batch's edges, for errors.
func (b EdgeBatch) files() string {
	paths := make([]string, len(b.Edges))
	for i, e := range b.Edges {
		paths[i] = cmp.Or(e.SourcePath, b.SourcePath)
	}
	return namePaths(paths, b.SourcePath)
}

// namePaths names the distinct paths of a batch: the one path, or the first
// and how many other files.
func namePaths(paths []string, fallback string) string {
	distinct := slices.Compact(slices.Sorted(slices.Values(paths)))
	switch len(distinct) {
	case 0:
		return fallback
	case 1:
		return distinct[0]
	}
	if len(distinct) == 2 {
		return distinct[0] + " and 1 other file"
	}
	return fmt.Sprintf("%s and %d other files", distinct[0], len(distinct)-1)
}

// BatchResult is one summary per item and what the request cost.
type BatchResult struct {
	// Texts holds one summary per item, in item order.
	Texts []string
	// Usage is what the request cost, retries included.
	Usage Usage
}

// batchReplyInstruction is the reply schema of batched calls.
const batchReplyInstruction = `Reply with only a JSON object of the form {"summaries": ["<text>", ...]} ` +
	`holding exactly one non-empty string per item, in item order.`

// System prompts of batched calls. Changing one requires bumping
// PiecePromptVersion or EdgePromptVersion.
const (
	pieceSystem = "You document source code for a code graph. Each item is one definition of a file " +
		"(or the file's top-level code), given on its own. For each item write one plain sentence " +
		"saying what it does or is for; judge each item alone. " + batchReplyInstruction
	edgeBatchSystem = "You document dependencies in a code graph. Each item is how one source file " +
		"depends on a target: the relation, the names the source uses and the definitions they resolve " +
		"to. For each item write one plain sentence saying what the source uses the target for; judge " +
		"each item alone. " + batchReplyInstruction
)

// batchSchema is the JSON schema of batched replies.
const batchSchema = `{"type":"object","properties":{"summaries":{"type":"array","items":{"type":"string"}}},` +
	`"required":["summaries"],"additionalProperties":false}`

// PieceItem is the text sent for one piece: what its cache key must hash.
// lang is the language of a piece that names none.
func PieceItem(lang string, p Piece) string {
	lang = cmp.Or(p.Lang, lang)
	var b strings.Builder
	if lang != "" {
		fmt.Fprintf(&b, "Language: %s\n", lang)
	}
	if p.Name == "" {
		b.WriteString("Top-level code:\n")
	} else {
		fmt.Fprintf(&b, "Definition: %s %s\n", p.Kind, p.Name)
	}
	b.WriteString(p.Content)
	return b.String()
}

// EdgeItem is the text sent for one edge: the relation, the names used and
// the signatures they resolve to; the target's summary only when no name
// says what is used (a bare import). No paths, so a rename costs no call.
func EdgeItem(in EdgeInput) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Relation: %s\n", strings.Join(sortedUnique(in.Kinds), ", "))
	if names := sortedUnique(in.Names); len(names) > 0 {
		fmt.Fprintf(&b, "Names used: %s\n", strings.Join(names, ", "))
	}
	if sigs := sortedUnique(in.Signatures); len(sigs) > 0 {
		b.WriteString("Target definitions:\n")
		for _, s := range sigs {
			fmt.Fprintf(&b, "- %s\n", oneLine(s))
		}
		return b.String()
	}
	fmt.Fprintf(&b, "Target summary: %s\n", oneLine(in.TargetSummary))
	return b.String()
}

// ItemHeader is the line that opens item i (1-based) of n in a batch.
func ItemHeader(i, n int) string { return fmt.Sprintf("=== item %d of %d ===\n", i, n) }

// batchPrompt joins items under numbered headers.
func batchPrompt(system string, items []string) prompt {
	var b strings.Builder
	for i, it := range items {
		b.WriteString(ItemHeader(i+1, len(items)))
		b.WriteString(it)
		if !strings.HasSuffix(it, "\n") {
			b.WriteString("\n")
		}
	}
	return prompt{system: system, user: b.String(), items: len(items)}
}

func piecePrompt(in PieceBatch) prompt {
	items := make([]string, len(in.Pieces))
	for i, p := range in.Pieces {
		items[i] = PieceItem(in.Lang, p)
	}
	return batchPrompt(pieceSystem, items)
}

func edgeBatchPrompt(in EdgeBatch) prompt {
	items := make([]string, len(in.Edges))
	for i, e := range in.Edges {
		items[i] = EdgeItem(e)
	}
	return batchPrompt(edgeBatchSystem, items)
}

// parseBatchReply validates a batched reply against its schema and item
// count and returns it re-encoded, so callers decode a known-good form.
func parseBatchReply(content string, n int) (string, error) {
	texts, err := decodeBatch(unfence(strings.TrimSpace(content)))
	if err != nil {
		return "", err
	}
	if len(texts) != n {
		return "", fmt.Errorf("%w: %d summaries for %d items", ErrMalformedReply, len(texts), n)
	}
	for i, s := range texts {
		if texts[i] = strings.TrimSpace(s); texts[i] == "" {
			return "", fmt.Errorf("%w: summary %d is empty", ErrMalformedReply, i+1)
		}
	}
	b, err := json.Marshal(texts)
	return string(b), err
}

func decodeBatch(content string) ([]string, error) {
	var reply struct {
		Summaries *[]string `json:"summaries"`
	}
	if err := json.Unmarshal([]byte(content), &reply); err != nil {
		return nil, fmt.Errorf("%w: not a JSON object with a string array \"summaries\": %v", ErrMalformedReply, err)
	}
	if reply.Summaries == nil {
		return nil, fmt.Errorf("%w: no \"summaries\" field", ErrMalformedReply)
	}
	return *reply.Summaries, nil
}

// SummarizePieces asks the model for one summary per piece, in one request.
func (p *OpenAI) SummarizePieces(ctx context.Context, in PieceBatch) (BatchResult, error) {
	for i := range in.Pieces {
		if path := in.path(i); p.secrets.IsSecretPath(path) {
			return BatchResult{}, fmt.Errorf("openai summarize pieces of %s: %w", path, ErrSecretFile)
		}
	}
	res, err := p.runBatch(ctx, piecePrompt(in))
	if err != nil {
		return res, fmt.Errorf("openai summarize %d pieces of %s: %w", len(in.Pieces), in.files(), err)
	}
	return res, nil
}

// SummarizeEdges asks the model for one explanation per edge, in one request.
func (p *OpenAI) SummarizeEdges(ctx context.Context, in EdgeBatch) (BatchResult, error) {
	res, err := p.runBatch(ctx, edgeBatchPrompt(in))
	if err != nil {
		return res, fmt.Errorf("openai summarize %d edges of %s: %w", len(in.Edges), in.files(), err)
	}
	return res, nil
}

// runBatch sends a batched prompt and decodes its validated reply.
func (p *OpenAI) runBatch(ctx context.Context, pr prompt) (BatchResult, error) {
	if pr.items == 0 {
		return BatchResult{}, nil
	}
	res, err := p.run(ctx, pr)
	out := BatchResult{Usage: res.Usage}
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal([]byte(res.Text), &out.Texts); err != nil {
		return out, fmt.Errorf("decode validated reply: %w", err)
	}
	return out, nil
}

// EstimatePieces estimates the prompt tokens SummarizePieces would send; 0
// for a file it would refuse.
func (p *OpenAI) EstimatePieces(in PieceBatch) int {
	if len(in.Pieces) == 0 {
		return 0
	}
	for i := range in.Pieces {
		if p.secrets.IsSecretPath(in.path(i)) {
			return 0
		}
	}
	return p.estimate(piecePrompt(in))
}

// EstimateEdges estimates the prompt tokens SummarizeEdges would send.
func (p *OpenAI) EstimateEdges(in EdgeBatch) int {
	if len(in.Edges) == 0 {
		return 0
	}
	return p.estimate(edgeBatchPrompt(in))
}
