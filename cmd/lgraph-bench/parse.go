package main

import (
	"context"
	"runtime"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/repogen"
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
	start := time.Now()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.NumCPU())
	for _, j := range jobs {
		g.Go(func() error {
			_, err := parsers.Extract(gctx, j.lang, j.src)
			return err
		})
	}
	err := g.Wait()
	return time.Since(start), err
}
