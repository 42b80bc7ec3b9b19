package graph

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// StreamFormats are the formats Stream writes; the others lay a graph out
// as a whole and need Build.
var StreamFormats = []string{"jsonl", "json"}

// Counts are how many nodes and edges an export wrote.
type Counts struct {
	Nodes, Edges int
}

// Stream writes the whole graph of s, its edges only of kinds when kinds is
// not empty, in jsonl or json, byte for byte what Write writes of Build's
// graph (filtered by View's Kinds), without holding it: each node and edge
// is encoded as it is visited and sorted on disk in unlinked files of
// scratch ("" sorts in memory, compactly). Build's graph of a 100,000-file
// repository held 2 GB to write 610 MB of JSON lines.
func Stream(s *snapshot.Snapshot, w io.Writer, format string, kinds []string, scratch string) (Counts, error) {
	return stream(s, w, format, kinds, scratch, 0)
}

// stream is Stream, cutting a sorted run every runBytes (0: the spill's
// default).
func stream(s *snapshot.Snapshot, w io.Writer, format string, kinds []string, scratch string, runBytes int) (Counts, error) {
	if !slices.Contains(StreamFormats, format) {
		return Counts{}, fmt.Errorf("format %q cannot be streamed: use one of %v", format, StreamFormats)
	}
	nodes, edges := snapshot.NewSpillSort(runBytes, scratch), snapshot.NewSpillSort(runBytes, scratch)
	defer nodes.Close()
	defer edges.Close()
	// The spill copies what it is given: one key buffer and one encoder
	// serve every node and edge.
	var key []byte
	var seq uint64
	enc := newLineEncoder()
	visit(s, func(n Node) {
		// Build keeps a node twice if it comes twice (edges it dedupes):
		// a sequence number keeps two equal lines two keys.
		seq++
		key = appendSortLine(appendField(key[:0], n.ID), enc.line(n), seq)
		nodes.Add(key, nil)
	}, func(e Edge) {
		if len(kinds) > 0 && !slices.Contains(kinds, e.Kind) {
			return
		}
		key = key[:0]
		for _, f := range [...]string{e.Source, e.Target, e.Kind, e.Via, e.ResolvedBy, e.DetectedBy} {
			key = appendField(key, f)
		}
		key = appendSortLine(key, enc.line(e), 0)
		edges.Add(key, nil)
	})
	// A record that cannot be read is missing from the visit: nothing is
	// written rather than a graph without it.
	if err := s.Files.Err(); err != nil {
		return Counts{}, fmt.Errorf("read the published graph: %w", err)
	}
	bw := bufio.NewWriter(w)
	var c Counts
	var err error
	if format == "jsonl" {
		err = streamJSONL(bw, nodes, edges, &c)
	} else {
		err = streamJSON(bw, nodes, edges, &c)
	}
	if err != nil {
		return c, err
	}
	return c, bw.Flush()
}

// jsonLine is v as Write's encoders write it: HTML characters unescaped,
// a newline at the end.
func jsonLine(v any) []byte { return newLineEncoder().line(v) }

// lineEncoder encodes values as jsonLine does, into one buffer.
type lineEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

func newLineEncoder() *lineEncoder {
	l := &lineEncoder{}
	l.enc = json.NewEncoder(&l.buf)
	l.enc.SetEscapeHTML(false)
	return l
}

// line is v's JSON line, valid until the next call.
func (l *lineEncoder) line(v any) []byte {
	l.buf.Reset()
	if err := l.enc.Encode(v); err != nil {
		panic(fmt.Sprintf("encode %T: %v", v, err)) // Node and Edge always encode
	}
	return l.buf.Bytes()
}

// appendField appends s to a sort key so that keys compare as the tuples
// of their fields: a zero byte is written 0x00 0xff and the field ends
// with 0x00 0x01, which sorts before any byte a longer field goes on with.
func appendField(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			dst = append(dst, 0, 0xff)
		} else {
			dst = append(dst, s[i])
		}
	}
	return append(dst, 0, 1)
}

// appendSortLine ends a sort key with the JSON line (ties come in the
// order of their lines, and equal keys the spill keeps once), then seq and
// the line's length, so that the line can be cut back out of the key.
func appendSortLine(key, line []byte, seq uint64) []byte {
	key = append(key, line...)
	key = binary.BigEndian.AppendUint64(key, seq)
	return binary.BigEndian.AppendUint32(key, uint32(len(line)))
}

// lineOf is the JSON line in a sort key.
func lineOf(key []byte) []byte {
	end := len(key) - 12
	return key[end-int(binary.BigEndian.Uint32(key[len(key)-4:])) : end]
}

// each streams one sorted collection's lines.
func each(ss *snapshot.SpillSort, fn func(line []byte) error) error {
	runs, err := snapshot.MergeSpills(ss)
	if err != nil {
		return err
	}
	defer runs.Close()
	return runs.Stream(nil, func(key, _ []byte) error { return fn(lineOf(key)) })
}

func streamJSONL(w *bufio.Writer, nodes, edges *snapshot.SpillSort, c *Counts) error {
	if err := each(nodes, func(line []byte) error { c.Nodes++; _, err := w.Write(line); return err }); err != nil {
		return err
	}
	return each(edges, func(line []byte) error { c.Edges++; _, err := w.Write(line); return err })
}

// streamJSON writes what writeJSON's indented encoding of {"edges": [...],
// "nodes": [...]} writes (a map's keys come sorted): each element is its
// line indented two levels deep.
func streamJSON(w *bufio.Writer, nodes, edges *snapshot.SpillSort, c *Counts) error {
	var indented bytes.Buffer
	array := func(name string, ss *snapshot.SpillSort, count *int, last bool) error {
		fmt.Fprintf(w, " %q: [", name)
		err := each(ss, func(line []byte) error {
			if *count > 0 {
				w.WriteString(",")
			}
			*count++
			w.WriteString("\n  ")
			indented.Reset()
			if err := json.Indent(&indented, bytes.TrimSuffix(line, []byte("\n")), "  ", " "); err != nil {
				return err
			}
			_, err := w.Write(indented.Bytes())
			return err
		})
		if err != nil {
			return err
		}
		if *count > 0 {
			w.WriteString("\n ")
		}
		w.WriteString("]")
		if !last {
			w.WriteString(",")
		}
		_, err = w.WriteString("\n")
		return err
	}
	w.WriteString("{\n")
	if err := array("edges", edges, &c.Edges, false); err != nil {
		return err
	}
	if err := array("nodes", nodes, &c.Nodes, true); err != nil {
		return err
	}
	_, err := w.WriteString("}\n")
	return err
}
