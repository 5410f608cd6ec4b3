package limit

import (
	"testing"
	"time"
)

func TestLimiterPerKeyAndTotal(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	l := NewLimiter(Rate{N: 2, Per: time.Minute}, Rate{N: 3, Per: time.Hour})
	l.now = func() time.Time { return now }
	for i, want := range []bool{true, true, false} {
		if ok, _ := l.Allow("a"); ok != want {
			t.Fatalf("request %d of a: %v, want %v", i+1, ok, want)
		}
	}
	if ok, wait := l.Allow("a"); ok || wait < 29*time.Second || wait > 31*time.Second {
		t.Fatalf("a's retry after %v, want about 30s", wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("b is limited by a's use")
	}
	// Three requests an hour overall: b's second one finds none left, whoever asks.
	if ok, wait := l.Allow("b"); ok || wait < 19*time.Minute {
		t.Fatalf("overall limit: ok=%v wait %v", ok, wait)
	}
	now = now.Add(time.Hour)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("the buckets did not refill")
	}
	if ok, _ := NewLimiter(Rate{}, Rate{}).Allow("x"); !ok {
		t.Fatal("zero rates limit")
	}
}

func TestParseRate(t *testing.T) {
	for in, want := range map[string]Rate{"30/m": {30, time.Minute}, "600/h": {600, time.Hour}, "5/s": {5, time.Second}, "0": {}} {
		got, err := ParseRate(in)
		if err != nil || got != want || got.String() != in {
			t.Errorf("ParseRate(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "30", "x/m", "-1/m", "5/d", "0/m"} {
		if _, err := ParseRate(bad); err == nil {
			t.Errorf("ParseRate(%q) accepted", bad)
		}
	}
}
