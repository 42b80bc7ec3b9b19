package warm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/lgraph/lgraph/internal/errcode"
)

// SocketName is the daemon's socket in the store directory: one per
// store, so every worktree sharing a store finds the same process.
const SocketName = "serve.sock"

// SocketPath is the socket of the store in dir.
func SocketPath(storeDir string) string { return filepath.Join(storeDir, SocketName) }

// Request is one CLI invocation sent to the daemon: what the process would
// have run, where, and with which environment, so the daemon runs the same
// command the same way.
type Request struct {
	// Argv is the command line, program name first.
	Argv []string `json:"argv,omitempty"`
	// Dir is the client's working directory (relative paths and the
	// default --repo are resolved from it).
	Dir string `json:"dir,omitempty"`
	// Environ is the client's environment (LGRAPH_* settings, HOME).
	Environ []string `json:"environ,omitempty"`
	// Op is "" (run Argv), "ping" or "stop".
	Op string `json:"op,omitempty"`
}

// Response is what the command printed and the code it exited with.
type Response struct {
	Stdout []byte `json:"stdout,omitempty"`
	Stderr []byte `json:"stderr,omitempty"`
	Code   int    `json:"code"`
	// PID is the daemon's process id.
	PID int `json:"pid"`
	// Answered counts the reads the daemon answered so far.
	Answered int `json:"answered"`
	// Declined, when set, says why the daemon did not run the command:
	// the client runs it itself.
	Declined string `json:"declined,omitempty"`
}

// ErrRunning marks a Listen refused because a daemon already serves the
// store.
var ErrRunning = errcode.Sentinel(errcode.Busy, "a warm process already serves this store: stop it with lgraph serve --stop")

// Listen creates the store's socket, readable and writable by its owner
// only. A socket left by a process that died is removed; one a live
// daemon answers on is refused with ErrRunning.
func Listen(storeDir string) (*net.UnixListener, error) {
	path := SocketPath(storeDir)
	if _, err := os.Lstat(path); err == nil {
		if _, err := Ask(context.Background(), storeDir, Request{Op: "ping"}); err == nil {
			return nil, ErrRunning
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("remove stale socket %s: %w", path, err)
		}
	}
	// The socket is created with the process umask's bits; a mask of
	// 077 keeps others from connecting between bind and chmod.
	old := syscall.Umask(0o077)
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	syscall.Umask(old)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", path, err)
	}
	ln.SetUnlinkOnClose(false) // Serve removes it, if it is still its own
	if err := os.Chmod(path, 0o700); err != nil {
		ln.Close()
		return nil, fmt.Errorf("restrict socket %s: %w", path, err)
	}
	return ln, nil
}

// ErrDeclined marks a request the daemon would not run (another
// environment, another working tree): the client runs it itself.
var ErrDeclined = errors.New("declined")

// errUntrusted is a socket this user did not create alone.
var errUntrusted = errors.New("socket not owned by this user or open to others")

// trusted checks that path is a socket owned by this user and closed to
// everyone else, so a read is never sent to another user's process.
func trusted(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if fi.Mode().Type() != fs.ModeSocket || !ok || int(st.Uid) != os.Getuid() || fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("%s: %w", path, errUntrusted)
	}
	return nil
}

// askTimeout bounds a whole exchange: reads answer in milliseconds, so a
// daemon that takes longer is stuck, and the client reads the store itself.
const askTimeout = 30 * time.Second

// Ask sends one request to the store's daemon and returns its response.
// Any error (no socket, a stale one, an untrusted one, a dead or stuck
// daemon) means the caller should do the work itself.
func Ask(ctx context.Context, storeDir string, req Request) (Response, error) {
	path := SocketPath(storeDir)
	if err := trusted(path); err != nil {
		return Response{}, err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return Response{}, err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(askTimeout))
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return Response{}, fmt.Errorf("send to %s: %w", path, err)
	}
	var resp Response
	if err := json.NewDecoder(conn).Decode(&resp); err != nil {
		return Response{}, fmt.Errorf("read from %s: %w", path, err)
	}
	if resp.Declined != "" {
		return resp, fmt.Errorf("%s: %w: %s", path, ErrDeclined, resp.Declined)
	}
	return resp, nil
}
