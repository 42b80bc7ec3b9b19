package classify

import (
	"bytes"
	"math/rand/v2"
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
