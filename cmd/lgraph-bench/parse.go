package main

import (
	"context"
	"runtime"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/repogen"
)

// parseTime parses and extracts every code file of the repository on all
// cores, with nothing else: the floor an init is compared against.
func parseTime(ctx context.Context, repo *repogen.Repo) (time.Duration, error) {
	langs := lang.Default()
	parsers := lang.NewParsers()
	defer parsers.Close()
	type job struct {
		spec *lang.Spec
		src  []byte
	}
	var jobs []job
	for _, p := range repo.Files() {
		if spec := langs.ByExtension(p); spec != nil {
			jobs = append(jobs, job{spec, []byte(repo.Read(p))})
		}
	}
	start := time.Now()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.NumCPU())
	for _, j := range jobs {
		g.Go(func() error {
			_, err := parsers.Extract(gctx, j.spec, j.src)
			return err
		})
	}
	err := g.Wait()
	return time.Since(start), err
}
