package objstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
)

// s3Params are the query parameters an s3:// URL may carry, with the
// meaning docs/remote.md gives them.
var s3Params = []string{"region", "endpoint", "profile", "use_path_style", "disable_https"}

// s3Bucket is one bucket of S3 or an S3-compatible server.
type s3Bucket struct {
	client *s3.Client
	name   string
}

// s3Options are an s3:// URL's query parameters, parsed.
type s3Options struct {
	region, endpoint, profile string
	pathStyle, noHTTPS        bool
}

func parseS3URL(u *url.URL) (bucket string, o s3Options, err error) {
	if u.Host == "" {
		return "", o, errors.New("s3 remote names no bucket: use s3://BUCKET")
	}
	q := u.Query()
	if err := unknownParam(q, s3Params...); err != nil {
		return "", o, err
	}
	o.region, o.endpoint, o.profile = q.Get("region"), q.Get("endpoint"), q.Get("profile")
	for name, dst := range map[string]*bool{"use_path_style": &o.pathStyle, "disable_https": &o.noHTTPS} {
		if v := q.Get(name); v != "" {
			if *dst, err = strconv.ParseBool(v); err != nil {
				return "", o, fmt.Errorf("query parameter %s=%q is not true or false", name, v)
			}
		}
	}
	if o.endpoint != "" && !strings.Contains(o.endpoint, "://") {
		scheme := "https://"
		if o.noHTTPS {
			scheme = "http://"
		}
		o.endpoint = scheme + o.endpoint
	}
	return u.Host, o, nil
}

// openS3 builds a client with the SDK's default credential chain
// (environment, shared files, SSO, instance roles); nothing secret is
// read from the URL.
func openS3(ctx context.Context, u *url.URL) (*s3Bucket, error) {
	name, o, err := parseS3URL(u)
	if err != nil {
		return nil, err
	}
	loads := []func(*config.LoadOptions) error{
		// Retries back off but are not rationed: a push of many objects
		// to a server that blips must not run out of retry tokens.
		config.WithRetryer(func() aws.Retryer {
			return retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = ratelimit.None })
		}),
	}
	if o.region != "" {
		loads = append(loads, config.WithRegion(o.region))
	}
	if o.profile != "" {
		loads = append(loads, config.WithSharedConfigProfile(o.profile))
	}
	cfg, err := config.LoadDefaultConfig(ctx, loads...)
	if err != nil {
		return nil, fmt.Errorf("load AWS configuration: %w", err)
	}
	client := s3.NewFromConfig(cfg, func(so *s3.Options) {
		if o.endpoint != "" {
			so.BaseEndpoint = aws.String(o.endpoint)
		}
		so.UsePathStyle = o.pathStyle
		so.EndpointOptions.DisableHTTPS = o.noHTTPS
		// internal/remote checks every object it reads against the
		// SHA-256 that names it, and a mismatch must read as
		// remote.ErrCorrupt, not as the SDK's CRC error halfway through.
		so.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	return &s3Bucket{client: client, name: name}, nil
}

func (b *s3Bucket) Exists(ctx context.Context, key string) (bool, error) {
	_, err := b.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &b.name, Key: &key})
	if isNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

func (b *s3Bucket) NewReader(ctx context.Context, key string) (io.ReadCloser, error) {
	out, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &b.name, Key: &key})
	if isNotFound(err) {
		return nil, fmt.Errorf("%s: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return out.Body, nil
}

// Create is a conditional PUT (If-None-Match: *): S3 answers 412 when the
// key exists and 409 when a concurrent conditional write to it is in
// flight; either way another writer got there first.
func (b *s3Bucket) Create(ctx context.Context, key string, body io.ReadSeeker) (bool, error) {
	_, err := b.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:      &b.name,
		Key:         &key,
		Body:        body,
		IfNoneMatch: aws.String("*"),
		ContentType: aws.String("application/octet-stream"),
	})
	if lostRace(err) {
		return false, nil
	}
	return err == nil, err
}

func (b *s3Bucket) List(ctx context.Context, prefix string) ([]string, error) {
	var keys []string
	pages := s3.NewListObjectsV2Paginator(b.client, &s3.ListObjectsV2Input{Bucket: &b.name, Prefix: &prefix})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, obj := range page.Contents {
			// A key ending in "/" is a console's folder marker, not an object.
			if k := aws.ToString(obj.Key); !strings.HasSuffix(k, "/") {
				keys = append(keys, k)
			}
		}
	}
	return keys, nil
}

func (b *s3Bucket) Close() error { return nil }

// isNotFound reports an absent key: GetObject says NoSuchKey, HeadObject
// has no body and says only 404. A missing bucket reads as empty, as an
// unwritten remote does.
func isNotFound(err error) bool {
	if err == nil {
		return false
	}
	switch apiCode(err) {
	case "NoSuchKey", "NoSuchBucket", "NotFound":
		return true
	}
	return httpStatus(err) == http.StatusNotFound
}

func lostRace(err error) bool {
	if err == nil {
		return false
	}
	switch apiCode(err) {
	case "PreconditionFailed", "ConditionalRequestConflict":
		return true
	}
	s := httpStatus(err)
	return s == http.StatusPreconditionFailed || s == http.StatusConflict
}

func apiCode(err error) string {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		return ae.ErrorCode()
	}
	return ""
}

func httpStatus(err error) int {
	var re *awshttp.ResponseError
	if errors.As(err, &re) {
		return re.HTTPStatusCode()
	}
	return 0
}
