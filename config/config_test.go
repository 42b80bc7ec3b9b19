package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// setup makes a repository directory and a home, and returns Inputs that
// read the repository's .lgraph.yaml and the home's user files.
func setup(t *testing.T, repoYAML, userYAML string) Inputs {
	t.Helper()
	root := t.TempDir()
	top, home := filepath.Join(root, "repo"), filepath.Join(root, "home")
	in := Inputs{User: UserPathsFrom([]string{"HOME=" + home}), File: filepath.Join(top, FileName), RepoTop: top}
	write(t, filepath.Join(top, "README"), "repo\n")
	if repoYAML != "" {
		write(t, in.File, repoYAML)
	}
	if userYAML != "" {
		write(t, in.User.ConfigFile, userYAML)
	}
	return in
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const evil = "llm:\n  provider: openai\n  base_url: http://127.0.0.1:1/v1\n  api_key_env: AWS_SECRET_ACCESS_KEY\nstore: /tmp/elsewhere\nmax_file_kb: 64\n"

func TestRepositoryFileMayNotChooseWhereDataGoes(t *testing.T) {
	l, err := Load(setup(t, evil, ""))
	if err != nil {
		t.Fatal(err)
	}
	d := Default()
	if l.Config.LLM.Provider != d.LLM.Provider || l.Config.LLM.BaseURL != d.LLM.BaseURL ||
		l.Config.LLM.APIKeyEnv != d.LLM.APIKeyEnv || l.Config.Store != "" {
		t.Fatalf("user-only keys obeyed from the repository: %+v store=%q", l.Config.LLM, l.Config.Store)
	}
	if l.Config.MaxFileKB != 64 || l.Sources["max_file_kb"] != FromRepo {
		t.Fatalf("describing key not applied: %d from %s", l.Config.MaxFileKB, l.Sources["max_file_kb"])
	}
	var ignored []string
	for _, ig := range l.Ignored {
		ignored = append(ignored, ig.Key)
	}
	want := []string{"llm.api_key_env", "llm.base_url", "llm.provider", "store"}
	if !slices.Equal(ignored, want) {
		t.Fatalf("ignored %v, want %v", ignored, want)
	}
	if w := l.Warnings(); len(w) != 1 || !strings.Contains(w[0], "lgraph trust") || !strings.Contains(w[0], "llm.base_url (line 3)") {
		t.Fatalf("warnings = %q", w)
	}
}

// TestRepositoryMayNotDeleteHistory: gc.* and snapshots_per_repo are
// user-only.
func TestRepositoryMayNotDeleteHistory(t *testing.T) {
	l, err := Load(setup(t, "gc: {keep_runs: 1, auto_every: 1}\nsnapshots_per_repo: 1\n", ""))
	if err != nil {
		t.Fatal(err)
	}
	d := Default()
	if l.Config.GC != d.GC || l.Config.SnapshotsPerRepo != d.SnapshotsPerRepo || len(l.Ignored) != 3 {
		t.Fatalf("gc %+v, snapshots %d, ignored %v", l.Config.GC, l.Config.SnapshotsPerRepo, l.Ignored)
	}
}

func TestUserFileChoosesEverything(t *testing.T) {
	in := setup(t, "", evil)
	l, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.LLM.Provider != "openai" || l.Config.Store != "/tmp/elsewhere" || l.Sources["llm.base_url"] != FromUser {
		t.Fatalf("user file not obeyed: %+v", l.Config.LLM)
	}
	if len(l.Ignored) != 0 || l.UserFile != in.User.ConfigFile {
		t.Fatalf("ignored %v, user file %q", l.Ignored, l.UserFile)
	}
}

func TestTrustCoversExactlyTheTrustedValues(t *testing.T) {
	in := setup(t, evil, "")
	rec, err := AllowFile(in)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Settings["llm.base_url"] != "http://127.0.0.1:1/v1" || len(rec.Settings) != 4 {
		t.Fatalf("trusted settings = %v", rec.Settings)
	}
	l, err := Load(in)
	if err != nil || !l.Trusted || l.Config.LLM.BaseURL != "http://127.0.0.1:1/v1" || len(l.Ignored) != 0 {
		t.Fatalf("trusted file not obeyed: %+v, %v", l, err)
	}
	// A describing key may change; trust holds.
	write(t, in.File, evil+"exclude: [\"gen/**\"]\n")
	if l, _ := Load(in); !l.Trusted {
		t.Fatal("trust lost by a change to a describing key")
	}
	// A user-only value changes: ignored again, with the reason.
	write(t, in.File, strings.Replace(evil, "127.0.0.1:1", "attacker.example", 1))
	l, err = Load(in)
	if err != nil || l.Trusted || l.Config.LLM.BaseURL != Default().LLM.BaseURL {
		t.Fatalf("changed file obeyed: %+v, %v", l.Config.LLM, err)
	}
	if !strings.Contains(l.Ignored[0].Reason, "changed since you trusted") {
		t.Fatalf("reason = %q", l.Ignored[0].Reason)
	}
	// Trust is per file: the same text elsewhere is not trusted.
	other := setup(t, evil, "")
	other.User = in.User
	if l, _ := Load(other); l.Trusted {
		t.Fatal("trust of one file extended to another")
	}
	if _, err := RevokeFile(in); err != nil {
		t.Fatal(err)
	}
	write(t, in.File, evil)
	if l, _ := Load(in); l.Trusted {
		t.Fatal("revoked trust still obeyed")
	}
}

func TestRepositorySecretPatternsOnlyAdd(t *testing.T) {
	l, err := Load(setup(t, "llm:\n  secret_patterns: []\n", ""))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.Config.LLM.SecretPatterns, Default().LLM.SecretPatterns) {
		t.Fatalf("an empty repository list removed defaults: %v", l.Config.LLM.SecretPatterns)
	}
	l, _ = Load(setup(t, "llm:\n  secret_patterns: [\"*.private\", \"*.pem\"]\n", ""))
	want := append(Default().LLM.SecretPatterns, "*.private")
	if !slices.Equal(l.Config.LLM.SecretPatterns, want) {
		t.Fatalf("patterns = %v, want %v", l.Config.LLM.SecretPatterns, want)
	}
}

func TestConfigSymlinkOutOfRepositoryIsNotRead(t *testing.T) {
	in := setup(t, "", "")
	outside := filepath.Join(filepath.Dir(in.RepoTop), "outside.yaml")
	write(t, outside, "max_file_kb: 1\n")
	if err := os.Symlink(outside, in.File); err != nil {
		t.Fatal(err)
	}
	l, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.MaxFileKB != Default().MaxFileKB || l.RepoFile != "" {
		t.Fatalf("symlinked config read: max_file_kb=%d", l.Config.MaxFileKB)
	}
	if w := l.Warnings(); len(w) != 1 || !strings.Contains(w[0], "symlink to a file outside the repository") {
		t.Fatalf("warnings = %q", w)
	}
	// An explicit --config outside the repository is the user's own file.
	in.File, in.Explicit = outside, true
	write(t, outside, evil)
	if l, err := Load(in); err != nil || l.Config.LLM.Provider != "openai" || l.Sources["llm.provider"] != FromUser {
		t.Fatalf("explicit outside file: %+v, %v", l, err)
	}
	// An explicit --config inside the repository is the repository's.
	in.File = filepath.Join(in.RepoTop, "ci", "lgraph.yaml")
	write(t, in.File, evil)
	if l, err := Load(in); err != nil || l.Config.LLM.Provider != "offline" || len(l.Ignored) != 4 {
		t.Fatalf("explicit inside file: %+v, %v", l, err)
	}
}

func TestRepoPathsStayInside(t *testing.T) {
	for _, bad := range []string{"../..", "/usr/include", "a/../../b", `..\x`} {
		_, err := Load(setup(t, "include_dirs: [\""+strings.ReplaceAll(bad, `\`, `\\`)+"\"]\n", ""))
		if err == nil || !strings.Contains(err.Error(), "include_dirs") {
			t.Errorf("include_dirs %q: err = %v", bad, err)
		}
	}
	if _, err := Load(setup(t, "include_dirs: [\"include\", \"a/../b\", \".\"]\n", "")); err != nil {
		t.Fatal(err)
	}
}

func TestBaseURLMustBeHTTP(t *testing.T) {
	for _, u := range []string{"file:///etc/passwd", "ftp://x/v1", "localhost:8080", ""} {
		if _, err := Load(Inputs{Environ: []string{"LGRAPH_LLM_BASE_URL=" + u}}); u != "" && err == nil {
			t.Errorf("base_url %q accepted", u)
		}
	}
}

func TestUserPathsFollowXDG(t *testing.T) {
	p := UserPathsFrom([]string{"HOME=/h", "XDG_CONFIG_HOME=/c", "XDG_DATA_HOME=relative"})
	if p.ConfigFile != "/c/lgraph/config.yaml" || p.TrustDir != "/h/.local/share/lgraph/trust" {
		t.Fatalf("%+v", p)
	}
	if p := UserPathsFrom(nil); p.ConfigFile != "" || p.TrustDir != "" {
		t.Fatalf("no HOME: %+v", p)
	}
}

func TestEveryKeyHasAScope(t *testing.T) {
	for k := range userOnly {
		if !slices.Contains(Keys(), k) {
			t.Errorf("userOnly names %q, which is not a key", k)
		}
	}
	for _, k := range Keys() {
		if strings.HasPrefix(k, "llm.") && k != "llm.secret_patterns" && !userOnly[k] {
			t.Errorf("%s is an llm setting a repository could use to spend or send: mark it user-only or say why not", k)
		}
	}
}
