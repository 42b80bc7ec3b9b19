//go:build !linux

package table

import (
	"errors"
	"os"
)

// mmapFile is not used off Linux: tables are read through the file.
func mmapFile(f *os.File, size int64) ([]byte, func() error, error) {
	return nil, nil, errors.New("mmap not supported on this platform")
}

func adviseRandom([]byte) {}

func dropResident([]byte) {}
