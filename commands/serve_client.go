package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/warm"
)

// warmReads are the commands a warm process answers (docs/design.md §6).
var warmReads = map[string]bool{"status": true, "deps": true, "rdeps": true, "callers": true, "callees": true,
	"impact": true, "search": true, "show": true}

// answered is a command the warm process ran: its output is printed, and
// the process exits with its code.
type answered struct{ code int }

func (a answered) Error() string {
	return fmt.Sprintf("answered by the warm process (exit %d)", a.code)
}

// notWarm is a command the warm process does not run (a client whose
// early scan took it for a read sent it): it is declined, and the client
// runs it itself.
type notWarm struct{ command string }

func (n notWarm) Error() string {
	return fmt.Sprintf("the warm process answers reads only (%s)", n.command)
}

// dispatch wraps a command's action: a read is first offered to the
// store's warm process (when one runs); a daemon runs reads only.
func (g *Globals) dispatch(c *cli.Command) {
	act := c.Action
	if act == nil {
		return
	}
	read := warmReads[c.Name]
	c.Action = func(cc *cli.Context) error {
		switch {
		case g.keep != nil && !read:
			return notWarm{c.Name}
		case g.keep == nil && read:
			if ok, err := g.askDaemon(cc.Context); ok {
				return err
			}
		}
		return act(cc)
	}
}

// askDaemon offers the command line to the store's warm process. handled
// is false when none answered (none runs, its socket is stale or not this
// user's, it declined): the caller reads the store itself, with the
// environment opened here.
func (g *Globals) askDaemon(ctx context.Context) (handled bool, err error) {
	if g.Getenv("LGRAPH_WARM") == "off" {
		return false, nil
	}
	e, err := readview.OpenEnv(g.location(), false, nil)
	if err != nil {
		return false, nil // the local read reports it
	}
	g.opened = e
	return g.askWarm(ctx, e.Store.Dir)
}

// startDaemon starts `lgraph serve` in the background, detached from this
// process's session and streams (its log is serve.log in the store), and
// returns once it answers on the socket.
func startDaemon(ctx context.Context, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	if _, err := warm.Ask(ctx, e.Store.Dir, warm.Request{Op: "ping"}); err == nil {
		return warm.ErrRunning
	}
	self, err := selfPath()
	if err != nil {
		return err
	}
	logPath := filepath.Join(e.Store.Dir, "serve.log")
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("open %s: %w", logPath, err)
	}
	defer log.Close()
	args := []string{"serve", "--repo", e.Repo.Top, "--store", e.Store.Dir}
	if g.ConfigFile != "" {
		args = append(args, "--config", g.ConfigFile)
	}
	cmd := exec.Command(self, args...)
	cmd.Env, cmd.Stdout, cmd.Stderr = g.Environ, log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s serve: %w", self, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	resp, err := awaitDaemon(ctx, e.Store.Dir, exited)
	if err != nil {
		return fmt.Errorf("the warm process did not start (see %s): %w", logPath, err)
	}
	fmt.Fprintf(g.Stdout, "serving reads on %s (pid %d); stop with lgraph serve --stop\n", warm.SocketPath(e.Store.Dir), resp.PID)
	return nil
}

// daemonStartWait bounds how long serve --daemon waits for its process.
const daemonStartWait = 10 * time.Second

// awaitDaemon pings the socket until the daemon answers or exits.
func awaitDaemon(ctx context.Context, storeDir string, exited <-chan error) (warm.Response, error) {
	deadline := time.Now().Add(daemonStartWait)
	for time.Now().Before(deadline) {
		if resp, err := warm.Ask(ctx, storeDir, warm.Request{Op: "ping"}); err == nil {
			return resp, nil
		}
		select {
		case err := <-exited:
			return warm.Response{}, fmt.Errorf("it exited: %v", err)
		case <-ctx.Done():
			return warm.Response{}, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	return warm.Response{}, errors.New("no answer on its socket")
}

// stopDaemon asks the store's warm process to exit.
func stopDaemon(ctx context.Context, g *Globals) error {
	e, err := g.open(false, nil)
	if err != nil {
		return err
	}
	resp, err := warm.Ask(ctx, e.Store.Dir, warm.Request{Op: "stop"})
	if err != nil {
		fmt.Fprintf(g.Stdout, "no warm process serves %s\n", e.Store.Dir)
		return nil
	}
	// The daemon removes its socket as it closes; wait for that, so that
	// a read right after this one is not offered to a closing process.
	sock := warm.SocketPath(e.Store.Dir)
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Lstat(sock); err != nil {
			break
		}
	}
	fmt.Fprintf(g.Stdout, "stopped the warm process (pid %d) after %d reads\n", resp.PID, resp.Answered)
	return nil
}

// selfPath is this program as it was started (a test binary standing in
// for lgraph is started under lgraph's name, which os.Executable would
// resolve away).
func selfPath() (string, error) {
	arg0 := os.Args[0]
	if strings.ContainsRune(arg0, filepath.Separator) {
		return filepath.Abs(arg0)
	}
	if p, err := exec.LookPath(arg0); err == nil {
		return filepath.Abs(p)
	}
	return os.Executable()
}
