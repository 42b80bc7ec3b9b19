package llm

import (
	"context"
	"fmt"
)

// EstimatePieces returns 0: offline calls are free.
func (Offline) EstimatePieces(PieceBatch) int { return 0 }

// EstimateEdges returns 0: offline calls are free.
func (Offline) EstimateEdges(EdgeBatch) int { return 0 }

// SummarizePieces describes each piece from its doc (the definition's doc
// comment or docstring, the file's own doc for top-level code), or names
// what it defines.
func (Offline) SummarizePieces(ctx context.Context, in PieceBatch) (BatchResult, error) {
	if err := ctx.Err(); err != nil {
		return BatchResult{}, fmt.Errorf("offline summarize pieces of %s: %w", in.files(), err)
	}
	out := BatchResult{Texts: make([]string, len(in.Pieces))}
	for i, p := range in.Pieces {
		doc := firstSentence(p.Doc)
		switch {
		case p.Name == "" && doc != "":
			out.Texts[i] = doc
		case p.Name == "":
			out.Texts[i] = "Top-level code."
		case doc != "":
			out.Texts[i] = fmt.Sprintf("%s %s: %s", kindNoun(p.Kind, 1), p.Name, doc)
		default:
			out.Texts[i] = fmt.Sprintf("Defines %s %s.", kindNoun(p.Kind, 1), p.Name)
		}
	}
	return out, nil
}

// SummarizeEdges renders each edge as SummarizeEdge does.
func (o Offline) SummarizeEdges(ctx context.Context, in EdgeBatch) (BatchResult, error) {
	out := BatchResult{Texts: make([]string, len(in.Edges))}
	for i, e := range in.Edges {
		res, err := o.SummarizeEdge(ctx, e)
		if err != nil {
			return out, err
		}
		out.Texts[i] = res.Text
	}
	return out, nil
}
