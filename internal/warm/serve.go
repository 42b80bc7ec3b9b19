package warm

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"time"
)

// Handler runs one request's command and returns what it printed.
type Handler func(ctx context.Context, req Request) Response

// checkEvery is how often the daemon looks whether its socket is still
// there: a removed store (or socket) ends it rather than leaving it behind.
const checkEvery = 2 * time.Second

// Serve answers requests on ln one at a time (a request runs in the
// client's working directory, which is the process's) until ctx is done,
// a stop request arrives or the socket file is removed. Connections from
// other users are closed unanswered.
func Serve(ctx context.Context, ln *net.UnixListener, h Handler) error {
	path := ln.Addr().String()
	first, err := os.Lstat(path)
	if err != nil {
		ln.Close()
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer removeOwn(path, first, ln)
	go watchSocket(ctx, cancel, path, first)
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	answered := 0
	for {
		conn, err := ln.AcceptUnix()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				return nil
			}
			return err
		}
		stop := serveConn(ctx, conn, h, &answered)
		conn.Close()
		if stop {
			return nil
		}
	}
}

// serveConn answers one connection; it returns true for a stop request.
func serveConn(ctx context.Context, conn *net.UnixConn, h Handler, answered *int) bool {
	if err := samePeer(conn); err != nil {
		return false
	}
	_ = conn.SetDeadline(time.Now().Add(askTimeout))
	var req Request
	if err := json.NewDecoder(conn).Decode(&req); err != nil {
		return false
	}
	var resp Response
	switch req.Op {
	case "":
		resp = h(ctx, req)
		if resp.Declined == "" {
			*answered++
		}
	case "ping", "stop":
	default:
		resp = Response{Stderr: []byte("lgraph: unknown request " + req.Op + "\n"), Code: 2}
	}
	resp.PID, resp.Answered = os.Getpid(), *answered
	_ = json.NewEncoder(conn).Encode(resp)
	return req.Op == "stop"
}

// removeOwn closes the listener and removes its socket, unless the path
// names another daemon's socket by now.
func removeOwn(path string, own os.FileInfo, ln *net.UnixListener) {
	ln.Close()
	if fi, err := os.Lstat(path); err == nil && os.SameFile(own, fi) {
		os.Remove(path)
	}
}

// watchSocket cancels when the socket file is gone or replaced.
func watchSocket(ctx context.Context, cancel func(), path string, first os.FileInfo) {
	tick := time.NewTicker(checkEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if fi, err := os.Lstat(path); err != nil || !os.SameFile(first, fi) {
				cancel()
				return
			}
		}
	}
}
