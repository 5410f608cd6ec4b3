package store

import "testing"

// TestCompliancePercent: the compliance rate is compliant of all as a whole percent, rounded
// half up, 0 when there are no applications (001 §9).
func TestCompliancePercent(t *testing.T) {
	for _, c := range []struct{ compliant, all, want int64 }{
		{0, 0, 0}, {1, 3, 33}, {2, 3, 67}, {1, 1, 100}, {0, 1, 0}, {1, 8, 13}, {150, 600, 25},
	} {
		if got := compliancePercent(c.compliant, c.all); got != c.want {
			t.Errorf("compliancePercent(%d, %d) = %d, want %d", c.compliant, c.all, got, c.want)
		}
	}
}
