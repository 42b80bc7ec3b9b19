//go:build linux

package table

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestLookupsMapOnlyTheirBlocks: point lookups spread over a mapped table
// leave resident about the blocks they read, not the pages the kernel
// would map around each fault (64 KiB or more a fault, four 16 KiB blocks):
// an update's lookups into a 900 MB table held 150 MB of it.
func TestLookupsMapOnlyTheirBlocks(t *testing.T) {
	const n, lookups = 40000, 64
	recs := make([]rec, n)
	for i := range recs {
		recs[i] = rec{key: fmt.Sprintf("k%08d", i), value: strings.Repeat(fmt.Sprintf("%08d", i), 100)}
	}
	b, _ := writeTable(t, recs, Options{})
	path := filepath.Join(t.TempDir(), "big.tbl")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	dropCache(t, path)
	r, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.mem == nil {
		t.Skip("the table is not mapped")
	}
	for i := range lookups {
		k := recs[i*(n/lookups)].key
		if _, found, _, err := r.Get([]byte(k)); !found || err != nil {
			t.Fatalf("get %s: found %v, %v", k, found, err)
		}
	}
	rss, err := mappedRSS(path)
	if err != nil {
		t.Skip(err)
	}
	if bound := lookups * 24 << 10; rss > bound {
		t.Errorf("%d lookups left %d KiB of a %d MiB table resident, want at most %d KiB (a block and its index share each)",
			lookups, rss>>10, len(b)>>20, bound>>10)
	}
	it := r.Iter(nil, nil)
	seen := 0
	for it.Next() {
		seen++
	}
	if it.Err() != nil || seen != n {
		t.Errorf("a scan after the lookups saw %d entries (%v), want %d", seen, it.Err(), n)
	}
}

// dropCache writes path's pages out and drops them from the page cache,
// so that the lookups read them as after a reboot: the pages of a file
// just written may be held in large folios, which a fault maps whole.
func dropCache(t *testing.T, path string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	if err := unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED); err != nil {
		t.Skip(err)
	}
}

// mappedRSS is the resident size of this process's mappings of path.
func mappedRSS(path string) (int, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	total, in := 0, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) >= 5 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":"):
			in = fields[len(fields)-1] == path
		case in && len(fields) == 3 && fields[0] == "Rss:":
			kb, err := strconv.Atoi(fields[1])
			if err != nil {
				return 0, err
			}
			total += kb << 10
		}
	}
	return total, sc.Err()
}
