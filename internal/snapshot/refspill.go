package snapshot

import (
	"fmt"
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
	mu   sync.Mutex
	file *spillFile // nil: held in memory
	at   map[string]span
	mem  map[string][]byte
	// ahead is what Refs read ahead of a span, for the spans after it.
	ahead spillWindows
}

// NewRefSpill returns an empty spill writing into an unlinked file of dir
// ("" holds the packed references in memory).
func NewRefSpill(dir string) (*RefSpill, error) {
	if dir == "" {
		return &RefSpill{mem: map[string][]byte{}}, nil
	}
	f, err := newSpillFile(dir, "reference spill")
	if err != nil {
		return nil, err
	}
	return &RefSpill{file: f, at: map[string]span{}}, nil
}

// Put packs path's references and sets them aside; a path with none is
// not kept.
func (s *RefSpill) Put(path string, refs []facts.Ref) error {
	if len(refs) == 0 {
		return nil
	}
	if s.file == nil {
		b := PackRefs(refs)
		s.mu.Lock()
		s.mem[path] = b
		s.mu.Unlock()
		return nil
	}
	sp, err := s.append(refs)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.at[path] = sp
	s.mu.Unlock()
	return nil
}

// append writes refs as PackRefs encodes them to the file, through a
// recycled encoder and buffer: the file keeps a copy, and a fresh encoder
// per file (its string map, its buffer grown by doubling) was most of
// what setting every file's references aside cost an init.
func (s *RefSpill) append(refs []facts.Ref) (span, error) {
	e := getEncoder()
	defer putEncoder(e)
	e.refs(refs)
	bufs := getPackBufs()
	defer func() {
		if cap(bufs.raw) <= 1<<20 {
			packBufs.Put(bufs)
		}
	}()
	bufs.raw = e.appendTo(bufs.raw[:0])
	return s.file.Append(bufs.raw)
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
	s.mu.Unlock()
	if !ok {
		return nil, false, nil
	}
	b, err := s.file.readAhead(sp, &s.ahead, nil)
	if err != nil {
		return nil, true, fmt.Errorf("references of %s: %w", path, err)
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
	if s == nil {
		return nil
	}
	return s.file.Close()
}
