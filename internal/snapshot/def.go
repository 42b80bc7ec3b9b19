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

// EncodeDef encodes a Def's fields that the key does not hold.
func EncodeDef(d Def) []byte {
	var b []byte
	for _, s := range []string{d.ID, d.Qualified, d.Parent, d.Kind, d.Type, d.Bases, d.Params} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(d.Line))
	if len(d.Union) == 0 {
		return b // as entries were written before the field
	}
	b = binary.AppendUvarint(b, uint64(len(d.Union)))
	for _, s := range d.Union {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

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
	fields := []*string{&d.ID, &d.Qualified, &d.Parent, &d.Kind, &d.Type, &d.Bases, &d.Params}
	for _, f := range fields {
		n, k := binary.Uvarint(value)
		if k <= 0 || uint64(len(value)-k) < n {
			return Def{}, errors.New("corrupt name-index entry")
		}
		*f = string(value[k : k+int(n)])
		value = value[k+int(n):]
	}
	line, k := binary.Uvarint(value)
	if k <= 0 {
		return Def{}, errors.New("corrupt name-index entry")
	}
	d.Line = int(line)
	union, err := decodeUnion(value[k:])
	if err != nil {
		return Def{}, err
	}
	d.Union = union
	return d, nil
}

// decodeUnion reads the union members that may follow a Def's line: none
// when nothing does.
func decodeUnion(value []byte) ([]string, error) {
	if len(value) == 0 {
		return nil, nil
	}
	n, k := binary.Uvarint(value)
	if k <= 0 || n == 0 || n > uint64(len(value)) {
		return nil, errors.New("corrupt name-index entry")
	}
	value = value[k:]
	out := make([]string, n)
	for i := range out {
		m, k := binary.Uvarint(value)
		if k <= 0 || uint64(len(value)-k) < m {
			return nil, errors.New("corrupt name-index entry")
		}
		out[i] = string(value[k : k+int(m)])
		value = value[k+int(m):]
	}
	if len(value) > 0 {
		return nil, errors.New("corrupt name-index entry")
	}
	return out, nil
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

// lenPrefixed splits a uvarint-length-prefixed string off b.
func lenPrefixed(b []byte) (s, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || uint64(len(b)-k) < n {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}
