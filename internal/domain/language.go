package domain

// Languages are the interface languages a person may choose (web/src/i18n), English first: the
// one used when a person has none. The database CHECKs the same list (migration 0037).
var Languages = []string{"en", "so", "fr"}

// IsLanguage reports whether code is one of Languages.
func IsLanguage(code string) bool {
	for _, l := range Languages {
		if l == code {
			return true
		}
	}
	return false
}
