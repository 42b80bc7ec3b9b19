package pipeline_test

import (
	"flag"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/lgtest"
	"github.com/lgraph/lgraph/internal/repogen"
)

var (
	replaySeed    = flag.Int64("replay.seed", 0, "run the randomized replay with only this seed")
	replayCommits = flag.Int("replay.commits", 100, "commits per randomized replay")
)

// TestRandomReplay folds seeded random commit sequences into one store with
// update and checks after every commit that the export equals a full
// rebuild; every 25 commits the rebuild is also made in a cold store.
func TestRandomReplay(t *testing.T) {
	seeds := []int64{1, 2}
	if *replaySeed != 0 {
		seeds = []int64{*replaySeed}
	}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		t.Run("seed="+itoa(seed), func(t *testing.T) { replay(t, seed, *replayCommits) })
	}
}

func replay(t *testing.T, seed int64, commits int) {
	repo, err := repogen.New(t.TempDir(), repogen.Options{
		Files: 200, Seed: seed, Languages: []string{"go", "python", "typescript", "java", "javascript", "rust"},
	})
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewSource(seed))
	inc := lgtest.New(t, repo.Dir())
	inc.MustRun(t, "init", false)
	rebuild := lgtest.New(t, repo.Dir())
	for i := 1; i <= commits; i++ {
		c, err := repo.RandomCommit(rnd)
		if err != nil {
			t.Fatalf("seed %d commit %d: generate: %v", seed, i, err)
		}
		branch := inc.MustRun(t, "update", false).Branch
		rebuild.MustRun(t, "init", true)
		if i%25 == 0 {
			rebuild = lgtest.New(t, repo.Dir())
			rebuild.MustRun(t, "init", false)
		}
		inc.CheckIndex(t, branch)
		got, want := inc.Export(t, branch), rebuild.Export(t, branch)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("seed %d, commit %d (%s) %s: update export differs from a rebuild (-rebuild +update):\n%s\nrerun: go test ./pipeline -run TestRandomReplay -replay.seed=%d",
				seed, i, c.Hash, strings.Join(c.Ops, "; "), diff, seed)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
