package implicit

import "strings"

// SQL tables come only from string literals that are SQL statements: the
// literal starts with a statement verb written in one case (SELECT or
// select, never the "Select" of a sentence), holds no English stop word,
// and each table name sits where the grammar puts one and is followed by
// what the grammar allows there (an alias, a clause keyword, punctuation).

func toSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// sqlToken is one token of an SQL text: a word (identifier or keyword,
// lower-cased, quotes removed), or one byte of punctuation; param marks a
// placeholder (?, $1, :name, %s, {x}, ${x}).
type sqlToken struct {
	word   string
	punct  byte
	quoted bool
	param  bool
	raw    string // the word as written
}

// sqlStatement is the cheap first test of a literal: its first word is a
// statement verb in one case (or a clause keyword in capitals).
func sqlStatement(text string) bool {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' || text[i] == '(') {
		i++
	}
	j := i
	upper, lower := true, true
	for j < len(text) && isIdent(text[j]) && j-i <= 8 {
		upper = upper && text[j] >= 'A' && text[j] <= 'Z'
		lower = lower && text[j] >= 'a' && text[j] <= 'z'
		j++
	}
	if j-i < 4 || j-i > 8 || !upper && !lower {
		return false
	}
	var buf [8]byte
	for k := i; k < j; k++ {
		buf[k-i] = text[k] | 0x20 // ASCII letters only: lower case
	}
	// m[string(bytes)] does not allocate.
	return vocab().sqlVerbs[string(buf[:j-i])] || vocab().sqlClauses[string(buf[:j-i])] && upper
}

// sqlTables lists the tables an SQL statement names, normalized.
func sqlTables(text string) []string {
	toks := sqlTokens(text)
	for len(toks) > 0 && toks[0].punct == '(' {
		toks = toks[1:]
	}
	for _, t := range toks {
		if !t.quoted && vocab().sqlStop[t.word] {
			return nil
		}
	}
	if !sqlShape(toks) {
		return nil
	}
	index := toks[0].word == "create" && hasWord(toks, "index")
	ctes := map[string]bool{}
	var out []string
	var parens []string // word before each open parenthesis
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.punct == '(':
			parens = append(parens, prevWord(toks, k))
		case t.punct == ')':
			if len(parens) > 0 {
				parens = parens[:len(parens)-1]
			}
		case t.word == "as" && k > 0 && toks[k-1].word != "" && k+1 < len(toks) && toks[k+1].punct == '(':
			ctes[toks[k-1].word] = true
		case t.quoted:
		case t.word == "from" && (len(parens) > 0 && vocab().sqlSkipFrom[parens[len(parens)-1]] || prevWord(toks, k) == "distinct"):
		case t.word == "from" || t.word == "join" || t.word == "into" || t.word == "update" || t.word == "table" ||
			t.word == "on" && index || k == 0 && t.word == "truncate":
			for next := k + 1; ; next++ { // FROM a, b
				name, end, ok := tableAt(toks, next)
				if ok {
					out = append(out, name)
				}
				if next = end; !ok || t.word != "from" || next >= len(toks) || toks[next].punct != ',' {
					break
				}
			}
		}
	}
	kept := out[:0]
	for _, n := range out {
		if !ctes[n] {
			kept = append(kept, n)
		}
	}
	return kept
}

// sqlShape checks the words a statement's verb requires: INSERT INTO,
// UPDATE … SET, DELETE FROM, SELECT … FROM, CREATE TABLE or INDEX.
func sqlShape(toks []sqlToken) bool {
	if len(toks) < 2 {
		return false
	}
	next := toks[1].word
	switch toks[0].word {
	case "select":
		return hasWord(toks, "from")
	case "insert":
		return next == "into" || next == "or" || next == "ignore"
	case "replace", "merge":
		return next == "into"
	case "update":
		return hasWord(toks, "set")
	case "delete":
		return next == "from"
	case "create":
		return hasWord(toks, "table") || hasWord(toks, "index") || hasWord(toks, "view")
	case "alter", "drop":
		return next == "table" || hasWord(toks, "from")
	case "inner", "left", "right", "full", "cross", "natural":
		return hasWord(toks, "join")
	case "from":
		return !dockerfile(toks)
	}
	return true // with, truncate, from, join
}

// dockerfile reports whether a FROM fragment is a Dockerfile: a capitalized
// instruction follows the image name.
func dockerfile(toks []sqlToken) bool {
	for _, t := range toks[1:] {
		if vocab().dockerInstructions[t.word] && t.raw == strings.ToUpper(t.raw) {
			return true
		}
	}
	return false
}

func hasWord(toks []sqlToken, w string) bool {
	for _, t := range toks {
		if t.word == w && !t.quoted {
			return true
		}
	}
	return false
}

func prevWord(toks []sqlToken, k int) string {
	if k > 0 {
		return toks[k-1].word
	}
	return ""
}

// tableAt reads a table reference at toks[k] (schema-qualified names
// joined with '.', IF [NOT] EXISTS and ONLY skipped) and checks what
// follows it; ok is false where no valid table name stands. end is the
// index after the reference and its alias.
func tableAt(toks []sqlToken, k int) (name string, end int, ok bool) {
	for k < len(toks) && !toks[k].quoted && (toks[k].word == "if" || toks[k].word == "not" || toks[k].word == "exists" || toks[k].word == "only") {
		k++
	}
	var parts []string
	for k < len(toks) && toks[k].word != "" {
		parts = append(parts, toks[k].word)
		if k+2 < len(toks) && toks[k+1].punct == '.' && toks[k+2].word != "" {
			k += 2
			continue
		}
		k++
		break
	}
	end, ok = followOK(toks, k)
	if len(parts) == 0 || !validTable(parts) || !ok {
		return "", k, false
	}
	if len(parts) > 1 && (parts[0] == "public" || parts[0] == "dbo" || parts[0] == "main") {
		parts = parts[1:]
	}
	name = strings.Join(parts, ".")
	if vocab().sqlSystem[name] || parts[0] == "information_schema" || parts[0] == "pg_catalog" || parts[0] == "sys" {
		return "", end, false
	}
	return name, end, true
}

// validTable checks each part of a table name: an identifier of at least
// two characters that is not a keyword.
func validTable(parts []string) bool {
	for _, p := range parts {
		if len(p) < 2 || vocab().sqlReserved[p] || p[0] >= '0' && p[0] <= '9' {
			return false
		}
		for i := 0; i < len(p); i++ {
			if !isIdent(p[i]) && p[i] != '$' && p[i] != '-' {
				return false
			}
		}
	}
	return true
}

// followOK accepts what may follow a table reference: nothing, clause
// punctuation, a clause keyword, or an alias and then one of those; it
// returns the index after the alias.
func followOK(toks []sqlToken, k int) (int, bool) {
	end := func(k int) bool {
		if k >= len(toks) {
			return true
		}
		t := toks[k]
		return t.punct == ',' || t.punct == ';' || t.punct == '(' || t.punct == ')' || !t.quoted && vocab().sqlFollow[t.word]
	}
	if k < len(toks) && toks[k].word == "as" {
		k++
		if k < len(toks) && (toks[k].word == "select" || toks[k].word == "with" || toks[k].punct == '(') {
			return k, true // CREATE TABLE t AS SELECT …
		}
	} else if end(k) {
		return k, true
	}
	if k >= len(toks) {
		return k, false
	}
	if t := toks[k]; t.param || t.punct != 0 || vocab().sqlReserved[t.word] {
		return k, false
	}
	return k + 1, end(k + 1) // an alias
}

// tables adds the tables named by the file's SQL string literals. Pieces
// of one statement split over adjacent literals ("SELECT a " + "FROM t",
// Python's implicit concatenation) are joined first.
func (f *file) tables() {
	rs := f.regions
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r.Comment || !sqlStatement(f.text[r.In:r.Out]) {
			continue
		}
		text := f.text[r.In:r.Out]
		for i+1 < len(rs) && !rs[i+1].Comment && joins(f.text[rs[i].End:rs[i+1].Start]) {
			i++
			text += " " + f.text[rs[i].In:rs[i].Out]
		}
		for _, t := range sqlTables(text) {
			f.add(KindTable, t, r.In)
		}
	}
}

// joins reports whether only concatenation lies between two literals.
func joins(between string) bool {
	for i := 0; i < len(between); i++ {
		if strings.IndexByte(" \t\r\n+.\\", between[i]) < 0 {
			return false
		}
	}
	return true
}
