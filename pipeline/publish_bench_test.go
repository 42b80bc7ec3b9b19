package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/table"
	"github.com/lgraph/lgraph/phases/explicit"
)

// publishBenchSnapshot is a snapshot of n Go files held in memory, each
// with a doc, a summary, a dozen documented symbols, calls into other
// files and lookups: about what a generated repository's records hold.
func publishBenchSnapshot(n int) *snapshot.Snapshot {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"parse", "request", "handler", "Server", "cache", "URL", "token", "reader", "the", "buffer", "index", "merge", "config", "stream"}
	word := func() string { return words[rng.IntN(len(words))] }
	path := func(i int) string { return fmt.Sprintf("pkg%02d/sub%d/%s_%05d.go", i%37, i%5, words[i%len(words)], i) }
	s := snapshot.New()
	for i := range n {
		p := path(i)
		sum := sha256.Sum256([]byte(p))
		f := &snapshot.File{Path: p, Lang: lang.Go, SHA256: hex.EncodeToString(sum[:]), Blob: hex.EncodeToString(sum[:20]),
			Summary: "Handles the " + word() + " " + word() + " of each " + word() + ", then " + word() + "s it.",
			Facts:   &facts.File{Doc: "Package " + word() + " " + word() + "s " + word() + "."}}
		for j := range 12 {
			q := fmt.Sprintf("%s%d.%s%s", word(), j%3, word(), word())
			f.Facts.Symbols = append(f.Facts.Symbols, facts.Symbol{Name: q, Qualified: q, Kind: facts.KindFunction, Line: j + 1,
				Signature: "func " + q + "()", Doc: q + " " + word() + "s the " + word() + " " + word() + " for the " + word() + "."})
			to := path(rng.IntN(n))
			f.Res.Edges = append(f.Res.Edges, snapshot.Edge{Source: nodeid.Symbol(p, q, 1), Target: nodeid.Symbol(to, "Run", 1), Kind: edgekind.Calls, ResolvedBy: "name"})
			f.Res.Lookups = append(f.Res.Lookups, word()+"."+word())
		}
		s.Files.Set(f)
	}
	return s
}

// BenchmarkStreamAll publishes a full run's snapshot of 5,000 files held
// in memory (streamAll on two workers: the index pass, then the table
// written in key order) into a table that is thrown away: computing
// every file's definitions, or copying them from a table as an init
// copies the explicit phase's (phase.Definitions). allocs/op and B/op
// hold whatever the load, ns/op does not; cpu-ms/op is the process's
// CPU time (user and system), which a busy machine inflates less.
func BenchmarkStreamAll(b *testing.B) {
	s := publishBenchSnapshot(5000)
	langs := all.Registry()
	scratch := b.TempDir()
	defs := benchDefinitions(b, s, langs, scratch)
	for _, c := range []struct {
		name string
		defs explicit.Streamer
	}{{"computed", nil}, {"copied", defs}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime(b)
			for b.Loop() {
				w := table.NewWriter(io.Discard, table.Options{})
				if _, err := streamAll(context.Background(), w, langs, s, c.defs, refsAside{}, scratch, 2, nil, func(string) {}); err != nil {
					b.Fatal(err)
				}
				info, err := w.Close()
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(info.Entries), "entries")
			}
			b.ReportMetric(float64((cpuTime(b)-start).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// benchDefinitions is the definition table of s's files, as the explicit
// phase of a full run builds it (its member listings valueless, as
// published).
func benchDefinitions(b *testing.B, s *snapshot.Snapshot, langs *lang.Registry, scratch string) *snapshot.RunsKV {
	runs := snapshot.NewRuns(0, scratch)
	for _, f := range s.Files.All() {
		runs.Add(explicit.DefinitionEntries(f, langs, &s.Project)...)
	}
	kv, err := runs.KV()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { kv.Close() })
	return kv
}

// cpuTime is the CPU time the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
