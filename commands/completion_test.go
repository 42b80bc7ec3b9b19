package commands

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBashCompletion runs the bash script: commands complete, then each
// command's flags, then a subcommand's.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	var script bytes.Buffer
	if err := writeCompletion(&script, NewApp(NewGlobals(io.Discard, io.Discard, nil)), "bash"); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "lgraph.bash")
	if err := os.WriteFile(file, script.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string]string{
		"lgraph cal":                      "callers callees",
		"lgraph callers X --li":           "--limit",
		"lgraph --json impact x --b":      "--by",
		"lgraph hooks ins":                "install",
		"lgraph export --format dot --le": "--level",
	} {
		words := strings.Fields(line)
		// The last word is the one being completed.
		cmd := `source "$1"; COMP_WORDS=(` + strings.Join(quoteAll(words), " ") + `); COMP_CWORD=` +
			strconv.Itoa(len(words)-1) + `; _lgraph; echo "${COMPREPLY[*]}"`
		out, err := exec.Command(bash, "-c", cmd, "bash", file).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		got := strings.TrimSpace(string(out))
		if got != want {
			t.Errorf("complete %q = %q, want %q", line, got, want)
		}
	}
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = "'" + w + "'"
	}
	return out
}

// TestCompletionScriptsParse checks the zsh and fish scripts with the
// shells' own syntax check, where the shell is installed.
func TestCompletionScriptsParse(t *testing.T) {
	app := NewApp(NewGlobals(io.Discard, io.Discard, nil))
	for _, shell := range []string{"bash", "zsh", "fish"} {
		var script bytes.Buffer
		if err := writeCompletion(&script, app, shell); err != nil {
			t.Fatal(err)
		}
		for _, c := range app.Commands {
			if !strings.Contains(script.String(), c.Name) {
				t.Errorf("%s script lacks the %s command", shell, c.Name)
			}
		}
		bin, err := exec.LookPath(shell)
		if err != nil {
			continue
		}
		cmd := exec.Command(bin, "-n")
		cmd.Stdin = &script
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", shell, err, out)
		}
	}
}
