package explicit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// projectUnchanged reports whether an update may keep its base's project
// settings without reading every file: no file a project reader reads was
// touched, and no touched file changed what it tells its family's reader
// (Traits.ProjectFacts: C/C++ namespace macros; Traits.DirFacts: the
// Python files and import heads the tree rule for Python roots reads).
func projectUnchanged(st *phase.State) bool {
	tokens := Tallies{} // what the touched files' edits bring (+) and take (-)
	for p := range st.Touched {
		before, after := st.Base.Files.Get(p), st.Next.Files.Get(p)
		if (before != nil || after != nil) && lang.ProjectFamily(path.Base(p)) != "" {
			return false
		}
		if dirFactsChanged(st.Langs, before, after) {
			if before == nil || after == nil {
				return false // a file added or removed changes where the family's files are
			}
			tokens.count(st.Langs, before, -1)
			tokens.count(st.Langs, after, 1)
		}
		was, wasOK, err := baseProjectFacts(st, p, before)
		if err != nil {
			return false // read everything again rather than trust a guess
		}
		is, isOK := projectFacts(st.Langs, after)
		if (wasOK || isOK) && (before == nil || after == nil || was != is) {
			return false
		}
	}
	kept, err := tokensKept(st, tokens)
	return err == nil && kept // on an error, read everything again rather than trust a guess
}

// baseProjectFacts is what a file of the base told its family's project
// reader: the base index's record of it (snapshot.KsPyHeads), for a
// published snapshot's facts do not keep what only that reader reads (a
// C/C++ file's macros). Read back from those facts, a header that stopped
// defining its last such macro would tell nothing before and after, and
// the project would keep the macro.
func baseProjectFacts(st *phase.State, p string, before *snapshot.File) (string, bool, error) {
	text, ok := projectFacts(st.Langs, before)
	if !ok || st.Base.Index == nil {
		return text, ok, nil
	}
	v, found, err := st.Base.Index.Get(snapshot.PyHeadsKey(p))
	if err != nil || !found {
		return text, ok, err
	}
	return string(v), true, nil
}

// projectFacts is what a code file tells its family's project reader, and
// whether its language has any such thing to tell.
func projectFacts(langs *lang.Registry, f *snapshot.File) (string, bool) {
	if f == nil {
		return "", false
	}
	l := langs.Get(f.Lang)
	if l == nil || l.Traits().ProjectFacts == nil {
		return "", false
	}
	return l.Traits().ProjectFacts(f.Facts), true
}

// projectOf derives the resolution settings from the files the languages'
// project readers read (go.mod, tsconfig.json, jsconfig.json,
// package.json, Cargo.toml, pyproject.toml, setup.cfg, and setup.py, which
// is also code), the tree and the config.
func projectOf(st *phase.State, read func(string) ([]byte, error), full bool) (lang.Project, error) {
	var pr lang.Project
	code, dirs, err := projectCode(st, full)
	if err != nil {
		return pr, err
	}
	readers := st.Langs.ProjectReaders(lang.ProjectInput{Has: st.Next.Files.Has, ImportRoots: st.Config.ImportRoots,
		IncludeDirs: st.Config.IncludeDirs, Code: code}, dirs)
	files, err := projectFiles(st, func(base string) bool { return readers[lang.ProjectFamily(base)] != nil }, full)
	if err != nil {
		return pr, err
	}
	for _, p := range files {
		data, err := readProjectFile(st, read, st.Next.Files.Get(p).Blob)
		if err != nil {
			return pr, fmt.Errorf("read %s: %w", p, err)
		}
		readers[lang.ProjectFamily(path.Base(p))].Read(p, data)
	}
	for _, fam := range slices.Sorted(maps.Keys(readers)) {
		readers[fam].Finish(&pr)
	}
	return pr, nil
}

// projectCode lists what every code file of the snapshot being built
// tells its family's project reader: by path (Traits.ProjectFacts), and
// tallied by directory (Traits.DirFacts). An update reads them from the
// base's index (snapshot.KsPyHeads, KsDirFacts) with the touched files'
// replaced, decoding no other record; a full run, whose facts may all be
// new, from the records.
func projectCode(st *phase.State, full bool) (map[string]string, Tallies, error) {
	out, dirs := map[string]string{}, Tallies{}
	if full || st.Base == nil || st.Base.Index == nil {
		// What a file tells its project reader is in its facts
		// (Traits.ProjectFacts, Traits.DirFacts), not their references;
		// and only the files of a language with such a reader tell it.
		paths := tellingProject(st.Next.Files, st.Langs)
		for p, f := range st.Next.Files.AheadOfParts(paths, phase.Workers(st.Config.Concurrency), snapshot.PartFacts) {
			if text, ok := projectFacts(st.Langs, f); ok {
				out[p] = text
			}
			dirs.Add(st.Langs, f)
		}
		return out, dirs, st.Next.Files.Err()
	}
	err := st.Base.Index.Scan([]byte{snapshot.KsPyHeads}, func(k, v []byte) error {
		if p := string(k[1:]); !st.Touched[p] {
			out[p] = string(v)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if dirs, err = readTallies(st.Base.Index); err != nil {
		return nil, nil, err
	}
	for p := range st.Touched {
		after := st.Next.Files.Get(p)
		if text, ok := projectFacts(st.Langs, after); ok {
			out[p] = text
		}
		dirs.count(st.Langs, st.Base.Files.Get(p), -1)
		dirs.count(st.Langs, after, 1)
	}
	return out, dirs, st.Next.Files.Err()
}

// tellingProject lists the paths of files whose language tells its
// project reader anything (Traits.ProjectFacts or Traits.DirFacts: C and
// C++, Python), from the records' languages alone: a full run decoded
// every record's facts to find that the others tell nothing (1.3 s CPU
// of a 100,000-file init where a quarter of the files are Python).
func tellingProject(files *snapshot.FileSet, langs *lang.Registry) []string {
	tells := map[string]bool{}
	var out []string
	for p, name := range files.Langs() {
		t, ok := tells[name]
		if !ok {
			l := langs.Get(name)
			t = l != nil && (l.Traits().ProjectFacts != nil || l.Traits().DirFacts != nil)
			tells[name] = t
		}
		if t {
			out = append(out, p)
		}
	}
	return out
}

func readProjectFile(st *phase.State, read func(string) ([]byte, error), blob string) ([]byte, error) {
	key := "project-file/" + blob
	var data []byte
	found, err := st.Cache.Get(key, &data)
	if err != nil || found {
		return data, err
	}
	data, err = read(blob)
	if err != nil {
		return nil, err
	}
	return data, st.Cache.Put(key, data)
}

// projectKey hashes a project's settings for change detection.
// ProjectKey hashes the project settings: when it changes, every file's
// module keys may change, so everything is resolved (and indexed) again.
func ProjectKey(p *lang.Project) string {
	b, _ := json.Marshal(p) // encoding/json sorts map keys
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
