package mcpserver

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Drain wraps a transport so that the end of its input waits (up to
// drainTimeout) for the answers to the calls already read. The SDK cancels
// calls in flight when its reader stops (go-sdk issue #1061), so without
// this a client that writes its requests and closes stdin (a script, a
// pipe) would lose the answers.
//
// The wrapper hides the SDK's optional connection hooks; for stdio that
// only means JSON-RPC batches are accepted whatever protocol version the
// client negotiated.
func Drain(t mcp.Transport) mcp.Transport { return drainTransport{t} }

// drainTimeout bounds the wait for answers once input has ended.
const drainTimeout = time.Minute

type drainTransport struct{ mcp.Transport }

func (t drainTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &drainConn{Connection: c, pending: map[jsonrpc.ID]bool{}, changed: make(chan struct{}), closed: make(chan struct{})}, nil
}

// drainConn counts the calls read and not yet answered, and holds back the
// end of input until there are none.
type drainConn struct {
	mcp.Connection
	mu      sync.Mutex
	pending map[jsonrpc.ID]bool
	changed chan struct{} // closed (and replaced) when an answer is written
	closed  chan struct{}
	once    sync.Once
}

func (c *drainConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
			c.mu.Lock()
			c.pending[req.ID] = true
			c.mu.Unlock()
		}
		return msg, nil
	}
	if errors.Is(err, io.EOF) {
		ctx, cancel := context.WithTimeout(ctx, drainTimeout)
		defer cancel()
		c.wait(ctx)
	}
	return nil, err
}

// wait returns once every call read is answered, or the connection is
// closed or ctx is done.
func (c *drainConn) wait(ctx context.Context) {
	for {
		c.mu.Lock()
		n, changed := len(c.pending), c.changed
		c.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-changed:
		case <-c.closed:
			return
		case <-ctx.Done():
			return
		}
	}
}

func (c *drainConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	err := c.Connection.Write(ctx, msg)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		if c.pending[resp.ID] {
			delete(c.pending, resp.ID)
			close(c.changed)
			c.changed = make(chan struct{})
		}
		c.mu.Unlock()
	}
	return err
}

func (c *drainConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return c.Connection.Close()
}
