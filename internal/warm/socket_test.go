package warm

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// serveEcho serves dir's socket with a handler that prints the argv, until
// the test ends; it returns the channel Serve's result arrives on.
func serveEcho(t *testing.T, dir string) <-chan error {
	t.Helper()
	ln, err := Listen(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done, finished := make(chan error, 1), make(chan struct{})
	go func() {
		defer close(finished)
		done <- Serve(ctx, ln, func(_ context.Context, req Request) Response {
			if req.Argv[0] == "decline" {
				return Response{Declined: "asked to"}
			}
			return Response{Stdout: []byte(req.Argv[0]), Code: 3}
		})
	}()
	t.Cleanup(func() {
		cancel()
		<-finished
	})
	return done
}

func TestAskServeStop(t *testing.T) {
	dir := t.TempDir()
	done := serveEcho(t, dir)
	fi, err := os.Lstat(SocketPath(dir))
	if err != nil || fi.Mode().Perm() != 0o700 || fi.Mode().Type() != os.ModeSocket {
		t.Fatalf("socket %v, %v: want an owner-only socket", fi, err)
	}
	resp, err := Ask(context.Background(), dir, Request{Argv: []string{"status"}})
	if err != nil || string(resp.Stdout) != "status" || resp.Code != 3 || resp.Answered != 1 || resp.PID != os.Getpid() {
		t.Fatalf("Ask = %+v, %v", resp, err)
	}
	if _, err := Ask(context.Background(), dir, Request{Argv: []string{"decline"}}); !errors.Is(err, ErrDeclined) {
		t.Fatalf("declined request: err %v, want ErrDeclined", err)
	}
	if _, err := Listen(dir); !errors.Is(err, ErrRunning) {
		t.Fatalf("second Listen: err %v, want ErrRunning", err)
	}
	resp, err = Ask(context.Background(), dir, Request{Op: "stop"})
	if err != nil || resp.Answered != 1 {
		t.Fatalf("stop = %+v, %v (a declined request is not counted)", resp, err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after stop")
	}
	if _, err := os.Lstat(SocketPath(dir)); err == nil {
		t.Fatal("the socket outlived its daemon")
	}
}

func TestAskRefusesUntrustedAndStale(t *testing.T) {
	dir := t.TempDir()
	if _, err := Ask(context.Background(), dir, Request{Op: "ping"}); err == nil {
		t.Fatal("Ask without a socket succeeded")
	}
	serveEcho(t, dir)
	if err := os.Chmod(SocketPath(dir), 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := Ask(context.Background(), dir, Request{Op: "ping"}); !errors.Is(err, errUntrusted) {
		t.Fatalf("socket open to others: err %v, want errUntrusted", err)
	}

	// A socket nobody listens on (its process was killed) is stale: Ask
	// fails and Listen replaces it.
	stale := t.TempDir()
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: filepath.Join(stale, SocketName), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close()
	if err := os.Chmod(SocketPath(stale), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := Ask(context.Background(), stale, Request{Op: "ping"}); err == nil {
		t.Fatal("Ask on a stale socket succeeded")
	}
	serveEcho(t, stale)
	if _, err := Ask(context.Background(), stale, Request{Op: "ping"}); err != nil {
		t.Fatalf("after Listen replaced the stale socket: %v", err)
	}
}

func TestServeEndsWhenSocketRemoved(t *testing.T) {
	dir := t.TempDir()
	done := serveEcho(t, dir)
	if err := os.Remove(SocketPath(dir)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(3 * checkEvery):
		t.Fatal("Serve kept running after its socket was removed")
	}
}
