package goroutines

import (
	"strings"
	"testing"
)

// TestCurrentTellsGoroutinesApart: the name starts as a stack trace does
// and differs between two goroutines.
func TestCurrentTellsGoroutinesApart(t *testing.T) {
	here := Current()
	other := make(chan string)
	go func() { other <- Current() }()
	there := <-other
	if !strings.HasPrefix(here, "goroutine ") || here == "goroutine " {
		t.Fatalf("Current() = %q, want \"goroutine N\"", here)
	}
	if here == there {
		t.Fatalf("two goroutines share the name %q", here)
	}
	if again := Current(); again != here {
		t.Fatalf("one goroutine named %q then %q", here, again)
	}
}
