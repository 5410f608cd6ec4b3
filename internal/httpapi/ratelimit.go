package httpapi

import (
	"net/http"
	"net/netip"
	"strconv"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/limit"
)

// throttle is a class of anonymous, expensive routes sharing one rate limit per client address
// and one overall (issue 14 finding 2: without them a handful of clients could create accounts
// by the hundred).
type throttle int

const (
	notThrottled     throttle = iota
	signIns                   // password and access-code sign-ins: argon2id or a lockout count each
	signUps                   // registration, e-mail confirmation, mobile-user registration: writes
	publicReads               // public aggregates (landing-page figures, the public register)
	citizenTransfers          // a citizen's transfers, limited per account: a flood of fake payments
)

// Limits are the rates of each throttle class, per client address and overall.
type Limits struct {
	SignInPerAddress, SignInTotal         limit.Rate
	SignUpPerAddress, SignUpTotal         limit.Rate
	PublicReadPerAddress, PublicReadTotal limit.Rate
	// TransfersPerCitizen limits the transfers of one citizen account. Institutions report
	// through their feeds, bounded per request (batch.go), and answer for what they report.
	TransfersPerCitizen limit.Rate
}

// DefaultLimits leave room for an office behind one address and stop a script: 30 sign-ins a
// minute per address (failures are also counted per account and address, see signIn), 20
// registrations an hour per address and 600 overall, 120 public reads a minute per address, and
// 30 transfers a minute per citizen (a person paying by hand makes a few).
func DefaultLimits() Limits {
	return Limits{
		SignInPerAddress: limit.Rate{N: 30, Per: time.Minute}, SignInTotal: limit.Rate{N: 1200, Per: time.Minute},
		SignUpPerAddress: limit.Rate{N: 20, Per: time.Hour}, SignUpTotal: limit.Rate{N: 600, Per: time.Hour},
		PublicReadPerAddress: limit.Rate{N: 120, Per: time.Minute}, PublicReadTotal: limit.Rate{N: 6000, Per: time.Minute},
		TransfersPerCitizen: limit.Rate{N: 30, Per: time.Minute},
	}
}

func newLimiters(l Limits) map[throttle]*limit.Limiter {
	return map[throttle]*limit.Limiter{
		signIns:     limit.NewLimiter(l.SignInPerAddress, l.SignInTotal),
		signUps:     limit.NewLimiter(l.SignUpPerAddress, l.SignUpTotal),
		publicReads: limit.NewLimiter(l.PublicReadPerAddress, l.PublicReadTotal),
		// Per account, with no overall limit: citizens' payments together are not a flood.
		citizenTransfers: limit.NewLimiter(l.TransfersPerCitizen, limit.Rate{}),
	}
}

// checkThrottle takes a token of the route's class for the caller's address (for a citizen's
// transfers, for the account), answering 429 with Retry-After when none is left. Signed-in
// regulators are not limited: they register mobile users and accounts for others, and are trusted
// with it.
func (s *Server) checkThrottle(w http.ResponseWriter, r *http.Request, t throttle, p *domain.User) error {
	if t == notThrottled || (p != nil && !p.IsGuest && p.Role.IsRegulator()) {
		return nil
	}
	key := addressKey(s.clientIP(r))
	if t == citizenTransfers {
		if p == nil || p.Role != domain.RoleCitizen {
			return nil
		}
		key = p.ID
	}
	ok, wait := s.limiters[t].Allow(key)
	if ok {
		return nil
	}
	secs := int((wait + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	return tooManyRequests(secs)
}

// addressKey is the bucket of a client address: an IPv4 address, or the /64 network of an IPv6
// one, since a single IPv6 subscriber is handed a whole /64 and could otherwise change address
// at every request.
func addressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || a.Unmap().Is4() {
		return ip
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// tooManyRequests is the refusal of a throttled request, saying the wait in seconds below a
// minute and in whole minutes (rounded up) above.
func tooManyRequests(secs int) error {
	if secs < 60 {
		return domain.E(domain.ETOOMANY, CodeTooManyRequestsSeconds, "seconds", strconv.Itoa(max(secs, 1)))
	}
	return domain.E(domain.ETOOMANY, CodeTooManyRequestsMinutes, "minutes", strconv.Itoa((secs+59)/60))
}
