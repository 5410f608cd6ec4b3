package store

import "fmt"

// wrap prefixes a failed exported method's error with what the method was doing ("list alerts:
// ..."), so that an internal error in the log names the query that failed. %w keeps errors.Is
// (sql.ErrNoRows, the store's sentinels) and errors.As (*domain.Error) working through it.
// Every exported method of Store and Tx that returns an error defers it first thing.
func wrap(err *error, what string) {
	if *err != nil {
		*err = fmt.Errorf("%s: %w", what, *err)
	}
}
