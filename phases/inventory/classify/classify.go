// Package classify holds the inventory phase's rules: which tree entries
// are indexed, as what language, and what a blob's identity is (exact and
// normalized SHA-256, size). Reads apply the same rules to working-tree
// files (freshness) without linking the phase machinery.
package classify

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"path"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/lang"
)

// Version names the classification rules: a snapshot made under other
// rules is listed again (see Phase.Run). It is part of every blob-info key.
const Version = "inventory-9"

// BlobInfo is what lgraph needs to know about a blob's bytes; it is cached
// by blob id so a blob is read once across all branches.
type BlobInfo struct {
	Size    int64  `json:"size"`
	Binary  bool   `json:"binary"`
	SHA256  string `json:"sha256"`
	NormSHA string `json:"norm_sha"`
	// Head is the first line when it is a shebang, for extensionless scripts.
	Head string `json:"head,omitempty"`
	// LFS marks a Git LFS pointer, never indexed (gitrepo.SkipLFSPointer).
	LFS bool `json:"lfs,omitempty"`
	// Made is why the bytes read as written by no one (gitrepo.SkipGenerated,
	// SkipMinified), "" for hand-written code.
	Made string `json:"made,omitempty"`
	// CPP marks bytes with a line only C++ writes (lang.HasCPPSyntax): a
	// .h header holding them is C++.
	CPP bool `json:"cpp,omitempty"`
}

// Describe computes a blob's info from its bytes.
func Describe(data []byte) BlobInfo {
	sum, norm := sums(data)
	head := data[:min(len(data), SniffLen)]
	info := BlobInfo{
		Size:    int64(len(data)),
		Binary:  bytes.IndexByte(head, 0) >= 0,
		SHA256:  hex.EncodeToString(sum[:]),
		NormSHA: hex.EncodeToString(norm[:]),
		LFS:     gitrepo.IsLFSPointer(data),
		Made:    contentReason(head),
		CPP:     lang.HasCPPSyntax(data),
	}
	if bytes.HasPrefix(data, []byte("#!")) {
		line, _, _ := bytes.Cut(data, []byte("\n"))
		info.Head = string(line[:min(len(line), 200)])
	}
	return info
}

// Normalize applies docs/design.md §2's summary normalization: CRLF to LF, trailing
// whitespace stripped from every line, runs of blank lines collapsed to one.
func Normalize(data []byte) []byte {
	out := make([]byte, 0, len(data))
	eachNormalized(data, func(from, to int) {
		if from < 0 {
			out = append(out, '\n')
		} else {
			out = append(out, data[from:to]...)
		}
	})
	return out
}

// sums returns the SHA-256 of data and of Normalize(data), hashing the
// normalized bytes as they are found: the inventory describes every blob
// of an init, and a normalized copy of each was garbage as large as the
// tree. Most code normalizes to a prefix of itself (only the final
// newline goes), and then one pass hashes both: the prefix, then on a
// clone of that state the rest of the blob.
func sums(data []byte) (full, norm [sha256.Size]byte) {
	h := sha256.New()
	prefix := 0 // the normalized text so far is data[:prefix]; -1 once it is not
	eachNormalized(data, func(from, to int) {
		if from < 0 {
			h.Write(newline)
			prefix = -1
			return
		}
		h.Write(data[from:to])
		if from == prefix {
			prefix = to
		} else {
			prefix = -1
		}
	})
	var whole hash.Hash // h's state, to go on over the rest of data
	if prefix >= 0 {
		if c, err := h.(hash.Cloner).Clone(); err == nil { // sha256's always clones
			whole = c
		}
	}
	h.Sum(norm[:0])
	if whole == nil {
		return sha256.Sum256(data), norm
	}
	whole.Write(data[prefix:])
	whole.Sum(full[:0])
	return full, norm
}

// eachNormalized hands emit the text of Normalize(data) in order, as
// spans of data (from, to) or, where the text holds a newline data has
// not there, from < 0 for one newline. It reads the lines of data in
// place: the CR of a CRLF is trailing whitespace of its line, so
// stripping that covers it. A line's newline is owed until a later line
// has text, which trims the trailing ones. A span runs on over the lines
// data already holds normalized, so a blob of clean code is one span
// however many lines it has.
func eachNormalized(data []byte, emit func(from, to int)) {
	owed := 0
	blank := false
	runFrom, runTo := 0, 0 // the span not yet emitted
	for start := 0; ; {
		end := len(data)
		if i := bytes.IndexByte(data[start:], '\n'); i >= 0 {
			end = start + i
		}
		text := trimRight(data, start, end)
		if text == start {
			if !blank {
				owed++
			}
			blank = true
		} else {
			blank = false
			if owedInPlace(data, runTo, start, owed) {
				runTo = text
			} else {
				if runTo > runFrom {
					emit(runFrom, runTo)
				}
				for ; owed > 0; owed-- {
					emit(-1, -1)
				}
				runFrom, runTo = start, text
			}
			owed = 1
		}
		if end == len(data) {
			break
		}
		start = end + 1
	}
	if runTo > runFrom {
		emit(runFrom, runTo)
	}
}

// owedInPlace reports whether the owed newlines are data's own bytes
// between the span's end and the line at start, so the span may run on.
func owedInPlace(data []byte, runTo, start, owed int) bool {
	if start-runTo != owed {
		return false
	}
	for _, c := range data[runTo:start] {
		if c != '\n' {
			return false
		}
	}
	return true
}

// trimRight returns where data[start:end] ends with its trailing
// whitespace (" \t\r\f\v") stripped.
func trimRight(data []byte, start, end int) int {
	for end > start {
		switch data[end-1] {
		case ' ', '\t', '\r', '\f', '\v':
			end--
		default:
			return end
		}
	}
	return end
}

// RulesKey names the rules a verdict "this file would be indexed" was made
// under (the stat cache keeps such verdicts between runs).
func RulesKey(cfg *config.Config) string { return Version + "/" + cfg.OutputKey() }

// Rules decides which tree entries are indexed: code by its language
// (lang.Detect) and the project files resolution reads
// (lang.IsProjectFile), within the config's globs and size cap.
type Rules struct {
	Include, Exclude []string
	MaxBytes         int64
}

// NewRules builds the rules from config.
func NewRules(cfg *config.Config) Rules {
	return Rules{Include: cfg.Include, Exclude: cfg.Exclude, MaxBytes: int64(cfg.MaxFileKB) * 1024}
}

// Candidate reports whether a tree entry could be indexed before reading its
// bytes: a regular file inside include, outside exclude, code by name (or
// possibly a script, or a project file), at a path lgraph can carry.
func (r Rules) Candidate(e gitrepo.Entry) bool {
	return r.wanted(e) && gitrepo.PathProblem(e.Path) == ""
}

// Skipped returns why a tree entry that would be a candidate by its name
// and place is not indexed: its path is one lgraph cannot carry
// (gitrepo.PathProblem). It is "" for every other entry.
func (r Rules) Skipped(e gitrepo.Entry) string {
	if !r.wanted(e) {
		return ""
	}
	return gitrepo.PathProblem(e.Path)
}

func (r Rules) wanted(e gitrepo.Entry) bool {
	// The name tests come first: they are map lookups, and most files of a
	// tree fail them, while selected runs every glob of the config.
	if !e.Regular() {
		return false
	}
	code := lang.IsProjectFile(path.Base(e.Path)) || lang.ByExtension(e.Path) != nil || lang.NeedsContent(e.Path)
	return code && r.selected(e.Path)
}

// IsCode reports whether a working-tree file the index lacks would be
// indexed: a candidate by path whose first bytes (head, at most the
// inventory's sniff length) and size pass the same tests as a blob's.
func (r Rules) IsCode(p string, size int64, head func() []byte) bool {
	if !r.Candidate(gitrepo.Entry{Path: p, Mode: filemode.Regular}) || size > r.MaxBytes {
		return false
	}
	info := Describe(head())
	info.Size = size
	return !info.LFS && r.Language(p, info) != "" && r.contentSkip(p, info) == ""
}

// SkipReason returns why a candidate, whose bytes info describes, is left
// out: for what git says of it (an LFS filter, binary, linguist-generated,
// linguist-vendored attributes, or its blob being an LFS pointer), then for
// its bytes (contentSkip). It is "" for a file indexed or left out for its
// language.
func (r Rules) SkipReason(attrs *gitrepo.Attributes, p string, info BlobInfo) string {
	if reason := attrs.SkipReason(p); reason != "" {
		return reason
	}
	if info.LFS {
		return gitrepo.SkipLFSPointer
	}
	if info.Binary && lang.ByExtension(p) != nil {
		// Named as code, bytes that are not text (a NUL in its head): a
		// fixture, a compiled file or a video's .ts. Counted, so status
		// says why a .py file is missing from the graph.
		return gitrepo.SkipBinary
	}
	return r.contentSkip(p, info)
}

// generatedKeptBytes is the size up to which a generated file is indexed:
// its definitions are real call targets of hand-written code (a .pb.go
// file's getters, urfave/cli's zz_generated.flags.go), and it costs what a
// hand-written file of its size costs. Past it (the cap max_file_kb had
// by default) generated code is skipped: tables and bundles nobody calls
// into by name, at the cost of a large parse.
const generatedKeptBytes = 512 << 10

// contentSkip returns why a code file's bytes keep it out: over the size
// cap (SkipTooLarge), minified, or generated and large (BlobInfo.Made). A
// project file resolution reads is kept however it is written.
func (r Rules) contentSkip(p string, info BlobInfo) string {
	switch {
	case info.Size > r.MaxBytes:
		return SkipTooLarge
	case lang.IsProjectFile(path.Base(p)):
		return ""
	case info.Made == gitrepo.SkipGenerated && info.Size <= generatedKeptBytes:
		return ""
	}
	return info.Made
}

func (r Rules) selected(p string) bool {
	in := false
	for _, g := range r.Include {
		if ok, _ := doublestar.Match(g, p); ok {
			in = true
			break
		}
	}
	if !in {
		return false
	}
	for _, g := range r.Exclude {
		if ok, _ := doublestar.Match(g, p); ok {
			return false
		}
	}
	return true
}

// Counted reports whether leaving a candidate out is counted (SkipReason):
// a file of a language, or one named as code whose bytes are binary.
func (r Rules) Counted(p string, info BlobInfo) bool {
	return r.Language(p, info) != "" || (info.Binary && lang.ByExtension(p) != nil)
}

// Language returns the language an indexed candidate gets, or "" when its
// bytes say it is not code (binary, or no shebang we know).
func (r Rules) Language(p string, info BlobInfo) string {
	if info.Binary {
		return ""
	}
	if lang.IsProjectFile(path.Base(p)) {
		return lang.ProjectFile
	}
	if s := lang.Detect(p, []byte(info.Head)); s != nil {
		return headerLanguage(p, s.Name, info)
	}
	return ""
}

// headerLanguage reads a .h header with C++ declarations as C++: .h is
// both languages' header suffix, and the C grammar reads "namespace x {"
// as a function. The test is the header's own bytes, so the verdict
// changes only with them (docs/design.md §1, update equals init).
func headerLanguage(p, name string, info BlobInfo) string {
	if name == lang.C && info.CPP && path.Ext(p) == ".h" {
		return lang.CPP
	}
	return name
}
