package warm

import (
	"fmt"
	"net"
	"os"
	"syscall"
)

// samePeer refuses a connection from another user: the socket's mode
// already keeps them out, and the kernel's word on the peer settles it.
func samePeer(conn *net.UnixConn) error {
	raw, err := conn.SyscallConn()
	if err != nil {
		return err
	}
	var cred *syscall.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	}); err != nil {
		return err
	}
	if credErr != nil {
		return credErr
	}
	if int(cred.Uid) != os.Getuid() {
		return fmt.Errorf("peer uid %d is not this user", cred.Uid)
	}
	return nil
}
