package main

import (
	"context"
	"os/exec"
	"strings"
	"testing"
)

// gitRepo makes a repository of one commit in a temporary directory and
// returns it and its HEAD.
func gitRepo(t *testing.T) (dir, head string) {
	t.Helper()
	dir = t.TempDir()
	for _, args := range [][]string{
		{"init", "-q"},
		{"-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "--allow-empty", "-m", "one"},
	} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	return dir, strings.TrimSpace(string(out))
}

func TestCheckPin(t *testing.T) {
	ctx := context.Background()
	dir, head := gitRepo(t)
	if err := checkPin(ctx, "localstack", dir, head[:9]); err != nil {
		t.Errorf("a clone at its pin: %v", err)
	}
	for _, tc := range []struct {
		name, flag, dir, pin string
		want                 []string
	}{
		{"another commit", "localstack", dir, "8b9a79f05", []string{"-localstack " + dir + " is at " + head[:9], "checkout -q 8b9a79f05"}},
		{"no pin", "spring", dir, "", []string{"-spring "}},
		{"not a clone", "spring", t.TempDir(), "91eb426", []string{"-spring ", "not a git clone", "spring-projects/spring-framework", "checkout -q 91eb426"}},
		{"no clone named", "spring", "", "91eb426", []string{"-spring: name a scratch clone at 91eb426"}},
	} {
		err := checkPin(ctx, tc.flag, tc.dir, tc.pin)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", tc.name, err, w)
			}
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q is more than one line", tc.name, err)
		}
	}
}
