package domain

import "slices"

// Statuses of an AML alert's case (001 §7): open when raised, investigating once an analyst takes
// it up, and closed as resolved or as a false positive.
const (
	AlertOpen          = "open"
	AlertInvestigating = "investigating"
	AlertResolved      = "resolved"
	AlertFalsePositive = "false_positive"
)

// AlertStatuses are every case status, in the order the queue's tabs show them.
var AlertStatuses = []string{AlertOpen, AlertInvestigating, AlertResolved, AlertFalsePositive}

// AlertActiveStatuses are the statuses of a case still to handle: only such a case can be
// overdue.
var AlertActiveStatuses = []string{AlertOpen, AlertInvestigating}

// AlertClosed reports whether a case status closes the case (someone resolved it and said how).
func AlertClosed(status string) bool { return status == AlertResolved || status == AlertFalsePositive }

// Case actions an analyst takes on an AML alert.
const (
	CaseAssign      = "assign"
	CaseInvestigate = "investigate"
	CaseNote        = "note"
	CaseResolve     = "resolve"
	CaseClose       = "close"
)

// CaseStep is what a case action does: the statuses it may leave from, the status it leads to
// ("" keeps the current one) and whether it assigns the case to whoever acts.
type CaseStep struct {
	From    []string
	To      string
	Assigns bool
}

// Allows reports whether the step may leave from a status.
func (c CaseStep) Allows(status string) bool { return slices.Contains(c.From, status) }

// Next is the status after the step from a status it allows.
func (c CaseStep) Next(current string) string {
	if c.To == "" {
		return current
	}
	return c.To
}

// caseSteps are the case workflow: assigning and closing apply to a case still to handle,
// investigating and resolving directly to an open one; a note may be added at any time.
// Closing leads to the outcome the analyst chooses (CaseTransition).
var caseSteps = map[string]CaseStep{
	CaseAssign:      {From: AlertActiveStatuses, Assigns: true},
	CaseInvestigate: {From: []string{AlertOpen}, To: AlertInvestigating, Assigns: true},
	CaseNote:        {From: AlertStatuses},
	CaseResolve:     {From: []string{AlertOpen}, To: AlertResolved},
	CaseClose:       {From: AlertActiveStatuses},
}

// CaseTransition is the step of a case action; outcome is the closing status the close action
// leads to (resolved or false_positive) and is ignored by the others. An unknown action or
// outcome is an EINVALID error naming the field.
func CaseTransition(action, outcome string) (CaseStep, error) {
	step, ok := caseSteps[action]
	if !ok {
		return CaseStep{}, Invalid(CodeAlertActionInvalid, map[string]Fault{"action": F(CodeAlertAction)})
	}
	if action == CaseClose {
		if !AlertClosed(outcome) {
			return CaseStep{}, Invalid(CodeAlertOutcomeInvalid, map[string]Fault{"outcome": F(CodeAlertOutcome)})
		}
		step.To = outcome
	}
	return step, nil
}
