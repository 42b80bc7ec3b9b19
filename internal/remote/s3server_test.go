package remote

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// s3Server is a real S3-compatible server run as its own process on a
// loopback port: SeaweedFS's weed when .ci/run could build it, else
// gofakes3's server binary (both from the Go module proxy, see .ci/run).
// Its data lives in a directory, so it can be stopped and started again
// with what it held.
type s3Server struct {
	t      *testing.T
	kind   string
	binary string
	data   string
	port   int
	cmd    *exec.Cmd
}

const testBucket = "lgraph"

// serverBinary finds a built server: LGRAPH_S3_SERVER names one binary
// (weed or gofakes3, told apart by name), else the cache .ci/run fills.
func serverBinary() (kind, path string) {
	cands := []string{os.Getenv("LGRAPH_S3_SERVER")}
	if home, err := os.UserHomeDir(); err == nil {
		dir := filepath.Join(home, ".cache", "lgraph-remote", "bin")
		cands = append(cands, filepath.Join(dir, "weed"), filepath.Join(dir, "gofakes3"))
	}
	for _, c := range cands {
		if c == "" {
			continue
		}
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() {
			return filepath.Base(c), c
		}
	}
	return "", ""
}

// startS3 starts a server or skips the test when none was built.
func startS3(t *testing.T) *s3Server {
	t.Helper()
	kind, bin := serverBinary()
	if bin == "" {
		t.Skip("no S3-compatible server built (.ci/run builds one into ~/.cache/lgraph-remote/bin)")
	}
	s := &s3Server{t: t, kind: kind, binary: bin, data: t.TempDir(), port: freePort(t)}
	// The AWS SDK's default credential chain reads these, as in CI.
	t.Setenv("AWS_ACCESS_KEY_ID", "lgraph-test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "lgraph-test-secret")
	t.Setenv("AWS_REGION", "us-east-1")
	s.start()
	t.Cleanup(s.stop)
	return s
}

// URL is the remote URL of the server's bucket, endpoint given as
// docs/remote.md documents for S3-compatible servers.
func (s *s3Server) URL() string {
	return fmt.Sprintf("s3://%s?endpoint=http://127.0.0.1:%d&use_path_style=true&disable_https=true&region=us-east-1", testBucket, s.port)
}

func (s *s3Server) args() []string {
	addr := fmt.Sprintf("127.0.0.1:%d", s.port)
	if s.kind == "weed" {
		return []string{"mini", "-dir=" + s.data, "-ip=127.0.0.1", "-ip.bind=127.0.0.1", fmt.Sprintf("-s3.port=%d", s.port)}
	}
	return []string{"-host", addr, "-backend", "fs", "-fs.path", s.data, "-fs.create", "-initialbucket", testBucket, "-quiet"}
}

func (s *s3Server) start() {
	s.t.Helper()
	s.cmd = exec.Command(s.binary, s.args()...)
	log, err := os.Create(filepath.Join(s.data, "..", filepath.Base(s.data)+".log"))
	if err != nil {
		s.t.Fatal(err)
	}
	s.cmd.Stdout, s.cmd.Stderr = log, log
	if err := s.cmd.Start(); err != nil {
		s.t.Fatalf("start %s: %v", s.binary, err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if s.ready() {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.stop()
	out, _ := os.ReadFile(log.Name())
	s.t.Fatalf("%s did not answer on port %d within a minute:\n%s", s.kind, s.port, out)
}

// ready reports whether the bucket answers (creating it on a server that
// has no flag for that).
func (s *s3Server) ready() bool {
	base := fmt.Sprintf("http://127.0.0.1:%d/%s", s.port, testBucket)
	resp, err := http.Head(base)
	if err != nil {
		return false
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		req, _ := http.NewRequest(http.MethodPut, base, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
		return false
	}
	return resp.StatusCode < 500
}

// overwrite replaces key's bytes with a plain unconditional PUT, as a
// faulty disk or a careless writer would; lgraph itself only ever
// creates (the test server checks no signatures).
func (s *s3Server) overwrite(key, data string) {
	s.t.Helper()
	u := fmt.Sprintf("http://127.0.0.1:%d/%s/%s", s.port, testBucket, key)
	req, err := http.NewRequest(http.MethodPut, u, strings.NewReader(data))
	if err != nil {
		s.t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		s.t.Fatalf("overwrite %s: %s", key, resp.Status)
	}
}

// stop kills the server process, as a crash or a network cut would end it.
func (s *s3Server) stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	s.cmd = nil
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
