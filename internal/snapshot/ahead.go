package snapshot

import (
	"iter"
	"sync"
)

// aheadBatch is how many records Ahead decodes at a time.
const aheadBatch = 256

// Ahead iterates every record in path order, as All does, with the
// records of a set held packed decoded on up to workers goroutines while
// the caller works on the batch before: a full run reads every record in
// several passes, and a pass decoding one record at a time on one core
// spent most of its time in reading (pread, the record's decode).
// The set must not change while the iteration runs. A set not held packed
// is read as All reads it: its records are already decoded.
func (fs *FileSet) Ahead(workers int) iter.Seq2[string, *File] {
	return fs.AheadParts(workers, AllParts)
}

// AheadParts is Ahead with each record decoded in the parts keep names
// (as GetParts decodes it).
func (fs *FileSet) AheadParts(workers int, keep Parts) iter.Seq2[string, *File] {
	if fs.packed == nil {
		return fs.All()
	}
	return func(yield func(string, *File) bool) {
		fs.AheadOfParts(fs.Paths(), workers, keep)(yield)
	}
}

// AheadOf iterates the records of paths in their order as Ahead does (a
// path without a record is skipped).
func (fs *FileSet) AheadOf(paths []string, workers int) iter.Seq2[string, *File] {
	return fs.AheadOfParts(paths, workers, AllParts)
}

// AheadOfParts is AheadOf with each record decoded in the parts keep
// names (as GetParts decodes it).
func (fs *FileSet) AheadOfParts(paths []string, workers int, keep Parts) iter.Seq2[string, *File] {
	if fs.packed == nil || workers < 2 {
		return func(yield func(string, *File) bool) {
			for _, p := range paths {
				if f := fs.GetParts(p, keep); f != nil && !yield(p, f) {
					return
				}
			}
		}
	}
	return func(yield func(string, *File) bool) {
		done := make(chan struct{})
		batches := fs.decodeAhead(paths, workers, keep, done)
		defer func() {
			close(done)
			for range batches { // let the decoder see done and stop
			}
		}()
		for start := 0; start < len(paths); start += aheadBatch {
			files := <-batches
			for i, f := range files {
				if f != nil && !yield(paths[start+i], f) {
					return
				}
			}
		}
	}
}

// decodeAhead decodes paths' records batch by batch on workers goroutines
// and sends each batch, in order, on the returned channel, one batch ahead
// of its reader; it stops when done is closed and closes the channel.
func (fs *FileSet) decodeAhead(paths []string, workers int, keep Parts, done <-chan struct{}) <-chan []*File {
	out := make(chan []*File, 1)
	go func() {
		defer close(out)
		for start := 0; start < len(paths); start += aheadBatch {
			select {
			case <-done:
				return
			default:
			}
			batch := paths[start:min(start+aheadBatch, len(paths))]
			files := make([]*File, len(batch))
			var wg sync.WaitGroup
			per := (len(batch) + workers - 1) / workers
			for lo := 0; lo < len(batch); lo += per {
				hi := min(lo+per, len(batch))
				wg.Go(func() {
					for i := lo; i < hi; i++ {
						files[i] = fs.GetParts(batch[i], keep)
					}
				})
			}
			wg.Wait()
			select {
			case out <- files:
			case <-done:
				return
			}
		}
	}()
	return out
}
