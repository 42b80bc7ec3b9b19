package snapshot

// DefParent returns the parent a name-index value holds (Def.Parent)
// without decoding the rest: a lookup of a name among one type's members
// passes over the name's other definitions and decodes only that type's.
// The slice aliases value.
func DefParent(value []byte) (parent []byte, ok bool) {
	rest := value
	for range 2 { // the id, then the qualified name
		if _, rest, ok = lenPrefixed(rest); !ok {
			return nil, false
		}
	}
	parent, _, ok = lenPrefixed(rest)
	return parent, ok
}
