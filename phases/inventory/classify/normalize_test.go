package classify

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// normalizeByCopy is docs/design.md §2's normalization written step by
// step, as Normalize once was: the reference Normalize must equal.
func normalizeByCopy(data []byte) []byte {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	var out []byte
	blank := false
	for _, l := range bytes.Split(data, []byte("\n")) {
		l = bytes.TrimRight(l, " \t\r\f\v")
		if len(l) == 0 {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		out = append(out, l...)
		out = append(out, '\n')
	}
	return bytes.TrimRight(out, "\n")
}

func TestNormalizeMatchesDefinition(t *testing.T) {
	inputs := []string{"", "\n", "\r\n", "a\r\r\nb", "a \r\n\r\n\r\nb\t\n", "x\ry\n\n\nz", "\n\na\n\n"}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "ab \t\r\n\f\v"
	for range 20000 {
		b := make([]byte, rng.IntN(16))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		if got, want := Normalize([]byte(in)), normalizeByCopy([]byte(in)); !bytes.Equal(got, want) {
			t.Fatalf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNormalizedSumIsTheSumOfNormalize: Describe hashes the normalized
// bytes as it reads the lines, with no normalized copy of the blob, and
// when they are a prefix of the blob goes on from that state to the
// blob's own sum; both must be the SHA-256 of the bytes they stand for.
func TestNormalizedSumIsTheSumOfNormalize(t *testing.T) {
	inputs := []string{"", "\n", "\r\n", "a", "a\n", "\n\na\n\n", "a \r\n\r\n\r\nb\t\n", "x\ry\n\n\nz", "  \n\t\nq",
		"\na\n\nb\n", "a\n\n\nb", " \na", "a\n\n", strings.Repeat("func f() {}\n\n", 300)}
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "ab \t\r\n\f\v"
	for range 20000 {
		b := make([]byte, rng.IntN(24))
		abc := alphabet
		if rng.IntN(4) == 0 { // mostly text: spans that run over many lines
			b, abc = make([]byte, rng.IntN(300)), "abcdefghijklmnop\n\n\n \r"
		}
		for i := range b {
			b[i] = abc[rng.IntN(len(abc))]
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		full, norm := sums([]byte(in))
		if norm != sha256.Sum256(Normalize([]byte(in))) {
			t.Fatalf("sums(%q): the normalized sum differs from the SHA-256 of Normalize", in)
		}
		if full != sha256.Sum256([]byte(in)) {
			t.Fatalf("sums(%q): the sum differs from the SHA-256 of the bytes", in)
		}
	}
}

// TestDescribeMakesNoNormalizedCopy: the normalized hash costs no copy of
// the blob (a 64 KB blob, so that a copy would show as far more bytes
// than Describe's few small strings).
func TestDescribeMakesNoNormalizedCopy(t *testing.T) {
	data := bytes.Repeat([]byte("func f() {}   \r\n\n\n"), 4000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const runs = 10
	for range runs {
		Describe(data)
	}
	runtime.ReadMemStats(&after)
	if perRun := (after.TotalAlloc - before.TotalAlloc) / runs; perRun > uint64(len(data))/4 {
		t.Errorf("Describe of a %d-byte blob allocated %d bytes; want no copy of it", len(data), perRun)
	}
}
