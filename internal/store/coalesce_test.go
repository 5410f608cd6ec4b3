package store

import (
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgtype"
)

// TestCoalesceMergesRowsWhereTheFirstWas: the queued rows of one insert go out as one statement,
// at the place of the first, in the order they were queued, with a text array per parameter
// (NULL for a nil or empty optional value); the other statements keep their order, and a
// single row keeps its own statement.
func TestCoalesceMergesRowsWhereTheFirstWas(t *testing.T) {
	a := newRowsInsert(`INSERT INTO a (x, y) VALUES ($1, $2)`, map[int]string{2: "bigint"})
	b := newRowsInsert(`INSERT INTO b (x) VALUES ($1) ON CONFLICT DO NOTHING`, nil)
	c := newRowsInsert(`INSERT INTO c (x, at) VALUES ($1, now())`, nil)
	if want := `INSERT INTO c (x, at) SELECT r.p1, now() FROM unnest($1::text[]) AS r(p1)`; c.many != want {
		t.Errorf("many:\n got %s\nwant %s", c.many, want)
	}
	if want := `INSERT INTO a (x, y) SELECT r.p1, r.p2::bigint FROM unnest($1::text[], $2::text[]) AS r(p1, p2)`; a.many != want {
		t.Errorf("many:\n got %s\nwant %s", a.many, want)
	}
	if want := `INSERT INTO b (x) SELECT r.p1 FROM unnest($1::text[]) AS r(p1) ON CONFLICT DO NOTHING`; b.many != want {
		t.Errorf("many:\n got %s\nwant %s", b.many, want)
	}
	row := func(ins *rowsInsert, args ...any) pendingStmt {
		return pendingStmt{query: ins.one, args: args, rows: ins}
	}
	other := func(q string) pendingStmt { return pendingStmt{query: q} }
	got, err := coalesce([]pendingStmt{row(a, "1", int64(10)), other("UPDATE s"), row(b, nullString("")),
		row(a, nullString("2"), 20), row(c, "only"), row(b, "b2"), other("UPDATE t"), row(a, "3", int64(-30))})
	if err != nil {
		t.Fatal(err)
	}
	text := func(vals ...string) []pgtype.Text {
		out := make([]pgtype.Text, len(vals))
		for i, v := range vals {
			if v != "NULL" {
				out[i] = pgtype.Text{String: v, Valid: true}
			}
		}
		return out
	}
	want := []pendingStmt{
		{query: a.many, args: []any{text("1", "2", "3"), text("10", "20", "-30")}},
		other("UPDATE s"),
		{query: b.many, args: []any{text("NULL", "b2")}},
		row(c, "only"),
		other("UPDATE t"),
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("coalesced:\n got %v\nwant %v", got, want)
	}
	for _, v := range []any{struct{}{}, 1.5, []byte("x")} {
		if _, err := coalesce([]pendingStmt{row(a, "1", int64(1)), row(a, "2", v)}); err == nil {
			t.Errorf("%T, which has no text form here, was sent", v)
		}
	}
}
