// Package mcpserver serves lgraph to coding agents over the Model Context
// Protocol: the read queries, status, wiki pages and the run ledger, and
// the loop that keeps them true (update, verify). Each call opens a view
// of the snapshot published when it is made, so a running server follows
// every update, and every answer is the CLI's --json envelope {ok, result,
// error, freshness} as one compact JSON text, bounded to about 20 KB.
package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/freshness"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/warm"
)

// Options configure a server.
type Options struct {
	// Version is the server version reported to clients ("" is "dev").
	Version string
	// Logger receives the SDK's log of sessions and protocol errors; nil
	// discards it.
	Logger *slog.Logger
	// Loop runs the update and verify tools (the CLI passes
	// actions.Loop). The server links no indexer of its own, so serving
	// reads never carries badger or the model client; nil answers those
	// two tools with an error.
	Loop Loop
	// MaxAnswerBytes bounds an answer whose limit the caller did not set:
	// the limit is lowered until the answer fits. 0 is DefaultMaxAnswerBytes.
	MaxAnswerBytes int
	// Wiki reads and notes module insights (lgraph_wiki, lgraph_context,
	// lgraph_wiki_note); nil has none and refuses notes.
	Wiki WikiPages
	// Warm, when set, makes the server keep the view of one call for the
	// next while nothing it depends on changed (see internal/warm), until Warm
	// is done. Unset, every call opens a view and checks freshness anew.
	Warm context.Context
}

// DefaultMaxAnswerBytes keeps an answer small enough for an agent's context.
const DefaultMaxAnswerBytes = 20_000

// server answers tool calls from one repository, config and store.
type server struct {
	// env is opened once; each call copies it with a freshly opened
	// repository (see view).
	env  *readview.Env
	opts Options
	// busy lets one call run at a time: a call decodes a whole snapshot or
	// writes one, and the SDK runs calls concurrently.
	busy chan struct{}
	// warm holds the view kept between calls (Options.Warm).
	warm *warm.Kept
}

// New returns an MCP server whose tools answer from env's repository and
// store. Run it with (*mcp.Server).Run on a transport.
func New(env *readview.Env, opts Options) *mcp.Server {
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	if opts.MaxAnswerBytes == 0 {
		opts.MaxAnswerBytes = DefaultMaxAnswerBytes
	}
	m := mcp.NewServer(&mcp.Implementation{Name: "lgraph", Title: "lgraph code graph", Version: version}, &mcp.ServerOptions{
		Instructions: instructions(),
		Logger:       opts.Logger,
		Capabilities: &mcp.ServerCapabilities{},
	})
	s := &server{env: env, opts: opts, busy: make(chan struct{}, 1)}
	if opts.Warm != nil {
		s.warm = warm.NewKept(opts.Warm, env, opts.Logger)
	}
	for _, t := range s.tools() {
		m.AddTool(t.tool, s.handler(t))
	}
	return m
}

// instructions tell an agent, once a session, what every tool shares: the
// answer's shape, pins, paging, and the arguments many tools take. Built
// when a server starts, not in every process's initializers.
func instructions() string {
	return "lgraph answers questions about this repository's code graph: dependencies between files, " +
		"callers and callees of symbols, the impact of a change, name search, what a file or symbol is, a symbol's code with its neighbourhood " +
		"within a token budget (lgraph_context), a ranked map of the repository (lgraph_map), module docs and the insights noted in them " +
		"(lgraph_wiki, lgraph_wiki_note) and what each index run changed (lgraph_log). Every answer is one JSON object {ok, result, error, freshness}: " +
		"freshness names the tree it describes (content_root, indexed_commit, status); items in files that changed since carry " +
		"stale and suggest. Lists sit under items with total and truncated; a cut list says next_offset: ask again with that offset. " +
		"If the index is missing or behind, call lgraph_update, then ask again; lgraph_verify checks the index against a rebuild. " +
		"Pin a call with expect_root or freshness=require to be refused rather than answered about another tree. Unknown arguments are refused. " +
		sharedArgsText()
}

// spec is one tool: its definition and how it answers from a view.
type spec struct {
	tool *mcp.Tool
	// newArgs returns a pointer to the tool's zero arguments.
	newArgs func() args
	// answer answers from an opened view that passed the pin.
	answer func(ctx context.Context, v *readview.View, a args) (any, error)
	// optionalSnapshot answers even when the branch is not indexed, unless
	// a pin is given (status, log, update).
	optionalSnapshot bool
	// refresh reopens the view after answering, for the freshness of what
	// the call published (update).
	refresh bool
}

// args are a tool's decoded arguments.
type args interface {
	pin() readview.Pin
	// check validates the arguments, returning a usage error.
	check() error
}

// handler runs one call: take a view, decode and check the
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
		v, release, err := s.view(ctx)
		if err != nil {
			return reply(answer.Failure(err, nil)), nil
		}
		env := s.call(ctx, t, v, req.Params.Arguments)
		release()
		if t.refresh {
			if nv, release, err := s.view(ctx); err == nil {
				env.Freshness = nv.Fresh
				release()
			}
		}
		return reply(env), nil
	}
}

// call answers one call as an envelope, lowering an unset limit until the
// answer fits the byte budget.
func (s *server) call(ctx context.Context, t spec, v *readview.View, raw json.RawMessage) answer.Envelope {
	a := t.newArgs()
	if err := decode(raw, a); err != nil {
		return failure(fmt.Errorf("%s: %w", t.tool.Name, err), v.Fresh)
	}
	if err := a.check(); err != nil {
		return failure(fmt.Errorf("%s: %w", t.tool.Name, err), v.Fresh)
	}
	if pin := a.pin(); !t.optionalSnapshot || pin != (readview.Pin{}) {
		if err := v.RequireSnapshot(); err != nil {
			return failure(err, v.Fresh)
		}
		if err := v.Enforce(pin); err != nil {
			return failure(err, v.Fresh)
		}
	}
	for {
		res, err := t.answer(ctx, v, a)
		if err != nil {
			env := failure(err, v.Fresh)
			if res != nil {
				env.Result = res // a failure with findings (verify's drift)
			}
			return env
		}
		env := answer.Success(res, v.Fresh)
		p, ok := a.(pageable)
		if !ok || p.limitGiven() || p.limit() <= 1 {
			return env
		}
		if text, err := encode(env); err == nil && len(text) <= s.opts.MaxAnswerBytes {
			return env
		}
		p.setLimit(p.limit() / 2)
	}
}

// view returns the view a call answers from and what to call when the
// call is done with it: the warm view when nothing changed since it was
// opened, else a newly opened one.
func (s *server) view(ctx context.Context) (*readview.View, func(), error) {
	if s.warm != nil {
		return s.warm.Get(ctx, s.open)
	}
	v, err := s.open(ctx)
	if err != nil {
		return nil, nil, err
	}
	return v, func() { v.Env.Repo.Close() }, nil
}

// open opens the published snapshot and its freshness. The repository is
// opened again each time too: go-git indexes pack files once, so a
// repository held across calls would not find commits that a fetch or gc
// packed since.
func (s *server) open(ctx context.Context) (*readview.View, error) {
	repo, err := s.env.Repo.Reopen()
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

// reply is a tool result: the envelope as one compact JSON text (no
// structured copy: agents read the text).
func reply(env answer.Envelope) *mcp.CallToolResult {
	if b, ok := env.Freshness.(freshness.Block); ok {
		env.Freshness = compactFreshness(b)
	}
	text, err := encode(env)
	if err != nil {
		text = []byte(fmt.Sprintf(`{"ok":false,"result":null,"error":{"code":"error","message":%q},"freshness":null}`, "encode answer: "+err.Error()))
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}, IsError: !env.OK}
}

// maxStalePaths bounds the stale paths every answer's freshness block
// lists: a dirty tree of thousands of files would otherwise fill each
// answer. changed_files counts them all; lgraph_status pages them.
const maxStalePaths = 20

func compactFreshness(b freshness.Block) freshness.Block {
	if len(b.StalePaths) > maxStalePaths {
		b.StalePaths = b.StalePaths[:maxStalePaths]
	}
	return b
}

// failure is a failed call's envelope, its message naming MCP tools.
func failure(err error, fresh any) answer.Envelope {
	env := answer.Failure(err, fresh)
	env.Error.Message = toolHints(env.Error.Message)
	return env
}

// toolHints rewrites the CLI commands a message tells the user to run into
// the tools an MCP client can call.
var toolHints = strings.NewReplacer(
	"run lgraph init", "call lgraph_update (it indexes the branch the first time)",
	"run lgraph update --full to rebuild", "call lgraph_update with full: true to rebuild",
	"run lgraph update", "call lgraph_update",
	"try lgraph search ", "try lgraph_search with text ",
	"lgraph wiki lists the modules", "lgraph_wiki without module lists them",
	"see lgraph log", "lgraph_log lists the runs",
	"lgraph implicit FILE lists", "lgraph_implicit with file lists",
).Replace

// encode writes compact JSON without HTML escaping.
func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// usageError is a bad argument (code usage).
func usageError(format string, a ...any) error {
	return errcode.Errorf(errcode.Usage, format, a...)
}

// ToolNames lists the server's tools, for help texts.
func ToolNames() []string {
	var names []string
	for _, t := range (&server{}).tools() {
		names = append(names, t.tool.Name)
	}
	return names
}
