package snapshot

import (
	"encoding/binary"
	"errors"
	"strings"
)

// Site is a call the resolver could not follow because its receiver's
// type is unknown (x.hello() with x an untyped parameter): the graph has
// no edge for it, so an answer about a symbol of that name may be missing
// a caller that a text search would find.
type Site struct {
	// Name is the name called ("hello").
	Name string
	// Receiver is the receiver as written ("x", "self.client"); empty when
	// the extractor knew none.
	Receiver string
	// From is the qualified name of the enclosing symbol, "" at file level.
	From string
	// Line is the call's line, 1-based.
	Line int
}

// Call is the call as written, without arguments: "x.hello".
func (s Site) Call() string {
	if s.Receiver == "" {
		return s.Name
	}
	return s.Receiver + "." + s.Name
}

// SiteKey is the key of the order-th unresolved call site of a file in
// the unresolved-call index: one range per name lists every such site.
func SiteKey(name, p string, order int) []byte {
	return joinKey(KsUnresolved, name, p, orderBytes(order))
}

// siteEntries are a file's unresolved-call entries: the value is the
// site's line (uvarint) followed by its receiver's text.
func siteEntries(f *File) []Entry {
	out := make([]Entry, 0, len(f.Res.Sites))
	for i, s := range f.Res.Sites {
		v := binary.AppendUvarint(nil, uint64(s.Line))
		out = append(out, Entry{Key: SiteKey(s.Name, f.Path, i), Value: append(v, s.Receiver...)})
	}
	return out
}

// SiteAt is one entry of the unresolved-call index.
type SiteAt struct {
	Path string
	Site
}

// ParseSite reads an entry of the unresolved-call index (From is not in
// the index and stays empty).
func ParseSite(key, value []byte) (SiteAt, error) {
	bad := errors.New("corrupt unresolved-call entry: run lgraph update --full")
	if len(key) == 0 || key[0] != KsUnresolved {
		return SiteAt{}, bad
	}
	parts := strings.Split(string(key[1:]), "\x00")
	line, n := binary.Uvarint(value)
	if len(parts) != 3 || n <= 0 || line == 0 {
		return SiteAt{}, bad
	}
	return SiteAt{Path: parts[1], Site: Site{Name: parts[0], Receiver: string(value[n:]), Line: int(line)}}, nil
}
