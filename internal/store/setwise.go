package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Helpers for statements over many rows at once (the switch feed's batches, iso_batch.go).

// sqlArgs builds a statement's placeholders and arguments in text order.
type sqlArgs struct {
	d    dialect
	args []any
}

func (a *sqlArgs) add(v any) string {
	a.args = append(a.args, v)
	return a.d.placeholder(len(a.args))
}

// isIn is the condition that col is one of vals (which must not be empty). On PostgreSQL it is
// one array parameter, so the statement's text does not depend on how many values there are
// and the driver's statement cache keeps one plan for it; uuid says col is a uuid column there.
func (a *sqlArgs) isIn(col string, vals []string, uuid bool) string {
	if a.d != dialectPostgres {
		return col + ` IN ` + a.in(vals)
	}
	typ := "TEXT[]"
	if uuid {
		typ = "UUID[]"
	}
	return col + ` = ANY(CAST(` + a.add(vals) + ` AS ` + typ + `))`
}

// in is a parenthesised list of placeholders for vals (which must not be empty).
func (a *sqlArgs) in(vals []string) string {
	row := make([]any, len(vals))
	for i, v := range vals {
		row[i] = v
	}
	return a.row(row...)
}

// row is a parenthesised row of placeholders for vals, for a multi-row VALUES.
func (a *sqlArgs) row(vals ...any) string {
	var sb strings.Builder
	sb.WriteByte('(')
	for i, v := range vals {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(a.add(v))
	}
	sb.WriteByte(')')
	return sb.String()
}

func distinct(vals []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range vals {
		if v != "" && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// insertRows inserts rows into table's columns (a comma-separated list) in one statement: on
// PostgreSQL with COPY, which neither plans a statement nor fills the driver's statement cache
// with one text per row count; on SQLite as one multi-row INSERT.
func (tx *Tx) insertRows(ctx context.Context, table, columns string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	if tx.conn != nil {
		cols := strings.Split(columns, ",")
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
		}
		return tx.conn.Raw(func(dc any) error {
			c, ok := dc.(*stdlib.Conn)
			if !ok {
				return fmt.Errorf("copy: unexpected driver connection %T", dc)
			}
			_, err := c.Conn().CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromRows(rows))
			return err
		})
	}
	a := &sqlArgs{d: tx.store.dialect}
	values := make([]string, len(rows))
	for i, r := range rows {
		values[i] = a.row(r...)
	}
	_, err := tx.exec(ctx, `INSERT INTO `+table+` (`+columns+`) VALUES `+strings.Join(values, ","), a.args...)
	return err
}
