// Package mcpserver serves lgraph's read queries to coding agents over the
// Model Context Protocol: one tool per query, each answered from a view
// opened for that call, so a running server answers from every snapshot
// that lgraph update publishes, and every answer carries its freshness
// block (DESIGN §5).
package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lgraph/lgraph/freshness"
	"github.com/lgraph/lgraph/gitrepo"
	"github.com/lgraph/lgraph/query"
	"github.com/lgraph/lgraph/readview"
)

// Options configure a server.
type Options struct {
	// Version is the server version reported to clients ("" is "dev").
	Version string
	// Logger receives the SDK's log of sessions and protocol errors; nil
	// discards it.
	Logger *slog.Logger
}

// server answers tool calls from one repository, config and store.
type server struct {
	// env is opened once; each call copies it with a freshly opened
	// repository (see view).
	env *readview.Env
	// busy lets one call read at a time: a call decodes a whole snapshot,
	// and the SDK runs calls concurrently.
	busy chan struct{}
}

// New returns an MCP server whose tools answer from env's repository and
// store. Run it with (*mcp.Server).Run on a transport.
func New(env *readview.Env, opts Options) *mcp.Server {
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	m := mcp.NewServer(&mcp.Implementation{Name: "lgraph", Title: "lgraph code graph", Version: version}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       opts.Logger,
		Capabilities: &mcp.ServerCapabilities{},
	})
	s := &server{env: env, busy: make(chan struct{}, 1)}
	for _, t := range s.tools() {
		m.AddTool(t.tool, s.handler(t))
	}
	return m
}

const instructions = "lgraph answers questions about this repository's code graph: dependencies between files, " +
	"callers and callees of symbols, the impact of a change, name search and what a file or symbol is. " +
	"Every answer carries a freshness block naming the tree it describes (content_root, indexed_commit, status); " +
	"items in files that changed since carry stale and suggest. Pin a call with expect_root or freshness=require " +
	"to be refused rather than answered about another tree."

// spec is one tool: its definition and how it answers from a view.
type spec struct {
	tool *mcp.Tool
	// newArgs returns a pointer to the tool's zero arguments.
	newArgs func() args
	// answer answers from an opened view that passed the pin.
	answer func(v *readview.View, a args) (any, error)
	// optionalSnapshot answers even when the branch is not indexed, unless
	// a pin is given (status).
	optionalSnapshot bool
}

// args are a tool's decoded arguments.
type args interface {
	pin() readview.Pin
	// check validates the arguments, returning a usage error.
	check() error
}

// handler runs one call: open a fresh view, decode and check the
// arguments, enforce the pin, answer. Failures become tool error results,
// never protocol errors, and carry the freshness block when there is one.
func (s *server) handler(t spec) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		select {
		case s.busy <- struct{}{}:
			defer func() { <-s.busy }()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		v, err := s.view(ctx)
		if err != nil {
			return failure(err, nil), nil
		}
		defer v.Env.Repo.Close() // each call opened its own
		res, err := s.call(t, v, req.Params.Arguments)
		if err != nil {
			return failure(err, &v.Fresh), nil
		}
		return success(res, v.Fresh)
	}
}

func (s *server) call(t spec, v *readview.View, raw json.RawMessage) (any, error) {
	a := t.newArgs()
	if err := decode(raw, a); err != nil {
		return nil, fmt.Errorf("%s: %w", t.tool.Name, err)
	}
	if err := a.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", t.tool.Name, err)
	}
	if pin := a.pin(); !t.optionalSnapshot || pin != (readview.Pin{}) {
		if err := v.Enforce(pin); err != nil {
			return nil, err
		}
	}
	return t.answer(v, a)
}

// view opens the published snapshot and its freshness for one call. The
// repository is opened again each time too: go-git indexes pack files
// once, so a repository held across calls would not find commits that a
// fetch or gc packed since.
func (s *server) view(ctx context.Context) (*readview.View, error) {
	dir := s.env.Repo.Top
	if dir == "" {
		dir = s.env.Repo.CommonDir
	}
	repo, err := gitrepo.Open(dir)
	if err != nil {
		return nil, err
	}
	e := *s.env
	e.Repo = repo
	v, err := readview.Open(ctx, &e)
	if err != nil {
		repo.Close()
	}
	return v, err
}

// decode reads a call's arguments strictly: an unknown (say, misspelled
// pin) argument is an error, not silently ignored.
func decode(raw json.RawMessage, a args) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(a); err != nil {
		return usageError("bad arguments: %v", err)
	}
	return nil
}

// answer is a tool's structured result: the result exactly as the CLI's
// --json prints it, or the error, with the freshness block of the tree.
type answer struct {
	Result    any              `json:"result,omitempty"`
	Error     *apiError        `json:"error,omitempty"`
	Freshness *freshness.Block `json:"freshness,omitempty"`
}

// apiError is the error of a refused or failed call, coded like the CLI's
// --json errors: refused, usage or error.
type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func success(res any, fresh freshness.Block) (*mcp.CallToolResult, error) {
	text, err := encode(answer{Result: res, Freshness: &fresh})
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(text)}},
		StructuredContent: json.RawMessage(text),
	}, nil
}

// failure is a tool error result: the message (which says what to run)
// first, then the same as JSON with the freshness block.
func failure(err error, fresh *freshness.Block) *mcp.CallToolResult {
	a := answer{Error: &apiError{Code: errorCode(err), Message: err.Error()}, Freshness: fresh}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}, IsError: true}
	if text, encErr := encode(a); encErr == nil {
		res.Content = append(res.Content, &mcp.TextContent{Text: string(text)})
		res.StructuredContent = json.RawMessage(text)
	}
	return res
}

// encode writes JSON as the CLI's --json does (two-space indent, no HTML
// escaping), so a result's bytes equal the CLI's.
func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// errUsage marks a bad argument.
var errUsage = errors.New("usage")

type usageErr struct{ msg string }

func (e *usageErr) Error() string        { return e.msg }
func (e *usageErr) Is(target error) bool { return target == errUsage }

func usageError(format string, a ...any) error {
	return &usageErr{msg: fmt.Sprintf(format, a...)}
}

// errorCode labels an error as the CLI's --json does.
func errorCode(err error) string {
	var amb *query.AmbiguousError
	switch {
	case errors.Is(err, readview.ErrRefused):
		return "refused"
	case errors.Is(err, readview.ErrUsage), errors.Is(err, errUsage), errors.As(err, &amb):
		return "usage"
	}
	return "error"
}
