package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// thresholdsJSON is the AML rule set as the Settings screen edits it: money as decimal strings,
// windows in minutes.
type thresholdsJSON struct {
	LargeValueUSD            string         `json:"largeValueUsd"`
	LargeValueSHS            string         `json:"largeValueShs"`
	StructuringCount         int            `json:"structuringCount"`
	StructuringWindowMinutes int            `json:"structuringWindowMinutes"`
	StructuringFloorPct      int            `json:"structuringFloorPct"`
	VelocityCount            int            `json:"velocityCount"`
	VelocityWindowMinutes    int            `json:"velocityWindowMinutes"`
	RoundUnitUSD             string         `json:"roundUnitUsd"`
	RoundUnitSHS             string         `json:"roundUnitShs"`
	PassThroughWindowMinutes int            `json:"passThroughWindowMinutes"`
	PassThroughPct           int            `json:"passThroughPct"`
	PassThroughMinUSD        string         `json:"passThroughMinUsd"`
	OfflineHighValueUSD      string         `json:"offlineHighValueUsd"`
	NewWalletAgeMinutes      int            `json:"newWalletAgeMinutes"`
	NewWalletVolumeUSD       string         `json:"newWalletVolumeUsd"`
	Weights                  map[string]int `json:"weights"`
	MediumAt                 int            `json:"mediumAt"`
	HighAt                   int            `json:"highAt"`
	CriticalAt               int            `json:"criticalAt"`
}

func toThresholdsJSON(th domain.AMLThresholds) thresholdsJSON {
	m := func(d time.Duration) int { return int(d / time.Minute) }
	return thresholdsJSON{LargeValueUSD: th.LargeValue[domain.USD].String(), LargeValueSHS: th.LargeValue[domain.SHS].String(),
		StructuringCount: th.StructuringCount, StructuringWindowMinutes: m(th.StructuringWindow), StructuringFloorPct: th.StructuringFloorPct,
		VelocityCount: th.VelocityCount, VelocityWindowMinutes: m(th.VelocityWindow), RoundUnitUSD: th.RoundUnit[domain.USD].String(),
		RoundUnitSHS: th.RoundUnit[domain.SHS].String(), PassThroughWindowMinutes: m(th.PassThroughWindow), PassThroughPct: th.PassThroughPct,
		PassThroughMinUSD: th.PassThroughMinUSD.String(), OfflineHighValueUSD: th.OfflineHighValueUSD.String(),
		NewWalletAgeMinutes: m(th.NewWalletAge), NewWalletVolumeUSD: th.NewWalletVolumeUSD.String(), Weights: th.Weights,
		MediumAt: th.MediumAt, HighAt: th.HighAt, CriticalAt: th.CriticalAt}
}

func (j thresholdsJSON) toDomain() (domain.AMLThresholds, error) {
	f := map[string]domain.Fault{}
	money := func(key, v string) domain.Minor {
		m, ok := domain.ParseAmount(v)
		if !ok {
			f[key] = domain.F(CodeAmountExample, "example", "1000")
		}
		return m
	}
	d := func(min int) time.Duration { return time.Duration(min) * time.Minute }
	th := domain.AMLThresholds{
		LargeValue:       map[domain.Currency]domain.Minor{domain.USD: money("largeValueUsd", j.LargeValueUSD), domain.SHS: money("largeValueShs", j.LargeValueSHS)},
		StructuringCount: j.StructuringCount, StructuringWindow: d(j.StructuringWindowMinutes), StructuringFloorPct: j.StructuringFloorPct,
		VelocityCount: j.VelocityCount, VelocityWindow: d(j.VelocityWindowMinutes),
		RoundUnit:         map[domain.Currency]domain.Minor{domain.USD: money("roundUnitUsd", j.RoundUnitUSD), domain.SHS: money("roundUnitShs", j.RoundUnitSHS)},
		PassThroughWindow: d(j.PassThroughWindowMinutes), PassThroughPct: j.PassThroughPct, PassThroughMinUSD: money("passThroughMinUsd", j.PassThroughMinUSD),
		OfflineHighValueUSD: money("offlineHighValueUsd", j.OfflineHighValueUSD), NewWalletAge: d(j.NewWalletAgeMinutes),
		NewWalletVolumeUSD: money("newWalletVolumeUsd", j.NewWalletVolumeUSD), Weights: j.Weights,
		MediumAt: j.MediumAt, HighAt: j.HighAt, CriticalAt: j.CriticalAt}
	if len(f) > 0 {
		return th, domain.Invalid(domain.CodeThresholdsInvalid, f)
	}
	if err := th.Validate(); err != nil {
		if e, ok := err.(*domain.Error); ok {
			renamed := map[string]domain.Fault{}
			for k, v := range e.Fields {
				if api, ok := apiThresholdField[k]; ok {
					k = api
				}
				renamed[k] = v
			}
			e.Fields = renamed
		}
		return th, err
	}
	return th, nil
}

// apiThresholdField names the domain's threshold fields as this API's JSON does.
var apiThresholdField = map[string]string{
	"largeValueUSD": "largeValueUsd", "largeValueSHS": "largeValueShs", "roundUnitUSD": "roundUnitUsd",
	"roundUnitSHS": "roundUnitShs", "structuringWindow": "structuringWindowMinutes", "velocityWindow": "velocityWindowMinutes",
	"passThroughWindow": "passThroughWindowMinutes", "newWalletAge": "newWalletAgeMinutes", "levels": "highAt",
}

type ruleSetJSON struct {
	Version        int            `json:"version"`
	Status         string         `json:"status"`
	Thresholds     thresholdsJSON `json:"thresholds"`
	Note           *string        `json:"note"`
	ProposedBy     *string        `json:"proposedBy"`
	ProposedByName *string        `json:"proposedByName"`
	ProposedAt     time.Time      `json:"proposedAt"`
	DecidedBy      *string        `json:"decidedBy"`
	DecidedByName  *string        `json:"decidedByName"`
	DecidedAt      *time.Time     `json:"decidedAt"`
	DecisionNote   *string        `json:"decisionNote"`
}

func toRuleSetJSON(r *store.RuleSet) ruleSetJSON {
	return ruleSetJSON{Version: r.Version, Status: r.Status, Thresholds: toThresholdsJSON(r.Thresholds), Note: optional(r.Note),
		ProposedBy: optional(r.ProposedBy), ProposedByName: optional(r.ProposedByName), ProposedAt: r.ProposedAt,
		DecidedBy: optional(r.DecidedBy), DecidedByName: optional(r.DecidedByName),
		DecidedAt: optionalTime(r.DecidedAt), DecisionNote: optional(r.DecisionNote)}
}

// cachedRules is the active rule set with when it was read.
type cachedRules struct {
	th   domain.AMLThresholds
	read time.Time
}

// rulesCacheTTL bounds how long an instance scores with a rule set another instance replaced.
const rulesCacheTTL = 5 * time.Second

// scoring is the AML rule set in force, read from the database at most every few seconds.
func (s *Server) scoring() store.Scoring {
	if c := s.rules.Load(); c != nil && time.Since(c.read) < rulesCacheTTL {
		return store.Scoring{Thresholds: c.th}
	}
	rs, err := s.store.ActiveRuleSet(context.Background())
	if err != nil {
		s.log.Warn("reading the AML rules failed; scoring with the last known ones", "err", err)
		if c := s.rules.Load(); c != nil {
			return store.Scoring{Thresholds: c.th}
		}
		return store.Scoring{Thresholds: domain.DefaultAMLThresholds()}
	}
	s.rules.Store(&cachedRules{th: rs.Thresholds, read: time.Now()})
	return store.Scoring{Thresholds: rs.Thresholds}
}

// amlSettingsJSON is the rule set in force and every version, proposals included.
type amlSettingsJSON struct {
	Active   ruleSetJSON   `json:"active"`
	Versions []ruleSetJSON `json:"versions"`
}

// amlSettings is GET /api/settings/aml: the rules in force and every version.
func (s *Server) amlSettings(w http.ResponseWriter, r *http.Request) error {
	active, err := s.store.ActiveRuleSet(r.Context())
	if err != nil {
		return err
	}
	all, err := s.store.RuleSets(r.Context())
	if err != nil {
		return err
	}
	versions := make([]ruleSetJSON, len(all))
	for i, rs := range all {
		versions[i] = toRuleSetJSON(rs)
	}
	writeJSON(w, http.StatusOK, amlSettingsJSON{Active: toRuleSetJSON(active), Versions: versions})
	return nil
}

// ruleProposalInput is the request body of proposeRules.
type ruleProposalInput struct {
	Thresholds thresholdsJSON `json:"thresholds"`
	Note       string         `json:"note"`
}

// proposeRules is POST /api/settings/aml/proposals {thresholds, note}: a regulator proposes new
// values; they take effect only when a different cbsl_admin approves them.
func (s *Server) proposeRules(w http.ResponseWriter, r *http.Request) error {
	var in ruleProposalInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	th, err := in.Thresholds.toDomain()
	if err != nil {
		return err
	}
	rs, err := s.store.ProposeRuleSet(r.Context(), th, strings.TrimSpace(in.Note), principalFrom(r.Context()).ID, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toRuleSetJSON(rs))
	return nil
}

func pathVersion(r *http.Request) (int, error) {
	v, err := strconv.Atoi(r.PathValue("version"))
	if err != nil || v < 1 {
		return 0, domain.E(domain.ENOTFOUND, domain.CodeRuleVersionNotFound)
	}
	return v, nil
}

// backtestJSON compares how the last days' transactions were classified (current) with how the
// proposal would have classified them, per risk level.
type backtestJSON struct {
	Days             int            `json:"days"`
	Since            time.Time      `json:"since"`
	Transactions     int            `json:"transactions"`
	CurrentVersion   int            `json:"currentVersion"`
	ProposedVersion  int            `json:"proposedVersion"`
	Current          map[string]int `json:"current"`
	Proposed         map[string]int `json:"proposed"`
	HighRiskCurrent  int            `json:"highRiskCurrent"`
	HighRiskProposed int            `json:"highRiskProposed"`
}

// backtestRules is GET /api/settings/aml/proposals/{version}/backtest: how the last 30 days'
// transactions would have been classified under the proposal versus the rules in force.
func (s *Server) backtestRules(w http.ResponseWriter, r *http.Request) error {
	v, err := pathVersion(r)
	if err != nil {
		return err
	}
	proposed, err := s.store.RuleSet(r.Context(), v)
	if err != nil {
		return err
	}
	active, err := s.store.ActiveRuleSet(r.Context())
	if err != nil {
		return err
	}
	bt := domain.NewBacktest(active.Thresholds, proposed.Thresholds)
	since := s.store.Now().AddDate(0, 0, -30)
	if err := s.store.BacktestRows(r.Context(), since, bt.Add); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, backtestJSON{Days: 30, Since: since, Transactions: bt.Total,
		CurrentVersion: active.Version, ProposedVersion: v, Current: bt.Counts["current"], Proposed: bt.Counts["proposed"],
		HighRiskCurrent: bt.Counts["current"]["high"], HighRiskProposed: bt.Counts["proposed"]["high"]})
	return nil
}

// approveRules is POST /api/settings/aml/proposals/{version}/approve (a cbsl_admin other than the
// proposer): the proposal becomes the rules in force.
func (s *Server) approveRules(w http.ResponseWriter, r *http.Request) error {
	return s.decideRules(w, r, true)
}

// rejectRules is POST /api/settings/aml/proposals/{version}/reject {note}.
func (s *Server) rejectRules(w http.ResponseWriter, r *http.Request) error {
	return s.decideRules(w, r, false)
}

// ruleDecisionInput is the request body of decideRules.
type ruleDecisionInput struct {
	Note string `json:"note"`
}

func (s *Server) decideRules(w http.ResponseWriter, r *http.Request, approve bool) error {
	v, err := pathVersion(r)
	if err != nil {
		return err
	}
	var in ruleDecisionInput
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	rs, err := s.store.DecideRuleSet(r.Context(), v, approve, principalFrom(r.Context()).ID, strings.TrimSpace(in.Note), s.audit(r, "", ""))
	if err != nil {
		return err
	}
	s.rules.Store(nil) // score with the new rules at once on this instance
	writeJSON(w, http.StatusOK, toRuleSetJSON(rs))
	return nil
}
