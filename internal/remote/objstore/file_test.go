package objstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

func openDir(t *testing.T) (Bucket, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "remote", "made")
	b, err := Open(context.Background(), &url.URL{Scheme: "file", Path: filepath.ToSlash(dir)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, dir
}

// TestFileCreateIfAbsentOneWinner races writers of one key: exactly one
// creates it, the others are told they lost, and the object holds the
// winner's bytes whole.
func TestFileCreateIfAbsentOneWinner(t *testing.T) {
	b, _ := openDir(t)
	ctx := context.Background()
	const writers = 8
	created := make([]bool, writers)
	errs := make([]error, writers)
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := strings.Repeat(fmt.Sprintf("writer %d\n", i), 10000)
			created[i], errs[i] = b.Create(ctx, "heads/main/1", strings.NewReader(body))
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	winner := slices.Index(created, true)
	if winner < 0 || slices.Index(created[winner+1:], true) >= 0 {
		t.Fatalf("created by %v, want exactly one writer", created)
	}
	rd, err := b.NewReader(ctx, "heads/main/1")
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	got, err := io.ReadAll(rd)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Repeat(fmt.Sprintf("writer %d\n", winner), 10000); string(got) != want {
		t.Fatalf("object holds %d bytes starting %q, want writer %d's %d bytes", len(got), got[:20], winner, len(want))
	}
}

func TestFileListAndMissing(t *testing.T) {
	b, dir := openDir(t)
	ctx := context.Background()
	for _, k := range []string{"a/b", "a-c", "a/d/e", "heads/main/2", "heads/mainline/1", "objects/ab/abc"} {
		if ok, err := b.Create(ctx, k, strings.NewReader(k)); !ok || err != nil {
			t.Fatalf("create %s: %v, %v", k, ok, err)
		}
	}
	// A writer that died mid-object leaves its temporary file behind.
	if err := os.WriteFile(filepath.Join(dir, tmpDirName, "obj-1"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for prefix, want := range map[string][]string{
		"a":            {"a-c", "a/b", "a/d/e"},
		"heads/main/":  {"heads/main/2"},
		"heads/main":   {"heads/main/2", "heads/mainline/1"},
		"":             {"a-c", "a/b", "a/d/e", "heads/main/2", "heads/mainline/1", "objects/ab/abc"},
		"snapshots/x/": nil,
	} {
		got, err := b.List(ctx, prefix)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("List(%q) = %q, %v; want %q", prefix, got, err, want)
		}
	}
	if ok, err := b.Exists(ctx, "a/x"); ok || err != nil {
		t.Errorf("Exists(a/x) = %v, %v; want false", ok, err)
	}
	if ok, err := b.Exists(ctx, "a/b"); !ok || err != nil {
		t.Errorf("Exists(a/b) = %v, %v; want true", ok, err)
	}
	if _, err := b.NewReader(ctx, "a/x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("NewReader(a/x): %v, want ErrNotFound", err)
	}
}

func TestOpenRejectsBadURLs(t *testing.T) {
	for raw, want := range map[string]string{
		"file:///tmp/lgraph-x?metadata=skip": `unknown query parameter "metadata"`,
		"file://host/dir":                    `names host "host"`,
		"s3://b?region=eu-west-1&regoin=x":   `unknown query parameter "regoin": known are region, endpoint`,
		"s3://b?use_path_style=maybe":        `use_path_style="maybe" is not true or false`,
		"s3:///key":                          "names no bucket",
		"gs://bucket":                        `scheme "gs" is not supported`,
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Open(context.Background(), u)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s): %v, want an error containing %q", raw, err, want)
		}
	}
}
