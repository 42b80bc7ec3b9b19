package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// cmdDamageRecord replaces a file's record in a branch's published tables
// with bytes that do not decode, as a damaged disk or a half-copied store
// would leave it. Usage: damage-record STOREDIR BRANCH FILE
func cmdDamageRecord(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: damage-record STOREDIR BRANCH FILE")
	}
	s, err := store.Open(ts.MkAbs(args[0]), false)
	ts.Check(err)
	ref, _, err := s.LoadPublished(args[1])
	ts.Check(err)
	if ref == nil {
		ts.Fatalf("branch %s is not published", args[1])
	}
	ts.Check(s.Patch(ref, []snapshot.Entry{{Key: snapshot.FileKey(args[2]), Value: []byte{0xff, 0xfe, 0x01}}}, 16))
}

// cmdDamageCache truncates every table file of a store's badger cache to 10
// bytes, as a full disk or a half-copied store leaves them.
// Usage: damage-cache STOREDIR
func cmdDamageCache(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: damage-cache STOREDIR")
	}
	tables, err := filepath.Glob(filepath.Join(ts.MkAbs(args[0]), "cache", "*.sst"))
	ts.Check(err)
	if len(tables) == 0 {
		ts.Fatalf("no table files in %s/cache", args[0])
	}
	for _, t := range tables {
		ts.Check(os.Truncate(t, 10))
	}
}

// cmdRefTables rewrites the table list of a branch's published ref file,
// keeping its other fields, as a hostile store would.
// Usage: ref-tables STOREDIR BRANCH NAME...
func cmdRefTables(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: ref-tables STOREDIR BRANCH NAME...")
	}
	name := filepath.Join(ts.MkAbs(args[0]), "refs", args[1]+".json")
	data, err := os.ReadFile(name)
	ts.Check(err)
	var ref map[string]any
	ts.Check(json.Unmarshal(data, &ref))
	ref["tables"] = args[2:]
	data, err = json.Marshal(ref)
	ts.Check(err)
	ts.Check(os.WriteFile(name, data, 0o644))
}
