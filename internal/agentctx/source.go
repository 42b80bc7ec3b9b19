package agentctx

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// Where the text of a file came from.
const (
	// FromBlob is the git blob the snapshot indexed.
	FromBlob = "blob"
	// FromWorktree is the working tree, for a file whose indexed content
	// exists only there (a working-tree overlay of uncommitted edits).
	FromWorktree = "worktree"
)

// Sources reads the exact bytes the snapshot indexed for a file, once a
// path: its git blob, or the working-tree file when the snapshot is a
// working-tree overlay and the blob is not in the object database. Bytes
// whose hash differs from the indexed one are refused, so line numbers
// always match the graph's.
type Sources struct {
	view  *readview.View
	files map[string]fileText
}

type fileText struct {
	lines []string
	from  string
	err   error
}

// NewSources reads sources for a view.
func NewSources(v *readview.View) *Sources {
	return &Sources{view: v, files: map[string]fileText{}}
}

// Lines returns the lines of an indexed file (without their newlines) and
// where they came from.
func (s *Sources) Lines(path string) ([]string, string, error) {
	if t, ok := s.files[path]; ok {
		return t.lines, t.from, t.err
	}
	data, from, err := s.read(path)
	t := fileText{from: from, err: err}
	if err == nil {
		t.lines = splitLines(data)
	}
	s.files[path] = t
	return t.lines, t.from, t.err
}

func (s *Sources) read(path string) ([]byte, string, error) {
	f := s.view.Snap.Files.Get(path)
	if f == nil {
		return nil, "", fmt.Errorf("read %s: not in the index", path)
	}
	data, err := s.view.Env.Repo.ReadBlob(f.Blob)
	if err == nil && sameContent(data, f) {
		return data, FromBlob, nil
	}
	if s.view.Ref == nil || !s.view.Ref.Worktree || s.view.Env.Repo.Top == "" {
		return nil, "", fmt.Errorf("read %s: its indexed blob %s is not in the repository: run lgraph update", path, f.Blob)
	}
	data, err = readWorktree(s.view.Env.Repo.Top, path)
	if err != nil {
		return nil, "", err
	}
	if !sameContent(data, f) {
		return nil, "", fmt.Errorf("read %s: the working tree changed since it was indexed: run lgraph update --worktree", path)
	}
	return data, FromWorktree, nil
}

// readWorktree reads a regular file of the working tree, never through a
// symbolic link (the index never follows one either).
func readWorktree(top, path string) ([]byte, error) {
	name := filepath.Join(top, filepath.FromSlash(path))
	info, err := os.Lstat(name)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("read %s: not a regular file", path)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}

func sameContent(data []byte, f *snapshot.File) bool {
	sum := sha256.Sum256(data)
	return f.SHA256 == "" || hex.EncodeToString(sum[:]) == f.SHA256
}

// splitLines splits text into lines, a final newline ending the last line
// rather than starting an empty one; carriage returns are dropped.
func splitLines(data []byte) []string {
	text := strings.ReplaceAll(string(bytes.TrimSuffix(data, []byte("\n"))), "\r\n", "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// span returns lines [from, to] (1-based, inclusive), clamped to the file.
func span(lines []string, from, to int) (start int, text []string) {
	from = max(from, 1)
	to = min(to, len(lines))
	if from > to {
		return from, nil
	}
	return from, lines[from-1 : to]
}
