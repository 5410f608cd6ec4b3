package sanctions

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
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
// name (primary, alias, original script) of every entry is tokenised once; a posting list per
// blocking key (see tokenKeys) finds the candidates of a search without looking at the other
// entries. Building one for 20,000 entries costs about a quarter of a second of CPU (seconds of
// wall time on a busy machine): build the new index beside the one in use and swap the pointer.
type Index struct {
	entries  []Entry
	byRef    map[string]int
	names    []indexedName
	nameLen  []uint8          // parts of each name, apart from names so the candidate loop stays in cache
	keyID    map[string]int32 // blocking key → its posting list in postings
	postings [][]int32        // names (indexes into names) carrying each key
	scratch  sync.Pool
}

type indexedName struct {
	entry, name int32
	toks        []token
	repeats     bool // a part appears twice (Mohamed Mohamed Ali): see repeatedHits
}

func dupOfEarlier(qt []token, i int) bool {
	for j := range i {
		if qt[j].canon == qt[i].canon {
			return true
		}
	}
	return false
}

// repeatedHits: a part the query repeats counts again for each further time the name has it too.
func repeatedHits(qt, nt []token) int {
	extra := 0
	for i := range qt {
		if !dupOfEarlier(qt, i) {
			continue
		}
		inQuery, inName := 0, 0
		for j := range i + 1 {
			if qt[j].canon == qt[i].canon {
				inQuery++
			}
		}
		for _, t := range nt {
			if t.canon == qt[i].canon {
				inName++
			}
		}
		if inName >= inQuery {
			extra++
		}
	}
	return extra
}

// NewIndex builds an index over the lists' entries. A reference present in several lists keeps the
// first list's entry.
func NewIndex(lists ...*List) *Index {
	ix := &Index{byRef: map[string]int{}, keyID: map[string]int32{}}
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
			repeats := false
			for ti := range toks {
				repeats = repeats || dupOfEarlier(toks, ti)
			}
			var keys []int32
			for ti := range toks {
				for _, k := range tokenKeys(toks, ti, true) {
					kid, ok := ix.keyID[k]
					if !ok {
						kid = int32(len(ix.postings))
						ix.keyID[k] = kid
						ix.postings = append(ix.postings, nil)
					}
					if !slices.Contains(keys, kid) {
						keys = append(keys, kid)
						ix.postings[kid] = append(ix.postings[kid], id)
					}
				}
			}
			ix.names = append(ix.names, indexedName{entry: int32(ei), name: int32(ni), toks: toks, repeats: repeats})
			ix.nameLen = append(ix.nameLen, uint8(len(toks)))
		}
	}
	n := len(ix.names)
	ix.scratch.New = func() any { return &scratch{hits: make([]uint8, n), seen: make([]uint8, n)} }
	return ix
}

// tokenKeys are the blocking keys of a name's i-th part, for the index (indexSide) or a query. The
// index carries every kind of key; a query uses the most precise that can find its matches:
//   - "c", the canonical form: for a name the dictionary knows (all its spellings share it) and for
//     parts whose skeleton is too short to say much (Ali "l", Abdi "bd").
//   - "s", the phonetic skeleton, for other parts: it brings unknown spellings together (and is the
//     only key of a part transliterated from Arabic script). Known names do not use it in a query:
//     Mohamed and Mahmoud share the skeleton "mhmd", and every Mohamed on a list is a long walk.
//   - "p", the first letters of the canonical form, against a typo that changes a consonant (more of
//     them for Abd… and Abu… compounds, which all begin alike).
//   - for a bare Abdi followed by a name, the keys of the compound ("Abdi Nur" those of Abdinur), so
//     the two spellings find each other.
//
// A query part keeps the keys of every kind it would match in the index: an Arabic part's "s" meets
// every indexed part's skeleton.
func tokenKeys(toks []token, i int, indexSide bool) []string {
	t := toks[i]
	precise := t.known || len(t.skel) < 3
	var keys []string
	if indexSide || t.arabic || !precise {
		keys = append(keys, "s"+t.skel)
	}
	if indexSide || (precise && !t.arabic) || t.known {
		keys = append(keys, "c"+t.canon)
	}
	if t.known && !indexSide || t.arabic && indexSide {
		// "a": the skeleton again, carried only by parts transliterated from Arabic script, so that a
		// known name's precise query still finds its Arabic spellings (Jamil, جميل).
		keys = append(keys, "a"+t.skel)
	}
	if !t.arabic {
		p := 3
		if isCompound(t.canon) {
			p = 5
		}
		keys = append(keys, "p"+t.canon[:min(p, len(t.canon))])
	}
	if t.canon == "abdi" && i+1 < len(toks) {
		d := toks[i+1].canon
		if dn, ok := divineNames[d]; ok {
			d = dn
		}
		c := abdToken(d, "")
		keys = append(keys, "s"+c.skel, "p"+c.canon[:min(5, len(c.canon))])
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

// collect counts, for every indexed name sharing a blocking key with the query, how many query
// parts it shares; only these names are scored. Parts are taken rarest first, and once the parts
// left cannot bring a name not yet seen to need hits, the common parts' long posting lists (every
// Mohamed on the list) only add to names already found.
func (ix *Index) collect(qt []token, need, dups int) *scratch {
	sc := ix.scratch.Get().(*scratch)
	type part struct {
		i    int
		keys []int32
		size int
	}
	var parts []part
	for i := range qt {
		if dupOfEarlier(qt, i) { // a repeated part (Mohamed Mohamed Ali) is counted in Search
			continue
		}
		p := part{i: i}
		for _, k := range tokenKeys(qt, i, false) {
			if kid, ok := ix.keyID[k]; ok {
				p.keys = append(p.keys, kid)
				p.size += len(ix.postings[kid])
			}
		}
		parts = append(parts, p)
	}
	sort.Slice(parts, func(a, b int) bool { return parts[a].size < parts[b].size })
	for rank, p := range parts {
		mark := uint8(p.i + 1)
		if len(parts)-rank+dups < need {
			// No name first seen now can reach need: count this part for the names found so far.
			for _, k := range p.keys {
				for _, id := range ix.postings[k] {
					if sc.hits[id] != 0 && sc.seen[id] != mark {
						sc.seen[id] = mark
						sc.hits[id]++
					}
				}
			}
			continue
		}
		for _, k := range p.keys {
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
	return sc
}

// hitsFor is the fewest parts a name of le parts must share with a query of lq parts to be able to
// reach possible (bonus: the most date of birth and nationality can add).
func hitsFor(lq, le int, possible, bonus float64) int {
	return max(int(math.Ceil((possible-bonus)*bound(lq, le)-1e-9)), min(2, lq, le), 1)
}

// bound is the denominator of a name score (see score): it depends only on the two lengths, as
// every part is matched, conflicting or missing.
func bound(lq, le int) float64 {
	return float64(min(lq, le)) + missingWeight*float64(max(lq, le)-min(lq, le))
}

// Search returns the entries scoring at least th.Possible, best first (one match per entry, through
// its best name), at most limit of them (all when limit <= 0).
func (ix *Index) Search(q Query, th Thresholds, limit int) []Match {
	qt := tokenize(q.Name)
	if len(qt) == 0 || len(ix.names) == 0 {
		return nil
	}
	maxBonus := 0.0
	if q.DateOfBirth != "" {
		maxBonus += dobExactBonus
	}
	if q.Nationality != "" {
		maxBonus += natMatchBonus
	}
	dups := 0
	for i := range qt {
		if dupOfEarlier(qt, i) {
			dups++
		}
	}
	var needHits [maxTokens + 1]int
	for le := 1; le <= maxTokens; le++ {
		needHits[le] = hitsFor(len(qt), le, th.Possible, maxBonus)
	}
	sc := ix.collect(qt, slices.Min(needHits[1:]), dups)
	defer ix.scratch.Put(sc)
	best := map[int32]int{}
	var out []Match
	for _, id := range sc.touched {
		hits := int(sc.hits[id])
		sc.hits[id], sc.seen[id] = 0, 0
		// The parts a name shares with the query bound its score, whose denominator depends only
		// on the two lengths: a name sharing too few parts to reach th.Possible, whatever the date
		// of birth and nationality add, is not scored (needHits). A single common part such as
		// Mohamed is never a match on its own.
		le := ix.nameLen[id]
		if hits < needHits[le] && (dups == 0 || hits+dups < needHits[le]) {
			continue
		}
		n := &ix.names[id]
		if dups > 0 && n.repeats {
			hits += repeatedHits(qt, n.toks)
		}
		if hits < needHits[le] {
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
		// A low-quality alias (the UN's word: too broad to identify alone, "Abu Hamza") asks for a
		// review but never holds a payment by itself.
		if out[i].Score >= th.Strong && out[i].AliasQuality != "low" {
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
	s := sum / (float64(pairs) + float64(conflict) + missingWeight*float64(missing)) // = sum / bound(len(qt), len(et)) without a split compound

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

// jaroWinkler is the Jaro-Winkler similarity of two strings, prefix scale 0.1 up to four letters.
// Canonical name parts are ASCII almost always; other scripts are compared rune by rune.
func jaroWinkler(a, b string) float64 {
	if a == b {
		return 1
	}
	if isASCII(a) && isASCII(b) {
		return jw([]byte(a), []byte(b))
	}
	return jw([]rune(a), []rune(b))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func jw[T byte | rune](ar, br []T) float64 {
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
