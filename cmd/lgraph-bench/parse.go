package main

import (
	"context"
	"runtime"
	"time"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/repogen"
	"github.com/lgraph/lgraph/internal/workpool"
)

// parseTime parses and extracts every code file of the repository on all
// cores, with nothing else: the floor an init is compared against.
func parseTime(ctx context.Context, repo *repogen.Repo) (time.Duration, error) {
	langs := all.Registry()
	parsers := lang.NewParsers()
	defer parsers.Close()
	type job struct {
		lang lang.Language
		src  []byte
	}
	var jobs []job
	for _, p := range repo.Files() {
		if spec := lang.ByExtension(p); spec != nil {
			jobs = append(jobs, job{langs.Get(spec.Name), []byte(repo.Read(p))})
		}
	}
	// Long-lived workers, as init's parse has: a goroutine per file would
	// grow its stack again through every parse and make the floor slower
	// than init's own parse step.
	start := time.Now()
	err := workpool.Each(ctx, len(jobs), runtime.NumCPU(), func(ctx context.Context, i int) error {
		_, err := parsers.Extract(ctx, jobs[i].lang, jobs[i].src)
		return err
	})
	return time.Since(start), err
}
