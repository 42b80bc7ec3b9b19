package remote

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Branch pointers are a log, not one object. Object stores offer a
// create-only write (objstore.Bucket.Create) but no compare-and-swap, and
// not every S3-compatible server honours even that; so an entry's name carries both a sequence
// number and the manifest it points at: heads/<branch>/<seq>-<manifest>.
// A push appends the next number after the newest entry it sees. Two
// pushers that pick the same number write two different names, so
// neither overwrites the other whatever the server does; the newest entry
// (highest number, then highest manifest hash) is the branch's pointer.

// seqDigits pads sequence numbers so lexical order is numeric order.
const seqDigits = 20

func headsPrefix(branch string) string { return "heads/" + url.PathEscape(branch) + "/" }

// Head is one entry of a branch's pointer log.
type Head struct {
	Seq      uint64 `json:"seq"`
	Manifest string `json:"manifest"`
}

func (h Head) key(branch string) string {
	return fmt.Sprintf("%s%0*d-%s", headsPrefix(branch), seqDigits, h.Seq, h.Manifest)
}

// newer orders entries: by sequence number, then by manifest hash.
func (h Head) newer(o *Head) bool {
	return o == nil || h.Seq > o.Seq || (h.Seq == o.Seq && h.Manifest > o.Manifest)
}

// heads lists a branch's pointer log.
func (r *Remote) heads(ctx context.Context, branch string) ([]Head, error) {
	keys, err := r.list(ctx, headsPrefix(branch))
	if err != nil {
		return nil, err
	}
	var out []Head
	for _, k := range keys {
		// Anything else (a writer's temporary file) is not an entry.
		if h, ok := parseHead(strings.TrimPrefix(k, headsPrefix(branch))); ok {
			out = append(out, h)
		}
	}
	return out, nil
}

// LatestHead returns the branch's pointer: the newest entry of its log,
// or nil when the branch was never pushed.
func (r *Remote) LatestHead(ctx context.Context, branch string) (*Head, error) {
	hs, err := r.heads(ctx, branch)
	if err != nil {
		return nil, err
	}
	var best *Head
	for i := range hs {
		if hs[i].newer(best) {
			best = &hs[i]
		}
	}
	return best, nil
}

// appendHead makes manifest the branch's pointer unless it is already.
func (r *Remote) appendHead(ctx context.Context, branch, manifest string) (*Head, error) {
	last, err := r.LatestHead(ctx, branch)
	if err != nil {
		return nil, err
	}
	if last != nil && last.Manifest == manifest {
		return last, nil
	}
	next := Head{Seq: 1, Manifest: manifest}
	if last != nil {
		next.Seq = last.Seq + 1
	}
	if _, err := r.create(ctx, next.key(branch), strings.NewReader(manifest+"\n")); err != nil {
		return nil, err
	}
	return &next, nil
}

func parseHead(name string) (Head, bool) {
	seq, sum, ok := strings.Cut(name, "-")
	if !ok || len(seq) != seqDigits || !validSum(sum) {
		return Head{}, false
	}
	n, err := strconv.ParseUint(seq, 10, 64)
	return Head{Seq: n, Manifest: sum}, err == nil
}
