package implicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSQLTables checks table names read from one literal's text.
func TestSQLTables(t *testing.T) {
	cases := []struct {
		sql  string
		want []string
	}{
		{"SELECT id, name FROM users WHERE id = $1", []string{"users"}},
		{"select * from users u join orders o on o.user_id = u.id", []string{"users", "orders"}},
		{"SELECT a FROM users AS u LEFT OUTER JOIN orders ON true", []string{"users", "orders"}},
		{"SELECT a FROM users, accounts WHERE 1=1", []string{"users", "accounts"}},
		{"INSERT INTO orders (a, b) VALUES (?, ?)", []string{"orders"}},
		{"INSERT OR REPLACE INTO cache VALUES (:k, :v)", []string{"cache"}},
		{"UPDATE feeds SET title=%s WHERE id=%s", []string{"feeds"}},
		{"UPDATE ONLY feeds f SET title=1", []string{"feeds"}},
		{"DELETE FROM sessions WHERE expires < now()", []string{"sessions"}},
		{"CREATE TABLE IF NOT EXISTS api_keys (id int)", []string{"api_keys"}},
		{"CREATE UNIQUE INDEX idx ON entries (feed_id, hash)", []string{"entries"}},
		{"ALTER TABLE ONLY users ADD COLUMN x int", []string{"users"}},
		{"DROP TABLE IF EXISTS web_sessions", []string{"web_sessions"}},
		{"TRUNCATE audit_log", []string{"audit_log"}},
		{"CREATE TABLE archive AS SELECT * FROM entries", []string{"archive", "entries"}},
		{`SELECT * FROM "public"."Users"`, []string{"users"}},
		{"SELECT * FROM `shop`.`orders`", []string{"shop.orders"}},
		{"SELECT * FROM [dbo].[Orders] o", []string{"orders"}},
		{`SELECT * FROM \"users\" WHERE x`, []string{"users"}},
		{"WITH recent AS (SELECT * FROM entries) SELECT * FROM recent JOIN feeds ON true", []string{"entries", "feeds"}},
		{"SELECT EXTRACT(YEAR FROM published_at) FROM entries", []string{"entries"}},
		{"SELECT a IS DISTINCT FROM b FROM entries", []string{"entries"}},
		{"INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 1", nil},
		{"SELECT * FROM users FOR UPDATE", []string{"users"}},
		{"SELECT * FROM information_schema.tables", nil},
		{"SELECT 1 FROM dual", nil},
		{"SELECT * FROM sqlite_master WHERE type='table'", nil},
		// Query-builder fragments, in capitals only.
		{"INNER JOIN feeds f ON f.id = e.feed_id", []string{"feeds"}},
		{"FROM entries e WHERE e.id = $1", []string{"entries"}},
		{"LEFT JOIN categories c USING (id)", []string{"categories"}},
		{"from entries e", nil},
		{"\n  FROM alpine\n  ADD file .\n  RUN ls\n", nil},
		{"From config files", nil},
		{"LEFT over from merge", nil},
		// Dynamic names are no key.
		{"SELECT * FROM %s WHERE id = 1", nil},
		{"SELECT * FROM {table}", nil},
		{"SELECT * FROM ${table} x", nil},
		{"SELECT * FROM users_{suffix}", nil},
		// Prose that starts with a verb.
		{"Select a file from the list", nil},
		{"select one from this list", nil},
		{"Update the settings from your profile", nil},
		{"update settings", nil},
		{"delete cache entry", nil},
		{"create a table for it", nil},
		{"SELECT x FROM t", nil},
		{"drop from queue when full now", nil},
		{"insert the key into the map", nil},
		{"with git from the command line", nil},
		{"select files from folder to upload", nil},
	}
	for _, c := range cases {
		t.Run(c.sql, func(t *testing.T) {
			var got []string
			if sqlStatement(c.sql) {
				got = sqlTables(c.sql)
			}
			if len(got) == 0 {
				got = nil
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("tables (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExtractTables checks that tables come from SQL string literals only.
func TestExtractTables(t *testing.T) {
	cases := []struct {
		name, family, src string
		want              []string
	}{
		{"go multi-line raw string", "go", "package s\n\nconst q = `\n\tSELECT e.id\n\tFROM entries e\n\tJOIN feeds f ON f.id = e.feed_id\n`\n",
			[]string{"table:entries", "table:feeds"}},
		{"go concatenated literals", "go", "q := \"SELECT id \" +\n\t\"FROM users \" +\n\t\"WHERE id = $1\"\n", []string{"table:users"}},
		{"python implicit concatenation", "python", "cur.execute(\n    \"SELECT id \"\n    \"FROM users\"\n)\n", []string{"table:users"}},
		{"ruby heredoc", "ruby", "q = <<~SQL\n  DELETE FROM sessions\nSQL\n", []string{"table:sessions"}},
		{"php nowdoc", "php", "<?php\n$q = <<<'SQL'\nINSERT INTO audit_log (a) VALUES (1)\nSQL;\n", []string{"table:audit_log"}},
		{"java text block", "java", "String q = \"\"\"\n    UPDATE accounts SET x = 1\n    \"\"\";\n", []string{"table:accounts"}},
		{"go comment", "go", "// SELECT * FROM users\n/* DELETE FROM orders */\nx := 1\n", []string{}},
		{"python docstring", "python", "def f():\n    \"\"\"SELECT * FROM users WHERE id = 1\"\"\"\n    return 1\n", []string{}},
		{"python comment", "python", "x = 1  # select * from users\n", []string{}},
		{"prose strings", "go", "log.Printf(\"table this is from git\")\nerr := errors.New(\"read from config: failed\")\nmsg := \"Update your table\"\n", []string{}},
		{"keyword in a prose string", "python", "raise ValueError(\"could not insert into table\")\n", []string{}},
		{"sql word in code, not a string", "go", "rows := db.From(users).Join(orders)\n", []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := names(Extract(c.family, []byte(c.src)))
			if got == nil {
				got = []string{}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("signals (-want +got):\n%s", diff)
			}
		})
	}
}
