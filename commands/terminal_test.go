package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestEscapeControls(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text\n\tindented", "plain text\n\tindented"},
		{"title \x1b]0;pwned\x07 end", `title \x1b]0;pwned\x07 end`},
		{"clear \x1b[2J", `clear \x1b[2J`},
		{"clip \x1b]52;c;cHduZWQ=\x07", `clip \x1b]52;c;cHduZWQ=\x07`},
		{"cr\rdel\x7fnul\x00", `cr\x0ddel\x7fnul\x00`},
		{"c1 csi \u009b31m and nel \u0085", `c1 csi \u009b31m and nel \u0085`},
		{"raw 8-bit csi \x9b31m", `raw 8-bit csi \x9b31m`},
		{"é ü 日本 ✓ \u00a0", "é ü 日本 ✓ \u00a0"},
	} {
		if got := string(escapeControls([]byte(tc.in))); got != tc.want {
			t.Errorf("escapeControls(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The escaping of a character does not depend on how a printer split its
// writes: a C1 control cut between two writes is still escaped.
func TestTermWriterAcrossWrites(t *testing.T) {
	text := "a \u009b b 日本 \x1b[2J é"
	for cut := 0; cut <= len(text); cut++ {
		var out bytes.Buffer
		tw := &termWriter{w: &out}
		io.WriteString(tw, text[:cut])
		io.WriteString(tw, text[cut:])
		if err := tw.Flush(); err != nil {
			t.Fatal(err)
		}
		if want := string(escapeControls([]byte(text))); out.String() != want {
			t.Fatalf("cut at %d: %q, want %q", cut, out.String(), want)
		}
	}
	var out bytes.Buffer
	tw := &termWriter{w: &out}
	io.WriteString(tw, "end \xe6\x97") // output ends inside a character
	tw.Flush()
	if out.String() != `end \xe6\x97` {
		t.Fatalf("a cut-off character at the end: %q", out.String())
	}
}

// Every human printer goes through emit and fail, and every stderr line
// through stderrf: none lets an escape sequence through.
func TestHumanOutputIsEscaped(t *testing.T) {
	const evil = "doc \x1b]0;pwned\x07 \x1b[2J \u009b31m"
	var stdout, stderr bytes.Buffer
	g := NewGlobals(&stdout, &stderr, nil)
	if err := g.emit(nil, nil, func(w io.Writer) { fmt.Fprintln(w, evil) }); err != nil {
		t.Fatal(err)
	}
	_ = g.fail(nil, nil, errors.New("x"), func(w io.Writer) { fmt.Fprintln(w, evil) })
	g.warnOnce([]string{evil})
	g.Finish(errors.New(evil))
	for name, out := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String()} {
		if strings.ContainsAny(out, "\x1b\x07\u009b") {
			t.Errorf("%s holds a raw control character: %q", name, out)
		}
		if !strings.Contains(out, `\x1b]0;pwned\x07`) {
			t.Errorf("%s lost the escaped text: %q", name, out)
		}
	}
	// JSON is the encoder's to escape.
	stdout.Reset()
	g.JSON = true
	if err := g.emit(map[string]string{"doc": evil}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), `\u001b]0;pwned\u0007`) || strings.ContainsAny(stdout.String(), "\x1b\u009b") {
		t.Errorf("JSON output: %q", stdout.String())
	}
}

// DEL and C1 in JSON are escaped, and the JSON reads back the same.
func TestEscapeJSONControls(t *testing.T) {
	in := "a\x7fb\u009bc\u0085d é ✓"
	enc, _ := json.Marshal(map[string]string{"k": in})
	out := escapeJSONControls(enc)
	if strings.ContainsAny(string(out), "\x7f\u009b\u0085") {
		t.Fatalf("raw controls left: %q", out)
	}
	var back map[string]string
	if err := json.Unmarshal(out, &back); err != nil || back["k"] != in {
		t.Fatalf("read back %q (%v), want %q", back["k"], err, in)
	}
	plain := []byte(`{"k": "plain"}`)
	if got := escapeJSONControls(plain); !bytes.Equal(got, plain) {
		t.Fatalf("plain JSON changed: %q", got)
	}
}
