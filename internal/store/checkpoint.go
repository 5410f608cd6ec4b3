package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// checkpointEvery is how often committed pages move from SQLite's write-ahead log into the
// database file. Under a steady load of transfers the log grows by tens of megabytes a second,
// so the interval keeps it to a few megabytes at a time; a round with nothing to copy costs a
// few system calls.
const checkpointEvery = 100 * time.Millisecond

// checkpointer copies the write-ahead log into the database file on a connection of its own,
// beside the single writer, which keeps appending meanwhile.
//
// The log starts again from its beginning only when a write transaction begins with every committed
// page already copied. A checkpoint that runs beside a writer that never pauses never leaves it so
// (the log grows without bound in a bulk load, TestWALStaysBounded), and SQLite's own answer, the
// automatic checkpoint inside the commit that crosses a threshold, stops the single writer while it
// copies what has piled up, a pause that sets the p99 of transfers under load (docs/PERFORMANCE.md,
// "Figures behind the code's choices"). So each round copies beside the writer until little is
// left, then holds the writer between two groups of writes (pause) to copy the last few pages; the
// writer's next transaction restarts the log. The writer's automatic checkpoint stays as a safety
// net, at a threshold it does not reach otherwise.
//
// SQLite syncs the database file only in a checkpoint that copies the whole log, the paused one
// here, and that sync writes out every page the round has copied while the writer waits. So the
// round syncs the file itself beside the writer after each pass (only checkpoints write the
// database file; the writer appends to the log), and the paused pass syncs a few pages.
type checkpointer struct {
	db    *sql.DB
	file  *os.File    // the database file, for fsync; closed after the last connection
	pause *sync.Mutex // held by the writer while it runs a group (groupcommit.go)
	// settled is the log's length after the last paused pass, every frame of it copied.
	settled int
	quit    chan struct{}
	ended   chan struct{}
}

func startCheckpointer(db *sql.DB, path string, pause *sync.Mutex) (*checkpointer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	c := &checkpointer{db: db, file: f, pause: pause, quit: make(chan struct{}), ended: make(chan struct{})}
	go c.run()
	return c, nil
}

func (c *checkpointer) run() {
	defer close(c.ended)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			c.round()
		case <-c.quit:
			return
		}
	}
}

// round copies what the log holds beside the writer, again while a pass still finds much to
// copy (the writer appends meanwhile), then pauses the writer to copy the rest (see
// checkpointer). A log unchanged since the last round's paused pass (an idle database whose
// log the writer has not yet restarted) is left alone. A pass beside the writer that copies the
// whole log is not enough: a transaction the writer began before it still appends to the log.
func (c *checkpointer) round() {
	log, copied := c.passive()
	if log == 0 || (log == copied && log == c.settled) {
		return
	}
	for range 8 {
		_ = c.file.Sync() // a failure shows again in the paused pass, which SQLite checks
		log2, copied2 := c.passive()
		if log2 < log {
			return // the writer restarted the log meanwhile
		}
		short := copied2-copied < shortCatchUp
		log, copied = log2, copied2
		if short {
			break
		}
	}
	_ = c.file.Sync()
	c.pause.Lock()
	c.settled, _ = c.passive()
	c.pause.Unlock()
}

// shortCatchUp is how few frames (pages) a pass beside the writer copies before the pause: the
// paused pass then has about as little to copy.
const shortCatchUp = 200

// passive runs a PASSIVE checkpoint, which never waits for readers or the writer, and answers
// how many frames the log holds and how many of them are copied. Whatever it cannot copy now (a
// reader still needs the old pages) the next round copies; a failure (the file busy in another
// process) is retried the same way.
func (c *checkpointer) passive() (log, copied int) {
	var busy int
	if err := c.db.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &copied); err != nil {
		return 0, 0
	}
	return log, copied
}

// stop ends the checkpointer and closes its connection. Store.Close closes it last: the last
// connection to close checkpoints the whole log and removes it, so a closed database is one file.
func (c *checkpointer) stop() error {
	close(c.quit)
	<-c.ended
	err := c.db.Close()
	// Closing any descriptor of the file drops every POSIX lock this process holds on it, so
	// this one closes only after SQLite's connections.
	return errors.Join(err, c.file.Close())
}
