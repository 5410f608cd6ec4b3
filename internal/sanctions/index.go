package sanctions

import (
	"sort"
	"strings"
	"sync"
)

// Scoring constants, chosen on the evaluation set (docs/SANCTIONS.md, "Scoring").
const (
	// minTokenSim is the Jaro-Winkler similarity below which two name parts are not the same name.
	minTokenSim = 0.84
	// missingWeight is what a name part present on one side only costs, against 1 for a part that
	// conflicts (both sides have a part there, and they differ): a grandfather's name left out is
	// ordinary, a different father's name means a different person.
	missingWeight = 0.35
	// swappedFactor: name parts in another order are the same name, a little less surely so
	// (Somali order given/father/grandfather carries lineage).
	swappedFactor = 0.97
	// lowQualityFactor: the UN marks some aliases "low quality" (too broad to identify alone).
	lowQualityFactor = 0.95
	// knownDifferent caps the similarity of two different dictionary names below minTokenSim.
	knownDifferent = 0.7

	dobExactBonus, dobYearBonus, dobMismatchPenalty = 0.05, 0.03, 0.10
	natMatchBonus, natMismatchPenalty               = 0.03, 0.05
)

// Index is an immutable search structure over one or more lists, safe for concurrent use. Every
// name (primary, alias, original script) of every entry is tokenised once; a posting list per token
// key (phonetic skeleton, and a spelling prefix for typos) finds the candidates of a search without
// looking at the other entries.
type Index struct {
	entries  []Entry
	byRef    map[string]int
	names    []indexedName
	postings map[string][]int32
	scratch  sync.Pool
}

type indexedName struct {
	entry, name int32
	toks        []token
}

// NewIndex builds an index over the lists' entries. A reference present in several lists keeps the
// first list's entry.
func NewIndex(lists ...*List) *Index {
	ix := &Index{byRef: map[string]int{}, postings: map[string][]int32{}}
	for _, l := range lists {
		if l == nil {
			continue
		}
		for _, e := range l.Entries {
			if _, dup := ix.byRef[e.Ref]; dup {
				continue
			}
			ix.byRef[e.Ref] = len(ix.entries)
			ix.entries = append(ix.entries, e)
		}
	}
	for ei, e := range ix.entries {
		for ni, n := range e.Names {
			toks := tokenize(n.Full)
			if len(toks) == 0 {
				continue
			}
			id := int32(len(ix.names))
			ix.names = append(ix.names, indexedName{entry: int32(ei), name: int32(ni), toks: toks})
			seen := map[string]bool{}
			for _, t := range toks {
				for _, k := range t.keys() {
					if !seen[k] {
						seen[k] = true
						ix.postings[k] = append(ix.postings[k], id)
					}
				}
			}
		}
	}
	n := len(ix.names)
	ix.scratch.New = func() any { return &scratch{hits: make([]uint8, n), seen: make([]uint8, n)} }
	return ix
}

// keys are the blocking keys of a token: its phonetic skeleton and, against a typo that changes a
// consonant, the first letters of its canonical form (more of them for Abd… and Abu… compounds,
// which all begin alike).
func (t token) keys() []string {
	keys := []string{"s" + t.skel}
	if t.arabic {
		return keys
	}
	p := 3
	if strings.HasPrefix(t.canon, "abd") || strings.HasPrefix(t.canon, "abu") {
		p = 5
	}
	if len(t.canon) > p {
		keys = append(keys, "p"+t.canon[:p])
	} else {
		keys = append(keys, "p"+t.canon)
	}
	return keys
}

// scratch holds the per-search hit counters, reused through a pool so a search allocates little.
type scratch struct {
	hits, seen []uint8
	touched    []int32
}

// Len is the number of entries indexed.
func (ix *Index) Len() int { return len(ix.entries) }

// Entry returns the indexed entry with this reference.
func (ix *Index) Entry(ref string) (Entry, bool) {
	i, ok := ix.byRef[ref]
	if !ok {
		return Entry{}, false
	}
	return ix.entries[i], true
}

// Search returns the entries scoring at least th.Possible, best first (one match per entry, through
// its best name), at most limit of them (all when limit <= 0).
func (ix *Index) Search(q Query, th Thresholds, limit int) []Match {
	qt := tokenize(q.Name)
	if len(qt) == 0 || len(ix.names) == 0 {
		return nil
	}
	sc := ix.scratch.Get().(*scratch)
	defer ix.scratch.Put(sc)
	for i, t := range qt {
		mark := uint8(i + 1)
		for _, k := range t.keys() {
			for _, id := range ix.postings[k] {
				if sc.seen[id] == mark {
					continue
				}
				sc.seen[id] = mark
				if sc.hits[id] == 0 {
					sc.touched = append(sc.touched, id)
				}
				sc.hits[id]++
			}
		}
	}
	best := map[int32]int{}
	var out []Match
	for _, id := range sc.touched {
		hits := int(sc.hits[id])
		sc.hits[id], sc.seen[id] = 0, 0
		n := &ix.names[id]
		// A candidate shares at least two name parts with the query (one when either side has one):
		// a single common part such as Mohamed is never a match on its own.
		if hits < min(2, len(qt), len(n.toks)) {
			continue
		}
		e := &ix.entries[n.entry]
		if q.Kind != "" && e.Kind != "" && q.Kind != e.Kind {
			continue
		}
		m, ok := score(qt, n.toks, e, e.Names[n.name], q)
		if !ok || m.Score < th.Possible {
			continue
		}
		if i, seen := best[n.entry]; seen {
			if m.Score > out[i].Score {
				out[i] = m
			}
			continue
		}
		best[n.entry] = len(out)
		out = append(out, m)
	}
	sc.touched = sc.touched[:0]
	for i := range out {
		out[i].Strength = "possible"
		if out[i].Score >= th.Strong {
			out[i].Strength = "strong"
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Ref < out[j].Ref
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// score aligns the query's name parts with one name of an entry and explains the result.
func score(qt, et []token, e *Entry, name Name, q Query) (Match, bool) {
	var sims [maxTokens][maxTokens]float64
	for i := range qt {
		for j := range et {
			sims[i][j] = tokenSim(qt[i], et[j])
		}
	}
	// Greedy alignment, best pair first: with at most a dozen parts a side it finds the optimal
	// assignment in practice, and what it cannot pair is reported as missing or conflicting.
	var qUsed, eUsed [maxTokens]bool
	var pairOf [maxTokens]int
	// splitQ: the query part is half of "Abdi Nur" paired with a compound; splitE: the query part
	// is a compound paired with "Abdi Nur" in the entry.
	var splitQ, splitE [maxTokens]bool
	for i := range pairOf {
		pairOf[i] = -1
	}
	pairs, qMatched, eMatched, sum := 0, 0, 0, 0.0
	for {
		bi, bj, bs := -1, -1, minTokenSim
		for i := range qt {
			if qUsed[i] {
				continue
			}
			for j := range et {
				if !eUsed[j] && sims[i][j] >= bs && (bi < 0 || sims[i][j] > bs) {
					bi, bj, bs = i, j, sims[i][j]
				}
			}
		}
		if bi < 0 {
			break
		}
		qUsed[bi], eUsed[bj], pairOf[bi] = true, true, bj
		pairs, qMatched, eMatched, sum = pairs+1, qMatched+1, eMatched+1, sum+bs
	}
	// "Abdi Nur" on one side, "Abdinur" on the other: Somali writes both, and only the first can
	// also be Abdi son of Nur, so the two parts are paired with the compound only when left over.
	for i := 0; i+1 < len(qt); i++ {
		for j := range et {
			if !qUsed[i] && !qUsed[i+1] && !eUsed[j] && splitCompound(qt[i], qt[i+1], et[j]) {
				qUsed[i], qUsed[i+1], eUsed[j], pairOf[i], pairOf[i+1] = true, true, true, j, j
				splitQ[i], splitQ[i+1] = true, true
				pairs, qMatched, eMatched, sum = pairs+1, qMatched+2, eMatched+1, sum+1
			}
		}
	}
	for j := 0; j+1 < len(et); j++ {
		for i := range qt {
			if !qUsed[i] && !eUsed[j] && !eUsed[j+1] && splitCompound(et[j], et[j+1], qt[i]) {
				qUsed[i], eUsed[j], eUsed[j+1], pairOf[i], splitE[i] = true, true, true, j, true
				pairs, qMatched, eMatched, sum = pairs+1, qMatched+1, eMatched+2, sum+1
			}
		}
	}
	if pairs == 0 {
		return Match{}, false
	}
	uq, ue := len(qt)-qMatched, len(et)-eMatched
	conflict, missing := min(uq, ue), max(uq, ue)-min(uq, ue)
	s := sum / (float64(pairs) + float64(conflict) + missingWeight*float64(missing))

	match := Match{Ref: e.Ref, Alias: name.Full, AliasQuality: name.Quality}
	if len(e.Names) > 0 {
		match.EntryName = e.Names[0].Full
	}
	last, swapped := -1, false
	for i := range qt {
		j := pairOf[i]
		switch {
		case j < 0:
			match.Tokens = append(match.Tokens, TokenMatch{Query: qt[i].canon})
			continue
		case splitE[i]:
			match.Tokens = append(match.Tokens, TokenMatch{Query: qt[i].canon, Entry: et[j].canon + " " + et[j+1].canon, Similarity: 1})
		case splitQ[i]:
			match.Tokens = append(match.Tokens, TokenMatch{Query: qt[i].canon, Entry: et[j].canon, Similarity: 1})
		default:
			match.Tokens = append(match.Tokens, TokenMatch{Query: qt[i].canon, Entry: et[j].canon, Similarity: round3(sims[i][j])})
		}
		if j < last {
			swapped = true
		}
		last = j
	}
	for j := range et {
		if !eUsed[j] {
			match.Tokens = append(match.Tokens, TokenMatch{Entry: et[j].canon})
		}
	}
	if swapped {
		s *= swappedFactor
		match.Reasons = append(match.Reasons, "order_swapped")
	}
	if missing > 0 {
		match.Reasons = append(match.Reasons, "missing_part")
	}
	if conflict > 0 {
		match.Reasons = append(match.Reasons, "conflicting_part")
	}
	if name.Quality == "low" {
		s *= lowQualityFactor
		match.Reasons = append(match.Reasons, "low_quality_alias")
	}
	if name.Script != "" && name.Script != "latin" {
		match.Reasons = append(match.Reasons, name.Script+"_script")
	}
	adj, reasons := evidence(q, e)
	s += adj
	match.Reasons = append(match.Reasons, reasons...)
	match.Score = round3(min(1, max(0, s)))
	return match, true
}

// evidence adjusts a name score by date of birth and nationality when both sides know them.
func evidence(q Query, e *Entry) (float64, []string) {
	adj := 0.0
	var reasons []string
	if q.DateOfBirth != "" && len(e.DatesOfBirth) > 0 {
		switch dobAgreement(q.DateOfBirth, e.DatesOfBirth) {
		case 2:
			adj += dobExactBonus
			reasons = append(reasons, "dob_match")
		case 1:
			adj += dobYearBonus
			reasons = append(reasons, "dob_year_match")
		case 0:
			reasons = append(reasons, "dob_close")
		default:
			adj -= dobMismatchPenalty
			reasons = append(reasons, "dob_mismatch")
		}
	}
	if qn := normalizeNationality(q.Nationality); qn != "" && len(e.Nationalities) > 0 {
		found := false
		for _, n := range e.Nationalities {
			if normalizeNationality(n) == qn {
				found = true
			}
		}
		if found {
			adj += natMatchBonus
			reasons = append(reasons, "nationality_match")
		} else {
			adj -= natMismatchPenalty
			reasons = append(reasons, "nationality_mismatch")
		}
	}
	return adj, reasons
}

// dobAgreement: 2 the same full date, 1 the same year, 0 a year apart (ages are often guessed),
// -1 further apart. Dates that do not parse count as close: no evidence either way.
func dobAgreement(q string, dobs []string) int {
	best := -1
	qy, qok := yearOf(q)
	for _, d := range dobs {
		dy, dok := yearOf(d)
		switch {
		case !qok || !dok:
			best = max(best, 0)
		case len(q) == 10 && len(d) == 10 && q == d:
			best = 2
		case qy == dy && (len(q) == 4 || len(d) == 4):
			best = max(best, 1)
		case qy-dy <= 1 && dy-qy <= 1:
			best = max(best, 0)
		}
	}
	return best
}

func yearOf(s string) (int, bool) {
	if len(s) < 4 {
		return 0, false
	}
	y := 0
	for i := 0; i < 4; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		y = y*10 + int(s[i]-'0')
	}
	return y, true
}

// tokenSim is the similarity of two name parts: Jaro-Winkler over canonical forms, over consonant
// skeletons when one side was transliterated from Arabic script (which writes no short vowels).
func tokenSim(a, b token) float64 {
	if a.canon == b.canon {
		return 1
	}
	if a.known && b.known {
		// Both are names the dictionary knows, and not the same one: Hassan and Hussein, Khalid
		// and Khalif are different people's names, not spellings of one.
		return min(jaroWinkler(a.canon, b.canon), knownDifferent)
	}
	if isCompound(a.canon) && isCompound(b.canon) && a.canon[:3] == b.canon[:3] {
		// Abdirahman against Abdirahim: the shared "Abd" says nothing, compare what follows.
		return jaroWinkler(a.canon[3:], b.canon[3:])
	}
	// A typo of a known name is compared with that name as written too: "Dair" is far from the
	// canonical "tahir" but near "dahir", the rule form of the Daahir it mistypes.
	s := max(jaroWinkler(a.canon, b.canon), jaroWinkler(a.form, b.form))
	if a.arabic || b.arabic {
		s = max(s, jaroWinkler(a.skel, b.skel))
	}
	return s
}

// splitCompound: a bare Abdi followed by a name, against the Abd… compound of that name.
func splitCompound(abdi, next, compound token) bool {
	return abdi.canon == "abdi" && strings.HasPrefix(compound.canon, "abd") && len(compound.canon) > 3 &&
		(compound.canon[3:] == next.canon || compound.canon[3:] == divineNames[next.canon])
}

func isCompound(c string) bool {
	return len(c) > 4 && (strings.HasPrefix(c, "abd") || strings.HasPrefix(c, "abu"))
}

// jaroWinkler is the Jaro-Winkler similarity of two strings (runes), prefix scale 0.1 up to four.
func jaroWinkler(a, b string) float64 {
	if a == b {
		return 1
	}
	ar, br := []rune(a), []rune(b)
	if len(ar) == 0 || len(br) == 0 {
		return 0
	}
	if len(ar) > len(br) {
		ar, br = br, ar
	}
	if len(br) > maxTokenRunes*2 { // tokens are capped at normalisation; this guards the arrays
		br = br[:maxTokenRunes*2]
		ar = ar[:min(len(ar), len(br))]
	}
	window := max(len(br)/2-1, 0)
	var aM, bM [maxTokenRunes * 2]bool
	matches := 0
	for i, r := range ar {
		lo, hi := max(0, i-window), min(len(br), i+window+1)
		for j := lo; j < hi; j++ {
			if !bM[j] && br[j] == r {
				aM[i], bM[j] = true, true
				matches++
				break
			}
		}
	}
	if matches == 0 {
		return 0
	}
	transpositions, k := 0, 0
	for i := range ar {
		if !aM[i] {
			continue
		}
		for !bM[k] {
			k++
		}
		if ar[i] != br[k] {
			transpositions++
		}
		k++
	}
	mf := float64(matches)
	jaro := (mf/float64(len(ar)) + mf/float64(len(br)) + (mf-float64(transpositions)/2)/mf) / 3
	prefix := 0
	for prefix < min(4, len(ar)) && ar[prefix] == br[prefix] {
		prefix++
	}
	return jaro + float64(prefix)*0.1*(1-jaro)
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
