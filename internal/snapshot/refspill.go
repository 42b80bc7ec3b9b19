package snapshot

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
)

// RefSpill holds files' references packed (PackRefs) in an unlinked file
// of a scratch directory, by path. A full run parses every file before it
// resolves any, and as structs the references were the largest part of
// what it held between the two (190 MB of a 9,254-file Java init); packed
// on disk as each file is parsed, they cost a few bytes of memory per
// file, are read back once to resolve the file and once to publish its
// record.
//
// Put is safe for concurrent use; Refs may run concurrently with itself,
// once every Put has returned.
type RefSpill struct {
	mu    sync.Mutex
	file  *os.File // nil: held in memory
	w     *bufio.Writer
	size  int64
	dirty bool
	at    map[string]span
	mem   map[string][]byte
	err   error
}

// span is where one file's packed references lie in the spill file.
type span struct{ off, n int64 }

// NewRefSpill returns an empty spill writing into an unlinked file of dir
// ("" holds the packed references in memory).
func NewRefSpill(dir string) (*RefSpill, error) {
	if dir == "" {
		return &RefSpill{mem: map[string][]byte{}}, nil
	}
	f, err := os.CreateTemp(dir, ".refs-*")
	if err != nil {
		return nil, fmt.Errorf("reference spill: %w", err)
	}
	// Unlinked at once: its space goes back when it is closed or the
	// process dies, so a killed run leaves nothing behind.
	_ = os.Remove(f.Name())
	return &RefSpill{file: f, w: bufio.NewWriterSize(f, 1<<20), at: map[string]span{}}, nil
}

// Put packs path's references and sets them aside; a path with none is
// not kept.
func (s *RefSpill) Put(path string, refs []facts.Ref) error {
	if len(refs) == 0 {
		return nil
	}
	b := PackRefs(refs)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	if s.file == nil {
		s.mem[path] = b
		return nil
	}
	if _, err := s.w.Write(b); err != nil {
		s.err = fmt.Errorf("reference spill: %w", err)
		return s.err
	}
	s.at[path] = span{s.size, int64(len(b))}
	s.size += int64(len(b))
	s.dirty = true
	return nil
}

// Has reports whether path's references were set aside.
func (s *RefSpill) Has(path string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil {
		_, ok := s.mem[path]
		return ok
	}
	_, ok := s.at[path]
	return ok
}

// Refs returns path's references, found false when none were set aside.
// Their strings are copies (one per distinct string of the file): a
// resolution keeps some (a call site's name), and strings sharing the read
// bytes would keep all of them alive.
func (s *RefSpill) Refs(path string) ([]facts.Ref, bool, error) {
	b, found, err := s.packed(path)
	if err != nil || !found {
		return nil, found, err
	}
	refs, err := UnpackRefs(b)
	if err != nil {
		return nil, true, fmt.Errorf("references of %s: %w", path, err)
	}
	return ownStrings(refs), true, nil
}

// Restore returns f with its references back when they were set aside
// here, else f itself (a record that has its references, or had none to
// set aside). A nil spill holds none.
func (s *RefSpill) Restore(f *File) (*File, error) {
	if s == nil || f.Facts == nil || f.Facts.Refs != nil {
		return f, nil
	}
	refs, found, err := s.Refs(f.Path)
	if err != nil || !found {
		return f, err
	}
	ff := *f.Facts
	ff.Refs = refs
	nf := *f
	nf.Facts = &ff
	return &nf, nil
}

// packed reads path's packed references.
func (s *RefSpill) packed(path string) ([]byte, bool, error) {
	s.mu.Lock()
	if s.file == nil {
		b, ok := s.mem[path]
		s.mu.Unlock()
		return b, ok, nil
	}
	sp, ok := s.at[path]
	if ok && s.dirty && s.err == nil {
		if err := s.w.Flush(); err != nil {
			s.err = fmt.Errorf("reference spill: %w", err)
		}
		s.dirty = false
	}
	err := s.err
	s.mu.Unlock()
	if !ok || err != nil {
		return nil, ok, err
	}
	b := make([]byte, sp.n)
	if _, err := s.file.ReadAt(b, sp.off); err != nil && err != io.EOF {
		return nil, true, fmt.Errorf("reference spill: read %s: %w", path, err)
	}
	return b, true, nil
}

// ownStrings gives refs strings of their own instead of views of the
// packed bytes, cloning each distinct string once.
func ownStrings(refs []facts.Ref) []facts.Ref {
	seen := map[string]string{}
	own := func(s string) string {
		if s == "" {
			return ""
		}
		if c, ok := seen[s]; ok {
			return c
		}
		c := strings.Clone(s)
		seen[s] = c
		return c
	}
	for i := range refs {
		r := &refs[i]
		r.Name, r.Qualifier, r.Kind, r.From = own(r.Name), own(r.Qualifier), own(r.Kind), own(r.From)
		r.Recv, r.Args = own(r.Recv), own(r.Args)
	}
	return refs
}

// Close releases the spill's file.
func (s *RefSpill) Close() error {
	if s == nil || s.file == nil {
		return nil
	}
	return s.file.Close()
}
