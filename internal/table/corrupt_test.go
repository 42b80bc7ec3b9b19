package table

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// smallTable is a table of a few blocks and two index levels, small enough
// to damage at every byte.
func smallTable(t *testing.T) ([]byte, []rec) {
	rng := rand.New(rand.NewPCG(9, 9))
	recs := sortedRecs(randRecs(rng, keyGens["paths"], 40, 0.2))
	b, info := writeTable(t, recs, Options{BlockSize: 96, RestartInterval: 3})
	if info.Height < 2 || info.DataBlocks < 4 {
		t.Fatalf("test table too simple: %+v", info)
	}
	return b, recs
}

// checkNoWrongAnswer opens a damaged table and reads everything; every
// answer must be either an error of the right kind or the true answer.
// It reports whether the damage was detected.
func checkNoWrongAnswer(t *testing.T, what string, b []byte, recs []rec) bool {
	t.Helper()
	r, err := OpenBytes("damaged.tbl", b)
	if err != nil {
		checkDamageError(t, what, err)
		return true
	}
	detected := false
	for _, x := range recs {
		v, found, deleted, err := r.Get([]byte(x.key))
		if err != nil {
			checkDamageError(t, what, err)
			detected = true
			continue
		}
		if found != !x.tomb || deleted != x.tomb || string(v) != x.value {
			t.Fatalf("%s: Get(%q) = %q found=%v deleted=%v, want %s", what, x.key, v, found, deleted, short(x))
		}
	}
	it := r.Iter(nil, nil)
	var got []rec
	for it.Next() {
		got = append(got, rec{key: string(it.Key()), value: string(it.Value()), tomb: it.Deleted()})
	}
	if it.Err() != nil {
		checkDamageError(t, what, it.Err())
		detected = true
		recs = recs[:min(len(got), len(recs))] // what came before the error must be right
	}
	if d := diffRecs(got, recs); d != "" {
		t.Fatalf("%s: Iter: %s", what, d)
	}
	return detected
}

func checkDamageError(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) {
		t.Fatalf("%s: error %v is neither ErrCorrupt nor ErrVersion", what, err)
	}
	if !strings.Contains(err.Error(), "damaged.tbl") {
		t.Fatalf("%s: error %q does not name the file", what, err)
	}
}

func TestEveryFlippedByteIsDetected(t *testing.T) {
	orig, recs := smallTable(t)
	for i := range orig {
		for _, mask := range []byte{0x01, 0x80, 0xff} {
			b := bytes.Clone(orig)
			b[i] ^= mask
			// Every byte is under a checksum or is the magic or version,
			// so each flip must be noticed by some read.
			if !checkNoWrongAnswer(t, fmt.Sprintf("byte %d ^ %#x", i, mask), b, recs) {
				t.Fatalf("byte %d ^ %#x of %d went unnoticed", i, mask, len(orig))
			}
		}
	}
}

func TestEveryTruncationIsDetected(t *testing.T) {
	orig, recs := smallTable(t)
	for n := range len(orig) {
		if !checkNoWrongAnswer(t, fmt.Sprintf("truncated to %d", n), orig[:n], recs) {
			t.Fatalf("truncation to %d of %d bytes went unnoticed", n, len(orig))
		}
	}
	// Bytes appended after the footer hide it: also an error.
	if !checkNoWrongAnswer(t, "extended", append(bytes.Clone(orig), 0), recs) {
		t.Fatal("a trailing byte went unnoticed")
	}
}

func TestNewerVersionRefused(t *testing.T) {
	b, _ := writeTable(t, []rec{{key: "a", value: "1"}}, Options{})
	le.PutUint32(b[len(b)-tailSize:], FormatVersion+1)
	_, err := OpenBytes("future.tbl", b)
	if !errors.Is(err, ErrVersion) {
		t.Fatalf("Open of a version %d table: %v, want ErrVersion", FormatVersion+1, err)
	}
	for _, want := range []string{"future.tbl", fmt.Sprint(FormatVersion + 1), "upgrade"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestNotATable(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("hello"), bytes.Repeat([]byte{0}, 500)} {
		if _, err := OpenBytes("junk", b); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("Open(%d junk bytes): %v, want ErrCorrupt", len(b), err)
		}
	}
}

func TestOpenFileErrors(t *testing.T) {
	if _, err := OpenFile(t.TempDir() + "/missing.tbl"); err == nil {
		t.Fatal("OpenFile of a missing file: no error")
	}
}
