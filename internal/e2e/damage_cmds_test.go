package e2e

import (
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
