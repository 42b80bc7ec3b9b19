package commands

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"
)

// Human output carries text from the repository: doc comments, commit
// subjects, summaries, paths. A terminal acts on the control sequences such
// text can hold (ESC]0; retitles the window, ESC[2J clears it, OSC 52
// writes the clipboard), so everything human output prints passes through
// escapeControls: every command's printer goes through Globals.printHuman,
// and lines on stderr through Globals.stderrf, so no printer can forget.
// JSON escapes C0 controls itself; escapeJSONControls adds DEL and C1,
// which encoding/json leaves raw.

// escapeControls returns b with the characters a terminal could act on
// written as escapes: C0 controls except newline and tab, and DEL, as \xNN;
// C1 controls (U+0080 to U+009F) as \uNNNN; and bytes that are not UTF-8
// as \xNN (an 8-bit terminal reads 0x9B as CSI).
func escapeControls(b []byte) []byte {
	if !needsEscape(b) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && size == 1:
			out = fmt.Appendf(out, `\x%02x`, b[0])
		case r == '\n' || r == '\t':
			out = append(out, b[0])
		case r < 0x20 || r == 0x7f:
			out = fmt.Appendf(out, `\x%02x`, r)
		case r >= 0x80 && r <= 0x9f:
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, b[:size]...)
		}
		b = b[size:]
	}
	return out
}

// needsEscape reports whether b holds a byte escapeControls might change:
// most output is plain ASCII and is written as it is.
func needsEscape(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 && c != '\n' && c != '\t') || c >= 0x7f {
			return true
		}
	}
	return false
}

// termWriter escapes what is written through it. A character split across
// two writes is held back until the second, so its escaping does not
// depend on how a printer chunked its output; Flush writes what is held.
type termWriter struct {
	w    io.Writer
	held []byte
}

func (t *termWriter) Write(p []byte) (int, error) {
	buf := append(t.held, p...)
	cut := incompleteTail(buf)
	t.held = append([]byte(nil), buf[cut:]...)
	if _, err := t.w.Write(escapeControls(buf[:cut])); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the bytes held back, escaped: output ended inside a
// character, so they are not one.
func (t *termWriter) Flush() error {
	held := t.held
	t.held = nil
	if len(held) == 0 {
		return nil
	}
	_, err := t.w.Write(escapeControls(held))
	return err
}

// incompleteTail returns where a UTF-8 sequence cut short by the end of b
// starts, or len(b) when b ends on a whole character.
func incompleteTail(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(b[i]) {
			if b[i] >= utf8.RuneSelf && !utf8.FullRune(b[i:]) {
				return i
			}
			return len(b)
		}
	}
	return len(b)
}

// escapeJSONControls escapes, in encoded JSON, the characters a terminal
// acts on that encoding/json writes raw: DEL and the C1 controls. Outside
// strings JSON holds only ASCII punctuation, so they sit inside strings,
// where a \u escape reads back as the same character.
func escapeJSONControls(b []byte) []byte {
	// DEL is 0x7F; C1 controls are 0xC2 0x80 to 0xC2 0x9F in UTF-8.
	if bytes.IndexByte(b, 0x7f) < 0 && bytes.IndexByte(b, 0xc2) < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == 0x7f || (r >= 0x80 && r <= 0x9f) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, b[:size]...)
		}
		b = b[size:]
	}
	return out
}

// printHuman runs a human printer on w through a termWriter.
func printHuman(w io.Writer, human func(w io.Writer)) {
	tw := &termWriter{w: w}
	human(tw)
	_ = tw.Flush()
}

// stderrf writes one line on stderr, escaped as human output is.
func (g *Globals) stderrf(format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	_, _ = g.Stderr.Write(escapeControls([]byte(line)))
}
