package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/kormeer/kormeer/internal/domain"
)

// Page is one page of a list read newest first: Next is the cursor of its last row when there
// are more rows after it, nil on the last page.
type Page[T any] struct {
	Items []T
	Next  *Cursor
}

// listWhere builds a paged list's WHERE clause, binding only the values its conditions use:
// PostgreSQL cannot type a parameter no clause names (SQLSTATE 42P18), the bug the alerts list
// had before it was built this way.
type listWhere struct {
	conds []string
	args  []any
}

// arg binds v and returns its placeholder.
func (w *listWhere) arg(v any) string {
	w.args = append(w.args, v)
	return fmt.Sprintf("$%d", len(w.args))
}

// and adds a condition; format's %s verbs are filled with the placeholders of values.
func (w *listWhere) and(format string, values ...any) {
	ps := make([]any, len(values))
	for i, v := range values {
		ps[i] = w.arg(v)
	}
	w.conds = append(w.conds, fmt.Sprintf(format, ps...))
}

// eq narrows col to v unless v is empty (no filter).
func (w *listWhere) eq(col, v string) {
	if v != "" {
		w.and(col+" = %s", v)
	}
}

func (w *listWhere) String() string {
	if len(w.conds) == 0 {
		return "1 = 1"
	}
	return strings.Join(w.conds, " AND ")
}

// pagedList is a list read newest first in the (created_at, id) order, which is total, so pages
// never skip or repeat a row even when many share a timestamp. from is what follows SELECT's
// columns up to WHERE (the table and its joins); created and id name the order's columns.
type pagedList[T any] struct {
	columns, from, created, id string
	scan                       func(rowScanner) (T, error)
	cursorOf                   func(T) *Cursor
}

// rowScanner is what a list's scan reads one row from.
type rowScanner interface{ Scan(...any) error }

// page reads the rows matching w after the cursor, up to limit, and the cursor of the next page.
func (l pagedList[T]) page(ctx context.Context, s *Store, w listWhere, after *Cursor, limit int) (*Page[T], error) {
	if after != nil {
		if !validID(after.ID) {
			return nil, domain.ErrCursor()
		}
		at := ts(after.CreatedAt)
		w.and(fmt.Sprintf("(%[1]s < %%s OR (%[1]s = %%s AND %[2]s < %%s))", l.created, l.id), at, at, after.ID)
	}
	w.args = append(w.args, limit+1)
	rows, err := s.db.QueryContext(ctx, fmt.Sprintf("SELECT %s FROM %s WHERE %s ORDER BY %s DESC, %s DESC LIMIT $%d",
		l.columns, l.from, w.String(), l.created, l.id, len(w.args)), w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []T{}
	for rows.Next() {
		it, err := l.scan(rows)
		if err != nil {
			return nil, err
		}
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	p := &Page[T]{}
	p.Items, p.Next = splitPage(items, limit, l.cursorOf)
	return p, nil
}

// count counts the rows matching w up to countCap; capped reports that there are more.
func (l pagedList[T]) count(ctx context.Context, s *Store, w listWhere) (n int, capped bool, err error) {
	return s.countCapped(ctx, "SELECT 1 FROM "+l.from+" WHERE "+w.String(), w.args)
}
