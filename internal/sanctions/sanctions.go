// Package sanctions parses sanctions lists (the UN Security Council Consolidated List XML and the
// central bank's domestic CSV) and screens names against them with matching built for Somali and
// Arabic names: orthography-aware normalisation, a blocking index on token keys, Jaro-Winkler over
// aligned name parts, and date of birth and nationality as evidence. It has no database and no HTTP;
// storage, hooks and the review queue live elsewhere and code against the types here.
package sanctions

import "fmt"

// Entry is one list entry, an individual or an entity.
type Entry struct {
	Ref           string   // list reference, e.g. "QDi.123" or the domestic id
	Kind          string   // "individual" | "entity"
	Names         []Name   // primary name first, then aliases
	DatesOfBirth  []string // "1970-01-02" or "1970" (year only)
	Nationalities []string // ISO 3166 alpha-2 when known, else as written
	Listed        string   // date listed, as written
	Remarks       string
}

// Name is one spelling of an entry's name: the primary name, an alias or the original script.
type Name struct {
	Full    string
	Parts   []string
	Script  string // "latin" | "arabic" | "other"
	Quality string // "primary" | "good" | "low"
}

// List is one parsed list file.
type List struct {
	Source  string // "un" | "domestic"
	Entries []Entry
}

// ParseError reports why a list file was refused as a whole: the line (when known) and the element
// or column at fault, so an administrator can fix the file.
type ParseError struct {
	Line    int
	Element string
	Msg     string
}

func (e *ParseError) Error() string {
	switch {
	case e.Line > 0 && e.Element != "":
		return fmt.Sprintf("line %d, %s: %s", e.Line, e.Element, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	case e.Element != "":
		return fmt.Sprintf("%s: %s", e.Element, e.Msg)
	}
	return e.Msg
}

// Query is a name to screen, with what else is known about the person or entity.
type Query struct {
	Name        string
	DateOfBirth string // "1970-01-02", "1970" or empty
	Nationality string // ISO alpha-2 or empty
	Kind        string // "individual", "entity" or empty (both)
}

// Match is one candidate list entry for a query, with the evidence behind its score.
type Match struct {
	Ref          string       `json:"ref"`
	EntryName    string       `json:"entryName"` // the entry's primary name
	Alias        string       `json:"alias"`     // the name (primary, alias or original script) that matched best
	AliasQuality string       `json:"aliasQuality"`
	Score        float64      `json:"score"`                           // 0..1 after the date of birth and nationality adjustment
	Tokens       []TokenMatch `json:"tokens"`                          // which query token matched which alias token
	Reasons      []string     `json:"reasons,omitempty"`               // absent when none; "dob_match", "dob_mismatch", "nationality_match", "order_swapped", "missing_part", ...
	Strength     string       `json:"strength" enum:"strong,possible"` // "strong" | "possible"
}

// TokenMatch is one aligned pair of normalised tokens.
type TokenMatch struct {
	Query      string  `json:"query"`
	Entry      string  `json:"entry"`
	Similarity float64 `json:"similarity"`
}

// Thresholds separate strong matches (hold) from possible ones (review) and from noise.
type Thresholds struct{ Strong, Possible float64 }

// DefaultThresholds are the thresholds chosen on the evaluation set (docs/SANCTIONS.md).
func DefaultThresholds() Thresholds { return Thresholds{Strong: 0.92, Possible: 0.80} }
