package httpapi

import (
	"context"
	"net/http"

	"github.com/kormeer/kormeer/internal/store"
)

// listParams are the query parameters a paged list accepts: its filters, the page size and the
// cursor. Any other is refused (newFilterReader), so a mistyped filter never shows the whole list.
func listParams(filters ...string) map[string]bool {
	known := map[string]bool{"limit": true, "cursor": true}
	for _, f := range filters {
		known[f] = true
	}
	return known
}

// servePage answers one page of a list paged on the server, as GET /api/alerts does: a 400
// naming every bad filter that fr read or a bad page, else
// the page newest first with X-Next-Cursor and, on the first page, X-Total-Count. read and count
// are the store's page and count of the list, given the filter f.
func servePage[F, T, J any](w http.ResponseWriter, r *http.Request, fr *filterReader, f F,
	read func(context.Context, F, *store.Cursor, int) (*store.Page[T], error),
	count func(context.Context, F) (int, bool, error), toJSON func(T) J) error {
	if err := fr.err(); err != nil {
		return err
	}
	limit, cursor, err := parsePage(fr.q)
	if err != nil {
		return err
	}
	page, err := read(r.Context(), f, cursor, limit)
	if err != nil {
		return err
	}
	return writePage(w, cursor == nil, page.Items, page.Next, toJSON, func() (int, bool, error) { return count(r.Context(), f) })
}
