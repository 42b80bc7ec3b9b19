package llm

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// ErrInsecureKey reports a request that would carry the API key in clear
// text off this machine.
var ErrInsecureKey = errors.New("the API key is sent only over https, or plain http to a loopback address")

// KeyAllowed reports whether a credential may be sent to baseURL: over
// HTTPS anywhere, over plain HTTP only to a loopback address (a local
// Ollama, vLLM or llama.cpp server).
func KeyAllowed(baseURL string) bool {
	u, err := url.Parse(baseURL)
	return err == nil && keyAllowedURL(u)
}

func keyAllowedURL(u *url.URL) bool {
	switch u.Scheme {
	case "https":
		return u.Host != ""
	case "http":
		return isLoopback(u.Hostname())
	}
	return false
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newHTTPClient is the provider's default client: it follows no redirect,
// so a key sent to the configured endpoint is never replayed to another
// host or downgraded to plain http.
func newHTTPClient() *http.Client {
	return &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error {
		return fmt.Errorf("the endpoint redirected to %s: lgraph follows no redirect (set llm.base_url to the final URL)", req.URL.Redacted())
	}}
}

// guardKey refuses a request that carries a credential where KeyAllowed
// says it must not go, whatever client was configured.
func guardKey(req *http.Request) error {
	if req.Header.Get("Authorization") != "" && !keyAllowedURL(req.URL) {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Redacted(), ErrInsecureKey)
	}
	return nil
}
