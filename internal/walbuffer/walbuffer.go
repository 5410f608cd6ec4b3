// Package walbuffer registers a SQLite VFS that hands each commit's write-ahead log to the
// operating system in one write instead of two per page.
//
// SQLite appends a commit to its log frame by frame, each frame a 24-byte header and a page,
// and its unix VFS turns each of them into a pwrite system call. On this project's virtual
// machines a system call costs about 2 µs whatever it writes, so a transfer's ten or so frames
// spent a fifth of the single SQLite writer's processor time in the kernel's entry and exit
// (docs/PERFORMANCE.md, "Twenty-sixth session"). The VFS here is SQLite's own unix VFS with one
// change: writes to a log file that continue the previous one are gathered in memory, and
// reach the file in one pwrite before anything could depend on them.
//
// When the gathered bytes must be in the file:
//   - after the page of a commit frame (its header carries the database's size, a non-zero
//     field only commit frames have): the commit becomes visible to other connections only
//     after this write returns, when SQLite updates the log's index; with synchronous=FULL the
//     log's sync comes later still;
//   - before any other operation on the log file: a read (the writer reading back a page it
//     spilled, or rewriting checksums), a sync, a truncation, its size, a file control, closing;
//   - before a write that does not continue them (SQLite overwriting a frame of the same
//     transaction, or restarting the log at its start), and when the buffer is full.
//
// Every write keeps its place in the order SQLite issued them, so the file's contents after
// each of these points are the same as with the unix VFS, and an error in the gathered write
// is returned by the call that flushed it, which is at the latest the commit frame's: the
// commit fails, as it would have with the unix VFS. Other files (the database, its shared
// memory index) are the unix VFS's own, untouched.
package walbuffer

import (
	"encoding/binary"
	"fmt"
	"sync"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// Name is the VFS's name, for the driver's vfs= parameter.
const Name = "kormeer-walbuffer"

const (
	frameHeaderSize = 24 // a WAL frame's header (SQLite's WAL_FRAME_HDRSIZE)
	// bufferSize is the most bytes gathered before they are written: the unix VFS writes at most
	// 128 KiB - 1 in one call (seekAndWriteFd masks the length to 17 bits, and a larger write
	// would come back short and fail with SQLITE_FULL). It holds 31 frames of 4,096-byte pages.
	bufferSize = 1<<17 - 1
)

// file is the start of every sqlite3_file the VFS opens for a log; the unix VFS's own file
// follows it. It lives in SQLite's memory, so it holds no Go pointers: the buffer is SQLite's
// memory too. SQLite serialises the calls on one file (one connection uses it at a time).
type file struct {
	methods   uintptr // sqlite3_file.pMethods: &logMethods
	buf       uintptr // bufferSize bytes, allocated at the first write
	start     int64   // the log offset of buf's first byte
	n         int64   // bytes gathered in buf
	commitHdr bool    // the last gathered write was a commit frame's header
}

var (
	register sync.Once
	errReg   error
	unixVFS  uintptr // the unix VFS we wrap
	ourVFS   uintptr // our sqlite3_vfs, in SQLite's memory
	// logMethods are the log file's methods; every one forwards to the unix file's.
	logMethods sqlite3.Tsqlite3_io_methods
)

// Register makes the VFS available under Name; it is safe to call more than once.
func Register() error {
	register.Do(func() { errReg = doRegister() })
	return errReg
}

func doRegister() error {
	tls := libc.NewTLS()
	defer tls.Close()
	unixVFS = sqlite3.Xsqlite3_vfs_find(tls, 0)
	if unixVFS == 0 {
		return fmt.Errorf("walbuffer: SQLite has no default VFS")
	}
	unix := ptr[sqlite3.Tsqlite3_vfs](unixVFS)
	ourVFS = sqlite3.Xsqlite3_malloc64(tls, uint64(unsafe.Sizeof(sqlite3.Tsqlite3_vfs{})))
	name, err := libc.CString(Name)
	if ourVFS == 0 || err != nil {
		return fmt.Errorf("walbuffer: out of memory")
	}
	ours := ptr[sqlite3.Tsqlite3_vfs](ourVFS)
	*ours = *unix
	ours.FpNext = 0
	ours.FzName = name
	ours.FszOsFile = unix.FszOsFile + int32(unsafe.Sizeof(file{}))
	ours.FxOpen = funcPointer(vfsOpen)

	logMethods = sqlite3.Tsqlite3_io_methods{
		FiVersion:               3,
		FxClose:                 funcPointer(logClose),
		FxRead:                  funcPointer(logRead),
		FxWrite:                 funcPointer(logWrite),
		FxTruncate:              funcPointer(logTruncate),
		FxSync:                  funcPointer(logSync),
		FxFileSize:              funcPointer(logFileSize),
		FxLock:                  funcPointer(logLock),
		FxUnlock:                funcPointer(logUnlock),
		FxCheckReservedLock:     funcPointer(logCheckReservedLock),
		FxFileControl:           funcPointer(logFileControl),
		FxSectorSize:            funcPointer(logSectorSize),
		FxDeviceCharacteristics: funcPointer(logDeviceCharacteristics),
		FxShmMap:                funcPointer(logShmMap),
		FxShmLock:               funcPointer(logShmLock),
		FxShmBarrier:            funcPointer(logShmBarrier),
		FxShmUnmap:              funcPointer(logShmUnmap),
		FxFetch:                 funcPointer(logFetch),
		FxUnfetch:               funcPointer(logUnfetch),
	}
	if rc := sqlite3.Xsqlite3_vfs_register(tls, ourVFS, 0); rc != sqlite3.SQLITE_OK {
		return fmt.Errorf("walbuffer: registering the VFS: SQLite error %d", rc)
	}
	return nil
}

// ptr is an address in SQLite's memory as a Go pointer. That memory is not Go's heap (the
// transpiled SQLite allocates it itself, or it is a package variable), so the collector neither
// moves nor frees it; vet's unsafeptr check cannot know that, and this conversion keeps it quiet.
func ptr[T any](p uintptr) *T { return *(**T)(unsafe.Pointer(&p)) }

// funcPointer is a Go function as the transpiled SQLite holds a C function pointer: the data
// word of an interface holding the func value (what modernc.org/sqlite's own __ccgo_fp does).
func funcPointer(f any) uintptr { return (*[2]uintptr)(unsafe.Pointer(&f))[1] }

// fn is the C function pointer at *fp as a Go function of type F (how the transpiled SQLite
// calls one).
func fn[F any](fp *uintptr) F { return *(*F)(unsafe.Pointer(fp)) }

// vfsOpen opens every file with the unix VFS. A log file gets a file header of ours in front
// of the unix file and our methods; any other file is the unix VFS's alone.
func vfsOpen(tls *libc.TLS, pVfs, zName, pFile uintptr, flags int32, pOutFlags uintptr) int32 {
	open := fn[func(*libc.TLS, uintptr, uintptr, uintptr, int32, uintptr) int32](&ptr[sqlite3.Tsqlite3_vfs](unixVFS).FxOpen)
	if flags&sqlite3.SQLITE_OPEN_WAL == 0 {
		return open(tls, unixVFS, zName, pFile, flags, pOutFlags)
	}
	f := ptr[file](pFile)
	*f = file{}
	rc := open(tls, unixVFS, zName, inner(pFile), flags, pOutFlags)
	if rc == sqlite3.SQLITE_OK && innerMethods(pFile) != nil {
		f.methods = uintptr(unsafe.Pointer(&logMethods))
	}
	return rc
}

// inner is the unix VFS's file behind one of ours.
func inner(pFile uintptr) uintptr { return pFile + unsafe.Sizeof(file{}) }

func innerMethods(pFile uintptr) *sqlite3.Tsqlite3_io_methods {
	return ptr[sqlite3.Tsqlite3_io_methods](ptr[sqlite3.Tsqlite3_file](inner(pFile)).FpMethods)
}

// innerWrite writes with the unix file's xWrite.
func innerWrite(tls *libc.TLS, pFile, pBuf uintptr, amt int32, off int64) int32 {
	return fn[func(*libc.TLS, uintptr, uintptr, int32, int64) int32](&innerMethods(pFile).FxWrite)(tls, inner(pFile), pBuf, amt, off)
}

// flush writes the gathered bytes with one call of the unix file's xWrite.
func flush(tls *libc.TLS, pFile uintptr) int32 {
	f := ptr[file](pFile)
	if f.n == 0 {
		return sqlite3.SQLITE_OK
	}
	n := f.n
	f.n = 0
	return innerWrite(tls, pFile, f.buf, int32(n), f.start)
}

func logWrite(tls *libc.TLS, pFile, pBuf uintptr, amt int32, off int64) int32 {
	f := ptr[file](pFile)
	if f.buf == 0 {
		if f.buf = sqlite3.Xsqlite3_malloc64(tls, bufferSize); f.buf == 0 {
			return sqlite3.SQLITE_NOMEM
		}
	}
	if f.n > 0 && (off != f.start+f.n || f.n+int64(amt) > bufferSize) {
		if rc := flush(tls, pFile); rc != sqlite3.SQLITE_OK {
			return rc
		}
	}
	if int64(amt) > bufferSize {
		return innerWrite(tls, pFile, pBuf, amt, off)
	}
	if f.n == 0 {
		f.start = off
	}
	src := unsafe.Slice(ptr[byte](pBuf), amt)
	copy(unsafe.Slice(ptr[byte](f.buf+uintptr(f.n)), amt), src)
	f.n += int64(amt)
	// A frame header's second field is the database's size in pages after a commit, and zero
	// in every other frame: the page that follows a non-zero one ends a commit.
	if f.commitHdr {
		f.commitHdr = false
		return flush(tls, pFile)
	}
	if amt == frameHeaderSize && binary.BigEndian.Uint32(src[4:8]) != 0 {
		f.commitHdr = true
	}
	return sqlite3.SQLITE_OK
}

func logClose(tls *libc.TLS, pFile uintptr) int32 {
	rc := flush(tls, pFile)
	f := ptr[file](pFile)
	if f.buf != 0 {
		sqlite3.Xsqlite3_free(tls, f.buf)
		f.buf = 0
	}
	closeRC := fn[func(*libc.TLS, uintptr) int32](&innerMethods(pFile).FxClose)(tls, inner(pFile))
	f.methods = 0
	if rc != sqlite3.SQLITE_OK {
		return rc
	}
	return closeRC
}

func logRead(tls *libc.TLS, pFile, pBuf uintptr, amt int32, off int64) int32 {
	if rc := flush(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return fn[func(*libc.TLS, uintptr, uintptr, int32, int64) int32](&innerMethods(pFile).FxRead)(tls, inner(pFile), pBuf, amt, off)
}

func logTruncate(tls *libc.TLS, pFile uintptr, size int64) int32 {
	if rc := flush(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return fn[func(*libc.TLS, uintptr, int64) int32](&innerMethods(pFile).FxTruncate)(tls, inner(pFile), size)
}

func logSync(tls *libc.TLS, pFile uintptr, flags int32) int32 {
	if rc := flush(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return fn[func(*libc.TLS, uintptr, int32) int32](&innerMethods(pFile).FxSync)(tls, inner(pFile), flags)
}

func logFileSize(tls *libc.TLS, pFile, pSize uintptr) int32 {
	if rc := flush(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return fn[func(*libc.TLS, uintptr, uintptr) int32](&innerMethods(pFile).FxFileSize)(tls, inner(pFile), pSize)
}

func logFileControl(tls *libc.TLS, pFile uintptr, op int32, pArg uintptr) int32 {
	if rc := flush(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	return fn[func(*libc.TLS, uintptr, int32, uintptr) int32](&innerMethods(pFile).FxFileControl)(tls, inner(pFile), op, pArg)
}

func logFetch(tls *libc.TLS, pFile uintptr, off int64, amt int32, pp uintptr) int32 {
	if rc := flush(tls, pFile); rc != sqlite3.SQLITE_OK {
		return rc
	}
	m := innerMethods(pFile)
	if m.FxFetch == 0 {
		*ptr[uintptr](pp) = 0
		return sqlite3.SQLITE_OK
	}
	return fn[func(*libc.TLS, uintptr, int64, int32, uintptr) int32](&m.FxFetch)(tls, inner(pFile), off, amt, pp)
}

// The rest only forward: locks, the sector size and the shared-memory calls do not touch the
// log's contents (and SQLite calls the shared-memory methods on the database file, not the log).

func logLock(tls *libc.TLS, pFile uintptr, lock int32) int32 {
	return fn[func(*libc.TLS, uintptr, int32) int32](&innerMethods(pFile).FxLock)(tls, inner(pFile), lock)
}

func logUnlock(tls *libc.TLS, pFile uintptr, lock int32) int32 {
	return fn[func(*libc.TLS, uintptr, int32) int32](&innerMethods(pFile).FxUnlock)(tls, inner(pFile), lock)
}

func logCheckReservedLock(tls *libc.TLS, pFile, pResOut uintptr) int32 {
	return fn[func(*libc.TLS, uintptr, uintptr) int32](&innerMethods(pFile).FxCheckReservedLock)(tls, inner(pFile), pResOut)
}

func logSectorSize(tls *libc.TLS, pFile uintptr) int32 {
	return fn[func(*libc.TLS, uintptr) int32](&innerMethods(pFile).FxSectorSize)(tls, inner(pFile))
}

func logDeviceCharacteristics(tls *libc.TLS, pFile uintptr) int32 {
	return fn[func(*libc.TLS, uintptr) int32](&innerMethods(pFile).FxDeviceCharacteristics)(tls, inner(pFile))
}

func logShmMap(tls *libc.TLS, pFile uintptr, region, size, extend int32, pp uintptr) int32 {
	return fn[func(*libc.TLS, uintptr, int32, int32, int32, uintptr) int32](&innerMethods(pFile).FxShmMap)(tls, inner(pFile), region, size, extend, pp)
}

func logShmLock(tls *libc.TLS, pFile uintptr, offset, n, flags int32) int32 {
	return fn[func(*libc.TLS, uintptr, int32, int32, int32) int32](&innerMethods(pFile).FxShmLock)(tls, inner(pFile), offset, n, flags)
}

func logShmBarrier(tls *libc.TLS, pFile uintptr) {
	fn[func(*libc.TLS, uintptr)](&innerMethods(pFile).FxShmBarrier)(tls, inner(pFile))
}

func logShmUnmap(tls *libc.TLS, pFile uintptr, deleteFlag int32) int32 {
	return fn[func(*libc.TLS, uintptr, int32) int32](&innerMethods(pFile).FxShmUnmap)(tls, inner(pFile), deleteFlag)
}

func logUnfetch(tls *libc.TLS, pFile uintptr, off int64, p uintptr) int32 {
	m := innerMethods(pFile)
	if m.FxUnfetch == 0 {
		return sqlite3.SQLITE_OK
	}
	return fn[func(*libc.TLS, uintptr, int64, uintptr) int32](&m.FxUnfetch)(tls, inner(pFile), off, p)
}
