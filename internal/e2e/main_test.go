package e2e

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lgraph/lgraph/cache"
	"github.com/lgraph/lgraph/commands"
	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// moduleRoot is the repository's top, where the scripts and the code live;
// the tests run in this package's directory, two levels below it.
const moduleRoot = "../.."

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"lgraph": runLgraph})
}

// runLgraph is the lgraph command as main.go runs it, so the scripts
// exercise the real binary's wiring in this test process.
func runLgraph() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	g := commands.NewGlobals(os.Stdout, os.Stderr, os.Environ())
	code := g.Finish(g.Run(ctx, os.Args))
	stop()
	os.Exit(code)
}

// TestScripts runs the end-to-end CLI scripts in testdata/script against
// the real binary and real git repositories.
func TestScripts(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git binary not found")
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join(moduleRoot, "testdata", "script"),
		RequireExplicitExec: true,
		Condition:           condition,
		Setup: func(e *testscript.Env) error {
			// HOME (and with it the user's config and trust records) lies
			// outside the repository the script builds in $WORK.
			home, err := os.MkdirTemp("", "lgraph-home-")
			if err != nil {
				return err
			}
			e.Defer(func() { os.RemoveAll(home) })
			e.Setenv("HOME", home)
			e.Setenv("XDG_CONFIG_HOME", "")
			e.Setenv("XDG_DATA_HOME", "")
			e.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			e.Setenv("GIT_AUTHOR_NAME", "Test")
			e.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
			e.Setenv("GIT_COMMITTER_NAME", "Test")
			e.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
			e.Setenv("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
			e.Setenv("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
			// Scripts run files of the source tree (the CI recipe) from here.
			src, err := filepath.Abs(moduleRoot)
			e.Setenv("LGRAPH_SRC", src)
			return err
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"merkle":        cmdMerkle,
			"corrupt-edge":  cmdCorruptEdge,
			"hold-lock":     cmdHoldLock,
			"llm-server":    cmdLLMServer,
			"llm-seen":      cmdLLMSeen,
			"llm-leak":      cmdLLMLeak,
			"wait-run":      cmdWaitRun,
			"expand":        cmdExpand,
			"git-index-add": cmdGitIndexAdd,
			"wait-hooks":    cmdWaitHooks,
			"schema":        cmdSchema,
			"damage-record": cmdDamageRecord,
			"damage-cache":  cmdDamageCache,
			"ref-tables":    cmdRefTables,
			"md-inert":      cmdMDInert,
			"s3-server":     cmdS3Server,
			"shard-files":   cmdShardFiles,
		},
	})
}

// cmdMerkle computes the sha256-merkle-v2 root of the named working-tree
// files independently of lgraph (docs/design.md §5) and compares it with the
// freshness.content_root of a saved --json output.
// Usage: merkle JSONFILE FILE...
func cmdMerkle(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: merkle JSONFILE FILE...")
	}
	var doc struct {
		Freshness struct {
			ContentRoot string `json:"content_root"`
		} `json:"freshness"`
	}
	raw, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Check(json.Unmarshal(raw, &doc))
	got := merkleRoot(ts, args[1:])
	if (got == doc.Freshness.ContentRoot) == neg {
		ts.Fatalf("independent root %s, lgraph says %s", got, doc.Freshness.ContentRoot)
	}
}

// cmdSchema validates a saved --json output against the answer schema
// (answer/result.schema.json) and, given DEF, its result against
// $defs/DEF. Usage: schema FILE [DEF]
func cmdSchema(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: schema FILE [DEF]")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	def := ""
	if len(args) == 2 {
		def = args[1]
	}
	err = answer.Validate(data, def)
	if (err == nil) == neg {
		ts.Fatalf("schema %s %s: %v\n%s", args[0], def, err, data)
	}
}

// cmdCorruptEdge seeds drift: it rewrites the published snapshot of a
// branch in place, redirecting the first calls edge of FILE to a made-up
// target. Usage: corrupt-edge STOREDIR BRANCH FILE
func cmdCorruptEdge(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: corrupt-edge STOREDIR BRANCH FILE")
	}
	s, err := store.Open(ts.MkAbs(args[0]), false)
	ts.Check(err)
	ref, snap, err := s.LoadPublished(args[1])
	ts.Check(err)
	f := snap.Files.Get(args[2])
	if f == nil {
		ts.Fatalf("no file %s in the snapshot", args[2])
	}
	nf := *f
	nf.Res.Edges = append([]snapshot.Edge(nil), f.Res.Edges...)
	for i, e := range nf.Res.Edges {
		if e.Kind == edgekind.Calls {
			nf.Res.Edges[i].Target = nodeid.Symbol(args[2], "corrupted", 1)
			ts.Check(s.Patch(ref, []snapshot.Entry{{Key: snapshot.FileKey(nf.Path), Value: snapshot.EncodeRecord(&nf)}}, 16))
			return
		}
	}
	ts.Fatalf("no calls edge from %s", args[2])
}

// cmdHoldLock opens a store's cache as a writer would and holds it until
// the script ends, so a script can check what a second writer does.
// Usage: hold-lock STOREDIR
func cmdHoldLock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: hold-lock STOREDIR")
	}
	s, err := store.Open(ts.MkAbs(args[0]), false)
	ts.Check(err)
	c, err := cache.Open(context.Background(), s.CacheDir(), false)
	ts.Check(err)
	ts.Defer(func() { c.Close() })
}

func merkleRoot(ts *testscript.TestScript, files []string) string {
	top := merkleDir{}
	for _, p := range files {
		data, err := os.ReadFile(ts.MkAbs(filepath.FromSlash(p)))
		ts.Check(err)
		parts := strings.Split(p, "/")
		d := top
		for _, name := range parts[:len(parts)-1] {
			if d[name] == nil {
				d[name] = merkleDir{}
			}
			d = d[name].(merkleDir)
		}
		d[parts[len(parts)-1]] = sha256.Sum256(data)
	}
	if len(top) == 0 {
		sum := sha256.Sum256(append([]byte{2}, "lgraph-empty"...))
		return hex.EncodeToString(sum[:])
	}
	sum := top.hash()
	return hex.EncodeToString(sum[:])
}

// merkleDir is a directory of the sha256-merkle-v2 tree: by name, a
// file's SHA-256 or a subdirectory.
type merkleDir map[string]any

func (d merkleDir) hash() [32]byte {
	names := make([]string, 0, len(d))
	for name := range d {
		names = append(names, name)
	}
	sort.Strings(names)
	buf := []byte{1}
	for _, name := range names {
		var h [32]byte
		switch v := d[name].(type) {
		case merkleDir:
			h = v.hash()
		case [32]byte:
			h = sha256.Sum256(append([]byte{0}, v[:]...))
		}
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(name)))
		buf = append(append(buf, name...), h[:]...)
	}
	return sha256.Sum256(buf)
}
