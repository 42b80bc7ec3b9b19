package freshness

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/lgraph/lgraph/internal/gittest"
)

// TestReadGitIndexMatchesGit stages entries of every kind git's index
// holds (files in nested directories, an executable, a symlink, a gitlink,
// conflict stages, skip-worktree, assume-unchanged and intent-to-add
// entries, a path longer than the 12-bit length field) and reads the index
// in versions 2, 3 and 4: every entry must print as git ls-files --debug
// prints it.
func TestReadGitIndexMatchesGit(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{
		"a.py": "a\n", "b/c.py": "c\n", "b/d/e.go": "package d\n", "b.py": "b\n",
		"run.sh": "#!/bin/sh\n", "x.txt": "x\n", "ita.py": "i\n",
	})
	os.Chmod(filepath.Join(r.Dir, "run.sh"), 0o755)
	os.Symlink("a.py", filepath.Join(r.Dir, "link.py"))
	r.Git("add", "a.py", "b", "b.py", "run.sh", "x.txt", "link.py")
	r.Commit("base")
	blob := r.Git("hash-object", "a.py")
	long := strings.Repeat("d/", 2100) + "long.py"
	r.Git("update-index", "--add", "--cacheinfo", "100644,"+blob+","+long)
	r.Git("update-index", "--add", "--cacheinfo", "160000,"+r.Git("rev-parse", "HEAD")+",sub")
	r.GitStdin(fmt.Sprintf("100644 %s 1\tconflict.py\n100644 %s 2\tconflict.py\n100755 %s 3\tconflict.py\n", blob, blob, blob),
		"update-index", "--index-info")
	r.Git("update-index", "--assume-unchanged", "b.py")
	for _, version := range []string{"2", "3", "4"} {
		if version == "2" {
			r.Git("update-index", "--index-version", "2")
		} else {
			// extended flags need version 3 or later
			r.Git("update-index", "--skip-worktree", "b/c.py")
			r.Git("add", "-N", "ita.py")
			r.Git("update-index", "--index-version", version)
		}
		t.Run("v"+version, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(r.Dir, ".git", "index"))
			if err != nil || fmt.Sprint(binary.BigEndian.Uint32(data[4:8])) != version {
				t.Fatalf("git wrote no version %s index (%v)", version, err)
			}
			idx, err := readGitIndex(filepath.Join(r.Dir, ".git"))
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			for i := range idx.len() {
				e := idx.entry(i)
				got.WriteString(describeEntry(&e))
			}
			idx.close()
			want := devRE.ReplaceAllString(r.Git("ls-files", "-s", "--debug")+"\n", "dev: -")
			if diff := cmp.Diff(want, got.String()); diff != "" {
				t.Fatalf("index entries (-git +ours):\n%s", diff)
			}
		})
	}
}

// TestGitIndexHoldsOnlyPaths: a read holds git's index while it walks
// every file, so what it keeps per entry counts at 100,000 files. Only the
// paths (and two offsets an entry) are kept; the rest is read from the
// file again entry by entry, and still reads as git wrote it.
func TestGitIndexHoldsOnlyPaths(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"a.py": "a\n"})
	r.Commit("base")
	blob := r.Git("hash-object", "a.py")
	const n = 20000
	var info strings.Builder
	for i := range n {
		fmt.Fprintf(&info, "100644 %s 0\tpkg/m%05d/file.py\n", blob, i)
	}
	r.GitStdin(info.String(), "update-index", "--index-info")
	data, err := os.ReadFile(filepath.Join(r.Dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	idx, err := parseGitIndex(data)
	runtime.ReadMemStats(&after)
	if err != nil || idx.len() != n+1 {
		t.Fatalf("parsed %d entries (%v), want %d", idx.len(), err, n+1)
	}
	// The path buffer is sized once from the file, so it also spans each
	// entry's padding (up to 8 bytes); a decoded entry would take 88.
	const pathBytes = n*len("pkg/m00000/file.py") + len("a.py")
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(pathBytes+(n+1)*(8+8)+64<<10); got > limit {
		t.Errorf("parsing %d entries allocated %d bytes, over %d: more than their paths and offsets", n+1, got, limit)
	}
	for _, i := range []int{0, 1, n / 2, n} {
		if e := idx.entry(i); e.blobHex() != blob || e.mode != 0o100644 || e.path != idx.path(i) {
			t.Errorf("entry %d = %s %06o %q, want %s 100644 %q", i, e.blobHex(), e.mode, e.path, blob, idx.path(i))
		}
	}
}

// devRE hides the device number, which freshness does not read (git does
// not compare it either).
var devRE = regexp.MustCompile(`dev: \d+`)

// describeEntry prints an entry as git ls-files -s --debug does; flags
// are git's in-memory ones.
func describeEntry(e *indexEntry) string {
	flags := uint32(e.stage) << 12
	if e.assumeValid {
		flags |= 0x8000
	}
	if e.skipWorktree {
		flags |= 1<<30 | 0x4000
	}
	if e.intentAdd {
		flags |= 1<<29 | 0x4000
	}
	return fmt.Sprintf("%06o %s %d\t%s\n  ctime: %d:%d\n  mtime: %d:%d\n  dev: -\tino: %d\n  uid: %d\tgid: %d\n  size: %d\tflags: %x\n",
		e.mode, e.blobHex(), e.stage, e.path, e.ctimeSec, e.ctimeNsec, e.mtimeSec, e.mtimeNsec,
		e.ino, e.uid, e.gid, e.size, flags)
}

// TestGitIndexCorrupt: a damaged or foreign index is an error, never a
// panic, and never entries out of order.
func TestGitIndexCorrupt(t *testing.T) {
	r := gittest.New(t)
	r.Write(map[string]string{"a.py": "a\n", "b/c.py": "c\n", "d.py": "d\n"})
	r.Commit("base")
	data, err := os.ReadFile(filepath.Join(r.Dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	for cut := 0; cut < len(data)-20; cut++ {
		if _, err := parseGitIndex(data[:cut]); err == nil && cut < 12 {
			t.Fatalf("a %d-byte prefix parsed", cut)
		}
	}
	for i := range data {
		bad := append([]byte(nil), data...)
		bad[i] ^= 0xff
		parseGitIndex(bad) // must not panic
	}
	swapped := append([]byte(nil), data...)
	// the first entry's path starts at byte 12+62: make it sort after the second
	swapped[12+62] = 'z'
	if _, err := parseGitIndex(swapped); err == nil {
		t.Fatal("entries out of order were accepted")
	}
}

// TestStatClean: git's stat data vouches for a file only while it matches
// and the entry is older than the index file (otherwise racily clean).
func TestStatClean(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f.py")
	writeFile(t, name, []byte("x = 1\n"))
	var st unix.Stat_t
	if err := lstat(name, &st); err != nil {
		t.Fatal(err)
	}
	e := indexEntry{mode: 0o100644, size: uint32(st.Size), ino: uint32(st.Ino), uid: st.Uid, gid: st.Gid,
		mtimeSec: uint32(st.Mtim.Sec), mtimeNsec: uint32(st.Mtim.Nsec), ctimeSec: uint32(st.Ctim.Sec), ctimeNsec: uint32(st.Ctim.Nsec)}
	mtime := st.Mtim.Nano()
	cases := []struct {
		name  string
		edit  func(e *indexEntry)
		index int64
		want  bool
	}{
		{"matching, index written later", func(*indexEntry) {}, mtime + 1, true},
		{"racily clean: index written in the same tick", func(*indexEntry) {}, mtime, false},
		{"index older than the file", func(*indexEntry) {}, mtime - 1e9, false},
		{"size moved", func(e *indexEntry) { e.size++ }, mtime + 1, false},
		{"mtime nanoseconds moved", func(e *indexEntry) { e.mtimeNsec ^= 1 }, mtime + 1e9, false},
		{"ctime moved", func(e *indexEntry) { e.ctimeSec-- }, mtime + 1, false},
		{"inode moved", func(e *indexEntry) { e.ino++ }, mtime + 1, false},
		{"staged as a symlink", func(e *indexEntry) { e.mode = 0o120000 }, mtime + 1, false},
	}
	for _, c := range cases {
		x := e
		c.edit(&x)
		idx := &gitIndex{mtime: c.index}
		if got := idx.statClean(&x, &st); got != c.want {
			t.Errorf("%s: statClean = %v, want %v", c.name, got, c.want)
		}
	}
}
