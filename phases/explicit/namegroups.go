package explicit

import (
	"bytes"
	"encoding/binary"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// A one-line edit of a file with tens of thousands of definitions (a
// generated API module) changes the definitions of one or two names. Every
// lookup key a digest is taken of (n, np, nf, nd) reads the definitions of
// one name in each touched file, so a name whose definitions are the same
// on both sides, file by file, has equal digests under every key: only the
// keys of the other names need digesting. The comparison below is stricter
// than a digest (it also sees the qualified name), so it can only send
// more keys to the exact digest, never fewer.

// changedNames lists, as family+"\x00"+name, the names whose definitions
// in some touched file differ between was and is (the touched files'
// definition entries on each side).
func changedNames(was, is *snapshot.MemKV) map[string]bool {
	before, after := nameGroups(was), nameGroups(is)
	out := map[string]bool{}
	note := func(group string) {
		name, rest, _ := bytes.Cut([]byte(group[1:]), []byte{0})
		fam, _, _ := bytes.Cut(rest, []byte{0})
		out[string(fam)+"\x00"+string(name)] = true
	}
	for g, v := range before {
		if w, ok := after[g]; !ok || w != v {
			note(g)
		}
	}
	for g := range after {
		if _, ok := before[g]; !ok {
			note(g)
		}
	}
	return out
}

// nameGroups maps each name-index group (keyspace, name, family and path:
// a key without its source order) to its definitions' values without
// their lines, in source order.
func nameGroups(kv *snapshot.MemKV) map[string]string {
	groups := map[string]string{}
	var group []byte
	var b []byte
	flush := func() {
		if group != nil {
			groups[string(group)] = string(b)
		}
	}
	for _, e := range kv.Entries() {
		if len(e.Key) == 0 || e.Key[0] != snapshot.KsName {
			continue
		}
		cut := bytes.LastIndexByte(e.Key, 0)
		if cut < 0 {
			continue
		}
		if !bytes.Equal(group, e.Key[:cut]) {
			flush()
			group, b = e.Key[:cut], b[:0]
		}
		v := snapshot.DefWithoutLine(e.Value)
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	flush()
	return groups
}
