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
//     log's sync comes later still. Every later write of the same write transaction goes to the
//     file at once too (padding frames after a commit, a page SQLite splits around a sync
//     point), until the connection releases the log's write lock;
//   - when the connection releases the log's write lock (WAL_WRITE_LOCK, taken and released
//     through the database file's xShmLock, which this VFS wraps for that): what is still
//     gathered then is a transaction that was rolled back after it spilled pages to the log,
//     and the unix VFS would have put it in the file before the next writer, perhaps another
//     process, writes over it. Written later, it would overwrite that writer's commit;
//   - before any other operation on the log file: a read (the writer reading back a page it
//     spilled, or rewriting checksums), a sync, a truncation, its size, a file control, closing;
//   - before a write that does not continue them (SQLite overwriting a frame of the same
//     transaction, or restarting the log at its start), and when the buffer is full.
//
// So a log file holds gathered bytes only while its connection holds the log's write lock, the
// only time anyone writes to the log, and every write keeps its place in the order SQLite
// issued them: the file's contents, whenever another connection can look, are the unix VFS's.
// An error in the gathered write is returned by the call that flushed it, at the latest the
// commit frame's: the commit fails, as it would have with the unix VFS. Other files (the
// shared memory index, journals, temporary files) are the unix VFS's own, untouched; the
// database file is too, but for xShmLock.
package walbuffer

import (
	"encoding/binary"
	"fmt"
	"slices"
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
	methods uintptr // sqlite3_file.pMethods: &logMethods
	buf     uintptr // bufferSize bytes, allocated at the first write
	start   int64   // the log offset of buf's first byte
	n       int64   // bytes gathered in buf
	// committing: this write transaction has written a commit frame's header, so every write
	// goes to the file at once until the write lock is released.
	committing bool
	writing    bool // the file is in writers, under its connection
}

var (
	register sync.Once
	errReg   error
	unixVFS  uintptr // the unix VFS we wrap
	ourVFS   uintptr // our sqlite3_vfs, in SQLite's memory
	// logMethods are the log file's methods; every one forwards to the unix file's.
	logMethods sqlite3.Tsqlite3_io_methods
	// dbMethods maps the unix VFS's methods of a database file to our copy of them, which
	// differs in xShmLock alone (dbShmLock). The copies live in SQLite's memory: a Go pointer
	// stored there would be hidden from the collector, and the race detector's pointer checks
	// reject it. The unix table's address is kept in the word after the copy.
	dbMethods   = map[uintptr]uintptr{}
	dbMethodsMu sync.Mutex
)

// writers maps a connection to the log files it has written to since it took the log's
// write lock, so that releasing the lock (dbShmLock, on the database file) can write what
// they still gather. modernc.org/sqlite gives each connection its own *libc.TLS and makes
// every call of that connection with it; it is the one thing the database file's and the
// log file's methods both see.
var writers = struct {
	sync.Mutex
	files map[*libc.TLS][]uintptr
}{files: map[*libc.TLS][]uintptr{}}

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
// of the unix file and our methods; a main database file gets the unix methods but for
// xShmLock; any other file is the unix VFS's alone.
func vfsOpen(tls *libc.TLS, pVfs, zName, pFile uintptr, flags int32, pOutFlags uintptr) int32 {
	open := fn[func(*libc.TLS, uintptr, uintptr, uintptr, int32, uintptr) int32](&ptr[sqlite3.Tsqlite3_vfs](unixVFS).FxOpen)
	if flags&sqlite3.SQLITE_OPEN_MAIN_DB != 0 {
		rc := open(tls, unixVFS, zName, pFile, flags, pOutFlags)
		if f := ptr[sqlite3.Tsqlite3_file](pFile); rc == sqlite3.SQLITE_OK && f.FpMethods != 0 {
			methods := databaseMethods(tls, f.FpMethods)
			if methods == 0 {
				fn[func(*libc.TLS, uintptr) int32](&ptr[sqlite3.Tsqlite3_io_methods](f.FpMethods).FxClose)(tls, pFile)
				f.FpMethods = 0
				return sqlite3.SQLITE_NOMEM
			}
			f.FpMethods = methods
		}
		return rc
	}
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

// databaseMethods is our copy of a database file's unix methods, made at the first use of
// them; 0 if SQLite is out of memory.
func databaseMethods(tls *libc.TLS, unix uintptr) uintptr {
	dbMethodsMu.Lock()
	defer dbMethodsMu.Unlock()
	if ours, ok := dbMethods[unix]; ok {
		return ours
	}
	size := unsafe.Sizeof(sqlite3.Tsqlite3_io_methods{})
	ours := sqlite3.Xsqlite3_malloc64(tls, uint64(size+unsafe.Sizeof(uintptr(0))))
	if ours == 0 {
		return 0
	}
	m := ptr[sqlite3.Tsqlite3_io_methods](ours)
	*m = *ptr[sqlite3.Tsqlite3_io_methods](unix)
	m.FxShmLock = funcPointer(dbShmLock)
	*ptr[uintptr](ours + size) = unix
	dbMethods[unix] = ours
	return ours
}

// dbShmLock is the database file's xShmLock: the unix VFS's, after writing what the
// connection's log files gather when it releases the log's write lock (WAL_WRITE_LOCK is
// the lock at offset 0). Only a rolled-back transaction's frames can be gathered then (a
// commit's went out with its commit frame), and SQLite ignores what the unlock returns: an
// error writing them loses frames no one will read, as the next writer starts where the last
// commit ended, so it is not reported.
func dbShmLock(tls *libc.TLS, pFile uintptr, offset, n, flags int32) int32 {
	if offset == sqlite3.WAL_WRITE_LOCK && flags == sqlite3.SQLITE_SHM_UNLOCK|sqlite3.SQLITE_SHM_EXCLUSIVE {
		if beforeWriteLockRelease != nil {
			beforeWriteLockRelease()
		}
		releaseWriteLock(tls)
	}
	methods := ptr[sqlite3.Tsqlite3_file](pFile).FpMethods
	unix := ptr[sqlite3.Tsqlite3_io_methods](*ptr[uintptr](methods + unsafe.Sizeof(sqlite3.Tsqlite3_io_methods{})))
	return fn[func(*libc.TLS, uintptr, int32, int32, int32) int32](&unix.FxShmLock)(tls, pFile, offset, n, flags)
}

// beforeWriteLockRelease, set by tests, runs when a connection is about to release the log's
// write lock, before what its log files gather is written: after a commit, another process
// may read the log from then on with no more help from this VFS.
var beforeWriteLockRelease func()

// releaseWriteLock writes what tls's log files gather and ends their write transaction.
func releaseWriteLock(tls *libc.TLS) {
	writers.Lock()
	files := writers.files[tls]
	delete(writers.files, tls)
	writers.Unlock()
	for _, pFile := range files {
		flush(tls, pFile)
		f := ptr[file](pFile)
		f.committing, f.writing = false, false
	}
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
	if !f.writing {
		writers.Lock()
		writers.files[tls] = append(writers.files[tls], pFile)
		writers.Unlock()
		f.writing = true
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
	if f.committing {
		return flush(tls, pFile)
	}
	if amt == frameHeaderSize && binary.BigEndian.Uint32(src[4:8]) != 0 {
		f.committing = true
	}
	return sqlite3.SQLITE_OK
}

func logClose(tls *libc.TLS, pFile uintptr) int32 {
	rc := flush(tls, pFile)
	f := ptr[file](pFile)
	if f.writing {
		writers.Lock()
		writers.files[tls] = slices.DeleteFunc(writers.files[tls], func(p uintptr) bool { return p == pFile })
		if len(writers.files[tls]) == 0 {
			delete(writers.files, tls)
		}
		writers.Unlock()
		f.writing = false
	}
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
