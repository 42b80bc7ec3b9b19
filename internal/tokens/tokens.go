// Package tokens counts what an answer costs an agent, in the tokens of a
// real byte-pair encoding (cl100k_base, the tables linked into the
// binary), so budgets hold offline and mean what a model would pay.
package tokens

import (
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// Encoding names the byte-pair encoding every count uses.
const Encoding = "cl100k_base"

// Counter counts tokens. The zero value is not usable: use New.
type Counter struct {
	codec *codec.Codec
}

var (
	shared     *Counter
	sharedOnce sync.Once
)

// New returns the counter. Its tables (about 100,000 entries) are built on
// the first call and shared by later ones, since they never change.
func New() *Counter {
	sharedOnce.Do(func() { shared = &Counter{codec: codec.NewCl100kBase()} })
	return shared
}

// Count returns how many tokens text encodes to. Text that is not valid
// UTF-8 is counted with its bad bytes replaced, as a model client would
// send it.
func (c *Counter) Count(text string) int {
	n, err := c.codec.Count(text)
	if err != nil {
		// The codec refuses invalid UTF-8 only; count its lossy form.
		n, err = c.codec.Count(toValidUTF8(text))
		if err != nil {
			// Not reached with valid UTF-8; every token is at least one
			// byte, so the length bounds the count from above.
			return len(text)
		}
	}
	return n
}

// Budget is what a budgeted answer was allowed and what it spent, in
// tokens of Encoding, counted over the answer as its reader receives it.
type Budget struct {
	Tokens   int    `json:"tokens"`
	Used     int    `json:"used"`
	Encoding string `json:"encoding"`
}
