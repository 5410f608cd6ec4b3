package walbuffer

import (
	"bufio"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// open opens path with the given VFS ("" for SQLite's unix VFS) in WAL mode, with more URI
// parameters if given ("&name=value").
func open(t testing.TB, path, vfs, synchronous string, params ...string) *sql.DB {
	t.Helper()
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(" + synchronous + ")" +
		strings.Join(params, "")
	if vfs != "" {
		if err := Register(); err != nil {
			t.Fatal(err)
		}
		dsn += "&vfs=" + vfs
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

func exec(t testing.TB, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// writeCalls is the process's count of write system calls so far (pwrite included).
func writeCalls(t testing.TB) int {
	t.Helper()
	f, err := os.Open("/proc/self/io")
	if err != nil {
		t.Fatalf("this test counts write system calls in /proc/self/io: %v", err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "syscw: "); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no syscw in /proc/self/io")
	return 0
}

// commits runs 50 transactions of 20 rows each, spread over an index so that each touches
// many pages, and returns the write system calls they took.
func commits(t *testing.T, db *sql.DB) int {
	t.Helper()
	exec(t, db, "CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)")
	before := writeCalls(t)
	for i := range 50 {
		tx, err := db.Begin()
		if err != nil {
			t.Fatal(err)
		}
		for j := range 20 {
			if _, err := tx.Exec("INSERT INTO t VALUES (?, ?)", fmt.Sprintf("%08x", (i*20+j)*2654435761%(1<<32)), strings.Repeat("v", 300)); err != nil {
				t.Fatal(err)
			}
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	return writeCalls(t) - before
}

// The reason for the package: a commit's frames go out in far fewer system calls than the two
// per page of SQLite's unix VFS.
func TestCommitsTakeFewerWriteCalls(t *testing.T) {
	dir := t.TempDir()
	unix := commits(t, open(t, filepath.Join(dir, "unix.db"), "", "FULL"))
	ours := commits(t, open(t, filepath.Join(dir, "ours.db"), Name, "FULL"))
	t.Logf("write system calls for 50 commits: unix VFS %d, %s %d", unix, Name, ours)
	if ours*2 > unix {
		t.Fatalf("%s made %d write calls for what the unix VFS did in %d: expected at most half", Name, ours, unix)
	}
}

// A second connection, on the unix VFS, must see every commit whole from the moment it is
// visible, which is before the writer releases the log's write lock: the reader looks then.
// With synchronous=NORMAL SQLite does not sync the log at a commit, so nothing but the flush
// after the commit frame puts its frames in the file. With psow=0 and synchronous=FULL SQLite
// pads a commit with copies of its commit frame up to the disk's sector size and syncs the log
// in the middle of a page (walWriteToLog): the rest of that page comes after the sync.
func TestCommitIsInTheFileBeforeItIsVisible(t *testing.T) {
	for _, c := range []struct{ synchronous, params string }{{"NORMAL", ""}, {"FULL", "&psow=0"}} {
		t.Run(c.synchronous+c.params, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.db")
			w := open(t, path, Name, c.synchronous, c.params)
			exec(t, w, "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
			r := open(t, path, "", c.synchronous)
			var rows, bytes int
			var readErr error
			beforeWriteLockRelease = func() {
				readErr = r.QueryRow("SELECT count(*), coalesce(sum(length(v)), 0) FROM t").Scan(&rows, &bytes)
			}
			t.Cleanup(func() { beforeWriteLockRelease = nil })
			for i := range 200 {
				exec(t, w, "INSERT INTO t VALUES (?, ?)", i, strings.Repeat("x", 1000+i))
				if readErr != nil {
					t.Fatalf("reader after commit %d: %v", i, readErr)
				}
				if want := (i+1)*1000 + (i+1)*i/2; rows != i+1 || bytes != want {
					t.Fatalf("after commit %d the reader sees %d rows of %d bytes, want %d of %d", i, rows, bytes, i+1, want)
				}
			}
		})
	}
}

// A transaction that spills pages to the log and is rolled back leaves frames that the unix
// VFS writes at once; another connection's commit then writes over them. Gathered and written
// only later (at this connection's next read of the log), they would overwrite that commit.
// The TRUNCATE checkpoint empties the log first: otherwise the rollback reads an older frame
// back from the log, which writes the gathered frames while the write lock is still held.
func TestRolledBackSpillDoesNotOverwriteAnotherCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	a := open(t, path, Name, "FULL")
	exec(t, a, "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
	exec(t, a, "PRAGMA wal_checkpoint(TRUNCATE)")
	exec(t, a, "PRAGMA cache_size = 10")
	tx, err := a.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if _, err := tx.Exec("INSERT INTO t VALUES (?, ?)", i, strings.Repeat("s", 1000)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	// The other connection's commit is as large as the rolled-back transaction, so that it
	// covers the part of the log where the last of the spilled frames went.
	b := open(t, path, "", "FULL")
	exec(t, b, "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 200) INSERT INTO t SELECT i, ? FROM s", strings.Repeat("c", 1000))
	for name, db := range map[string]*sql.DB{"the connection that rolled back": a, "the other": b} {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM t WHERE v = ?", strings.Repeat("c", 1000)).Scan(&n); err != nil || n != 200 {
			t.Fatalf("%s reads %d committed rows (%v), want 200", name, n, err)
		}
		var check string
		if err := db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			t.Fatalf("%s: integrity_check %q, %v", name, check, err)
		}
	}
}

// Transactions larger than the buffer, ones that spill pages to the log before they commit
// (a small page cache), and ones rolled back after spilling leave a file that SQLite's own VFS
// reads back as it was written, after checkpoints too.
func TestLargeSpilledAndRolledBackTransactions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	w := open(t, path, Name, "FULL")
	exec(t, w, "PRAGMA cache_size = 20")
	exec(t, w, "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
	exec(t, w, "CREATE INDEX t_v ON t (v)")
	want := 0
	for round := range 6 {
		tx, err := w.Begin()
		if err != nil {
			t.Fatal(err)
		}
		for j := range 500 {
			if _, err := tx.Exec("INSERT INTO t (v) VALUES (?)", fmt.Sprintf("%d-%d-%s", j*7919%500, round, strings.Repeat("y", 200))); err != nil {
				t.Fatal(err)
			}
		}
		if round%2 == 1 {
			if err := tx.Rollback(); err != nil {
				t.Fatal(err)
			}
		} else {
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
			want += 500
		}
		if round == 3 {
			exec(t, w, "PRAGMA wal_checkpoint(TRUNCATE)")
		}
	}
	r := open(t, path, "", "FULL")
	var check string
	if err := r.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q, %v", check, err)
	}
	var n int
	if err := r.QueryRow("SELECT count(*) FROM t").Scan(&n); err != nil || n != want {
		t.Fatalf("the unix VFS reads %d rows (%v), want %d", n, err, want)
	}
}

// BenchmarkCommit: one transaction of 20 rows at random places of an index, committed, with
// SQLite's unix VFS and with this one; synchronous=NORMAL leaves out the log's sync (the same
// in both), so the difference is the writing. Reports the write system calls per commit.
func BenchmarkCommit(b *testing.B) {
	for _, vfs := range []string{"unix", Name} {
		b.Run(vfs, func(b *testing.B) {
			name := vfs
			if name == "unix" {
				name = ""
			}
			db := open(b, filepath.Join(b.TempDir(), "x.db"), name, "NORMAL")
			exec(b, db, "CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)")
			key := uint32(1)
			before := writeCalls(b)
			for b.Loop() {
				tx, err := db.Begin()
				if err != nil {
					b.Fatal(err)
				}
				for range 20 {
					key = key*1664525 + 1013904223
					if _, err := tx.Exec("INSERT INTO t VALUES (?, ?)", fmt.Sprintf("%08x", key), strings.Repeat("v", 300)); err != nil {
						b.Fatal(err)
					}
				}
				if err := tx.Commit(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(writeCalls(b)-before)/float64(b.N), "writes/op")
		})
	}
}
