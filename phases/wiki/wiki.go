// Package wiki is phase 4: one markdown doc per module (a directory of
// indexed code files), written from its members' summaries and the modules
// it uses and is used by. A doc is recomputed only when the hash of that
// input changed; every other doc stays byte-equal.
package wiki

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bmatcuk/doublestar/v4"
	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/snapshot"
	"github.com/lgraph/lgraph/store"
)

// Phase is the wiki phase.
type Phase struct{}

// Name implements phase.Phase.
func (Phase) Name() string { return "wiki" }

// Version is what a snapshot records; a change rewrites every doc.
func Version(p llm.Provider) string { return llm.ModulePromptVersion + "+" + p.ID() }

// Run recomputes the module docs whose inputs changed and drops the docs
// of modules that no longer hold files.
func (p Phase) Run(ctx context.Context, st *phase.State) (rep store.Phase, err error) {
	start := time.Now()
	rep = store.Phase{Name: p.Name(), Mode: "incremental", Extra: map[string]int{}}
	if st.Full || st.Base.Versions["wiki"] != Version(st.LLM) {
		rep.Mode, rep.Reason = "full", st.FullReason
		if !st.Full {
			rep.Reason = "prompt version or model changed"
		}
	}
	inputs := Inputs(st.Next, st.Config.Wiki.Modules)
	var usage llm.Usage
	var mu sync.Mutex
	defer func() {
		rep.Tokens = store.Tokens{Prompt: usage.PromptTokens, Completion: usage.CompletionTokens}
		rep.Calls = usage.Calls
		rep.MS = time.Since(start).Milliseconds()
	}()
	for _, dir := range st.Next.Modules.Dirs() {
		if _, ok := inputs[dir]; !ok {
			st.Next.Modules.Delete(dir)
		}
	}
	var todo []string
	for _, dir := range slices.Sorted(maps.Keys(inputs)) {
		key := inputKey(inputs[dir], st.LLM.ID())
		if m := st.Next.Modules.Get(dir); m == nil || m.InputKey != key {
			todo = append(todo, dir)
		}
	}
	// In-flight calls finish and are kept when one fails (paid work).
	g := new(errgroup.Group)
	g.SetLimit(max(1, st.Config.LLM.MaxConcurrency))
	var stop atomic.Bool
	docs := make([]*snapshot.Module, len(todo))
	for i, dir := range todo {
		g.Go(func() error {
			if stop.Load() {
				return nil
			}
			m, u, err := write(ctx, st, inputs[dir])
			mu.Lock()
			usage = usage.Add(u)
			mu.Unlock()
			if err != nil {
				stop.Store(true)
				return fmt.Errorf("wiki %s: %w", dir, err)
			}
			docs[i] = m
			return nil
		})
	}
	err = g.Wait()
	for _, m := range docs {
		if m != nil {
			st.Next.Modules.Set(m)
		}
	}
	if err != nil {
		return rep, err
	}
	st.Next.Versions["wiki"] = Version(st.LLM)
	rep.Files = len(inputs)
	rep.Extra["docs_written"] = len(todo)
	st.Hit("wiki")
	return rep, nil
}

// write produces one module doc from the cache or the provider.
func write(ctx context.Context, st *phase.State, in llm.ModuleInput) (*snapshot.Module, llm.Usage, error) {
	key := inputKey(in, st.LLM.ID())
	offline := st.LLM.ID() == "offline"
	if !offline {
		var doc string
		found, err := st.Cache.Get(key, &doc)
		if err != nil || found {
			return &snapshot.Module{Dir: in.Dir, Doc: doc, InputKey: key}, llm.Usage{}, err
		}
	}
	if st.DryRun {
		est := 0
		if e, ok := st.LLM.(llm.Estimator); ok {
			est = e.EstimateModule(in)
		}
		return nil, llm.Usage{PromptTokens: est, Calls: 1}, nil
	}
	res, err := st.LLM.ModuleDoc(ctx, in)
	if err != nil {
		return nil, res.Usage, err
	}
	if !offline {
		if err := st.Cache.Put(key, res.Text); err != nil {
			return nil, res.Usage, err
		}
	}
	return &snapshot.Module{Dir: in.Dir, Doc: res.Text, InputKey: key}, res.Usage, nil
}

// Inputs computes every module's doc input from a snapshot: the summaries
// of its code files (no paths: DESIGN §2 keys a doc on member summaries,
// so renaming a file inside a module rewrites nothing) and the modules it
// depends on and that depend on it, through any edge between their files.
func Inputs(s *snapshot.Snapshot, globs []string) map[string]llm.ModuleInput {
	out := map[string]llm.ModuleInput{}
	in, uses := map[string]map[string]bool{}, map[string]map[string]bool{}
	// Map order is fine: members are sorted below and the rest are sets.
	for p, f := range s.Files.All() {
		if f.Lang == inventory.ConfigLang {
			continue
		}
		dir := dirOf(p)
		if !selected(dir, globs) {
			continue
		}
		m := out[dir]
		m.Dir = dir
		m.Members = append(m.Members, llm.MemberInfo{Summary: f.Summary})
		out[dir] = m
		for _, list := range [][]snapshot.Edge{f.Res.Edges, f.Implicit} {
			for _, e := range list {
				if e.Kind == "contains" {
					continue
				}
				t := snapshot.FileOfID(e.Target)
				if td := dirOf(t); t != "" && td != dir && s.Files.Get(t) != nil {
					add(uses, dir, td)
					add(in, td, dir)
				}
			}
		}
	}
	for dir, m := range out {
		m.Out, m.In = slices.Sorted(maps.Keys(uses[dir])), slices.Sorted(maps.Keys(in[dir]))
		sort.Slice(m.Members, func(i, j int) bool { return m.Members[i].Summary < m.Members[j].Summary })
		out[dir] = m
	}
	return out
}

// dirOf is path.Dir for the clean, relative paths of a snapshot, without
// allocating.
func dirOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}

func selected(dir string, globs []string) bool {
	if len(globs) == 0 {
		return true
	}
	for _, g := range globs {
		if ok, _ := doublestar.Match(g, dir); ok {
			return true
		}
	}
	return false
}

func add(m map[string]map[string]bool, a, b string) {
	if m[a] == nil {
		m[a] = map[string]bool{}
	}
	m[a][b] = true
}

// inputKey hashes exactly what the provider is given, plus its identity.
func inputKey(in llm.ModuleInput, model string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", llm.ModulePromptVersion, model, in.Dir)
	for _, m := range in.Members {
		fmt.Fprintf(h, "m\x00%s\x00", m.Summary)
	}
	fmt.Fprintf(h, "o\x00%s\x00i\x00%s", strings.Join(in.Out, "\x01"), strings.Join(in.In, "\x01"))
	return "module/" + hex.EncodeToString(h.Sum(nil))
}
