package store

import (
	"crypto/sha256"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/table"
)

func TestTableNamesAreTheWritersOnly(t *testing.T) {
	sum := sha256.Sum256([]byte("x"))
	good := tableName(sum[:])
	if !validTableName(good) {
		t.Fatalf("the writer's own name %q is refused", good)
	}
	for _, bad := range []string{
		"", ".tbl", "../../../etc/passwd", "/etc/passwd", "../" + good, "x/" + good,
		strings.ToUpper(good[:32]) + ".tbl", good[:31] + ".tbl", good[:32] + "0.tbl",
		good[:32] + ".TBL", good[:32] + ".tbl/", good[:32], ".tmp-" + good, good[:30] + "zz.tbl",
	} {
		if validTableName(bad) {
			t.Errorf("validTableName(%q) = true", bad)
		}
	}
}

func TestWrittenTableNameIsValid(t *testing.T) {
	s, err := Open(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	name, _, err := s.WriteTable(func(w *table.Writer) error { return w.Add([]byte("k"), []byte("v")) })
	if err != nil {
		t.Fatal(err)
	}
	if !validTableName(name) {
		t.Fatalf("WriteTable named a table %q that readers refuse", name)
	}
}

// A ref naming a table outside tables/ is refused when read, naming the
// ref file and what to do, before anything is opened.
func TestReadRefRefusesForeignTableNames(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(dir, "..", "outside.tbl")
	for _, name := range []string{"../../../../etc/passwd", outside, "../FORMAT"} {
		data, _ := json.Marshal(Ref{Branch: "main", Commit: "c0ffee", Tables: []string{name}})
		if err := os.WriteFile(filepath.Join(dir, "refs", "main.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := s.ReadRef("main")
		if err == nil {
			t.Fatalf("ref naming %q was read", name)
		}
		for _, want := range []string{filepath.Join(dir, "refs", "main.json"), "lgraph init --force"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
		}
		if _, _, err := s.LoadPublished("main"); err == nil {
			t.Fatalf("LoadPublished with table %q succeeded", name)
		}
	}
	if _, err := s.OpenTables([]string{"../FORMAT"}); err == nil {
		t.Fatal("OpenTables opened a file outside tables/")
	}
	if _, err := s.TableSize("../FORMAT"); err == nil {
		t.Fatal("TableSize read a file outside tables/")
	}
}
