package snapshot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestPackedSetGivesBackWhatWasSet: a set holding its records packed, in
// memory or in a spill file, answers Get, Has, Len, Paths and Changed as one
// holding them as structs, records set before Pack included, and a C++
// file's namespace macros, macro lines and macro calls, which a record's
// encoding leaves out, come back too; a record staged (Stage, SetStaged) is
// set as Set sets it, and a record set again reads back as its last value.
func TestPackedSetGivesBackWhatWasSet(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		checkPackedSet(t, dir)
	}
}

func checkPackedSet(t *testing.T, dir string) {
	before := peekRecord()
	header := peekRecord()
	header.Path, header.Lang = "include/fmt.h", "cpp"
	header.Facts.NamespaceMacros = []facts.Macro{{Name: "FMT_BEGIN_NAMESPACE", Line: 3, Ops: "+fmt,+"}}
	header.Facts.MacroLines = []facts.Macro{{Name: "FMT_BEGIN_NAMESPACE", Line: 9}}
	header.Facts.MacroCalls = []facts.Macro{{Name: "FMT_POSIX_CALL", Line: 12, Call: "close"}}
	gone := peekRecord()
	gone.Path = "pkg/gone.py"
	again := peekRecord()
	again.Path = "pkg/again.py"
	again2 := *again
	again2.Summary = "Set a second time."

	plain, packed := NewFileSet(nil), NewFileSet(nil)
	defer packed.Close()
	for _, fs := range []*FileSet{plain, packed} {
		fs.Set(before)
		if fs == packed {
			if err := fs.Pack(dir); err != nil {
				t.Fatal(err)
			}
		}
		fs.SetStaged(fs.Stage(header))
		fs.Set(gone)
		fs.Delete(gone.Path)
		fs.Set(again)
		fs.Set(&again2)
	}
	if !packed.Packed() || plain.Packed() {
		t.Fatalf("Packed() = %v, %v; want true, false", packed.Packed(), plain.Packed())
	}
	for _, want := range []*File{before, header, &again2} {
		if got := packed.Get(want.Path); !reflect.DeepEqual(got, want) {
			t.Errorf("dir %q: packed Get(%s) = %+v\nwant %+v", dir, want.Path, got, want)
		}
		if got := packed.Get(want.Path); got == packed.Get(want.Path) {
			t.Errorf("dir %q: packed Get(%s) returned one record twice; each call decodes its own", dir, want.Path)
		}
	}
	if packed.Has(gone.Path) || packed.Get(gone.Path) != nil {
		t.Errorf("dir %q: a deleted path is still in the packed set", dir)
	}
	if packed.Len() != plain.Len() || !slices.Equal(packed.Paths(), plain.Paths()) || !slices.Equal(packed.Changed(), plain.Changed()) {
		t.Errorf("dir %q: packed set: len %d, paths %v, changed %v; plain: %d, %v, %v", dir,
			packed.Len(), packed.Paths(), packed.Changed(), plain.Len(), plain.Paths(), plain.Changed())
	}
	for _, fs := range []*FileSet{plain, packed} {
		var fromLangs, fromAll []string
		for p, l := range fs.Langs() {
			fromLangs = append(fromLangs, p+" "+l)
		}
		for p, f := range fs.All() {
			fromAll = append(fromAll, p+" "+f.Lang)
		}
		if !slices.Equal(fromLangs, fromAll) {
			t.Errorf("dir %q, packed %v: Langs %v, All's %v", dir, fs.Packed(), fromLangs, fromAll)
		}
	}
	if err := packed.Err(); err != nil {
		t.Fatal(err)
	}
	if dir != "" {
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("the record spill left %d files in its directory", len(left))
		}
	}
}

// TestSpilledRecordsLeaveTheHeap: records packed into a spill file cost
// the heap a span each, not their bytes (a full run of 100,000 files held
// 254 MB of packed records), staged ones as well, and read back whole from
// several goroutines at once, as module docs read them.
func TestSpilledRecordsLeaveTheHeap(t *testing.T) {
	const files, docBytes = 400, 16 << 10
	rng := rand.New(rand.NewPCG(1, 2))
	record := func(i int) *File {
		f := peekRecord()
		f.Path = fmt.Sprintf("pkg/m%03d.py", i)
		// Random text, so that the records' packed bytes
		// (about 6.5 MB) stand far above the heap's noise.
		doc := make([]byte, docBytes)
		for j := range doc {
			doc[j] = 'a' + byte(rng.IntN(26))
		}
		f.Facts.Doc = string(doc)
		return f
	}
	fs := NewFileSet(nil)
	if err := fs.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	// Beside a tenth of the records' bytes, the spill file's second
	// buffer (one gathers appends while the other is written): the same
	// megabyte whatever the file holds.
	limit := int64(files*docBytes/10) + spillBuffer
	heapBefore := liveHeap()
	// Half staged, as a phase's workers stage what they make, and held
	// until all are: staging writes them out already.
	staged := make([]Staged, files/2)
	for i := range staged {
		staged[i] = fs.Stage(record(i))
	}
	if half := limit/2 + spillBuffer/2; liveHeap()-heapBefore > half {
		t.Errorf("the heap grew %d bytes holding %d staged records of %d bytes; want under %d", liveHeap()-heapBefore, len(staged), docBytes, half)
	}
	for _, s := range staged {
		fs.SetStaged(s)
	}
	staged = nil
	for i := files / 2; i < files; i++ {
		fs.Set(record(i))
	}
	if grown := liveHeap() - heapBefore; grown > limit {
		t.Errorf("the heap grew %d bytes holding %d spilled records of %d bytes; want under %d", grown, files, docBytes, limit)
	}
	rng = rand.New(rand.NewPCG(1, 2))
	want := make([]*File, files)
	for i := range want {
		want[i] = record(i)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := g; i < files; i += 4 {
				if got := fs.Get(want[i].Path); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("Get(%s) read back another record", want[i].Path)
				}
			}
		})
	}
	wg.Wait()
	if err := fs.Err(); err != nil {
		t.Fatal(err)
	}
}

// liveHeap is the heap in use after a collection.
func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestEncodedRecordHasItsExactLength: a packed set holds every record of a
// full run, so an encoding with spare capacity would waste memory.
func TestEncodedRecordHasItsExactLength(t *testing.T) {
	b := EncodeRecord(peekRecord())
	if cap(b) != len(b) {
		t.Fatalf("EncodeRecord: len %d, cap %d", len(b), cap(b))
	}
	if _, err := DecodeRecord(b); err != nil {
		t.Fatal(err)
	}
}

// TestPackedDecodeCopiesOnlyWhatItReads: a record held in memory is
// decoded in place (its strings share the packed bytes, no copy of the
// record is made), and a decode of a record in the spill file that reads
// its head only allocates far less than the record: a full run decodes
// every record in several passes, most reading a few sections, and a
// decode that first decompressed the whole record paid for all of it.
func TestPackedDecodeCopiesOnlyWhatItReads(t *testing.T) {
	const docBytes = 64 << 10
	f := peekRecord()
	doc := make([]byte, docBytes)
	rng := rand.New(rand.NewPCG(3, 4))
	for j := range doc {
		doc[j] = 'a' + byte(rng.IntN(26))
	}
	f.Facts.Doc = string(doc)

	inMemory := NewFileSet(nil)
	if err := inMemory.Pack(""); err != nil {
		t.Fatal(err)
	}
	inMemory.Set(f)
	rec := inMemory.packed[f.Path].rec
	got := inMemory.GetParts(f.Path, PartFacts)
	if got == nil || got.Facts == nil || got.Facts.Doc != f.Facts.Doc {
		t.Fatal("the in-memory packed record did not read back")
	}
	at := uintptr(unsafe.Pointer(unsafe.StringData(got.Facts.Doc)))
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(rec)))
	if at < lo || at >= lo+uintptr(len(rec)) {
		t.Error("a record held in memory was copied to be decoded; its strings should share the packed bytes")
	}

	spilled := NewFileSet(nil)
	if err := spilled.Pack(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer spilled.Close()
	spilled.Set(f)
	if got := spilled.GetParts(f.Path, 0); got == nil || got.Blob != f.Blob {
		t.Fatal("the spilled record's head did not read back")
	}
	const reads = 50
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range reads {
		spilled.GetParts(f.Path, 0)
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / reads; per > docBytes/8 {
		t.Errorf("a head-only decode of a %d-byte spilled record allocated %d bytes; want under %d", docBytes, per, docBytes/8)
	}
}

// BenchmarkPackedDecode decodes a spilled record as the full run's passes
// do, whole and in the parts a module outline reads.
func BenchmarkPackedDecode(b *testing.B) {
	fs := NewFileSet(nil)
	if err := fs.Pack(b.TempDir()); err != nil {
		b.Fatal(err)
	}
	defer fs.Close()
	f := peekRecord()
	fs.Set(f)
	for _, keep := range []Parts{AllParts, outlineRecord, PartRes | PartImplicit} {
		b.Run(fmt.Sprintf("parts=%08b", keep), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if fs.GetParts(f.Path, keep) == nil {
					b.Fatal("no record")
				}
			}
		})
	}
}
