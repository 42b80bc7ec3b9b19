package cache

import (
	"errors"
	"fmt"
)

// settle merges what a bulk run left in level 0 into the bottom level, so
// the next run opens a database its compactors need not catch up on (and
// whose reads do not ask every level-0 table). It reopens the database
// under its normal settings with one level-0 table allowed, which makes
// level 0 due, and flattens it (as Compact does, without the value-log
// pass: an init writes, it deletes nothing). A bulk run that wrote little
// (an init of an already indexed repository) leaves its few tables to the
// compactors instead, which merge them into the levels below at their
// usual cost. Damage met on the way is recorded, not returned.
func (c *Cache) settle() error {
	if !c.levelZeroCrowded() {
		return nil
	}
	err := guard("settle", c.db.Close)
	c.db = nil
	if err == nil {
		c.opts = *c.normal
		c.db, err = openDB(c.opts.WithNumLevelZeroTables(1))
	}
	if err == nil {
		err = guard("settle", func() error { return c.db.Flatten(2) })
	}
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
// normal settings let wait there (see level0Tables).
func (c *Cache) levelZeroCrowded() bool {
	for _, l := range c.db.Levels() {
		if l.Level == 0 {
			return l.NumTables > level0Tables
		}
	}
	return false
}
