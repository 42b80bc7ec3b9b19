// Package commands wires lgraph's CLI (urfave/cli/v2): one file per
// command, each a thin skin over the library packages.
package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/readview"
)

// Globals holds what every command shares: global flags and the process's
// streams and environment (never read from package state).
type Globals struct {
	Stdout, Stderr io.Writer
	Environ        []string
	RepoDir        string
	ConfigFile     string
	StoreDir       string
	// Remote is --remote: the team remote's URL for this command.
	Remote string
	JSON   bool
	Quiet  bool
	// Freshness is filled by read commands for the JSON envelope.
	freshness any
	// jsonArg is --json seen on the command line before parsing, so that
	// an error in parsing is answered in JSON too.
	jsonArg bool
	// warned holds the warnings already printed.
	warned map[string]bool
	// args is the command line Run was given, offered to a warm process.
	args []string
	// opened is the environment opened to find the warm process's
	// socket, used by the read that no warm process answered.
	opened *env
	// warmAsked is the socket this process already offered its command
	// to (see askWarm).
	warmAsked string
	// keep is set in the warm process: reads answer from kept views.
	keep *keeper
	// endSteps stops the step profile still running when the command
	// ends ($LGRAPH_STEPPROFILES); nil: none runs.
	endSteps func()
}

// NewGlobals returns globals bound to the given streams and environment.
func NewGlobals(stdout, stderr io.Writer, environ []string) *Globals {
	return &Globals{Stdout: stdout, Stderr: stderr, Environ: environ}
}

// Getenv reads a variable from the captured environment.
func (g *Globals) Getenv(key string) string {
	for _, kv := range g.Environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// Finish prints a failed command's error (one line, or a JSON envelope) and
// returns the exit code.
func (g *Globals) Finish(err error) int {
	code, label := exitCode(err)
	if err == nil {
		return code
	}
	var rep reported
	if errors.As(err, &rep) {
		return code
	}
	var ans answered
	if errors.As(err, &ans) {
		return ans.code // printed by the warm process, which decided the code
	}
	if g.JSON || g.jsonArg {
		env := answer.Failure(err, g.freshness)
		env.Error.Code = label
		_ = g.writeEnvelope(env)
		return code
	}
	g.stderrf("lgraph: %s\n", err)
	return code
}

// env is what a command needs opened: the repository, config and store.
type env = readview.Env

// open resolves --repo, loads the config and opens the store (creating it
// only when create is set).
func (g *Globals) open(create bool, flagOverrides map[string]string) (*env, error) {
	if g.Remote != "" {
		if flagOverrides == nil {
			flagOverrides = map[string]string{}
		}
		flagOverrides["remote"] = g.Remote
	}
	if e := g.opened; e != nil && !create && flagOverrides == nil {
		g.opened = nil
		g.warnOnce(e.Loaded.Warnings())
		return e, nil
	}
	e, err := readview.OpenEnv(g.location(), create, flagOverrides)
	if err != nil {
		return nil, err
	}
	g.warnOnce(e.Loaded.Warnings())
	return e, nil
}

// location is where the global flags say the repository, config and store are.
func (g *Globals) location() readview.Location {
	return readview.Location{RepoDir: g.RepoDir, ConfigFile: g.ConfigFile, StoreDir: g.StoreDir, Environ: g.Environ}
}

// warnOnce prints each warning on stderr, at most once per process.
func (g *Globals) warnOnce(warnings []string) {
	for _, w := range warnings {
		if g.warned[w] {
			continue
		}
		if g.warned == nil {
			g.warned = map[string]bool{}
		}
		g.warned[w] = true
		g.stderrf("lgraph: warning: %s\n", w)
	}
}

// globalFlags are accepted by every command.
//
// They are accepted before the command (lgraph --json status) and after it
// (lgraph status --json). The app-level copies write straight into g; the
// command-level copies have no Destination, because urfave/cli writes a
// flag's default into its Destination when it sets a command up, which
// would undo a value given before the command. readGlobals copies the
// ones actually given to the command.
func (g *Globals) globalFlags(bind bool) []cli.Flag {
	dest := func(p *string) *string {
		if bind {
			return p
		}
		return nil
	}
	destB := func(p *bool) *bool {
		if bind {
			return p
		}
		return nil
	}
	return []cli.Flag{
		&cli.StringFlag{Name: "repo", Usage: "repository `DIR` (default: the git top level of the working directory)", Destination: dest(&g.RepoDir)},
		&cli.StringFlag{Name: "config", Usage: "config `FILE` (default: .lgraph.yaml at the repository root)", Destination: dest(&g.ConfigFile)},
		&cli.StringFlag{Name: "store", Usage: "store `DIR` (default: <git common dir>/lgraph)", Destination: dest(&g.StoreDir)},
		&cli.StringFlag{Name: "remote", Usage: "team remote `URL` (file:///DIR, s3://BUCKET?region=…); default: the user's remote setting", Destination: dest(&g.Remote)},
		&cli.BoolFlag{Name: "json", Usage: "print one JSON object {ok, result, error, freshness}", Destination: destB(&g.JSON)},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print no progress", Destination: destB(&g.Quiet)},
	}
}

// readGlobals copies the global flags given after a command into g.
func (g *Globals) readGlobals(c *cli.Context) error {
	for name, p := range map[string]*string{"repo": &g.RepoDir, "config": &g.ConfigFile, "store": &g.StoreDir, "remote": &g.Remote} {
		if c.IsSet(name) {
			*p = c.String(name)
		}
	}
	for name, p := range map[string]*bool{"json": &g.JSON, "quiet": &g.Quiet} {
		if c.IsSet(name) {
			*p = c.Bool(name)
		}
	}
	return nil
}

// writeEnvelope prints a --json answer, indented for people who read it,
// with no character a terminal acts on left raw (see terminal.go).
func (g *Globals) writeEnvelope(e answer.Envelope) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(e); err != nil {
		return err
	}
	_, err := g.Stdout.Write(escapeJSONControls(buf.Bytes()))
	return err
}

// emit prints a successful result: the JSON envelope, or human text
// (escaped for the terminal, see terminal.go).
func (g *Globals) emit(result any, freshness any, human func(w io.Writer)) error {
	if g.JSON {
		return g.writeEnvelope(answer.Success(result, freshness))
	}
	printHuman(g.Stdout, human)
	return nil
}

// fail prints a failed answer that still has a result (a failed run's
// summary, verify's drift): in JSON one envelope with ok false, else the
// human text on stdout; the error then only sets the exit code.
func (g *Globals) fail(result any, freshness any, err error, human func(w io.Writer)) error {
	if g.JSON {
		env := answer.Failure(err, freshness)
		env.Result = result
		if werr := g.writeEnvelope(env); werr != nil {
			return werr
		}
		return reported{err}
	}
	if human != nil {
		printHuman(g.Stdout, human)
	}
	return reported{err}
}

// failpoint returns the test hook named by LGRAPH_FAILPOINT: at that point
// the process exits at once, as a kill would stop it. Empty: no hook.
func (g *Globals) failpoint() func(string) {
	want := g.Getenv("LGRAPH_FAILPOINT")
	if want == "" {
		return nil
	}
	return func(name string) {
		if name == want {
			fmt.Fprintf(g.Stderr, "lgraph: failpoint %s hit\n", name)
			os.Exit(99)
		}
	}
}
