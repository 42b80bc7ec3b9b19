package odb

import (
	"bytes"
	"compress/zlib"
	"errors"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// TestInflateLooseReadsHeaderAndContent: a loose object file is zlib data
// holding "<type> <size>\x00" and the content; a header git would not write
// or content cut short is an error, never a wrong object. The pooled
// reader is reused across files.
func TestInflateLooseReadsHeaderAndContent(t *testing.T) {
	deflate := func(s string) []byte {
		var b bytes.Buffer
		w := zlib.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	d := newObjectDir(t.TempDir())
	for range 2 {
		typ, size, data, err := d.inflateLoose(deflate("tree 5\x00hello"), true)
		if err != nil || typ != plumbing.TreeObject || size != 5 || string(data) != "hello" {
			t.Fatalf("got %v %d %q %v, want a tree of 5 bytes, hello", typ, size, data, err)
		}
		typ, size, data, err = d.inflateLoose(deflate("blob 11\x00hello world"), false)
		if err != nil || typ != plumbing.BlobObject || size != 11 || data != nil {
			t.Fatalf("header only: got %v %d %q %v", typ, size, data, err)
		}
	}
	for name, content := range map[string]string{
		"unknown type":    "bolb 3\x00abc",
		"no size":         "blob\x00abc",
		"negative size":   "blob -3\x00abc",
		"header too long": "blob " + strings.Repeat("1", 40) + "\x00abc",
	} {
		if _, _, _, err := d.inflateLoose(deflate(content), true); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: error %v, want ErrCorrupt", name, err)
		}
	}
	if _, _, _, err := d.inflateLoose(deflate("blob 10\x00abc"), true); err == nil {
		t.Error("content shorter than its header says: no error")
	}
	if _, _, _, err := d.inflateLoose([]byte("not zlib"), true); err == nil {
		t.Error("not zlib: no error")
	}
}
