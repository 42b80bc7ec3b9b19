package implicit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
)

// The model explorer asks the model, one file at a time, for the keys the
// file shares with others that the rules cannot see. A file's proposals
// are a function of its content, the prompt version and the model, cached
// under the hash of those, so an update explores only the files it
// touched and takes the others' proposals from the base snapshot, as a
// full run would find them in the cache: both give the same edges. Edges
// join the files using a key exactly as rule edges do; one is the
// explorer's (source llm) unless both ends found the key by rule.

// ExplorerOff is the explorer's version when it does not run.
const ExplorerOff = "off"

// ExplorerVersion is what a snapshot records for the explorer: a change
// (switched on or off, new prompt or model) re-explores every file.
func ExplorerVersion(cfg *config.Config, p llm.Provider) string {
	if !cfg.Implicit.LLMExplorer || p.ID() == "offline" {
		return ExplorerOff
	}
	return llm.ExplorePromptVersion + "+" + p.ID()
}

// explorerNote says why the explorer did not run, or "" when it ran.
func explorerNote(cfg *config.Config, p llm.Provider) string {
	switch {
	case p.ID() == "offline":
		return "model explorer skipped: llm.provider is offline"
	case !cfg.Implicit.LLMExplorer:
		return "model explorer off (implicit.llm_explorer: false)"
	}
	return ""
}

// explorer is one run of the model explorer.
type explorer struct {
	st    *phase.State
	read  func(string) ([]byte, error)
	rep   *store.Phase
	mu    sync.Mutex
	usage llm.Usage
	stop  atomic.Bool
}

// explore runs the explorer (or clears what an earlier one left) and
// rebuilds the explorer's edges that may have changed. next is the rule
// signal index of the snapshot being built.
func (p Phase) explore(ctx context.Context, st *phase.State, full bool, next users, rep *store.Phase) error {
	ver := ExplorerVersion(st.Config, st.LLM)
	defer func() { st.Next.Versions["explorer"] = ver }()
	if ver == ExplorerOff {
		rep.Note = explorerNote(st.Config, st.LLM)
		// Only a base made with the explorer on holds proposals (a
		// snapshot older than the explorer records no version).
		if st.Base != nil && st.Base.Versions["explorer"] != ExplorerOff && st.Base.Versions["explorer"] != "" {
			clearExplored(st)
		}
		return nil
	}
	if !full && st.Base.Versions["explorer"] != ver {
		full = true
		rep.Note = fmt.Sprintf("model explorer rescans every file (%q -> %q)", st.Base.Versions["explorer"], ver)
	}
	x := &explorer{st: st, read: p.Read, rep: rep}
	defer func() {
		rep.Calls = x.usage.Calls
		rep.Tokens = store.Tokens{Prompt: x.usage.PromptTokens, Completion: x.usage.CompletionTokens}
	}()
	todo := signalSet(st, full)
	if err := x.proposeAll(ctx, todo); err != nil {
		return err
	}
	llmNext := nextCouplingUsers(st, full)
	redo := todo
	if !full {
		redo = affectedExplored(st, next, llmNext)
	}
	limit := st.Config.Implicit.MaxFilesPerKey
	for _, path := range redo {
		f := st.Next.Files.Get(path)
		if f == nil || f.Lang == lang.ProjectFile {
			continue
		}
		if edges := exploredEdges(f, next, llmNext, limit); !slices.Equal(edges, f.Explored) {
			nf := *f
			nf.Explored = edges
			st.Next.Files.Set(&nf)
		}
	}
	rep.Extra["explored_edges_rebuilt"] = len(redo)
	return nil
}

// clearExplored drops every file's proposals and explorer edges.
func clearExplored(st *phase.State) {
	for _, f := range st.Next.Files.All() {
		if len(f.Couplings) > 0 || len(f.Explored) > 0 {
			nf := *f
			nf.Couplings, nf.Explored = nil, nil
			st.Next.Files.Set(&nf)
		}
	}
}

// proposeAll sets the proposals of the given files. Calls in flight when
// one fails (a budget stop, a call out of retries) finish and are cached,
// as they are paid; no new call starts.
func (x *explorer) proposeAll(ctx context.Context, paths []string) error {
	out := make([][]facts.Coupling, len(paths))
	g := new(errgroup.Group)
	g.SetLimit(max(1, x.st.Config.LLM.MaxConcurrency))
	for i, path := range paths {
		f := x.st.Next.Files.Get(path)
		g.Go(func() error {
			if x.stop.Load() {
				return nil
			}
			cs, err := x.propose(ctx, f)
			if err != nil {
				x.stop.Store(true)
			}
			out[i] = cs
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, path := range paths {
		f := x.st.Next.Files.Get(path)
		if !couplingsEqual(f.Couplings, out[i]) {
			nf := *f
			nf.Couplings = out[i]
			x.st.Next.Files.Set(&nf)
		}
	}
	x.rep.Extra["explored_files"] = len(paths)
	return nil
}

// propose returns a file's proposals, from the cache or the model, placed
// on the lines of its exact content.
func (x *explorer) propose(ctx context.Context, f *snapshot.File) ([]facts.Coupling, error) {
	if (llm.SecretFilter{Patterns: x.st.Config.LLM.SecretPatterns}).IsSecretPath(f.Path) {
		return nil, nil // never sent
	}
	key := exploreKey(f, x.st.LLM.ID())
	var cs []llm.Coupling
	found, err := x.st.Cache.Get(key, &cs)
	if err != nil {
		return nil, err
	}
	var data []byte
	if found {
		x.count("explore_cache_hits")
	} else {
		if data, err = x.read(f.Blob); err != nil {
			return nil, fmt.Errorf("explore %s: %w", f.Path, err)
		}
		// The model sees what the key hashes: the language and the
		// normalized content, not the path.
		res, err := x.st.LLM.Explore(ctx, llm.ExploreInput{Path: f.Path, Lang: f.Lang, Content: inventory.Normalize(data)})
		x.account(res.Usage)
		if errors.Is(err, llm.ErrSecretFile) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("explore %s: %w", f.Path, err)
		}
		if cs = res.Couplings; cs == nil {
			cs = []llm.Coupling{}
		}
		if err := x.st.Cache.Put(key, cs); err != nil { // paid: kept at once
			return nil, err
		}
	}
	if len(cs) == 0 {
		return nil, nil
	}
	if data == nil {
		if data, err = x.read(f.Blob); err != nil {
			return nil, fmt.Errorf("explore %s: %w", f.Path, err)
		}
	}
	return place(cs, data), nil
}

// exploreKey names what an exploration sends: the prompt version and the
// normalized content in the clear (gc keeps the entries of the versions and
// contents kept snapshots use), the model and language hashed.
func exploreKey(f *snapshot.File, model string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s", model, f.Lang)
	return "explore/" + llm.ExplorePromptVersion + "/" + f.NormSHA + "/" + hex.EncodeToString(h.Sum(nil))
}

func (x *explorer) account(u llm.Usage) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.usage = x.usage.Add(u)
}

func (x *explorer) count(key string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.rep.Extra[key]++
}

func couplingsEqual(a, b []facts.Coupling) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name() != b[i].Name() || a[i].Confidence != b[i].Confidence ||
			!slices.Equal(a[i].Lines, b[i].Lines) || !slices.Equal(a[i].Evidence, b[i].Evidence) {
			return false
		}
	}
	return true
}
