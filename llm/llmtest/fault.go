package llmtest

import (
	"net/http"
	"time"
)

// Fault decides how the server answers one request. The zero Fault is a
// normal, successful reply. Fields combine: Delay happens first, then Drop,
// Status or Content decide the answer.
type Fault struct {
	// Delay waits before answering. If the client gives up meanwhile, the
	// request is not billed.
	Delay time.Duration
	// Drop hijacks the connection and closes it without an answer.
	Drop bool
	// Status, when non-zero, answers with this HTTP status and an
	// OpenAI-style error body carrying Message.
	Status int
	// Message is the error message of a Status answer.
	Message string
	// RetryAfter is the Retry-After header of a Status answer, if non-empty.
	RetryAfter string
	// Content, when non-empty, replaces the reply's message content (a
	// successful, billed answer that may break the reply schema).
	Content string
}

// RateLimit answers 429 with the given Retry-After (seconds, or "" for none).
func RateLimit(retryAfter string) Fault {
	return Fault{Status: http.StatusTooManyRequests, Message: "rate limit reached", RetryAfter: retryAfter}
}

// ServerError answers 500.
func ServerError() Fault {
	return Fault{Status: http.StatusInternalServerError, Message: "internal server error"}
}

// Status answers with any status and message (401 with a message echoing the
// key, for example).
func Status(code int, message string) Fault {
	return Fault{Status: code, Message: message}
}

// Slow waits d before a normal reply; with d past the client's timeout the
// client sees a timeout.
func Slow(d time.Duration) Fault { return Fault{Delay: d} }

// Malformed answers 200 with content that is not JSON.
func Malformed() Fault { return Fault{Content: "Sure! Here is a summary, not in JSON."} }

// Reply answers 200 with the given content.
func Reply(content string) Fault { return Fault{Content: content} }

// Drop closes the connection without answering.
func Drop() Fault { return Fault{Drop: true} }
