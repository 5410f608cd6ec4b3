package store

import (
	"context"
	"database/sql"
	"time"
)

// checkpointEvery is how often committed pages move from SQLite's write-ahead log into the
// database file. Under a steady load of transfers the log grows by tens of megabytes a second,
// so the interval keeps it to a few megabytes at a time.
const checkpointEvery = 200 * time.Millisecond

// checkpointer copies the write-ahead log into the database file on a connection of its own,
// beside the single writer, which keeps appending meanwhile. SQLite's automatic checkpoint runs
// inside the commit that crosses its threshold, on the writer, where it took a sixth of the
// writer's time under load (docs/PERFORMANCE.md); with most pages already copied here, that
// checkpoint has little left to do, and it runs ten times less often (every 10,000 pages, about
// 40 MiB, instead of SQLite's 1,000). The writer keeps it all the same: the log restarts from
// its beginning only after a checkpoint that completes between two write transactions, and
// under writes that never pause only the writer's own checkpoint does (TestWALStaysBounded).
type checkpointer struct {
	db    *sql.DB
	quit  chan struct{}
	ended chan struct{}
}

func startCheckpointer(db *sql.DB) *checkpointer {
	c := &checkpointer{db: db, quit: make(chan struct{}), ended: make(chan struct{})}
	go c.run()
	return c
}

func (c *checkpointer) run() {
	defer close(c.ended)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			// PASSIVE never waits for readers or the writer; whatever it cannot copy now (a
			// reader still needs the old pages) the next round copies. A failure (the file busy
			// in another process) is retried the same way.
			_, _ = c.db.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
		case <-c.quit:
			return
		}
	}
}

// stop ends the checkpointer and closes its connection. Store.Close closes it last: the last
// connection to close checkpoints the whole log and removes it, so a closed database is one file.
func (c *checkpointer) stop() error {
	close(c.quit)
	<-c.ended
	return c.db.Close()
}
