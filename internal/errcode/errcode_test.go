package errcode

import (
	"errors"
	"fmt"
	"testing"
)

type typed struct{}

func (typed) Error() string     { return "typed" }
func (typed) ErrorCode() string { return NotFound }

func TestOf(t *testing.T) {
	busy := Sentinel(Busy, "busy store")
	for _, c := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errors.New("plain"), Error},
		{Errorf(Usage, "bad %s", "flag"), Usage},
		{fmt.Errorf("open: %w", Errorf(Usage, "bad")), Usage},
		{busy, Busy},
		{fmt.Errorf("%w (gave up waiting)", busy), Busy},
		{fmt.Errorf("run: %w", typed{}), NotFound},
		// the outermost code wins: a caller that knows better says so
		{New(NotIndexed, fmt.Errorf("x: %w", busy)), NotIndexed},
		{fmt.Errorf("%w: %w", Sentinel(Usage, "usage"), typed{}), Usage},
	} {
		if got := Of(c.err); got != c.want {
			t.Errorf("Of(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

func TestWrapping(t *testing.T) {
	busy := Sentinel(Busy, "busy store")
	err := New(Usage, fmt.Errorf("open: %w", busy))
	if !errors.Is(err, busy) || err.Error() != "open: busy store" {
		t.Fatalf("New hides its cause: %v", err)
	}
	if errors.Is(Sentinel(Busy, "busy store"), busy) {
		t.Fatal("two sentinels with one message are one error")
	}
}
