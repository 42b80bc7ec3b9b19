package cache

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Probing every table at every open grew with the cache, not with the
// run: at 100,000 files it was a fifth of a 1-file update. Badger never
// rewrites a table once written (compaction writes new ones under new
// names), so a table probed once stays probed while its file is the one
// probed. probedFile remembers, beside the tables, the file identity of
// each table probed; a table whose name, size, times or inode differ (new,
// rewritten, truncated, restored from a copy) is probed again.
//
// The file is written only after a probe found every listed table sound,
// by rename, and ends with a checksum of what it lists: a file cut short
// or garbled by a kill or a power cut lists nothing, so nothing unprobed
// is ever let through.
const probedFile = "LGRAPH-PROBED"

// probedHeader names the file's layout.
const probedHeader = "lgraph probed tables v1"

// tableID is what tells a table file apart from any other that could take
// its name: the stat data git trusts for its index, to the nanosecond.
type tableID struct {
	Size, Mtime, Ctime int64
	Inode              uint64
}

// statTable is the identity of the table file at path.
func statTable(path string) (tableID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return tableID{}, err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return tableID{}, fmt.Errorf("stat %s: no inode on this system", path)
	}
	return tableID{Size: st.Size, Mtime: st.Mtim.Nano(), Ctime: st.Ctim.Nano(), Inode: st.Ino}, nil
}

// probed maps a table's file name to the identity it had when probed.
type probed map[string]tableID

// readProbed reads the probed tables recorded in dir; a missing, damaged
// or foreign file is an empty set (every table is probed).
func readProbed(dir string) probed {
	b, err := os.ReadFile(filepath.Join(dir, probedFile))
	if err != nil {
		return probed{}
	}
	p, err := decodeProbed(b)
	if err != nil {
		return probed{}
	}
	return p
}

// decodeProbed parses the file's text: the header, one line per table
// (name, size, mtime, ctime, inode), then the CRC-32C of all before it.
func decodeProbed(b []byte) (probed, error) {
	i := bytes.LastIndex(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
	if i < 0 {
		return nil, errors.New("no checksum line")
	}
	body, sum := b[:i+1], strings.TrimSpace(string(b[i+1:]))
	if sum != "crc32c "+checksum(body) {
		return nil, errors.New("checksum mismatch")
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	if !sc.Scan() || sc.Text() != probedHeader {
		return nil, errors.New("unknown layout")
	}
	p := probed{}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 5 {
			return nil, fmt.Errorf("bad line %q", sc.Text())
		}
		var id tableID
		var errs [4]error
		id.Size, errs[0] = strconv.ParseInt(f[1], 10, 64)
		id.Mtime, errs[1] = strconv.ParseInt(f[2], 10, 64)
		id.Ctime, errs[2] = strconv.ParseInt(f[3], 10, 64)
		id.Inode, errs[3] = strconv.ParseUint(f[4], 10, 64)
		if err := errors.Join(errs[:]...); err != nil {
			return nil, fmt.Errorf("bad line %q: %w", sc.Text(), err)
		}
		p[f[0]] = id
	}
	return p, nil
}

func (p probed) encode() []byte {
	var b bytes.Buffer
	b.WriteString(probedHeader + "\n")
	for _, name := range slices.Sorted(maps.Keys(p)) {
		id := p[name]
		fmt.Fprintf(&b, "%s %d %d %d %d\n", name, id.Size, id.Mtime, id.Ctime, id.Inode)
	}
	sum := checksum(b.Bytes())
	b.WriteString("crc32c " + sum + "\n")
	return b.Bytes()
}

func checksum(b []byte) string {
	return fmt.Sprintf("%08x", crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
}

// writeProbed records p in dir, by rename, so a kill leaves the old file or
// the new. It is not synced: a file a power cut garbles fails its checksum
// and only costs one full probe.
func writeProbed(dir string, p probed) error {
	tmp, err := os.CreateTemp(dir, ".tmp-"+probedFile+"-*")
	if err != nil {
		return fmt.Errorf("record probed tables in %s: %w", dir, err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.Write(p.encode())
	if err := errors.Join(werr, tmp.Close()); err != nil {
		return fmt.Errorf("record probed tables in %s: %w", dir, err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, probedFile)); err != nil {
		return fmt.Errorf("record probed tables in %s: %w", dir, err)
	}
	return nil
}
