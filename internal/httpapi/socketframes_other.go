//go:build !unix

package httpapi

// writeNow writes nothing where sockets are not file descriptors: every frame takes Send's path.
func writeNow(uintptr, []byte) int { return 0 }
