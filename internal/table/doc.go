// Package table stores immutable sorted key-value files and layered views
// over them: the storage primitive of lgraph's snapshots, where each
// keyspace is a stack of tables (a base plus small deltas, newest first)
// that readers open without locks and without reading the whole file.
//
// A Writer takes keys in strictly increasing byte order, each with a value
// or a tombstone. A Reader opens a table by reading its fixed-size footer and
// its root index block, so opening costs the same for ten entries or ten
// million; a lookup then reads one block per index level and one data
// block. A View stacks readers, newest first: the newest layer holding a key
// answers for it, and a tombstone hides every older layer. Compact writes a
// view's live contents as one table.
//
// # File layout (format version 1)
//
// All integers are little-endian; "uvarint" is encoding/binary's unsigned
// varint. A table is a sequence of blocks followed by a footer:
//
//	block 0 | block 1 | ... | block n-1 | footer (72 bytes)
//
// Data blocks and index blocks share one layout:
//
//	entry 0 | entry 1 | ... | entry k-1
//	restart 0 | ... | restart r-1    uint32 each: offset of an entry in the block
//	r                                uint32: number of restarts
//	crc                              uint32: CRC-32C of every byte of the block before it
//
// An entry is
//
//	shared    uvarint  bytes of the key shared with the previous entry's key
//	unshared  uvarint  length of the key suffix that follows
//	tagged    uvarint  value length << 1 | 1 if the entry is a tombstone
//	suffix    unshared bytes
//	value     value length bytes (none for a tombstone)
//
// A restart entry has shared == 0, so its key is stored whole and can be
// compared in place: a search binary-searches the fixed-width restart array
// and then scans at most one restart interval forward, decoding nothing
// else. Data blocks put a restart every Options.RestartInterval entries
// (prefix compression pays off on path-like keys); index blocks put one at
// every entry, so the restart array is an array of fixed-width offsets to
// whole keys. A block is cut once it reaches Options.BlockSize, so a large
// value makes one large block of its own.
//
// An index entry's key is the last key of the block it points to; its value
// is the block's handle: uvarint offset, uvarint length (the length counts
// the restarts, count and crc), uvarint number (the block's position among
// all blocks of the file, from 0, by which a reader remembers the blocks it
// has verified). Index blocks form a tree: level 1 points at
// data blocks, level 2 at level-1 blocks, and so on, each index block
// holding at least two entries (unless it is the only one of its level), so
// the root is one block of about BlockSize bytes whatever the table's size.
// An empty table has an empty root (no entries, no restarts).
//
// The footer is
//
//	 0  uint64  root index block offset
//	 8  uint32  root index block length
//	12  uint32  height: number of index levels (1 when the root points at data blocks)
//	16  uint64  entries, tombstones included
//	24  uint64  tombstones
//	32  uint64  data blocks
//	40  uint64  index blocks
//	48  uint32  CRC-32C of the root index block (the crc its trailer holds)
//	52  uint32  reserved, zero
//	56  uint32  CRC-32C of footer bytes 0..56
//	60  uint32  format version
//	64  [8]byte magic "\x89LGTABLE"
//
// The last 12 bytes (version, magic) keep their place in every future
// format version, so a reader identifies a table and refuses a newer format
// (ErrVersion) before it interprets anything else.
//
// # Integrity
//
// The footer and the root block are checked against their CRC-32C when a
// table is opened, and every other block before its first use: each time
// it is read through an io.ReaderAt, once per Reader when the table is
// mapped or in memory (a table file is never modified). Every length and
// offset is bounds-checked before use. A damaged table therefore yields an error wrapping ErrCorrupt that
// names the file, never a wrong answer or a panic.
//
// # Concurrency and lifetime
//
// A Reader and a View are immutable: any number of goroutines may call Get
// and Iter at once. Values (and Get's results) may alias the file's memory
// mapping: they are valid until the Reader is closed and must not be
// modified; use Clone to keep one longer. Close a Reader only after every
// read on it has returned and every iterator over it is done.
package table
