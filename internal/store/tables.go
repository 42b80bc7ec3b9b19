package store

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/lgraph/lgraph/internal/behind"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/table"
)

// WriteTable writes one table, filled by fill in key order, under tables/
// named by the hash of its bytes, synced before it is renamed into place:
// nothing names it until a ref does.
func (s *Store) WriteTable(fill func(w *table.Writer) error) (string, table.Info, error) {
	dir := s.path("tables")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", table.Info{}, fmt.Errorf("write table: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return "", table.Info{}, fmt.Errorf("write table: %w", err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	h := sha256.New()
	out := behind.NewWriter(1<<20, &writebackFile{f: tmp}, h)
	w := table.NewWriter(out, table.Options{})
	if err := fill(w); err != nil {
		out.Close()
		return "", table.Info{}, err
	}
	info, err := w.Close()
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err != nil {
		return "", table.Info{}, fmt.Errorf("write table: %w", err)
	}
	name := tableName(h.Sum(nil))
	if err := os.Rename(tmp.Name(), s.path("tables", name)); err != nil {
		return "", table.Info{}, fmt.Errorf("write table: %w", err)
	}
	return name, info, syncDir(dir)
}

// tableExt ends every table file's name.
const tableExt = ".tbl"

// tableName is the one place the name of a table file is made: the first
// 16 bytes of the SHA-256 of its bytes in lowercase hex, then tableExt.
func tableName(sum []byte) string { return hex.EncodeToString(sum[:16]) + tableExt }

// validTableName reports whether name is one tableName makes. A ref's table
// names are joined to the store's path, so a ref file written by anyone but
// this store ("../../etc/passwd", "/etc/passwd", "x/../../y") must not get
// to name a file elsewhere; decoding and re-encoding the name checks it
// against the writer's own format rather than a second description of it.
func validTableName(name string) bool {
	stem, ok := strings.CutSuffix(name, tableExt)
	if !ok || len(stem) != 32 {
		return false
	}
	sum, err := hex.DecodeString(stem)
	return err == nil && tableName(sum) == name
}

// checkTableName refuses a name tableName would not make.
func checkTableName(name string) error {
	if !validTableName(name) {
		return fmt.Errorf("table name %q is not one lgraph writes", name)
	}
	return nil
}

// TableSize is a table file's size in bytes.
func (s *Store) TableSize(name string) (int64, error) {
	if err := checkTableName(name); err != nil {
		return 0, err
	}
	fi, err := os.Stat(s.path("tables", name))
	if err != nil {
		return 0, fmt.Errorf("table %s: %w", name, err)
	}
	return fi.Size(), nil
}

// Tables opens a ref's tables as one view (newest first); Close releases
// them.
type Tables struct {
	View    table.View
	readers []*table.Reader
}

// OpenTables maps the named tables.
func (s *Store) OpenTables(names []string) (*Tables, error) {
	t := &Tables{}
	for _, name := range names {
		if err := checkTableName(name); err != nil {
			t.Close()
			return nil, err
		}
		r, err := table.OpenFile(s.path("tables", name))
		if err != nil {
			t.Close()
			return nil, fmt.Errorf("open table %s: %w", name, err)
		}
		t.readers = append(t.readers, r)
	}
	t.View = table.NewView(t.readers...)
	return t, nil
}

// Close unmaps the tables.
func (t *Tables) Close() error {
	var errs []error
	for _, r := range t.readers {
		errs = append(errs, r.Close())
	}
	t.readers = nil
	return errors.Join(errs...)
}

// Get implements snapshot.KV.
func (t *Tables) Get(key []byte) ([]byte, bool, error) {
	v, found, _, err := t.View.Get(key)
	return v, found, err
}

// Scan implements snapshot.KV.
func (t *Tables) Scan(prefix []byte, fn func(key, value []byte) error) error {
	it := t.View.Prefix(prefix)
	for it.Next() {
		if err := fn(it.Key(), it.Value()); err != nil {
			if err == snapshot.ErrStop {
				return nil
			}
			return err
		}
	}
	return it.Err()
}

// OpenSnapshot opens a ref's snapshot over its tables.
func (s *Store) OpenSnapshot(ref *Ref) (*snapshot.Snapshot, error) {
	t, err := s.OpenTables(ref.Tables)
	if err != nil {
		return nil, err
	}
	snap, err := snapshot.Open(t, t)
	if err != nil {
		t.Close()
		return nil, fmt.Errorf("snapshot of %s: %w", ref.Branch, err)
	}
	return snap, nil
}
