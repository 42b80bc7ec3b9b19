package commands

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/internal/warm"
)

// What every process pays before its command runs is the runtime and the
// package initializers; building the CLI (every command with its flags and
// help), opening the repository with go-git and loading the config come on
// top. Two answers need none of that (docs/design.md §6): --version, and a
// read the store's warm process answers, which only needs the socket's
// path. answerEarly gives them before the app is built; everything else,
// and every case it is unsure of, goes the ordinary way.

// answerEarly answers args without building the app when it can. handled
// is false when the ordinary path must run.
func (g *Globals) answerEarly(ctx context.Context, args []string) (handled bool, err error) {
	if len(args) == 2 && (args[1] == "--version" || args[1] == "-v") {
		// urfave/cli's own version printer (cli.VersionPrinter) prints this.
		fmt.Fprintf(g.Stdout, "%s version %s\n", appName, buildVersion())
		return true, nil
	}
	if g.keep != nil || g.Getenv("LGRAPH_WARM") == "off" {
		return false, nil
	}
	cmd, flags, ok := g.scanArgs(args)
	if !ok || !warmReads[cmd] {
		return false, nil
	}
	storeDir, ok := g.guessStore(flags)
	if !ok {
		return false, nil
	}
	return g.askWarm(ctx, storeDir)
}

// askWarm offers the command line to the warm process of the store in
// storeDir. It is asked once per process: a second ask of the same socket
// (after the ordinary path opened the store) would get the same answer.
func (g *Globals) askWarm(ctx context.Context, storeDir string) (handled bool, err error) {
	sock := warm.SocketPath(storeDir)
	if g.warmAsked == sock {
		return false, nil
	}
	g.warmAsked = sock
	dir, err := os.Getwd()
	if err != nil {
		return false, nil
	}
	resp, err := warm.Ask(ctx, storeDir, warm.Request{Argv: g.args, Dir: dir, Environ: g.Environ})
	if err != nil {
		return false, nil
	}
	_, _ = g.Stdout.Write(resp.Stdout)
	_, _ = g.Stderr.Write(resp.Stderr)
	if resp.Code == ExitOK {
		return true, nil
	}
	return true, answered{resp.Code}
}

// locationFlags are the global flags that move the repository, config or
// store, as given on the command line ("" when not given).
type locationFlags struct{ repo, config, store string }

// scanArgs finds the command name and the location flags in args without
// the app: the command is the first argument that is not a flag or a
// global flag's value. ok is false when the line asks for help or the
// version, or the scan is unsure (a command's flag given before the
// command: whether it takes the next argument is the command's to say).
func (g *Globals) scanArgs(args []string) (cmd string, flags locationFlags, ok bool) {
	global := map[string]bool{} // global flag name -> takes a value
	for _, f := range g.globalFlags(false) {
		vf, isValue := f.(valueFlag)
		for _, n := range f.Names() {
			global[n] = isValue && vf.TakesValue()
		}
	}
	values := map[string]string{}
	for i := 1; i < len(args); i++ {
		name, inline := flagName(args[i])
		takesValue, isGlobal := global[name]
		switch {
		case args[i] == "--":
			i = len(args)
		case name == "":
			if cmd == "" {
				cmd = args[i]
			}
		case name == "help" || name == "h" || name == "version" || name == "v":
			return "", flags, false
		case takesValue && inline:
			_, values[name], _ = strings.Cut(args[i], "=")
		case takesValue && i+1 < len(args):
			i++
			values[name] = args[i]
		case !isGlobal && cmd == "":
			return "", flags, false
		}
	}
	flags = locationFlags{repo: values["repo"], config: values["config"], store: values["store"]}
	return cmd, flags, cmd != ""
}

// guessStore derives the store directory the ordinary path would open,
// from --store or the repository's common git directory, without opening
// the repository or parsing the config. ok is false when the config may
// name another store (LGRAPH_STORE, --config, or a store key in the user's
// file or .lgraph.yaml) or GIT_* variables move the repository: the
// ordinary path decides then. A wrong guess cannot change an answer, since
// the warm process runs the whole command line with the client's
// directory and environment; it only loses the warm path.
func (g *Globals) guessStore(f locationFlags) (string, bool) {
	if f.store != "" {
		return f.store, true
	}
	if f.config != "" || g.Getenv("LGRAPH_STORE") != "" || g.Getenv("GIT_DIR") != "" || g.Getenv("GIT_COMMON_DIR") != "" {
		return "", false
	}
	dir := f.repo
	if dir == "" {
		dir = "."
	}
	top, _, common, err := gitrepo.Locate(dir, g.Getenv)
	if err != nil || top == "" {
		return "", false
	}
	for _, p := range []string{config.UserPathsFrom(g.Environ).ConfigFile, filepath.Join(top, config.FileName)} {
		if mayNameStore(p) {
			return "", false
		}
	}
	return store.DefaultDir(common), true
}

// mayNameStore reports whether a config file may set the store key: it
// exists and mentions "store" anywhere (a comment too; then the ordinary
// path reads it properly).
func mayNameStore(path string) bool {
	if path == "" {
		return false
	}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false
	}
	return err != nil || bytes.Contains(data, []byte("store"))
}
