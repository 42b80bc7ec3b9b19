//go:build !linux

package warm

import "net"

// samePeer relies on the socket's mode (owner only) where the kernel does
// not name the peer.
func samePeer(*net.UnixConn) error { return nil }
