package objstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// s3Replies answers as S3 does for a few fixed keys, so each error the
// bucket maps (absent, lost race, denied) and the list's pagination are
// checked against the status codes and bodies S3 sends.
func s3Replies(t *testing.T) http.HandlerFunc {
	xmlError := func(w http.ResponseWriter, status int, code string) {
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(status)
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>%s</Message></Error>`, code, code)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.URL.Path, "/team/")
		switch {
		case r.Method == http.MethodPut && r.Header.Get("If-None-Match") != "*":
			xmlError(w, http.StatusBadRequest, "UnconditionalWrite")
		case r.Method == http.MethodPut && key == "held":
			xmlError(w, http.StatusPreconditionFailed, "PreconditionFailed")
		case r.Method == http.MethodPut && key == "racing":
			xmlError(w, http.StatusConflict, "ConditionalRequestConflict")
		case r.Method == http.MethodPut && key == "denied":
			xmlError(w, http.StatusForbidden, "AccessDenied")
		case r.Method == http.MethodPut && key == "new":
			body, _ := io.ReadAll(r.Body)
			if string(body) != "fresh bytes" {
				xmlError(w, http.StatusBadRequest, "BadBody")
				return
			}
			w.Header().Set("ETag", `"1"`)
		case r.Method == http.MethodHead && key == "held":
			w.Header().Set("Content-Length", "0")
		case r.Method == http.MethodHead:
			w.WriteHeader(http.StatusNotFound)
		case r.Method == http.MethodGet && r.URL.Query().Get("list-type") == "2":
			listPage(w, r.URL.Query())
		case r.Method == http.MethodGet:
			xmlError(w, http.StatusNotFound, "NoSuchKey")
		default:
			t.Errorf("unexpected %s %s", r.Method, r.URL)
			xmlError(w, http.StatusNotImplemented, "NotImplemented")
		}
	}
}

// listPage serves two pages, the first ending in a continuation token,
// and a folder marker a console would leave.
func listPage(w http.ResponseWriter, q url.Values) {
	keys, more := []string{"heads/main/1", "heads/main/"}, "<IsTruncated>true</IsTruncated><NextContinuationToken>p2</NextContinuationToken>"
	if q.Get("continuation-token") == "p2" {
		keys, more = []string{"heads/main/2"}, "<IsTruncated>false</IsTruncated>"
	}
	var contents strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&contents, "<Contents><Key>%s</Key><Size>1</Size></Contents>", k)
	}
	w.Header().Set("Content-Type", "application/xml")
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>team</Name><Prefix>%s</Prefix><KeyCount>%d</KeyCount><MaxKeys>1000</MaxKeys>%s%s</ListBucketResult>`,
		q.Get("prefix"), len(keys), more, contents.String())
}

func openReplies(t *testing.T) Bucket {
	t.Helper()
	srv := httptest.NewServer(s3Replies(t))
	t.Cleanup(srv.Close)
	// The SDK's default chain reads these; nothing from the user's home.
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test-secret")
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(t.TempDir(), "none"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(t.TempDir(), "none"))
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	u, err := url.Parse("s3://team?region=us-east-1&use_path_style=true&disable_https=true&endpoint=" + url.QueryEscape(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestS3CreateIfAbsent(t *testing.T) {
	b := openReplies(t)
	ctx := context.Background()
	for key, want := range map[string]bool{"new": true, "held": false, "racing": false} {
		created, err := b.Create(ctx, key, strings.NewReader("fresh bytes"))
		if err != nil || created != want {
			t.Errorf("Create(%s) = %v, %v; want %v, nil", key, created, err, want)
		}
	}
	if created, err := b.Create(ctx, "denied", strings.NewReader("fresh bytes")); created || err == nil || !strings.Contains(err.Error(), "AccessDenied") {
		t.Errorf("Create(denied) = %v, %v; want the server's AccessDenied, not a lost race", created, err)
	}
}

func TestS3NotFoundAndList(t *testing.T) {
	b := openReplies(t)
	ctx := context.Background()
	if ok, err := b.Exists(ctx, "held"); !ok || err != nil {
		t.Errorf("Exists(held) = %v, %v; want true", ok, err)
	}
	if ok, err := b.Exists(ctx, "missing"); ok || err != nil {
		t.Errorf("Exists(missing) = %v, %v; want false, nil", ok, err)
	}
	if _, err := b.NewReader(ctx, "missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("NewReader(missing): %v, want ErrNotFound", err)
	}
	keys, err := b.List(ctx, "heads/main/")
	if want := []string{"heads/main/1", "heads/main/2"}; err != nil || !slices.Equal(keys, want) {
		t.Errorf("List = %q, %v; want %q over two pages without the folder marker", keys, err, want)
	}
}
