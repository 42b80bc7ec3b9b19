package e2e

import (
	"encoding/json"
	"os"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdShardFiles checks that the shards whose init --shard --json outputs
// are named parsed or found N code files together.
// Usage: shard-files N JSONFILE...
func cmdShardFiles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: shard-files N JSONFILE...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	total := 0
	for _, name := range args[1:] {
		var doc struct {
			Result struct {
				Files  int `json:"files"`
				Parsed int `json:"parsed"`
			} `json:"result"`
		}
		raw, err := os.ReadFile(ts.MkAbs(name))
		ts.Check(err)
		ts.Check(json.Unmarshal(raw, &doc))
		if doc.Result.Parsed != doc.Result.Files {
			ts.Fatalf("%s: a fresh clone's shard parsed %d of its %d files", name, doc.Result.Parsed, doc.Result.Files)
		}
		total += doc.Result.Files
	}
	if total != want {
		ts.Fatalf("the shards hold %d code files together, want %d", total, want)
	}
}
