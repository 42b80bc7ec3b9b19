package llm

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// Fake secrets, built so they match the patterns but are not real.
const (
	pemBody   = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"
	pemKey    = "-----BEGIN RSA PRIVATE KEY-----\n" + pemBody + "\nMoreKeyMaterialLine2xyz\n-----END RSA PRIVATE KEY-----\n"
	openaiKey = "sk-proj-Abc123Def456Ghi789Jkl012Mno345"
	awsKey    = "AKIAIOSFODNN7EXAMPLE"
	ghToken   = "ghp_0123456789abcdefghijABCDEFGHIJ0123456789"
	slackTok  = "xoxb-1234567890-abcdefghij"
)

func TestRedact(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"pem block", "a\n" + pemKey + "b", "a\n[REDACTED]\nb"},
		{"pem cut off", "x\n-----BEGIN PRIVATE KEY-----\n" + pemBody, "x\n[REDACTED]"},
		{"openai", `key := "` + openaiKey + `"`, `key := "[REDACTED]"`},
		{"aws", "id=" + awsKey + " ok", "id=[REDACTED] ok"},
		{"github", "t " + ghToken, "t [REDACTED]"},
		{"github pat", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "[REDACTED]"},
		{"slack", "s=" + slackTok, "s=[REDACTED]"},
		{"quoted assignment", `db_password = "correct horse battery"`, `db_password = "[REDACTED]"`},
		{"json", `{"apiKey": "0123456789abcdef"}`, `{"apiKey": "[REDACTED]"}`},
		{"env line", "export SERVICE_TOKEN=abcdef0123456789xyz\n", "export SERVICE_TOKEN=[REDACTED]\n"},
		{"yaml", "  client_secret: abcdef0123456789xyz\n", "  client_secret: [REDACTED]\n"},
		{"short values kept", `token = "abc"`, `token = "abc"`},
		{"code kept", "token = self.get_token()\npassword = getPassword(user)\n", "token = self.get_token()\npassword = getPassword(user)\n"},
		{"plain text kept", "func Skip(s string) {}", "func Skip(s string) {}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(Redact([]byte(tt.in))); got != tt.want {
				t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestIsSecretPath(t *testing.T) {
	f := SecretFilter{Patterns: DefaultSecretPatterns()}
	for path, want := range map[string]bool{
		".env": true, "deploy/.env.production": true, "certs/server.pem": true, "tls/Server.KEY": true,
		"home/.ssh/id_rsa": true, "id_rsa.pub": true, "aws/credentials": true, "credentials.json": true,
		"env.go": false, "keys.go": false, "src/credential.go": false, "pem/reader.go": false, "a.key.go": false,
	} {
		if got := f.IsSecretPath(path); got != want {
			t.Errorf("IsSecretPath(%q) = %v, want %v", path, got, want)
		}
	}
	if (SecretFilter{}).IsSecretPath(".env") {
		t.Error("the zero filter matched")
	}
}

// TestOpenAINeverSendsSecrets sends a file full of secrets and a secret file
// and searches every recorded request body.
func TestOpenAINeverSendsSecrets(t *testing.T) {
	p, srv, _ := newTestProvider(t, nil)
	ctx := context.Background()
	in := sampleFile()
	in.Content = []byte("package cfg\n\nconst key = `" + pemKey + "`\nvar token = \"" + openaiKey + "\"\n// aws " + awsKey + "\n")
	in.Symbols = append(in.Symbols, SymbolInfo{Name: "token", Kind: "var", Doc: "uses " + ghToken})
	if _, err := p.SummarizeFile(ctx, in); err != nil {
		t.Fatal(err)
	}
	_, err := p.SummarizeFile(ctx, FileInput{Path: "deploy/.env", Content: []byte("X=1")})
	if !errors.Is(err, ErrSecretFile) {
		t.Errorf("secret file: err = %v, want ErrSecretFile", err)
	}
	if srv.Calls() != 1 {
		t.Fatalf("server saw %d requests, want 1", srv.Calls())
	}
	for _, req := range srv.Requests() {
		for _, secret := range []string{pemBody, "MoreKeyMaterial", openaiKey, awsKey, ghToken, "X=1"} {
			if bytes.Contains(req.Body, []byte(secret)) {
				t.Errorf("request body holds secret %q", secret)
			}
		}
		if !strings.Contains(string(req.Body), Redacted) {
			t.Error("request body shows no redaction")
		}
	}
}
