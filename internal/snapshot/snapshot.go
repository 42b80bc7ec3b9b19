// Package snapshot is the published graph of one tree: every indexed file
// with its facts, its resolved edges and its summaries. A snapshot is
// immutable once published; an update derives a new one from the old.
package snapshot

import (
	"io"
	"path"
	"slices"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// Snapshot is the graph of one commit (or of a working tree).
type Snapshot struct {
	Branch string
	Commit string
	// ConfigKey and Versions name the settings and code that produced the
	// snapshot; a mismatch forces the affected phases to run in full.
	ConfigKey string
	Versions  map[string]string
	Project   facts.Project
	Files     *FileSet
	// ContentRoot is the sha256-merkle-v2 root over Files (docs/design.md §5).
	ContentRoot string
	LeafCount   int
	// Modules holds the wiki's module docs by directory.
	Modules *ModuleSet
	// Window is the wiki's history window: the last first-parent commits
	// of Commit, newest first, each with the directories it changed, so an
	// update folds in the new commits and drops as many old ones. A
	// published snapshot's header lists only the commits: their
	// directories are read from Index when needed (window.go).
	Window []WindowCommit
	// Index is the published snapshot's tables (records and the indexes
	// derived from them), nil for a snapshot held only in memory.
	Index KV
	// closer releases the tables a published snapshot reads from.
	closer io.Closer
}

// Close releases what a published snapshot holds open (its mapped
// tables). Records already decoded stay valid.
func (s *Snapshot) Close() error {
	if s == nil || s.closer == nil {
		return nil
	}
	c := s.closer
	s.closer = nil
	return c.Close()
}

// File is one indexed file.
type File struct {
	Path    string
	Blob    string // git blob id
	SHA256  string // of the exact bytes
	NormSHA string // of the whitespace-normalized bytes
	Lang    string // language name (lang.Go, ...), or lang.ProjectFile
	Size    int64
	Facts   *facts.File
	Res     Resolution
	// Summary is the file's enrichment summary and SummaryKey the cache key
	// it was produced under (SecretSummaryKey for a file kept from the
	// provider).
	Summary    string
	SummaryKey string
	// EdgeSummaries explain, per target file, why this file depends on it.
	EdgeSummaries map[string]string
	// Signals are the implicit keys the file uses; Implicit are its edges
	// to the other files sharing one of them.
	Signals  []facts.Signal
	Implicit []Edge
	// Couplings are the keys the implicit phase's model explorer proposed
	// for the file; Explored are the edges they add (ResolvedBy
	// DetectedByLLM), kept apart from Implicit so that nothing built from
	// the rule edges (dependencies, module docs) takes in a model's guess.
	Couplings []facts.Coupling
	Explored  []Edge
}

// DetectedByLLM marks an implicit edge the model explorer proposed (in
// Edge.ResolvedBy; rule edges leave it empty).
const DetectedByLLM = "llm"

// SecretSummaryKey is the SummaryKey of a file matching
// llm.secret_patterns: it has no summary, and nothing of it is sent.
const SecretSummaryKey = "secret"

// KeyConfidence is how sure the file's use of a key is, in percent: 100
// for a key its rules found, the model's confidence for a proposed one,
// 0 for a key the file does not use.
func (f *File) KeyConfidence(name string) int {
	for _, s := range f.Signals {
		if s.Name() == name {
			return 100
		}
	}
	for _, c := range f.Couplings {
		if c.Name() == name {
			return c.Confidence
		}
	}
	return 0
}

// Resolution is what resolving one file's references produced.
type Resolution struct {
	Edges []Edge
	// Lookups are the index keys consulted; a change to the definitions
	// under any of them re-resolves the file.
	Lookups []string
	// Unresolved counts the references that resolved to nothing; Sites
	// are the calls among them whose receiver's type was unknown, sorted
	// by line, name and receiver.
	Unresolved int
	Sites      []Site
}

// Edge is one directed dependency.
type Edge struct {
	Source string
	Target string
	Kind   string
	Via    string
	// ResolvedBy says how a calls or references edge was resolved (ByType,
	// ByImport, ByScope, ByName); empty for other kinds.
	ResolvedBy string
}

// How a reference was resolved (docs/design.md §7, resolved_by): through the
// receiver's declared or inferred type, an import, a lexical or package
// scope, or a bare name match (a guess a reader should weigh).
const (
	ByType   = "type"
	ByImport = "import"
	ByScope  = "scope"
	ByName   = "name"
)

// Module is one wiki module doc.
type Module struct {
	Dir      string
	Doc      string
	InputKey string
	// History is the module's recent commits, newest first, as its doc
	// shows them.
	History []HistoryEntry
}

// WindowCommit is one commit of the history window.
type WindowCommit struct {
	Hash string
	Dirs []string // sorted; set when Known
	// Known says Dirs holds the commit's directories: computed by this
	// run, or read from the tables (WindowDirsAt, KnownWindow).
	Known bool
}

// HistoryEntry is one commit of a module's recent history.
type HistoryEntry struct {
	Hash    string
	Time    int64 // committer time, Unix seconds
	Subject string
	Title   string // a merge's first body line
	Merge   bool
}

// New returns an empty snapshot.
func New() *Snapshot {
	return &Snapshot{Files: NewFileSet(nil), Versions: map[string]string{}, Modules: NewModuleSet(nil)}
}

// Clone returns a snapshot reading through to s's files, whose own changes
// never touch s. File values are shared: replace a *File, never mutate one
// in place.
func (s *Snapshot) Clone() *Snapshot {
	c := *s
	c.Files = NewFileSet(setSource{s.Files})
	c.Index = nil
	c.Versions = map[string]string{}
	for k, v := range s.Versions {
		c.Versions[k] = v
	}
	c.Modules = NewModuleSet(s.Modules)
	c.closer = nil
	return &c
}

// Paths returns the indexed paths in byte order.
func (s *Snapshot) Paths() []string { return s.Files.Paths() }

// ModuleDir is the module directory of a path.
func ModuleDir(p string) string { return path.Dir(p) }

// SymbolIDs returns the node id of each symbol, in order (nodeid.Symbols).
func SymbolIDs(p string, syms []facts.Symbol) []string {
	return nodeid.Symbols(p, len(syms), func(i int) string { return syms[i].Qualified })
}

// Equal reports whether two resolutions are the same. Phases keep a file's
// old pointer when its output did not change, so the stored record is
// reused instead of written again.
func (r Resolution) Equal(o Resolution) bool {
	if r.Unresolved != o.Unresolved || !slices.Equal(r.Edges, o.Edges) || !slices.Equal(r.Sites, o.Sites) || len(r.Lookups) != len(o.Lookups) {
		return false
	}
	for i := range r.Lookups {
		if r.Lookups[i] != o.Lookups[i] {
			return false
		}
	}
	return true
}
