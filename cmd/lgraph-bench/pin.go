package main

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// sources say where each corpus comes from, for the pin check's hint.
var sources = map[string]string{
	"localstack": "the public localstack/localstack repository on GitHub",
	"spring":     "the public spring-projects/spring-framework repository on GitHub",
}

// checkPin refuses a clone that is not at its pinned commit, in one line
// that names the flag and says how to get the clone.
func checkPin(ctx context.Context, flagName, dir, pin string) error {
	get := fmt.Sprintf("clone %s and run git -C DIR checkout -q %s", sources[flagName], pin)
	if dir == "" {
		return fmt.Errorf("-%s: name a scratch clone at %s (%s)", flagName, pin, get)
	}
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return fmt.Errorf("-%s %s: not a git clone (%s)", flagName, dir, get)
	}
	head := strings.TrimSpace(string(out))
	if pin == "" || !strings.HasPrefix(head, strings.ToLower(pin)) {
		return fmt.Errorf("-%s %s is at %.9s, not the pinned %s (git -C %s checkout -q %s)", flagName, dir, head, pin, dir, pin)
	}
	return nil
}
