package enrich

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/snapshot"
)

// dependency is everything one file uses from another.
type dependency struct {
	target string
	kinds  []string
	names  []string
}

// dependencies groups a file's cross-file import and call edges by target file.
func dependencies(s *snapshot.Snapshot, f *snapshot.File) []dependency {
	byTarget := map[string]map[string]bool{}
	names := map[string]map[string]bool{}
	for _, e := range f.Res.Edges {
		if e.Kind != "imports" && e.Kind != "calls" {
			continue
		}
		t := snapshot.FileOfID(e.Target)
		if t == "" || t == f.Path || s.Files.Get(t) == nil {
			continue
		}
		if byTarget[t] == nil {
			byTarget[t], names[t] = map[string]bool{}, map[string]bool{}
		}
		byTarget[t][e.Kind] = true
		if e.Kind == "calls" {
			names[t][e.Via] = true
		}
	}
	var out []dependency
	for _, t := range sortedKeys(byTarget) {
		out = append(out, dependency{target: t, kinds: sortedKeys(byTarget[t]), names: sortedKeys(names[t])})
	}
	return out
}

// explainEdges recomputes the edge summaries of every source file whose
// edges or own summary changed, or one of whose targets' summary changed.
func (w *work) explainEdges(ctx context.Context, full bool, changed map[string]bool) error {
	sources := w.edgeSources(full, changed)
	results := make([]map[string]string, len(sources))
	g := w.group()
	for i, p := range sources {
		f := w.st.Next.Files.Get(p)
		g.Go(func() error {
			if w.stopped() {
				return nil
			}
			m, err := w.explainFile(ctx, f)
			results[i] = m
			return w.fail(err)
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, p := range sources {
		if old := w.st.Next.Files.Get(p); !maps.Equal(old.EdgeSummaries, results[i]) {
			nf := *old
			nf.EdgeSummaries = results[i]
			w.st.Next.Files.Set(&nf)
		}
	}
	w.rep.Extra["edge_sources"] = len(sources)
	return nil
}

// edgeSources lists the files whose edge summaries must be recomputed:
// every code file on a full run; on an update the changed, touched and
// re-resolved files and every file with an edge into one whose summary
// changed (found through the reverse-edge index).
func (w *work) edgeSources(full bool, changed map[string]bool) []string {
	if full {
		var out []string
		for p, f := range w.st.Next.Files.All() {
			if f.Lang != inventory.ConfigLang {
				out = append(out, p)
			}
		}
		return out
	}
	set := map[string]bool{}
	for _, m := range []map[string]bool{changed, w.st.Touched, w.st.Reresolved} {
		for p := range m {
			set[p] = true
		}
	}
	rev := w.st.NextIndex(snapshot.KsRevEdge)
	for t := range changed {
		_ = rev.Scan(snapshot.Prefix(snapshot.KsRevEdge, t), func(k, _ []byte) error {
			if e, ok := snapshot.ParseRevEdge(k); ok && e.Kind != "implicit" {
				set[snapshot.FileOfID(e.Source)] = true
			}
			return nil
		})
	}
	var out []string
	for p := range set {
		if f := w.st.Next.Files.Get(p); f != nil && f.Lang != inventory.ConfigLang {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

func (w *work) explainFile(ctx context.Context, f *snapshot.File) (map[string]string, error) {
	deps := dependencies(w.st.Next, f)
	if len(deps) == 0 || w.secret(f.Path) {
		return nil, nil
	}
	out := make(map[string]string, len(deps))
	for _, d := range deps {
		if w.secret(d.target) {
			continue // nothing about a secret file is sent, not even its names
		}
		t := w.st.Next.Files.Get(d.target)
		// No paths: the explanation is keyed on what DESIGN §2 names (both
		// summaries and the edge kinds, plus the names used), so a rename
		// costs no call.
		in := llm.EdgeInput{SourceSummary: f.Summary, TargetSummary: t.Summary, Kinds: d.kinds, Names: d.names}
		text, err := w.explainEdge(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("explain %s -> %s: %w", f.Path, d.target, err)
		}
		out[d.target] = text
	}
	return out, nil
}

func (w *work) explainEdge(ctx context.Context, in llm.EdgeInput) (string, error) {
	key := edgeKey(in, w.st.LLM.ID())
	var text string
	found, err := w.cached(key, &text)
	if err != nil || found {
		if found {
			w.count("edge_cache_hits")
		}
		return text, err
	}
	res, err := w.st.LLM.SummarizeEdge(ctx, in)
	w.account(res.Usage)
	if err != nil {
		return "", err
	}
	return res.Text, w.keep(key, res.Text)
}

func edgeKey(in llm.EdgeInput, model string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%s", llm.EdgePromptVersion, model,
		in.SourceSummary, in.TargetSummary, strings.Join(in.Kinds, ","), strings.Join(in.Names, ","))
	return "edge/" + hex.EncodeToString(h.Sum(nil))
}
