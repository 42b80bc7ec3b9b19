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
	"hash"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/bmatcuk/doublestar/v4"
	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/phase"
)

// Phase is the wiki phase.
type Phase struct{}

// Name implements phase.Phase.
func (Phase) Name() string { return "wiki" }

// renderVersion names how a doc is rendered around its narrative (the
// sections, the escaping of repository text, the page names its links
// use). It is part of Version and of every doc's input key, so a change
// rewrites every doc without asking a model again for its narrative.
const renderVersion = "r3"

// CurrentRender reports whether docs a snapshot records under the wiki
// version v were rendered as this lgraph renders them. Pages written from
// older docs would carry what they did not escape, and links to pages of
// an older naming; the next update rewrites them.
func CurrentRender(v string) bool { return strings.HasSuffix(v, "+"+renderVersion) }

// Version is what a snapshot records; a change rewrites every doc.
func Version(p llm.Provider) string {
	return llm.ModulePromptVersion + "+" + p.ID() + "+" + historyVersion + "+" + renderVersion
}

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
	h, err := newHistory(ctx, st, rep.Mode == "full")
	if err != nil {
		return rep, err
	}
	st.Next.Window = h.window
	idx, dirs, historyOnly := p.dirs(st, rep.Mode == "full", h)
	// A full run asks every directory, in order: one pass over the index.
	reader, err := newModReader(st, idx, rep.Mode == "full")
	if err != nil {
		return rep, fmt.Errorf("wiki: %w", err)
	}
	defer reader.Close()
	var usage llm.Usage
	defer func() {
		rep.Tokens = store.Tokens{Prompt: usage.PromptTokens, Completion: usage.CompletionTokens}
		rep.Calls = usage.Calls
		rep.MS = time.Since(start).Milliseconds()
	}()
	w := &docWriter{st: st, usage: &usage}
	if st.Full && st.Next.Files.Packed() && st.Scratch != "" {
		// Nor does a run that holds its records packed hold every module's
		// doc until it publishes (snapshot.ModuleSet.Spill).
		if err := st.Next.Modules.Spill(st.Scratch); err != nil {
			return rep, fmt.Errorf("wiki: %w", err)
		}
	}
	step := max(1, len(dirs))
	if st.LLM.ID() == (llm.Offline{}).ID() && st.Next.Files.Packed() {
		// Offline, no request is batched across modules: a run holding its
		// records packed writes a slice of modules at a time rather than
		// hold every module's rendered input at once.
		step = wikiSlice
	}
	for lo := 0; lo < len(dirs); lo += step {
		some := dirs[lo:min(lo+step, len(dirs))]
		inputs, err := moduleInputs(st, reader, some, h)
		if err != nil {
			return rep, err
		}
		err = w.write(ctx, some, inputs)
		if w.asked > 0 {
			rep.Extra["narratives_written"] = w.asked
		}
		if err != nil {
			return rep, err
		}
		rep.Files += len(inputs)
	}
	rewritten, err := rehistory(st, h, historyOnly)
	if err != nil {
		return rep, err
	}
	rep.Extra["modules_checked"] = len(dirs) + len(historyOnly)
	rep.Extra["docs_written"] = w.written + rewritten
	rep.Extra["history_only"] = rewritten
	st.Next.Versions["wiki"] = Version(st.LLM)
	// The wiki reads the use counts last: they go before publishing,
	// whose index is the run's largest.
	st.Uses = nil
	st.Hit("wiki")
	return rep, nil
}

// wikiSlice is how many modules an offline run holding its records packed
// writes at a time.
const wikiSlice = 512

// docWriter writes the docs of modules whose input key changed, and
// drops the docs of checked modules that have no input any more.
type docWriter struct {
	st    *phase.State
	mu    sync.Mutex
	usage *llm.Usage
	// asked counts the narratives requested from the model; written the
	// docs written.
	asked, written int
}

func (w *docWriter) addUsage(u llm.Usage) {
	w.mu.Lock()
	*w.usage = w.usage.Add(u)
	w.mu.Unlock()
}

// write brings the docs of dirs up to date with their inputs.
func (w *docWriter) write(ctx context.Context, dirs []string, inputs map[string]modInput) error {
	st := w.st
	for _, dir := range dirs {
		if _, ok := inputs[dir]; !ok && st.Next.Modules.Get(dir) != nil {
			st.Next.Modules.Delete(dir)
		}
	}
	var todo, keys []string // keys: the todo's input keys, hashed once
	for _, dir := range slices.Sorted(maps.Keys(inputs)) {
		if m, key := st.Next.Modules.Get(dir), inputs[dir].key(st.LLM.ID()); m == nil || m.InputKey != key {
			todo, keys = append(todo, dir), append(keys, key)
		}
	}
	narratives := make([]llm.ModuleInput, len(todo))
	for i, dir := range todo {
		narratives[i] = inputs[dir].llm
	}
	texts, asked, err := requestNarratives(ctx, st, narratives, w.addUsage)
	w.asked += asked
	if err != nil {
		return fmt.Errorf("wiki: %w", err)
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
			m, u, err := write(ctx, st, inputs[dir], keys[i], texts)
			w.addUsage(u)
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
	w.written += len(todo)
	return err
}

// modInput is what one module doc is made from: what the provider is sent
// for the narrative, and the sections rendered from the graph.
type modInput struct {
	llm     llm.ModuleInput
	body    string
	history []snapshot.HistoryEntry
	// histText is historySection(history), which both the key and the
	// doc read.
	histText string
}

func newModInput(in llm.ModuleInput, mf modFacts) modInput {
	return modInput{llm: in, body: render(mf), history: mf.History, histText: historySection(mf.History)}
}

// key is the doc's input key: the narrative's key and the rendered
// sections, then the history's, so a doc is rewritten exactly when either
// changed, and a change of history alone can be told apart (withHistory).
func (in modInput) key(model string) string {
	h := sha256.New()
	hashStrings(h, renderVersion, "\x00", inputKey(in.llm, model), "\x00", in.body)
	return "moduledoc/" + hex.EncodeToString(h.Sum(nil)) + historyKeyOf(in.histText)
}

// historyKey is the part of a doc's key its history contributes.
func historyKey(hs []snapshot.HistoryEntry) string { return historyKeyOf(historySection(hs)) }

// historyKeyOf is historyKey of the history whose section is text.
func historyKeyOf(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "+" + hex.EncodeToString(sum[:8])
}

// withHistory is m with its history replaced: the doc's last section and
// the key's history part. A module none of whose files' records changed
// has the same other sections and narrative, so a window that moved past
// its commits costs no read of its records.
func withHistory(m *snapshot.Module, hs []snapshot.HistoryEntry) (*snapshot.Module, bool) {
	old := historySection(m.History)
	doc, ok := strings.CutSuffix(m.Doc, old)
	i := strings.LastIndexByte(m.InputKey, '+')
	if !ok || i < 0 || m.InputKey[i:] != historyKey(m.History) {
		return nil, false // written otherwise: recompute it whole
	}
	return &snapshot.Module{Dir: m.Dir, Doc: doc + historySection(hs), InputKey: m.InputKey[:i] + historyKey(hs), History: hs}, true
}

// write produces one module doc, whose input key is key: the narrative
// (texts, by input key, holds the model's), around it the title and the
// rendered sections.
func write(ctx context.Context, st *phase.State, in modInput, key string, texts map[string]string) (*snapshot.Module, llm.Usage, error) {
	text, u, err := narrative(ctx, st, in.llm, texts)
	if err != nil {
		return nil, u, err
	}
	return &snapshot.Module{Dir: in.llm.Dir, Doc: doc(in, text), InputKey: key, History: in.history}, u, nil
}

// doc is a module's doc: its title, narrative text, the rendered sections
// and its history, in one string of exactly its length (every doc of a
// run is held until it is published).
func doc(in modInput, text string) string {
	parts := [...]string{"# ", title(in.llm.Dir), "\n\n", Text(strings.TrimSpace(text)), "\n", in.body, in.histText}
	return strings.Join(parts[:], "")
}

func title(dir string) string {
	if dir == "." || dir == "" {
		return "Repository root"
	}
	return CodeSpan(dir)
}

// narrative is the module's paragraph: written offline, or the model's,
// which requestNarratives found in the cache or asked for, in texts by the
// hash of exactly what the model is sent.
func narrative(ctx context.Context, st *phase.State, in llm.ModuleInput, texts map[string]string) (string, llm.Usage, error) {
	if st.LLM.ID() == (llm.Offline{}).ID() {
		res, err := st.LLM.ModuleDoc(ctx, in)
		return res.Text, res.Usage, err
	}
	text, ok := texts[inputKey(in, st.LLM.ID())]
	if !ok {
		return "", llm.Usage{}, fmt.Errorf("module %s: no narrative was asked for", in.Dir)
	}
	return text, llm.Usage{}, nil
}

// dirs lists the modules the run may have changed, with the index their
// inputs are read from: on a full run every directory; on an update the
// directories of the files whose records changed, of the files their old
// or new edges reach (whose "used by" may have changed) and of the commits
// that entered or left the history window (historyOnly, when nothing else
// names them). A directory with no input (no code file, or not selected)
// has no doc.
func (p Phase) dirs(st *phase.State, full bool, h *history) (idx snapshot.KV, dirs, historyOnly []string) {
	idx = snapshot.NewMemKV(nil)
	if ks := indexed(st); len(ks) > 0 { // none would build every keyspace
		idx = st.NextIndex(ks...)
	}
	set := map[string]bool{}
	if full && st.Full {
		set = fullDirs(st)
	} else if full {
		_ = idx.Scan([]byte{snapshot.KsDir}, func(k, _ []byte) error {
			set[snapshot.KeyPart(k, 0)] = true
			return nil
		})
	}
	if full {
		for _, d := range st.Next.Modules.Dirs() {
			set[d] = true
		}
	} else {
		for _, path := range st.Next.Files.Changed() {
			set[dirOf(path)] = true
			for _, t := range changedTargets(baseFile(st, path), st.Next.Files.Get(path)) {
				set[dirOf(t)] = true
			}
		}
		for d := range h.touched {
			if !set[d] {
				historyOnly = append(historyOnly, d)
			}
		}
		slices.Sort(historyOnly)
	}
	return idx, slices.Sorted(maps.Keys(set)), historyOnly
}

// indexed names the keyspaces the phase reads: the reverse edges only
// when a full run's enrich phase left no use counts (they are what the
// wiki reads of them, "used by" included, and most of a full index's
// entries); the listings and leaves not on a full run, which reads its
// members and whether a path is indexed from its records (newModReader).
// A full run with the counts reads no index at all.
func indexed(st *phase.State) []byte {
	var ks []byte
	if !st.Full {
		ks = append(ks, snapshot.KsDir, snapshot.KsLeaf)
	}
	if !fullIndex(st) || st.Uses == nil {
		ks = append(ks, snapshot.KsRevEdge)
	}
	return ks
}

// fullIndex reports whether NextIndex builds the index from every record.
func fullIndex(st *phase.State) bool { return st.Full || st.Base == nil || st.Base.Index == nil }

// useCounts returns how a module's member is used: from the run's table,
// or counted from the reverse edges, of idx when it holds them or else of
// an index of them built on the first miss (a full run's table holds every
// code file's, so that is a file the enrich phase did not summarize).
func useCounts(st *phase.State, idx snapshot.KV) func(m snapshot.Member) (phase.UseCounts, error) {
	rev := sync.OnceValue(func() snapshot.KV {
		if slices.Contains(indexed(st), snapshot.KsRevEdge) {
			return idx
		}
		return st.NextIndex(snapshot.KsRevEdge)
	})
	return func(m snapshot.Member) (phase.UseCounts, error) {
		if c, ok := st.Uses.Get(m.Path); ok {
			return c, nil
		}
		u, err := m.Uses(rev())
		if err != nil {
			return phase.UseCounts{}, fmt.Errorf("uses of %s: %w", m.Path, err)
		}
		return phase.UseCounts{PerSymbol: u.PerSymbol, Users: u.Users(), In: u.In()}, nil
	}
}

// moduleInputs computes the inputs of dirs on the phase's workers: each
// reads its members' records and the reverse edges into them, the bulk of
// an update's wiki work. Histories come first, in order (they cache commit
// lookups).
func moduleInputs(st *phase.State, r *modReader, dirs []string, h *history) (map[string]modInput, error) {
	hists := make(map[string][]snapshot.HistoryEntry, len(dirs))
	for _, dir := range dirs {
		hs, err := h.of(dir)
		if err != nil {
			return nil, fmt.Errorf("module %s: %w", dir, err)
		}
		hists[dir] = hs
	}
	history := func(dir string) ([]snapshot.HistoryEntry, error) { return hists[dir], nil }
	ins := make([]modInput, len(dirs))
	oks := make([]bool, len(dirs))
	// Entries read in order are copies: a slice of modules at a time, so a
	// run writing every module in one slice (a model's) holds no copy of
	// the whole index.
	for lo := 0; lo < len(dirs); lo += wikiSlice {
		some := dirs[lo:min(lo+wikiSlice, len(dirs))]
		ents, err := r.entries(some)
		if err != nil {
			return nil, err
		}
		g := new(errgroup.Group)
		g.SetLimit(phase.Workers(st.Config.Concurrency))
		for i, dir := range some {
			g.Go(func() error {
				in, ok, err := moduleInput(ents[i], r.indexed, r.uses, dir, st.Config.Wiki.Modules, history)
				if err != nil {
					return fmt.Errorf("module %s: %w", dir, err)
				}
				ins[lo+i], oks[lo+i] = in, ok
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
	}
	out := map[string]modInput{}
	for i, dir := range dirs {
		if oks[i] {
			out[dir] = ins[i]
		}
	}
	return out, nil
}

// rehistory gives the docs of modules whose history alone changed their
// new history, and returns how many it rewrote. A directory with no doc
// has no code file a commit's record change would have shown: it stays
// without one.
func rehistory(st *phase.State, h *history, dirs []string) (int, error) {
	n := 0
	for _, dir := range dirs {
		m := st.Next.Modules.Get(dir)
		if m == nil {
			continue
		}
		hs, err := h.of(dir)
		if err != nil {
			return n, fmt.Errorf("module %s: %w", dir, err)
		}
		if slices.Equal(hs, m.History) {
			continue
		}
		nm, ok := withHistory(m, hs)
		if !ok {
			return n, fmt.Errorf("module %s: its doc does not end with its history: run lgraph update --full", dir)
		}
		st.Next.Modules.Set(nm)
		n++
	}
	return n, nil
}

// changedTargets lists the files at the far end of the dependency edges
// one side of a changed record has and the other lacks: the "used by" of
// those files' modules counts them, their definitions' use counts rank
// their API, and no other module's doc reads the record. A file
// re-resolved because a name it uses changed elsewhere usually changes
// one edge of many.
func changedTargets(was, is *snapshot.File) []string { return snapshot.ChangedTargets(was, is) }

func baseFile(st *phase.State, path string) *snapshot.File {
	if st.Base == nil {
		return nil
	}
	return st.Base.Files.Get(path)
}

// moduleInput is a module's input: for the narrative, its code files'
// summaries, docs and main definitions (its tests' when it has no other
// code) and the modules they mainly use, with the modules their edges reach
// and the (selected) modules whose edges reach them; for the rendered
// sections, its files' records and edge counts by kind, from its listing
// and used-by counts (ents).
// ok is false when the directory is not selected or holds no code file.
func moduleInput(ents dirEntries, indexed *indexedFiles, uses func(snapshot.Member) (phase.UseCounts, error),
	dir string, globs []string, history func(string) ([]snapshot.HistoryEntry, error)) (modInput, bool, error) {
	in := llm.ModuleInput{Dir: dir}
	mf := newFacts(dir)
	if !selected(dir, globs) {
		return modInput{}, false, nil
	}
	var files narrativeFiles
	var targets []string // a member's target modules, each once
	err := ents.members(func(m snapshot.Member) error {
		u, err := uses(m)
		if err != nil {
			return err
		}
		mf.Members = append(mf.Members, memberOf(m, u))
		targets = targets[:0]
		for _, d := range m.Deps {
			if td := dirOf(d.Target); d.Target != "" && td != dir && indexed.has(d.Target) {
				countN(mf.Out, td, d.Kind, d.Count)
				targets = appendNew(targets, td)
			}
		}
		files.add(m, targets, u.Users)
		for _, in := range u.In {
			if selected(in.Dir, globs) {
				countN(mf.In, in.Dir, in.Kind, in.Count)
			}
		}
		return nil
	})
	if err != nil || len(mf.Members) == 0 {
		return modInput{}, false, err
	}
	in.Out, in.In = slices.Sorted(maps.Keys(mf.Out)), slices.Sorted(maps.Keys(mf.In))
	files.fill(&in)
	if mf.History, err = history(dir); err != nil {
		return modInput{}, false, err
	}
	return newModInput(in, mf), true, nil
}

// appendNew appends s to ss unless it is there: the deps of a member come
// by target file, so a module's files follow one another and a repeated
// module is most often the last one.
func appendNew(ss []string, s string) []string {
	if n := len(ss); n > 0 && ss[n-1] == s || slices.Contains(ss, s) {
		return ss
	}
	return append(ss, s)
}

// indexedFiles answers whether a path is an indexed file (one its
// directory lists) for every module of a run: a module's files share most
// targets, and modules share many (the packages everyone imports). Safe
// for concurrent use.
//
// The leaf index answers first: a file with a leaf is listed in its
// directory too, and a leaf entry is a path and 52 bytes where a listing
// carries the file's symbols, so a table block holds a directory's worth
// of leaves and a handful of listings. At 100,000 files an update's
// targets otherwise touched a block of listings each. Only a path without
// a leaf (not indexed, or a record without a digest) asks the listing.
//
// A run that asks every module answers without point reads, each of
// which seeks every run of a full run's index: a full run from its
// records (records: every record is listed in its directory), another
// from the whole leaf index, read in one pass first (readLeaves).
type indexedFiles struct {
	idx     snapshot.KV
	records func(path string) bool // nil: ask the index
	leaves  map[string]struct{}    // nil: not read, ask the index
	known   sync.Map               // path -> *lookup
}

// lookup is one path's answer, asked once however many workers want it
// at the same time: modules share targets, and a second point read for
// the same path seeks every run of the index again.
type lookup struct {
	once sync.Once
	ok   bool
}

// readLeaves reads the paths of every leaf, for has to answer from.
func (f *indexedFiles) readLeaves() error {
	f.leaves = map[string]struct{}{}
	return f.idx.Scan([]byte{snapshot.KsLeaf}, func(k, _ []byte) error {
		f.leaves[snapshot.Owner(k)] = struct{}{}
		return nil
	})
}

func (f *indexedFiles) has(p string) bool {
	if f.records != nil {
		return f.records(p)
	}
	if _, ok := f.leaves[p]; ok {
		return true
	}
	v, seen := f.known.Load(p)
	if !seen {
		v, _ = f.known.LoadOrStore(p, &lookup{})
	}
	l := v.(*lookup)
	l.once.Do(func() { l.ok = f.ask(p) })
	return l.ok
}

// ask reads whether p is indexed: its leaf unless every leaf was read,
// then its directory's listing.
func (f *indexedFiles) ask(p string) bool {
	ok := false
	if f.leaves == nil {
		_, ok, _ = f.idx.Get(snapshot.LeafKey(p))
	}
	if !ok {
		_, ok, _ = f.idx.Get(snapshot.DirKey(p))
	}
	return ok
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

// inputKey hashes exactly what the provider is given, plus its identity:
// for a model, the prompt it is sent; offline, which writes from the
// files' docs, summaries and users and the counts, those.
func inputKey(in llm.ModuleInput, model string) string {
	h := sha256.New()
	hashStrings(h, llm.ModulePromptVersion, "\x00", model, "\x00", in.Dir, "\x00")
	if model != (llm.Offline{}).ID() {
		hashStrings(h, llm.ModulePromptText(in))
		return "module/" + hex.EncodeToString(h.Sum(nil))
	}
	summaries := make([]string, 0, len(in.Members))
	for _, m := range in.Members {
		summaries = append(summaries, m.Doc+"\x01"+m.Summary+"\x01"+strconv.Itoa(m.Users))
	}
	slices.Sort(summaries)
	for _, s := range summaries {
		hashStrings(h, "m\x00", s, "\x00")
	}
	hashStrings(h, "o\x00", strings.Join(in.Out, "\x01"), "\x00i\x00", strings.Join(in.In, "\x01"), "\x00t\x00", strconv.FormatBool(in.Tests))
	return "module/" + hex.EncodeToString(h.Sum(nil))
}

// hashStrings writes ss to h one after the other, without copying them: a
// hash has no WriteString (io.WriteString and fmt copy what they write,
// a doc's sections whole), and a Writer neither changes nor keeps the
// bytes it is given.
func hashStrings(h hash.Hash, ss ...string) {
	for _, s := range ss {
		h.Write(unsafe.Slice(unsafe.StringData(s), len(s)))
	}
}
