package httpapi

import (
	"encoding/json"
	"net/url"
	"strconv"
	"testing"
	"time"
)

// pagedItem is what the paging helpers read of a listed item: its id and its place in the
// newest-first order.
type pagedItem interface {
	pageKey() (id string, createdAt time.Time)
}

// listPage is one answer of GET path?query, which must be a 200 with a JSON array.
func listPage[T any](t *testing.T, e *testEnv, tok, path, query string) ([]T, response) {
	t.Helper()
	res := e.do(nil, "GET", path+"?"+query, nil, "Authorization", "Bearer "+tok)
	if res.status != 200 {
		t.Fatalf("GET %s?%s: %d %s", path, query, res.status, res.body)
	}
	var list []T
	if err := json.Unmarshal(res.body, &list); err != nil {
		t.Fatalf("GET %s?%s: %v %s", path, query, err, res.body)
	}
	return list, res
}

// allPages follows X-Next-Cursor from the first page of query to the last, failing on a
// repeated item, one out of the newest-first order, a later page that counts again, or more
// pages than most items need; it returns every item with the first page's X-Total-Count.
func allPages[T pagedItem](t *testing.T, e *testEnv, tok, path, query string, limit, most int) ([]T, string) {
	t.Helper()
	var all []T
	seen := map[string]bool{}
	q := query + "&limit=" + strconv.Itoa(limit)
	list, res := listPage[T](t, e, tok, path, q)
	total := res.header.Get("X-Total-Count")
	var lastAt time.Time
	for pages := 1; ; pages++ {
		if len(list) > limit {
			t.Fatalf("%s: a page of %d, over the limit %d", query, len(list), limit)
		}
		for _, it := range list {
			id, at := it.pageKey()
			if seen[id] {
				t.Fatalf("%s: %s on two pages", query, id)
			}
			if len(all) > 0 && at.After(lastAt) {
				t.Fatalf("%s: %s is newer than the one before it", query, id)
			}
			seen[id], lastAt = true, at
			all = append(all, it)
		}
		next := res.header.Get("X-Next-Cursor")
		if next == "" {
			return all, total
		}
		if pages > most/limit+2 {
			t.Fatalf("%s: paging does not end", query)
		}
		list, res = listPage[T](t, e, tok, path, q+"&cursor="+url.QueryEscape(next))
		if res.header.Get("X-Total-Count") != "" {
			t.Errorf("%s: a later page counts again", query)
		}
	}
}

// wantBadQuery checks that GET path?query answers 400 with a message and a field naming field.
func wantBadQuery(t *testing.T, e *testEnv, tok, path, query, field string) {
	t.Helper()
	res := e.do(nil, "GET", path+"?"+query, nil, "Authorization", "Bearer "+tok)
	body := map[string]any{}
	json.Unmarshal(res.body, &body)
	fields, _ := body["fields"].(map[string]any)
	if res.status != 400 || body["message"] == "" || body["message"] == nil || fields[field] == nil {
		t.Errorf("%s: %d %s, want 400 naming %s", query, res.status, res.body, field)
	}
}
