package snapshot

import (
	"encoding/binary"
	"errors"
	"strconv"
)

// Def is a definition as the name index holds it: what resolution reads of
// a symbol (or of a name a file re-exports, Kind "alias") without the
// file's record, and what a search shows.
type Def struct {
	Path      string
	ID        string // "" for an alias
	Name      string
	Qualified string
	Parent    string
	Kind      string
	Type      string
	// Bases are the Extends then Implements names, "," within and ";"
	// between the two lists.
	Bases string
	Order int // source order within Path
	Line  int
	// Params are a callable's parameter types (facts.Symbol.Params).
	Params string
	// Union are the members of the union a type alias names
	// (facts.Symbol.Union).
	Union []string
}

// EncodeDef encodes a Def's fields that the key does not hold: seven
// length-prefixed strings, the line, then a union alias's members when it
// has any (counted, each length-prefixed).
func EncodeDef(d Def) []byte {
	var b []byte
	for _, s := range []string{d.ID, d.Qualified, d.Parent, d.Kind, d.Type, d.Bases, d.Params} {
		b = appendLenPrefixed(b, s)
	}
	b = binary.AppendUvarint(b, uint64(d.Line))
	if len(d.Union) == 0 {
		return b // as entries were written before the field
	}
	b = binary.AppendUvarint(b, uint64(len(d.Union)))
	for _, s := range d.Union {
		b = appendLenPrefixed(b, s)
	}
	return b
}

// errCorruptDef is a name-index value that does not decode.
var errCorruptDef = errors.New("corrupt name-index entry")

// DecodeDef decodes a name-index entry.
func DecodeDef(key, value []byte) (Def, error) {
	ks, parts := splitKey(key)
	if ks != KsName || len(parts) != 4 {
		return Def{}, errors.New("not a name-index key")
	}
	order, err := strconv.ParseUint(parts[3], 16, 32)
	if err != nil {
		return Def{}, errors.New("not a name-index key")
	}
	d := Def{Name: parts[0], Path: parts[2], Order: int(order)}
	rest, ok := defStrings(value, []*string{&d.ID, &d.Qualified, &d.Parent, &d.Kind, &d.Type, &d.Bases, &d.Params})
	if !ok {
		return Def{}, errCorruptDef
	}
	line, k := binary.Uvarint(rest)
	if k <= 0 {
		return Def{}, errCorruptDef
	}
	d.Line = int(line)
	if d.Union, err = decodeUnion(rest[k:]); err != nil {
		return Def{}, err
	}
	return d, nil
}

// defStrings reads a name-index value's seven strings into fields (nil
// ones skipped) and returns what follows them.
func defStrings(value []byte, fields []*string) (rest []byte, ok bool) {
	rest = value
	for _, f := range fields {
		var s []byte
		if s, rest, ok = lenPrefixed(rest); !ok {
			return nil, false
		}
		if f != nil {
			*f = string(s)
		}
	}
	return rest, true
}

// decodeUnion reads the union members that may follow a Def's line: none
// when nothing does.
func decodeUnion(value []byte) ([]string, error) {
	if len(value) == 0 {
		return nil, nil
	}
	n, k := binary.Uvarint(value)
	if k <= 0 || n == 0 || n > uint64(len(value)) {
		return nil, errCorruptDef
	}
	value = value[k:]
	out := make([]string, n)
	for i := range out {
		s, rest, ok := lenPrefixed(value)
		if !ok {
			return nil, errCorruptDef
		}
		out[i], value = string(s), rest
	}
	if len(value) > 0 {
		return nil, errCorruptDef
	}
	return out, nil
}

// DefWithoutLine is a name-index value without its line (and with a union
// alias's members, which follow the line): a definition moved by an edit
// above it is the same definition to every lookup. A value that does not
// decode is returned whole.
func DefWithoutLine(v []byte) []byte {
	rest, ok := defStrings(v, make([]*string, 7))
	if !ok {
		return v
	}
	_, k := binary.Uvarint(rest)
	if k <= 0 {
		return v
	}
	head := v[:len(v)-len(rest)]
	if len(rest) == k {
		return head
	}
	return append(append([]byte(nil), head...), rest[k:]...)
}

// DefEntry is a Def's name-index entry under a language family.
func DefEntry(family string, d Def) Entry {
	return Entry{Key: NameKey(d.Name, family, d.Path, d.Order), Value: EncodeDef(d)}
}

// DefEntries are a Def's name-index entry and, for a definition with a
// parent, its listing under the parent (KsMember).
func DefEntries(family string, d Def) []Entry {
	e := DefEntry(family, d)
	if d.Parent == "" {
		return []Entry{e}
	}
	return []Entry{e, {Key: MemberKey(family, d.Parent, d.Name, d.Path, d.Order)}}
}

// DefNames returns the node id and qualified name a name-index value
// holds, without copying or decoding the rest: a scan over every
// definition (search, a name given without its path) looks at these two
// and decodes only the entries that match. The slices alias value.
func DefNames(value []byte) (id, qualified []byte, ok bool) {
	id, value, ok = lenPrefixed(value)
	if !ok {
		return nil, nil, false
	}
	qualified, _, ok = lenPrefixed(value)
	return id, qualified, ok
}

// appendLenPrefixed appends s with its length before it (lenPrefixed reads it).
func appendLenPrefixed(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// lenPrefixed splits a uvarint-length-prefixed string off b.
func lenPrefixed(b []byte) (s, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || uint64(len(b)-k) < n {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}
