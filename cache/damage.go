package cache

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/ristretto/v2/z"

	"github.com/lgraph/lgraph/internal/store"
)

// The cache only memoizes what can be computed again, so a damaged one (a
// truncated table file, a garbled manifest: a full disk, a half-copied
// store, a hostile tarball) is never fatal: it is moved aside and a fresh
// one takes its place. Badger panics on some damaged files instead of
// failing, sometimes in a goroutine of its own that no recover reaches,
// so Open first reads each table the way badger will, where a panic can
// be caught.

// ErrDamaged marks an error caused by damaged cache files.
var ErrDamaged = errors.New("the cache is damaged")

// damageError is what badger said (or panicked with) about damaged files.
type damageError struct{ cause string }

func (e *damageError) Error() string { return e.cause }
func (e *damageError) Unwrap() error { return ErrDamaged }

// damaged wraps err as damage, in one line: badger's panics span several.
func damaged(format string, a ...any) error {
	return &damageError{cause: oneLine(fmt.Sprintf(format, a...))}
}

// oneLine collapses whitespace and bounds the length of a cause, so the
// warning that carries it stays one line.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const maxCause = 160
	if len(s) > maxCause {
		s = s[:maxCause] + "…"
	}
	return s
}

// Replacement records a damaged cache moved out of the way.
type Replacement struct {
	// Dir is the cache directory; MovedTo is where its damaged files went.
	Dir, MovedTo string
	// Cause is what was wrong with them.
	Cause error
	// Reading is set when the damage was found reading an open cache:
	// its files are moved when the cache is closed, and the next Open
	// starts afresh. Unset, Open found it and opened a fresh cache.
	Reading bool
}

// Warning says what happened, in one line for the user. Model results the
// old cache held are not reused: the warning says so, since invariant 2
// (never pay twice) cannot hold for them.
func (r Replacement) Warning() string {
	const after = "model results it held will be paid for again (delete the old directory when you no longer need it)"
	if r.Reading {
		return fmt.Sprintf("the cache at %s was found damaged while reading it (%v): it is moved to %s when this run ends, and the next run rebuilds it; "+after,
			r.Dir, r.Cause, r.MovedTo)
	}
	return fmt.Sprintf("the cache at %s could not be opened (%v): moved it to %s; it is rebuilt from the repository, and "+after,
		r.Dir, r.Cause, r.MovedTo)
}

// health is shared by a cache and its scratch views: the first damage a
// read meets, and where the files will be moved.
type health struct {
	mu      sync.Mutex
	damage  *Replacement
	replace []Replacement
	told    int // how many of replace Unreported has returned
}

// note records damage found reading; only the first is kept.
func (h *health) note(dir string, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.damage != nil {
		return
	}
	h.damage = &Replacement{Dir: dir, MovedTo: asideName(dir), Cause: err, Reading: true}
	h.replace = append(h.replace, *h.damage)
}

// pending is the damage found reading, nil if none.
func (h *health) pending() *Replacement {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.damage
}

// Replaced lists the damaged caches moved aside (or to be moved when it
// closes) since Open, oldest first.
func (c *Cache) Replaced() []Replacement {
	c.health.mu.Lock()
	defer c.health.mu.Unlock()
	return append([]Replacement(nil), c.health.replace...)
}

// Unreported returns the replacements Unreported has not returned yet, so
// a caller that asks after opening and again before closing says each once.
func (c *Cache) Unreported() []Replacement {
	c.health.mu.Lock()
	defer c.health.mu.Unlock()
	out := append([]Replacement(nil), c.health.replace[c.health.told:]...)
	c.health.told = len(c.health.replace)
	return out
}

// guard runs a badger call, turning a panic into damage.
func guard(what string, fn func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = damaged("%s: badger panicked (%.60s)", what, oneLine(fmt.Sprint(p)))
		}
	}()
	return fn()
}

// openRepairing opens the database in opts.Dir; when its files are
// damaged, it moves them aside and opens a fresh one in their place.
func openRepairing(opts badger.Options) (*badger.DB, *Replacement, error) {
	db, err := openDB(opts)
	if !errors.Is(err, ErrDamaged) {
		return db, nil, err
	}
	r := &Replacement{Dir: opts.Dir, MovedTo: asideName(opts.Dir), Cause: err}
	if err := moveAside(r); err != nil {
		return nil, nil, err
	}
	db, err = openDB(opts)
	if err != nil {
		return nil, nil, fmt.Errorf("open a fresh cache in %s (the damaged one was moved to %s): %w", opts.Dir, r.MovedTo, err)
	}
	return db, r, nil
}

// openDB opens badger, calling damage what it panics with and what it
// fails with, except what the machine (not the files) is to blame for.
func openDB(opts badger.Options) (*badger.DB, error) {
	return openWith(badger.Open, opts)
}

// openWith is openDB with the opening function given: badger.Open, or
// badger.OpenManaged for a session that sets its own discard timestamp.
func openWith(open func(badger.Options) (*badger.DB, error), opts badger.Options) (*badger.DB, error) {
	if _, err := probeTables(opts); err != nil {
		return nil, err
	}
	var db *badger.DB
	err := guard("open", func() error {
		var err error
		db, err = open(opts)
		return err
	})
	switch {
	case err == nil, errors.Is(err, ErrDamaged):
		return db, err
	case strings.Contains(err.Error(), "directory lock"):
		// badger's own lock: another process without lgraph's lock (an
		// older lgraph) has the directory open. badger formats the cause
		// into its message (%+v, not %w), so the text is all there is.
		return nil, store.ErrBusy
	case environmental(err):
		return nil, fmt.Errorf("open cache %s: %w", opts.Dir, err)
	}
	return nil, damaged("%v", err)
}

// environmental reports a failure of the machine rather than of the files:
// moving the cache aside would not help. Badger flattens its errors into
// text, so the text is what can be checked.
func environmental(err error) bool {
	for _, e := range []syscall.Errno{syscall.EACCES, syscall.EPERM, syscall.ENOSPC, syscall.EROFS, syscall.EMFILE, syscall.ENFILE, syscall.ENOMEM, syscall.EDQUOT} {
		if errors.Is(err, e) || strings.Contains(err.Error(), e.Error()) {
			return true
		}
	}
	return false
}

// probeTables opens every table the manifest lists that was not probed
// before (see probedFile), as badger's own open will in goroutines where
// its panics cannot be recovered, and reports the first that fails or
// panics. It reads each table's index and last block, no more than
// badger's open does. It returns the names of the tables it probed.
func probeTables(opts badger.Options) ([]string, error) {
	f, err := os.Open(filepath.Join(opts.Dir, badger.ManifestFilename))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // a new cache
	}
	if err != nil {
		return nil, fmt.Errorf("open cache %s: %w", opts.Dir, err)
	}
	defer f.Close()
	var m badger.Manifest
	err = guard("MANIFEST", func() error {
		var err error
		m, _, err = badger.ReplayManifestFile(f, opts.ExternalMagicVersion, opts)
		return err
	})
	if err != nil {
		return nil, damaged("MANIFEST: %v", err)
	}
	before := readProbed(opts.Dir)
	now := probed{}
	var names []string
	for id, tm := range m.Tables {
		name := filepath.Base(table.NewFilename(id, opts.Dir))
		// The identity is taken before the probe: a file changed after
		// it is recorded as it was, so the next open probes it again.
		tid, statErr := statTable(filepath.Join(opts.Dir, name))
		if was, ok := before[name]; ok && statErr == nil && was == tid {
			now[name] = tid
			continue
		}
		if err := probeTable(opts, id, tm); err != nil {
			return names, err
		}
		names = append(names, name)
		if statErr == nil {
			now[name] = tid
		}
	}
	if !maps.Equal(before, now) {
		// Best effort: without the record the next open probes again.
		_ = writeProbed(opts.Dir, now)
	}
	return names, nil
}

func probeTable(opts badger.Options, id uint64, tm badger.TableManifest) error {
	name := table.NewFilename(id, opts.Dir)
	base := filepath.Base(name)
	mf, err := z.OpenMmapFile(name, os.O_RDONLY, 0)
	if err != nil {
		if environmental(err) {
			return fmt.Errorf("open cache %s: %w", opts.Dir, err)
		}
		return damaged("table %s: %v", base, err)
	}
	var t *table.Table
	err = guard("table "+base, func() error {
		var err error
		t, err = table.OpenTable(mf, table.Options{Compression: tm.Compression, BlockSize: opts.BlockSize, ReadOnly: true})
		return err
	})
	switch {
	case errors.Is(err, ErrDamaged):
		_ = mf.Close(-1)
		return err
	case err != nil:
		_ = mf.Close(-1)
		return damaged("table %s: %v", base, err)
	}
	return t.Close(-1)
}

// asideName is where a damaged cache in dir is moved: beside it, named by
// the time (and a number when that is taken), so the user can look at it
// or delete it. Only the writer-lock holder moves caches, so the name is
// still free when it is used.
func asideName(dir string) string {
	base := dir + ".corrupt-" + time.Now().UTC().Format("20060102T150405Z")
	name := base
	for n := 2; ; n++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, n)
	}
}

// moveAside renames the damaged directory and makes an empty one in its
// place.
func moveAside(r *Replacement) error {
	if err := os.Rename(r.Dir, r.MovedTo); err != nil {
		return fmt.Errorf("the cache at %s is damaged (%v) and could not be moved aside (%v): remove it, then run again", r.Dir, r.Cause, err)
	}
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return fmt.Errorf("make a fresh cache in %s: %w", r.Dir, err)
	}
	return nil
}
