package remote

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Branch pointers are a log, not one object: gocloud offers a create-only
// write (IfNotExist) on every driver but no compare-and-swap, so a push
// appends heads/<branch>/<seq> with the next sequence number, created
// only if absent. Two pushers that pick the same number see one of them
// refused; that one takes the next number. Neither loses its entry, and
// the newest entry is the branch's pointer.

// seqDigits pads sequence numbers so lexical order is numeric order.
const seqDigits = 20

// maxHeadAttempts bounds the retries of a pusher that keeps losing races.
const maxHeadAttempts = 32

func headsPrefix(branch string) string { return "heads/" + url.PathEscape(branch) + "/" }

// Head is one entry of a branch's pointer log.
type Head struct {
	Seq      uint64 `json:"seq"`
	Manifest string `json:"manifest"`
}

// latestHead returns the newest entry of a branch's log, or nil.
func (r *Remote) latestHead(ctx context.Context, branch string) (*Head, error) {
	keys, err := r.list(ctx, headsPrefix(branch))
	if err != nil {
		return nil, err
	}
	var best *Head
	for _, k := range keys {
		seq, ok := parseSeq(strings.TrimPrefix(k, headsPrefix(branch)))
		if !ok || (best != nil && seq <= best.Seq) {
			continue // a temporary file of a writer in progress, or older
		}
		best = &Head{Seq: seq}
	}
	if best == nil {
		return nil, nil
	}
	data, _, err := r.readSmall(ctx, headsPrefix(branch)+formatSeq(best.Seq))
	if err != nil {
		return nil, err
	}
	best.Manifest = strings.TrimSpace(string(data))
	return best, nil
}

// appendHead makes manifest the branch's newest pointer unless it is
// already; it returns the entry that names it.
func (r *Remote) appendHead(ctx context.Context, branch, manifest string) (*Head, bool, error) {
	for range maxHeadAttempts {
		last, err := r.latestHead(ctx, branch)
		if err != nil {
			return nil, false, err
		}
		if last != nil && last.Manifest == manifest {
			return last, false, nil
		}
		next := uint64(1)
		if last != nil {
			next = last.Seq + 1
		}
		created, err := r.create(ctx, headsPrefix(branch)+formatSeq(next), strings.NewReader(manifest+"\n"))
		if err != nil {
			return nil, false, err
		}
		if created {
			return &Head{Seq: next, Manifest: manifest}, true, nil
		}
	}
	return nil, false, fmt.Errorf("remote %s: branch %s: %d other pushers won every race for the next pointer; push again", r.URL, branch, maxHeadAttempts)
}

func formatSeq(n uint64) string { return fmt.Sprintf("%0*d", seqDigits, n) }

func parseSeq(s string) (uint64, bool) {
	if len(s) != seqDigits {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}
