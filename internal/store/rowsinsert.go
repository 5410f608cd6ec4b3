package store

import (
	"context"
	"database/sql/driver"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgtype"
)

// A PostgreSQL group of transfers queues each transfer's transaction row and log row, and the
// group's statistics rows, for the commit (pipeline.go). Sent as they are, each row is a
// statement of its own, and PostgreSQL's work per statement (starting the executor, compiling
// the table's CHECK constraints again) costs more than the row's own (docs/PERFORMANCE.md,
// "Nineteenth session"). So sendBatch sends the queued rows of one insert as one statement
// (coalesce).

// rowsInsert is an INSERT of one row whose queued rows a PostgreSQL group sends together.
type rowsInsert struct {
	// one is the statement for one row, with parameters $1…$n: what SQLite runs, and what
	// PostgreSQL runs for a single row.
	one string
	// many inserts any number of rows from one text array per parameter of one (unnest), each
	// cast to its column's type, with one's ON CONFLICT clause.
	many string
}

var paramRef = regexp.MustCompile(`\$(\d+)`)

// newRowsInsert derives many from one, an INSERT … VALUES (…) of one row. casts names the
// PostgreSQL type of each parameter that is not text (a text array's elements go in as text,
// and PostgreSQL converts text to another type only when told to).
func newRowsInsert(one string, casts map[int]string) *rowsInsert {
	open := strings.Index(one, "VALUES (")
	end := closing(one, open+len("VALUES ("))
	if open < 0 || end < 0 || strings.Contains(one[end:], "$") {
		panic("newRowsInsert: not an INSERT … VALUES (…) with its parameters in the tuple: " + one)
	}
	tuple := one[open+len("VALUES (") : end]
	n := 0
	exprs := paramRef.ReplaceAllStringFunc(tuple, func(ref string) string {
		k, _ := strconv.Atoi(ref[1:])
		n = max(n, k)
		if c := casts[k]; c != "" {
			return "r.p" + ref[1:] + "::" + c
		}
		return "r.p" + ref[1:]
	})
	arrays, names := make([]string, n), make([]string, n)
	for k := 1; k <= n; k++ {
		arrays[k-1], names[k-1] = fmt.Sprintf("$%d::text[]", k), fmt.Sprintf("p%d", k)
	}
	many := one[:open] + "SELECT " + exprs + " FROM unnest(" + strings.Join(arrays, ", ") + ") AS r(" +
		strings.Join(names, ", ") + ")" + one[end+1:]
	return &rowsInsert{one: one, many: many}
}

// closing is the index of the parenthesis that closes the one opened just before from, or -1.
func closing(s string, from int) int {
	depth := 1
	for i := max(from, 0); i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// insertLater queues a row of ins like execLater; on PostgreSQL, the rows of ins queued in one
// transaction go out as one statement.
func (tx *Tx) insertLater(ctx context.Context, ins *rowsInsert, args ...any) error {
	if tx.conn == nil {
		_, err := tx.exec(ctx, ins.one, args...)
		return err
	}
	tx.pending = append(tx.pending, pendingStmt{query: ins.one, args: args, rows: ins})
	return nil
}

// coalesce returns the queued statements with each rowsInsert's rows merged into one statement,
// sent where its first row was queued. Rows only move earlier, past statements that do not read
// them (the earlier transfers' other rows, on PostgreSQL none with a key to them); among
// themselves they keep their order.
func coalesce(pending []pendingStmt) ([]pendingStmt, error) {
	rows := map[*rowsInsert][][]any{}
	out := make([]pendingStmt, 0, len(pending))
	for _, p := range pending {
		if p.rows != nil {
			if _, seen := rows[p.rows]; seen {
				rows[p.rows] = append(rows[p.rows], p.args)
				continue
			}
			rows[p.rows] = [][]any{p.args}
		}
		out = append(out, p)
	}
	if len(out) == len(pending) {
		return pending, nil
	}
	for i, p := range out {
		if p.rows == nil || len(rows[p.rows]) == 1 {
			continue
		}
		args, err := columns(rows[p.rows])
		if err != nil {
			return nil, err
		}
		out[i] = pendingStmt{query: p.rows.many, args: args}
	}
	return out, nil
}

// columns turns rows of parameters into one text array per parameter.
func columns(rows [][]any) ([]any, error) {
	cols := make([][]pgtype.Text, len(rows[0]))
	for k := range cols {
		cols[k] = make([]pgtype.Text, len(rows))
	}
	for i, row := range rows {
		if len(row) != len(cols) {
			return nil, fmt.Errorf("queued rows: %d parameters after %d", len(row), len(cols))
		}
		for k, v := range row {
			t, err := textOf(v)
			if err != nil {
				return nil, fmt.Errorf("queued rows, parameter $%d: %w", k+1, err)
			}
			cols[k][i] = t
		}
	}
	args := make([]any, len(cols))
	for k, c := range cols {
		args[k] = c
	}
	return args, nil
}

// textOf is a parameter's value in PostgreSQL's text input form, as the one-row statement stores
// it; nil and a Valuer's nil are NULL.
func textOf(v any) (pgtype.Text, error) {
	dv, err := driver.DefaultParameterConverter.ConvertValue(v)
	if err != nil {
		return pgtype.Text{}, err
	}
	var s string
	switch x := dv.(type) {
	case nil:
		return pgtype.Text{}, nil
	case string:
		s = x
	case int64:
		s = strconv.FormatInt(x, 10)
	case bool:
		s = strconv.FormatBool(x)
	default: // times go as dbTime (ts), whose text is the stored one; nothing queued is a float or bytes
		return pgtype.Text{}, fmt.Errorf("no text form for %T", dv)
	}
	return pgtype.Text{String: s, Valid: true}, nil
}
