package store

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
)

// HasTable reports whether the store holds a table file of that name.
func (s *Store) HasTable(name string) bool {
	if checkTableName(name) != nil {
		return false
	}
	_, err := os.Stat(s.path("tables", name))
	return err == nil
}

// TableFile opens a table file for reading (a push uploads it).
func (s *Store) TableFile(name string) (*os.File, error) {
	if err := checkTableName(name); err != nil {
		return nil, err
	}
	f, err := os.Open(s.path("tables", name))
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", name, err)
	}
	return f, nil
}

// ErrTableMismatch reports imported bytes that do not hash to the table
// name they were offered under.
var ErrTableMismatch = errors.New("table bytes do not match the table's name")

// ImportTable writes a table received from elsewhere (a team remote) under
// name, only if its bytes hash to that name; like WriteTable it is synced
// before it is renamed into place, and nothing names it until a ref does.
func (s *Store) ImportTable(name string, src io.Reader) (int64, error) {
	if err := checkTableName(name); err != nil {
		return 0, err
	}
	dir := s.path("tables")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("import table %s: %w", name, err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return 0, fmt.Errorf("import table %s: %w", name, err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	h := sha256.New()
	buf := bufio.NewWriterSize(io.MultiWriter(tmp, h), 1<<20)
	n, err := io.Copy(buf, src)
	if err == nil {
		err = buf.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err != nil {
		return n, fmt.Errorf("import table %s: %w", name, err)
	}
	if got := tableName(h.Sum(nil)); got != name {
		return n, fmt.Errorf("import table %s: %w (the bytes make %s)", name, ErrTableMismatch, got)
	}
	if err := os.Rename(tmp.Name(), s.path("tables", name)); err != nil {
		return n, fmt.Errorf("import table %s: %w", name, err)
	}
	return n, syncDir(dir)
}
