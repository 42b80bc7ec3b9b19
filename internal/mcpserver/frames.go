package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Stdio is the transport of lgraph serve --mcp: newline-delimited JSON-RPC
// on in and out, through Drain. The SDK's stdio reader decodes one JSON
// stream and ends the session at the first frame it cannot read (go-sdk
// v1.8.0, mcp.ioConn), so one malformed line from a client (not JSON, an
// empty batch, NUL bytes, an object as id, trailing data) would stop the
// server. Here each line is checked first, as the SDK will read it: a bad
// one is answered with a JSON-RPC error and skipped, and only good frames
// reach the SDK.
func Stdio(in io.ReadCloser, out io.Writer) mcp.Transport {
	return stdio(in, out, mcp.DefaultMaxLineLength)
}

// stdio is Stdio with frames bounded to limit bytes.
func stdio(in io.ReadCloser, out io.Writer, limit int) mcp.Transport {
	w := &lineWriter{w: out}
	f := &frameFilter{in: in, r: bufio.NewReader(in), reply: w, limit: limit}
	// The filter bounds each frame itself, and hands the SDK one frame at
	// a time, so the SDK's own bound is not needed.
	return Drain(&mcp.IOTransport{Reader: f, Writer: w, MaxLineLength: -1})
}

// lineWriter lets the SDK and the filter write whole lines to one stream:
// each writes a message in one Write, and Writes do not interleave. It
// never closes the stream (stdout outlives the server).
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (*lineWriter) Close() error { return nil }

// frameFilter reads lines from in and passes on the good ones.
type frameFilter struct {
	in    io.ReadCloser
	r     *bufio.Reader
	reply io.Writer
	limit int
	// next is what is left of the frame being handed to the SDK.
	next []byte
}

func (f *frameFilter) Read(p []byte) (int, error) {
	for len(f.next) == 0 {
		line, tooLong, err := f.readLine()
		switch {
		case tooLong:
			f.refuse(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a frame is longer than %d bytes", f.limit))
		case len(line) > 0:
			f.next = f.check(line)
		}
		if err != nil && len(f.next) == 0 {
			return 0, err
		}
		if err != nil {
			break // hand the last frame over; the next Read ends the input
		}
	}
	n := copy(p, f.next)
	f.next = f.next[n:]
	return n, nil
}

func (f *frameFilter) Close() error { return f.in.Close() }

// readLine reads one line, without its newline. A line longer than the
// limit is read to its end and dropped, so memory stays bounded.
func (f *frameFilter) readLine() (line []byte, tooLong bool, err error) {
	for {
		chunk, err := f.r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > f.limit+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), tooLong, err
	}
}

// check returns the frame to hand the SDK (trimmed, one line), or nil
// after answering a frame the SDK could not read with an error.
func (f *frameFilter) check(line []byte) []byte {
	frame := bytes.Trim(line, " \t\r")
	if len(frame) == 0 {
		return nil // a blank line is no frame: the SDK skips it too
	}
	if !json.Valid(frame) {
		f.refuse(nil, jsonrpc.CodeParseError, "parse error: the frame is not one JSON value")
		return nil
	}
	if err := checkMessages(frame); err != nil {
		f.refuse(frameID(frame), jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
		return nil
	}
	return append(frame, '\n')
}

// checkMessages decodes a frame as the SDK will (mcp.readBatch): one
// message, or a non-empty batch of messages whose requests have distinct
// ids (notifications included: the SDK counts their empty ids).
func checkMessages(frame []byte) error {
	if frame[0] != '[' {
		_, err := jsonrpc.DecodeMessage(frame)
		return err
	}
	var batch []json.RawMessage
	if err := json.Unmarshal(frame, &batch); err != nil {
		return err
	}
	if len(batch) == 0 {
		return errors.New("empty batch")
	}
	seen := map[jsonrpc.ID]bool{}
	for _, raw := range batch {
		msg, err := jsonrpc.DecodeMessage(raw)
		if err != nil {
			return err
		}
		if req, ok := msg.(*jsonrpc.Request); ok {
			if seen[req.ID] {
				return fmt.Errorf("batch repeats id %v", req.ID.Raw())
			}
			seen[req.ID] = true
		}
	}
	return nil
}

// frameID is the frame's id when it has a valid one (a string or a
// number), for the error answer; else nil, which is written as null.
func frameID(frame []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(frame, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(m.ID, &v) != nil {
		return nil
	}
	switch v.(type) {
	case string, float64:
		return m.ID
	}
	return nil
}

// refuse answers a frame with a JSON-RPC error.
func (f *frameFilter) refuse(id json.RawMessage, code int, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	reply := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: int64(code), Message: message}}
	data, err := json.Marshal(reply)
	if err != nil {
		return
	}
	// A client that cannot be written to ends the session when the SDK
	// next writes; nothing more to do here.
	_, _ = f.reply.Write(append(data, '\n'))
}
