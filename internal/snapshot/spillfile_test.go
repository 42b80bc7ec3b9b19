package snapshot

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestSpillFileReadsBackEveryAppend: entries read back equal whether they
// were written out or still wait in the buffer, entries larger than the
// buffer included, and reads interleaved with appends see each entry once
// it is appended.
func TestSpillFileReadsBackEveryAppend(t *testing.T) {
	s, err := newSpillFile(t.TempDir(), "test spill")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var entries [][]byte
	var spans []span
	for i, n := range []int{10, spillBuffer - 5, 7, 3 * spillBuffer, 1, spillBuffer, 0, 300} {
		b := bytes.Repeat([]byte{byte('a' + i)}, n)
		sp, err := s.Append(b)
		if err != nil {
			t.Fatal(err)
		}
		entries, spans = append(entries, b), append(spans, sp)
		for j := range entries {
			got, err := s.ReadAt(spans[j], nil)
			if err != nil || !bytes.Equal(got, entries[j]) {
				t.Fatalf("after %d appends, entry %d: %d bytes read (%v), want %d", i+1, j, len(got), err, len(entries[j]))
			}
		}
	}
	var total int64
	for _, b := range entries {
		total += int64(len(b))
	}
	if s.Size() != total {
		t.Fatalf("Size = %d, want %d", s.Size(), total)
	}
}

// TestSpillReadAheadReadsWhatWasAppended: spans read through a window
// equal what was appended, whether read in the order appended (through
// the window, which then holds the bytes after them), at random, or
// still in the write buffer.
func TestSpillReadAheadReadsWhatWasAppended(t *testing.T) {
	s, err := newSpillFile(t.TempDir(), "test spill")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var entries [][]byte
	var spans []span
	for i := 0; s.Size() < 3*spillBuffer+windowSize/2; i++ {
		b := bytes.Repeat([]byte{byte(i), byte(i >> 8)}, 50+i*37%1500)
		if i%97 == 5 {
			b = bytes.Repeat([]byte{byte(i)}, windowSize+1) // larger than a window
		}
		sp, err := s.Append(b)
		if err != nil {
			t.Fatal(err)
		}
		entries, spans = append(entries, b), append(spans, sp)
	}
	var w spillWindows
	check := func(order string, j int) {
		t.Helper()
		got, err := s.readAhead(spans[j], &w, make([]byte, j%3*100))
		if err != nil || !bytes.Equal(got, entries[j]) {
			t.Fatalf("%s, entry %d of %d: %d bytes read (%v), want %d", order, j, len(entries), len(got), err, len(entries[j]))
		}
	}
	check("first", 0)
	if len(w.w[0].buf) <= int(spans[0].n) {
		t.Fatalf("the first span read left %d bytes in the window, want the bytes after it too", len(w.w[0].buf))
	}
	for j := range entries {
		check("in order", j)
	}
	for j := range entries { // two readers, one a little behind the other
		check("side by side", j)
		check("side by side", max(0, j-20))
	}
	for j := range entries {
		check("at random", j*7919%len(entries))
	}
	for j := len(entries) - 1; j >= 0; j-- {
		check("backwards", j)
	}
}

// spillHoldingAWrite returns a spill file whose first write of bytes hold
// accepts waits, once started is closed, until release is closed.
func spillHoldingAWrite(t *testing.T, hold func(b []byte) bool) (s *spillFile, started, release chan struct{}) {
	t.Helper()
	s, err := newSpillFile(t.TempDir(), "test spill")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	write := s.writeAt
	started, release = make(chan struct{}), make(chan struct{})
	var once sync.Once
	s.writeAt = func(b []byte, off int64) (int, error) {
		if hold(b) {
			once.Do(func() {
				close(started)
				<-release
			})
		}
		return write(b, off)
	}
	return s, started, release
}

// TestSpillAppendDoesNotWaitForAnotherWrite: while one appender's full
// buffer is being written, another appends past it and reads what it
// wrote, the span in flight included (copied from memory), and once the
// write lands every span reads back from the file. Written under the
// lock, the second appender would wait for the first one's write.
func TestSpillAppendDoesNotWaitForAnotherWrite(t *testing.T) {
	s, started, release := spillHoldingAWrite(t, func([]byte) bool { return true })
	first := bytes.Repeat([]byte{'a'}, spillBuffer-10)
	firstAt, err := s.Append(first)
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan error, 1)
	go func() { // fills the buffer: its write is held up
		_, err := s.Append(bytes.Repeat([]byte{'b'}, 20))
		held <- err
	}()
	<-started
	done := make(chan error, 1)
	var third span
	go func() {
		var err error
		if third, err = s.Append([]byte("third")); err == nil {
			var got []byte
			if got, err = s.ReadAt(firstAt, nil); err == nil && !bytes.Equal(got, first) {
				err = fmt.Errorf("the span in flight read back %d bytes unlike the %d appended", len(got), len(first))
			}
			var w spillWindows
			if got, err = s.readAhead(firstAt, &w, nil); err == nil && !bytes.Equal(got, first) {
				err = fmt.Errorf("the span in flight read ahead %d bytes unlike the %d appended", len(got), len(first))
			}
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("an append and a read waited for another appender's write")
	}
	close(release)
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(bytes.Repeat([]byte{'c'}, spillBuffer)); err != nil { // lands the pending buffer
		t.Fatal(err)
	}
	for _, c := range []struct {
		sp   span
		want []byte
	}{{firstAt, first}, {third, []byte("third")}} {
		got, err := s.ReadAt(c.sp, nil)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Fatalf("after the write landed: %q... read (%v), want %q...", got[:min(len(got), 5)], err, c.want[:5])
		}
	}
	if len(s.flights) != 0 {
		t.Errorf("%d flights left after every append returned", len(s.flights))
	}
}

// TestSpillFileFromManyGoroutines: appenders on several goroutines, each
// reading back its own and the others' entries as it goes, read what was
// appended (run under -race).
func TestSpillFileFromManyGoroutines(t *testing.T) {
	s, err := newSpillFile(t.TempDir(), "test spill")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var mu sync.Mutex
	var spans []span
	var entries [][]byte
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			var w spillWindows
			for i := range 400 {
				b := bytes.Repeat([]byte{byte(g), byte(i)}, 1+(g*131+i*977)%9000)
				sp, err := s.Append(b)
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				spans, entries = append(spans, sp), append(entries, b)
				j := (g*7 + i*13) % len(spans)
				other, want := spans[j], entries[j]
				mu.Unlock()
				for _, read := range []func() ([]byte, error){
					func() ([]byte, error) { return s.ReadAt(sp, nil) },
					func() ([]byte, error) { return s.readAhead(other, &w, nil) },
				} {
					got, err := read()
					if err != nil {
						errs <- err
						return
					}
					if !bytes.Equal(got, b) && !bytes.Equal(got, want) {
						errs <- fmt.Errorf("goroutine %d, entry %d: read %d bytes unlike what was appended", g, i, len(got))
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for j := range spans {
		got, err := s.ReadAt(spans[j], nil)
		if err != nil || !bytes.Equal(got, entries[j]) {
			t.Fatalf("entry %d: %d bytes read (%v), want %d", j, len(got), err, len(entries[j]))
		}
	}
}

// TestSpillLargeAppendReadsWhileItIsWritten: an entry larger than the
// buffer, appended to an empty buffer, reads back from memory while its
// write is held up, and from the file once it lands.
func TestSpillLargeAppendReadsWhileItIsWritten(t *testing.T) {
	s, started, release := spillHoldingAWrite(t, func(b []byte) bool { return len(b) > spillBuffer })
	big := bytes.Repeat([]byte{'z', 'y'}, spillBuffer)
	appended := make(chan span, 1)
	go func() {
		sp, err := s.Append(big)
		if err != nil {
			t.Error(err)
		}
		appended <- sp
	}()
	<-started
	got, err := s.ReadAt(span{0, int64(len(big))}, nil)
	close(release)
	if err != nil || !bytes.Equal(got, big) {
		t.Fatalf("while its write was held: %d bytes read (%v), want %d", len(got), err, len(big))
	}
	sp := <-appended
	if got, err = s.ReadAt(sp, nil); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("after its write: %d bytes read (%v), want %d", len(got), err, len(big))
	}
}
