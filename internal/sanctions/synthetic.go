package sanctions

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// SyntheticList builds n fictional list entries for measuring screening at a real list's size
// (the benchmarks of this package, internal/screening and internal/httpapi): half the name parts
// from the dictionary's Somali and Arabic names, the few most common (Mohamed above all) much more often, the other half from a few thousand
// made-up names (lineage names, nicknames and names from elsewhere, which a real list of 20,000
// entries is full of). Each entry has two aliases in other spellings. Deterministic for a seed.
func SyntheticList(n int, seed uint64) *List {
	rng := rand.New(rand.NewPCG(seed, 2026))
	var groups [][]string
	for _, g := range nameGroups {
		groups = append(groups, strings.Fields(g))
	}
	syll := strings.Fields("ba bi bu da di du fa ga go ha hi ja ka ki ku la li lu ma mi mo na ni nu ra ri ro sa si so ta ti wa ya yu qo xa ca ce dhu sha ro le re")
	made := make([][]string, 3000)
	for i := range made {
		w := ""
		for range 2 + rng.IntN(2) {
			w += syll[rng.IntN(len(syll))]
		}
		made[i] = []string{strings.ToUpper(w[:1]) + w[1:]}
	}
	common := []int{0, 0, 0, 2, 8, 9, 3}
	name := func() []string {
		switch rng.IntN(6) {
		case 0:
			return groups[common[rng.IntN(len(common))]]
		case 1, 2:
			return groups[rng.IntN(len(groups))]
		}
		return made[rng.IntN(len(made))]
	}
	l := &List{Source: "domestic"}
	for i := range n {
		parts := make([][]string, 3+rng.IntN(2))
		for p := range parts {
			parts[p] = name()
		}
		e := Entry{Ref: fmt.Sprintf("SYN-%05d", i), Kind: "individual", DatesOfBirth: []string{fmt.Sprint(1950 + rng.IntN(50))}, Nationalities: []string{"SO"}}
		for a := range 3 {
			var full []string
			for _, g := range parts {
				full = append(full, g[rng.IntN(len(g))])
			}
			q := "good"
			if a == 0 {
				q = "primary"
			}
			e.Names = append(e.Names, Name{Full: strings.Join(full, " "), Quality: q, Script: "latin"})
		}
		l.Entries = append(l.Entries, e)
	}
	return l
}
