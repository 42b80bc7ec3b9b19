package snapshot

import (
	"bytes"
	"path"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
)

// A published snapshot is a set of sorted tables: every key starts with a
// byte naming its keyspace, and every keyspace but the file records is an
// index derived from them, so that a read touches the records it answers
// from and an update writes the entries of the files it changed.
const (
	KsFile    = 'A' // path -> file record (the first keyspace: a full run writes the records as it reads them, recordLine)
	KsDir     = 'D' // dir \0 base name -> module member (DirValue)
	KsName    = 'N' // name \0 family \0 path \0 order (8 hex digits) -> Def
	KsModule  = 'M' // family \0 module key \0 path -> declared package
	KsStar    = 'S' // family \0 path \0 order (8 hex digits) -> module re-exported whole
	KsLookup  = 'L' // lookup key \0 path -> ""
	KsRevEdge = 'R' // target path \0 target \0 kind \0 source \0 via \0 resolved_by -> ""
	KsSignal  = 'G' // signal \0 path -> ""
	KsLeaf    = 'P' // path -> SHA-256 of the file's bytes (32 bytes), then its git blob id (20 bytes) when it has one (LeafValue)
	KsModDoc  = 'W' // module dir -> module doc
	KsPyHeads = 'H' // path -> what a code file tells its family's project reader (Traits.ProjectFacts: C/C++ namespace macros)
	// KsDirFacts tallies, by directory, what the code files tell their
	// family's project reader (Traits.DirFacts), so that an update adds
	// its touched files' and reads no other file's.
	KsDirFacts = 'C' // family \0 dir -> each token and the number of the directory's files that tell it (EncodeTally)
	// KsProjectFile lists the files a project reader reads (go.mod,
	// package.json, pyproject.toml, setup.py...: lang.ProjectFamily), so
	// that an update rereading the project settings finds them without a
	// walk over every path.
	KsProjectFile = 'J' // path -> ""
	// KsTree holds the content tree (docs/design.md §5): for each directory
	// ("." for the top one), each child's hash, so that an update rehashes
	// only the directories on its changed paths.
	KsTree = 'K' // dir \0 name -> the child's hash (32 bytes): a file's leaf hash or a subdirectory's hash
	// KsWord indexes the terms of names, docs and summaries (WordEntries),
	// for search by words; 'T' \0 path holds the file's document stats.
	KsWord   = 'T' // term \0 path \0 document ("f" for the file, else the symbol's order, 8 hex digits) -> per field: frequency, length (uvarints)
	KsUsedBy = 'U' // target dir \0 target base name \0 kind \0 source path -> the source's edges of that kind into the target (uvarint)
	// KsUnresolved lists the calls that failed to resolve for want of the
	// receiver's type, by the name called (see Site).
	KsUnresolved = 'X' // name \0 path \0 order in the file (8 hex digits) -> line (uvarint) ‖ receiver text
	// KsMember lists the name-index entries of the definitions that have a
	// parent by that parent, so that "get in class C" reads C's entries, not
	// every definition named get (thousands at 100,000 files).
	KsMember = 'Q' // family \0 parent \0 name \0 path \0 order (8 hex digits) -> ""
)

// Keyspaces lists every keyspace but the header's, in key order: a writer
// that streams a snapshot one keyspace at a time walks them in this order.
var Keyspaces = []byte{KsFile, KsDirFacts, KsDir, KsSignal, KsPyHeads, KsProjectFile, KsTree, KsLookup, KsModule, KsName, KsLeaf, KsMember, KsRevEdge, KsStar, KsWord, KsUsedBy, KsWindow, KsModDoc, KsUnresolved}

// Entry is one key and value of a snapshot's tables; Tomb marks a key a
// delta layer removes.
type Entry struct {
	Key, Value []byte
	Tomb       bool
}

// joinKey builds a key from a keyspace byte and \0-separated parts.
func joinKey(ks byte, parts ...string) []byte {
	n := 1
	for _, p := range parts {
		n += len(p) + 1
	}
	return appendJoinKey(make([]byte, 0, n), ks, parts...)
}

// appendJoinKey appends joinKey(ks, parts...) to b.
func appendJoinKey(b []byte, ks byte, parts ...string) []byte {
	b = append(b, ks)
	for i, p := range parts {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, p...)
	}
	return b
}

// Prefix is the key prefix of parts followed by a separator: the range of
// every key whose leading parts are these.
func Prefix(ks byte, parts ...string) []byte { return append(joinKey(ks, parts...), 0) }

// splitKey returns a key's keyspace and parts.
func splitKey(key []byte) (byte, []string) {
	if len(key) == 0 {
		return 0, nil
	}
	return key[0], strings.Split(string(key[1:]), "\x00")
}

// orderBytes writes a source order as 8 hex digits: fixed width sorts
// numerically, and no zero byte can be taken for a separator.
func orderBytes(n int) string {
	const digits = "0123456789abcdef"
	var b [8]byte
	for i, v := 7, uint32(n); i >= 0; i, v = i-1, v>>4 {
		b[i] = digits[v&0xf]
	}
	return string(b[:])
}

// FileKey is the key of a path's record.
func FileKey(p string) []byte { return joinKey(KsFile, p) }

// LeafKey is the key of a path's content digest.
func LeafKey(p string) []byte { return joinKey(KsLeaf, p) }

// TreeKey is the key of a directory's child in the content tree.
func TreeKey(dir, name string) []byte { return joinKey(KsTree, dir, name) }

// TreePrefix is the prefix of every child of a directory in the content
// tree: its children only, not its subdirectories' ("a\0" is no prefix of "a/b\0").
func TreePrefix(dir string) []byte { return Prefix(KsTree, dir) }

// DirKey is the key that lists a path in its directory.
func DirKey(p string) []byte { return joinKey(KsDir, path.Dir(p), path.Base(p)) }

// NameKey is the key of a definition in the name index.
func NameKey(name, family, p string, order int) []byte {
	return joinKey(KsName, name, family, p, orderBytes(order))
}

// MemberKey is the key listing a definition with a parent under that
// parent (KsMember); MemberDef reads the name-index key it stands for.
func MemberKey(family, parent, name, p string, order int) []byte {
	return joinKey(KsMember, family, parent, name, p, orderBytes(order))
}

// MemberPrefix is the prefix of every KsMember key of a name under one
// parent.
func MemberPrefix(family, parent, name string) []byte { return Prefix(KsMember, family, parent, name) }

// MemberDef is the name-index key a KsMember key stands for; ok is false
// for another key.
func MemberDef(key []byte) (nameKey []byte, ok bool) {
	ks, parts := splitKey(key)
	if ks != KsMember || len(parts) != 5 {
		return nil, false
	}
	return joinKey(KsName, parts[2], parts[0], parts[3], parts[4]), true
}

// ModuleKey is the key listing a file under a module key.
func ModuleKey(family, key, p string) []byte { return joinKey(KsModule, family, key, p) }

// StarKey is the key of the n-th module a file re-exports whole.
func StarKey(family, p string, order int) []byte {
	return joinKey(KsStar, family, p, orderBytes(order))
}

// CouplingSignal is the signal-index name of a key the model explorer
// proposed: "llm:" and the key's name, apart from the rules' own names
// (no rule kind is called llm).
func CouplingSignal(name string) string { return "llm:" + name }

// SignalKey is the key listing a file under an implicit signal.
func SignalKey(signal, p string) []byte { return joinKey(KsSignal, signal, p) }

// SignalUsers lists the files a signal index holds under signal, in path
// order.
func SignalUsers(kv KV, signal string) ([]string, error) {
	var paths []string
	err := kv.Scan(Prefix(KsSignal, signal), func(k, _ []byte) error {
		paths = append(paths, KeyPart(k, 1))
		return nil
	})
	return paths, err
}

// LookupKey is the key listing a file under an index key it looked up.
func LookupKey(lookup, p string) []byte { return joinKey(KsLookup, lookup, p) }

// RevEdgeKey is the key of an edge in the reverse (by target) index.
func RevEdgeKey(e Edge) []byte { return appendRevEdgeKey(nil, e) }

// appendRevEdgeKey appends RevEdgeKey(e) to b.
func appendRevEdgeKey(b []byte, e Edge) []byte {
	return appendJoinKey(b, KsRevEdge, nodeid.PathOf(e.Target), e.Target, e.Kind, e.Source, e.Via, e.ResolvedBy)
}

// ProjectFileKey is the key listing a file a project reader reads.
func ProjectFileKey(p string) []byte { return joinKey(KsProjectFile, p) }

// PyHeadsKey is the key of a Python file's import heads.
func PyHeadsKey(p string) []byte { return joinKey(KsPyHeads, p) }

// ModDocKey is the key of a module's doc.
func ModDocKey(dir string) []byte { return joinKey(KsModDoc, dir) }

// ParseRevEdge decodes a reverse-edge key. The parts share one string: a
// question about a popular target reads thousands of these.
func ParseRevEdge(key []byte) (Edge, bool) {
	if len(key) == 0 || key[0] != KsRevEdge {
		return Edge{}, false
	}
	return parseRevEdge(string(key[1:]))
}

// parseRevEdge decodes a reverse-edge key after its keyspace byte; the
// parts are substrings of rest.
func parseRevEdge(rest string) (Edge, bool) {
	var parts [6]string
	for i := range 5 {
		j := strings.IndexByte(rest, 0)
		if j < 0 {
			return Edge{}, false
		}
		parts[i], rest = rest[:j], rest[j+1:]
	}
	if strings.IndexByte(rest, 0) >= 0 {
		return Edge{}, false
	}
	parts[5] = rest
	return Edge{Target: parts[1], Kind: parts[2], Source: parts[3], Via: parts[4], ResolvedBy: parts[5]}, true
}

// KeyPart returns the i-th part of a key (after the keyspace byte).
func KeyPart(key []byte, i int) string {
	_, parts := splitKey(key)
	if i < len(parts) {
		return parts[i]
	}
	return ""
}

// Owner is the path of the file a key's entry was derived from ("" for
// entries that belong to no file, such as module docs). It reads the one
// part it needs without splitting the key: an overlay asks it of every
// key a scan of the base passes.
func Owner(key []byte) string {
	if len(key) == 0 {
		return ""
	}
	switch key[0] {
	case KsFile, KsLeaf, KsPyHeads, KsProjectFile:
		return string(key[1:]) // one part, the path
	case KsDir:
		if base, ok, more := keyPart(key, 1); ok && !more {
			if dir, _, _ := keyPart(key, 0); dir != "." {
				return dir + "/" + base
			}
			return base
		}
	case KsName, KsModule:
		if p, ok, _ := keyPart(key, 2); ok {
			return p
		}
	case KsMember:
		if p, ok, _ := keyPart(key, 3); ok {
			return p
		}
	case KsUnresolved:
		if _, ok, more := keyPart(key, 2); ok && !more {
			p, _, _ := keyPart(key, 1)
			return p
		}
	case KsStar, KsLookup, KsSignal, KsWord:
		if p, ok, _ := keyPart(key, 1); ok {
			return p
		}
	case KsUsedBy:
		if p, ok, more := keyPart(key, 3); ok && !more {
			return p
		}
	case KsRevEdge:
		if src, ok, _ := keyPart(key, 3); ok {
			return nodeid.PathOf(src)
		}
	}
	return ""
}

// keyPart is the i-th part of a key (after the keyspace byte); ok is false
// when the key has fewer parts, more is true when parts follow it.
func keyPart(key []byte, i int) (part string, ok, more bool) {
	rest := key[1:]
	for ; i > 0; i-- {
		j := bytes.IndexByte(rest, 0)
		if j < 0 {
			return "", false, false
		}
		rest = rest[j+1:]
	}
	if j := bytes.IndexByte(rest, 0); j >= 0 {
		return string(rest[:j]), true, true
	}
	return string(rest), true, false
}

// GenericEntries are the entries of a file that need no language
// knowledge: its directory listing, project-file mark, content digest, lookups, reverse edges,
// used-by counts, unresolved calls and signals. (The record itself and the definition entries are added by
// the caller.)
//
// only names the keyspaces wanted (none: all).
func GenericEntries(f *File, only ...byte) []Entry {
	want := func(ks byte) bool { return len(only) == 0 || bytes.IndexByte(only, ks) >= 0 }
	var out []Entry
	genericEntriesTo(f, want, WordEntriesTo, func(key, value []byte) {
		// An entry's key and value share one allocation.
		b := make([]byte, len(key)+len(value))
		n := copy(b, key)
		copy(b[n:], value)
		e := Entry{Key: b[:n:n]}
		if value != nil {
			e.Value = b[n:]
		}
		out = append(out, e)
	})
	return out
}

// genericEntriesTo calls add with each of GenericEntries(f) in the
// keyspaces want says, in its order, the word postings given by words. A
// key is built in a buffer reused for the next, so key and value are
// valid only during the call: a full run's publishing copies each into
// its sort buffer as it comes, and a key of its own for each entry was
// two allocations at 100,000 files for every lookup and reverse edge.
func genericEntriesTo(f *File, want func(ks byte) bool, words func(*File, func(key, value []byte)), add func(key, value []byte)) {
	var deps []DepCount // the listing and the used-by entries both count them
	depsOf := func() []DepCount {
		if deps == nil {
			deps = depCounts(f)
		}
		return deps
	}
	var kb []byte
	if want(KsDir) {
		kb = appendJoinKey(kb[:0], KsDir, path.Dir(f.Path), path.Base(f.Path))
		add(kb, dirValue(f, depsOf))
	}
	if want(KsProjectFile) && lang.ProjectFamily(path.Base(f.Path)) != "" {
		add(appendJoinKey(kb[:0], KsProjectFile, f.Path), nil)
	}
	if want(KsLeaf) {
		if leaf, ok := LeafValue(f); ok {
			add(appendJoinKey(kb[:0], KsLeaf, f.Path), leaf)
		}
	}
	if want(KsLookup) {
		for _, k := range f.Res.Lookups {
			kb = appendJoinKey(kb[:0], KsLookup, k, f.Path)
			add(kb, nil)
		}
	}
	if want(KsRevEdge) {
		for _, e := range f.Res.Edges {
			if e.Kind != edgekind.Contains {
				kb = appendRevEdgeKey(kb[:0], e)
				add(kb, nil)
			}
		}
		for _, e := range f.Implicit {
			kb = appendRevEdgeKey(kb[:0], e)
			add(kb, nil)
		}
	}
	if want(KsUsedBy) {
		for _, e := range usedByEntries(f, depsOf()) {
			add(e.Key, e.Value)
		}
	}
	if want(KsUnresolved) {
		for _, e := range siteEntries(f) {
			add(e.Key, e.Value)
		}
	}
	if want(KsWord) {
		words(f, add)
	}
	if want(KsSignal) {
		for _, s := range f.Signals {
			kb = appendJoinKey(kb[:0], KsSignal, s.Name(), f.Path)
			add(kb, nil)
		}
		for _, c := range f.Couplings {
			kb = appendJoinKey(kb[:0], KsSignal, CouplingSignal(c.Name()), f.Path)
			add(kb, nil)
		}
	}
}

// GenericEntriesTo calls add with each of GenericEntries(f): key and
// value are valid only during the call. The word postings, most of a
// file's entries, are built in one reused buffer (WordEntriesTo).
func GenericEntriesTo(f *File, add func(key, value []byte)) {
	genericEntriesTo(f, everyKeyspace, WordEntriesTo, add)
}

func everyKeyspace(byte) bool { return true }

// GenericEntriesBesideWordsTo calls add with each of GenericEntries(f)
// but the word postings and statistics (WordLists collects those of a full
// run). key and value are valid only during the call.
func GenericEntriesBesideWordsTo(f *File, add func(key, value []byte)) {
	genericEntriesTo(f, func(ks byte) bool { return ks != KsWord }, nil, add)
}

// KeyspaceEntriesTo calls add with each of GenericEntries(f, only...),
// which must name at least one keyspace: key and value are valid only
// during the call, so a collection that copies them (SpillSort.Add)
// allocates nothing per entry.
func KeyspaceEntriesTo(f *File, add func(key, value []byte), only ...byte) {
	genericEntriesTo(f, func(ks byte) bool { return bytes.IndexByte(only, ks) >= 0 }, WordEntriesTo, add)
}

// Leaf is a file's entry in the leaf index: what the content root and the
// freshness check need of it, so that neither decodes its record.
type Leaf struct {
	SHA256  [32]byte
	Blob    [20]byte
	HasBlob bool
}

// LeafValue encodes a record's leaf entry: the SHA-256 of its bytes and,
// where the record names one, the git blob id, which the freshness check
// compares with the blob git's index stages. ok is false for a record
// without a valid digest, which gets no entry.
func LeafValue(f *File) ([]byte, bool) {
	out := make([]byte, 32, 52)
	if !unhexInto(out, f.SHA256) {
		return nil, false
	}
	var blob [20]byte
	if unhexInto(blob[:], f.Blob) {
		out = append(out, blob[:]...)
	}
	return out, true
}

// ParseLeaf decodes a leaf entry; ok is false for a damaged one.
func ParseLeaf(v []byte) (l Leaf, ok bool) {
	switch len(v) {
	case 52:
		copy(l.Blob[:], v[32:])
		l.HasBlob = true
	case 32:
	default:
		return l, false
	}
	copy(l.SHA256[:], v)
	return l, true
}

// unhexInto decodes hex text of exactly len(dst) bytes into dst.
func unhexInto(dst []byte, text string) bool {
	if len(text) != 2*len(dst) {
		return false
	}
	for i := range dst {
		hi, lo := unhex(text[2*i]), unhex(text[2*i+1])
		if hi < 0 || lo < 0 {
			return false
		}
		dst[i] = byte(hi<<4 | lo)
	}
	return true
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// SortEntries sorts entries by key and drops exact duplicates.
func SortEntries(es []Entry) []Entry {
	if len(es) < 2 {
		return es
	}
	sortByKey(es)
	out := es[:1]
	for _, e := range es[1:] {
		if !bytes.Equal(e.Key, out[len(out)-1].Key) {
			out = append(out, e)
		}
	}
	return out
}
