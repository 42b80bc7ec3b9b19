package config

import (
	"strings"
	"testing"
)

// TestRemoteIsUserOnly: a cloned repository may not choose where its
// index is pushed or what a pull trusts; the user's file, LGRAPH_REMOTE
// and --remote may.
func TestRemoteIsUserOnly(t *testing.T) {
	l, err := Load(setup(t, "remote: s3://attacker-bucket\n", ""))
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.Remote != "" || len(l.Ignored) != 1 || l.Ignored[0].Key != "remote" {
		t.Fatalf("remote from the repository file: %q, ignored %v", l.Config.Remote, l.Ignored)
	}
	if w := l.Warnings(); len(w) != 1 || !strings.Contains(w[0], "remote (line 1)") {
		t.Fatalf("warnings = %q", w)
	}

	in := setup(t, "remote: s3://attacker-bucket\n", "remote: file:///srv/lgraph\n")
	if l, err = Load(in); err != nil || l.Config.Remote != "file:///srv/lgraph" || l.Sources["remote"] != FromUser {
		t.Fatalf("user's remote: %q from %s (%v)", l.Config.Remote, l.Sources["remote"], err)
	}
	in.Environ = []string{"LGRAPH_REMOTE=s3://team?region=eu-west-1"}
	if l, err = Load(in); err != nil || l.Config.Remote != "s3://team?region=eu-west-1" || l.Sources["remote"] != FromEnv {
		t.Fatalf("LGRAPH_REMOTE: %q from %s (%v)", l.Config.Remote, l.Sources["remote"], err)
	}
	in.Flags = map[string]string{"remote": "file:///tmp/r"}
	if l, err = Load(in); err != nil || l.Config.Remote != "file:///tmp/r" {
		t.Fatalf("--remote: %q (%v)", l.Config.Remote, err)
	}
}
