package e2e

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdS3Server starts gofakes3's S3 server (built by .ci/run into
// ~/.cache/lgraph-remote/bin, or named by LGRAPH_S3_SERVER) as its own
// process on a loopback port for the rest of the script, and sets
// S3_REMOTE to its bucket's remote URL and the AWS credentials the SDK
// reads. Scripts guard it with [!s3server] skip.
// Usage: s3-server
func cmdS3Server(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: s3-server")
	}
	bin := gofakes3Binary()
	if bin == "" {
		ts.Fatalf("no gofakes3 server built (.ci/run builds it into ~/.cache/lgraph-remote/bin): guard the script with [!s3server] skip")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	addr := l.Addr().String()
	l.Close()
	const bucket = "lgraph"
	cmd := exec.Command(bin, "-host", addr, "-backend", "fs", "-fs.path", ts.MkAbs("s3data"), "-fs.create", "-initialbucket", bucket, "-quiet")
	log, err := os.Create(ts.MkAbs("s3server.log"))
	ts.Check(err)
	cmd.Stdout, cmd.Stderr = log, log
	ts.Check(cmd.Start())
	ts.Defer(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		log.Close()
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Head("http://" + addr + "/" + bucket)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 300 {
				break
			}
		}
		if time.Now().After(deadline) {
			ts.Fatalf("gofakes3 did not answer on %s within a minute (see s3server.log)", addr)
		}
		time.Sleep(100 * time.Millisecond)
	}
	ts.Setenv("AWS_ACCESS_KEY_ID", "lgraph-test")
	ts.Setenv("AWS_SECRET_ACCESS_KEY", "lgraph-test-secret")
	ts.Setenv("AWS_REGION", "us-east-1")
	ts.Setenv("S3_REMOTE", fmt.Sprintf("s3://%s?endpoint=http://%s&use_path_style=true&disable_https=true&region=us-east-1", bucket, addr))
}

// condition answers the scripts' own conditions: s3server holds when
// a gofakes3 binary was built.
func condition(cond string) (bool, error) {
	switch cond {
	case "s3server":
		return gofakes3Binary() != "", nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

func gofakes3Binary() string {
	cands := []string{os.Getenv("LGRAPH_S3_SERVER")}
	if home, err := os.UserHomeDir(); err == nil {
		cands = append(cands, filepath.Join(home, ".cache", "lgraph-remote", "bin", "gofakes3"))
	}
	for _, c := range cands {
		if c != "" && filepath.Base(c) == "gofakes3" {
			if fi, err := os.Stat(c); err == nil && !fi.IsDir() {
				return c
			}
		}
	}
	return ""
}
