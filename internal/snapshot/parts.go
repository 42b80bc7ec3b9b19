package snapshot

// Parts names parts of a file record, for a read that needs only some of
// them (FileSet.GetParts, AheadParts, Edit): a full run reads every record
// in many passes, and most read a few fields. The head (path, blob,
// digests, language, size) is always read. A part a read leaves out is
// empty in the record it gets, nil facts excepted: facts are either there
// (PartFacts) or nil.
type Parts uint16

const (
	// PartFacts is the facts but their references: package, doc, syntax
	// errors, symbols, imports, call sites, and whether there are facts.
	PartFacts Parts = 1 << iota
	// PartRefs is the facts' references; it brings PartFacts with it.
	PartRefs
	// PartRes is the resolution but its lookups: edges, unresolved count,
	// unresolved call sites.
	PartRes
	// PartLookups is the resolution's lookup keys.
	PartLookups
	// PartSummary is the file's summary and its key.
	PartSummary
	// PartEdgeSummaries is the summaries of the file's edges.
	PartEdgeSummaries
	// PartSignals is the implicit phase's signals.
	PartSignals
	// PartImplicit is the implicit edges, couplings and explored edges.
	PartImplicit

	// AllParts is the whole record.
	AllParts Parts = 1<<iota - 1
)

// The record parts the views of outline.go read.
const (
	// outlineRecord is what a module doc renders from.
	outlineRecord = AllParts &^ (PartRefs | PartLookups | PartEdgeSummaries)
	// edgeRecord is what an edge explanation reads of a file.
	edgeRecord = AllParts &^ (PartRefs | PartLookups)
)

// normal is keep with what its parts bring along.
func (keep Parts) normal() Parts {
	if keep&PartRefs != 0 {
		keep |= PartFacts
	}
	return keep & AllParts
}

// section is a run of a record's fields: a published record writes them
// one after the other, a packed one each on its own (packed.go).
type section int

const (
	secHead section = iota
	secFacts
	secRefs
	secRes
	secEnrich
	secImplicit
	numSections
)

// sectionParts are the parts each section holds (the head none: it is
// always read).
var sectionParts = [numSections]Parts{
	secFacts:    PartFacts,
	secRefs:     PartRefs,
	secRes:      PartRes | PartLookups,
	secEnrich:   PartSummary | PartEdgeSummaries,
	secImplicit: PartSignals | PartImplicit,
}

// wanted reports whether a read of keep needs section s.
func (s section) wanted(keep Parts) bool { return s == secHead || sectionParts[s]&keep != 0 }

// whole is every part of the sections that hold any of p: what a change
// of p rewrites, so what it must have read.
func (p Parts) whole() Parts {
	out := p
	for _, sp := range sectionParts {
		if sp&p != 0 {
			out |= sp
		}
	}
	return out.normal()
}

// genericKeyspaces are the keyspaces GenericEntries builds.
var genericKeyspaces = []byte{KsDir, KsProjectFile, KsLeaf, KsLookup, KsRevEdge, KsUsedBy, KsUnresolved, KsWord, KsSignal}

// PartsFor are the parts GenericEntries reads to build the entries of the
// keyspaces only names (none: every keyspace it builds, which read neither
// a file's references nor its edges' summaries, the largest parts of most
// records).
func PartsFor(only ...byte) Parts {
	if len(only) == 0 {
		only = genericKeyspaces
	}
	var keep Parts
	for _, ks := range only {
		switch ks {
		case KsDir: // dirValue: summary, facts, signals, dependency counts
			keep |= PartFacts | PartSummary | PartSignals | PartRes | PartImplicit
		case KsProjectFile, KsLeaf: // the head
		case KsLookup:
			keep |= PartLookups
		case KsRevEdge, KsUsedBy:
			keep |= PartRes | PartImplicit
		case KsUnresolved:
			keep |= PartRes
		case KsWord:
			keep |= PartFacts | PartSummary
		case KsSignal:
			keep |= PartSignals | PartImplicit
		default:
			return AllParts
		}
	}
	return keep
}
