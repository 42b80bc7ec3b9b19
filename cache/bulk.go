package cache

import (
	"errors"
	"fmt"
)

// settle merges what a bulk run left in level 0 into the bottom level, so
// the next run opens a database its compactors need not catch up on (and
// whose reads do not ask every level-0 table). It returns to the normal
// settings and flattens the database as Compact does (flattenAlone),
// without the value-log pass: an init writes, it deletes nothing. A bulk run that wrote little
// (an init of an already indexed repository) leaves its few tables to the
// compactors instead, which merge them into the levels below at their
// usual cost. Damage met on the way is recorded, not returned.
func (c *Cache) settle() error {
	if !c.levelZeroCrowded() {
		return nil
	}
	c.opts = *c.normal
	err := c.flattenAlone("settle")
	if errors.Is(err, ErrDamaged) {
		c.hurt(err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("settle cache: %w", err)
	}
	return nil
}

// levelZeroCrowded reports whether level 0 holds more tables than the
// normal settings let wait there (see level0Tables), or more bytes than
// settleBytes. Counting tables alone missed the common case: a 100,000-file
// init left 16 tables of 88 MB in level 0, under the count, and the update
// that brought level 0 to level0Tables paid their merge, 4.5 s of CPU and
// 500 MB, where a 2,000-file init's one table of 1.7 MB costs an update
// nothing (docs/measurements.md).
func (c *Cache) levelZeroCrowded() bool {
	for _, l := range c.db.Levels() {
		if l.Level == 0 {
			return l.NumTables > level0Tables || l.Size > settleBytes
		}
	}
	return false
}

// settleBytes is the most a bulk run leaves in level 0 for a later update's
// compaction to merge: one table of the normal size (badgerOptions), whose
// merge costs an update milliseconds.
const settleBytes = baseTableBytes
