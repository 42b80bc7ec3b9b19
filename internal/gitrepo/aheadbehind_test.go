package gitrepo

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestAheadBehindAgreesWithGit: the counts equal git rev-list
// --left-right --count on a line, a reset, a fork and a merge (equal
// commit times are covered by testdata/script/shape_aheadbehind.txtar,
// whose clock stands still).
func TestAheadBehindAgreesWithGit(t *testing.T) {
	r := newRepo(t)
	commit := func(msg string) string {
		r.Write(map[string]string{msg + ".txt": msg + "\n"})
		return r.Commit(msg)
	}
	var line []string
	for i := range 6 {
		line = append(line, commit(fmt.Sprintf("c%d", i)))
	}
	r.Git("checkout", "-q", "-b", "side", line[2])
	side1, side2 := commit("s1"), commit("s2")
	r.Git("checkout", "-q", "main")
	r.Git("merge", "-q", "--no-ff", "-m", "merge", "side")
	merged := r.Git("rev-parse", "HEAD")
	after := commit("after")
	pairs := [][2]string{
		{line[5], line[5]}, {line[2], line[5]}, {line[5], line[2]}, {line[4], side2},
		{side1, line[5]}, {merged, line[5]}, {line[3], after}, {after, side1}, {line[0], after},
	}
	repo, err := Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	for _, p := range pairs {
		out := strings.Fields(r.Git("rev-list", "--left-right", "--count", p[0]+"..."+p[1]))
		ahead, _ := strconv.Atoi(out[0])
		behind, _ := strconv.Atoi(out[1])
		got, err := repo.AheadBehind(p[0], p[1], 1000)
		if err != nil {
			t.Fatal(err)
		}
		if got.Ahead != ahead || got.Behind != behind || got.Capped {
			t.Errorf("%.7s...%.7s: got %+v, git says ahead %d behind %d", p[0], p[1], got, ahead, behind)
		}
	}
	if got, _ := repo.AheadBehind(line[0], after, 2); !got.Capped {
		t.Errorf("limit 2: %+v not capped", got)
	}
}
