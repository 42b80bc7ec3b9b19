package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Backoff bounds. The n-th retry waits a random time in [d/2, d] with
// d = baseBackoff * 2^n capped at maxBackoff, unless the server named a
// Retry-After, which is honoured up to maxRetryAfter.
const (
	baseBackoff   = 500 * time.Millisecond
	maxBackoff    = 30 * time.Second
	maxRetryAfter = 5 * time.Minute
)

// backoff returns the wait before retry number n (0-based).
func backoff(n int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return min(retryAfter, maxRetryAfter)
	}
	d := maxBackoff
	if n < 16 {
		d = min(baseBackoff<<n, maxBackoff)
	}
	return d/2 + rand.N(d/2+1)
}

// retryable reports whether err from one attempt is worth another: 429,
// 408 and 5xx answers, timeouts of the attempt, dropped connections and
// replies cut short. Other HTTP errors (400, 401, 404) and client-side
// request validation are final, and so is anything once the caller's ctx is
// done.
func retryable(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	if code := httpStatus(err); code != 0 {
		return code == http.StatusTooManyRequests || code == http.StatusRequestTimeout || code >= 500
	}
	var urlErr *url.Error
	var netErr net.Error
	var syntaxErr *json.SyntaxError
	return errors.As(err, &urlErr) || errors.As(err, &netErr) || errors.As(err, &syntaxErr) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// httpStatus returns the HTTP status of an error answer, 0 for other errors.
func httpStatus(err error) int {
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) {
		return apiErr.HTTPStatusCode
	}
	var reqErr *openai.RequestError
	if errors.As(err, &reqErr) {
		return reqErr.HTTPStatusCode
	}
	return 0
}

// retryAfterKey is the context key of the per-attempt retryAfter slot.
type retryAfterKey struct{}

// retryAfter holds the Retry-After of the last answer of one attempt.
// go-openai drops response headers on errors, so headerDoer records it here.
type retryAfter struct {
	mu sync.Mutex
	d  time.Duration
}

// get returns the recorded delay.
func (r *retryAfter) get() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.d
}

// headerDoer is the HTTP client given to go-openai: it records the
// Retry-After header of 429 and 503 answers into the request's retryAfter.
type headerDoer struct {
	client openai.HTTPDoer
}

// Do sends req and records its Retry-After.
func (h headerDoer) Do(req *http.Request) (*http.Response, error) {
	if err := guardKey(req); err != nil {
		return nil, err
	}
	resp, err := h.client.Do(req)
	if err != nil || (resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable) {
		return resp, err
	}
	if slot, ok := req.Context().Value(retryAfterKey{}).(*retryAfter); ok {
		slot.mu.Lock()
		slot.d = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		slot.mu.Unlock()
	}
	return resp, nil
}

// parseRetryAfter reads a Retry-After value in seconds or as an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// scrubbedError hides a secret (the API key) from an error's message while
// keeping the cause for errors.Is and errors.As.
type scrubbedError struct {
	err    error
	secret string
}

// scrub wraps err so its message never shows secret.
func scrub(err error, secret string) error {
	if err == nil || secret == "" {
		return err
	}
	return &scrubbedError{err: err, secret: secret}
}

// Error returns the message with the secret replaced.
func (e *scrubbedError) Error() string {
	return strings.ReplaceAll(e.err.Error(), e.secret, Redacted)
}

// Unwrap returns the cause.
func (e *scrubbedError) Unwrap() error { return e.err }
