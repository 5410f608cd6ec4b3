package httpapi

// Error codes of the HTTP layer: the stable machine codes of the errors its handlers answer
// (docs/API.md, Errors), each with its message in every language in internal/i18n. The domain's
// are in internal/domain/errcodes.go.
const (
	// Request bodies (json.go).
	CodeBodyNotSingleObject = "body_not_single_object"
	CodeBodyNotObject       = "body_not_object"
	CodeBodyNotJSONType     = "body_not_json_type"
	CodeBodyTooLarge        = "body_too_large"
	CodeBodyEmpty           = "body_empty"
	CodeBodyInvalidJSON     = "body_invalid_json"
	CodeBodyUnreadable      = "body_unreadable"
	CodeFieldTypeBody       = "field_type_body"    // a field of the wrong JSON type
	CodeFieldType           = "field_type"         // field: of the wrong JSON type
	CodeUnknownFieldBody    = "unknown_field_body" // a field the route does not take
	CodeUnknownField        = "unknown_field"      // field: not taken by the route
	CodePathNotText         = "path_not_text"      // the address holds NUL or bytes that are not UTF-8
	CodeQueryNotText        = "query_not_text"     // query parameters that are not UTF-8 text
	CodeNotText             = "not_text"           // field: not UTF-8 text, or holds NUL
	CodeBodyNUL             = "body_nul"           // a JSON string holds NUL
	CodeNUL                 = "nul"                // field: holds NUL
	CodeBatchLine           = "batch_line"         // a line of an NDJSON batch is not a transaction

	// Routing and access (server.go, access.go).
	CodeMethodNotAllowed       = "method_not_allowed"
	CodeNoEndpoint             = "no_endpoint"
	CodeAPIKeyNotAllowed       = "api_key_not_allowed"
	CodeAPIKeyScope            = "api_key_scope"
	CodePasswordChangeRequired = "password_change_required"
	CodeGuestReadOnly          = "guest_read_only"
	CodeRoleForbidden          = "role_forbidden"
	CodeGuestSearch            = "guest_search"       // guests search by reference only
	CodeGuestSearchField       = "guest_search_field" // field: what a guest may search by

	// Signing in (auth.go, totp_login.go).
	CodeSignInFields           = "sign_in_fields"
	CodeGuestSignInFields      = "guest_sign_in_fields"
	CodeBadCredentials         = "bad_credentials"
	CodeBadGuestCredentials    = "bad_guest_credentials"
	CodeTooManySignIns         = "too_many_sign_ins"
	CodeSecondFactorWrong      = "second_factor_wrong"
	CodeSecondFactorRequired   = "second_factor_required" // the password was right; now the code
	CodeCrossOrigin            = "cross_origin"           // a state change sent from another site
	CodeCurrentPasswordWrong   = "current_password_wrong"
	CodeNotCurrentPassword     = "not_current_password" // field
	CodePasswordUnchanged      = "password_unchanged"
	CodeSamePassword           = "same_password" // field
	CodeTOTPRequired           = "totp_required"
	CodeTOTPNoSetup            = "totp_no_setup"
	CodeTOTPCodeWrong          = "totp_code_wrong"
	CodeTOTPCurrentCode        = "totp_current_code" // field
	CodeTOTPCodeOrPassword     = "totp_code_or_password"
	CodeCodeOrPassword         = "code_or_password" // field
	CodeTOTPProofWrong         = "totp_proof_wrong"
	CodePasswordFirst          = "password_first" // field: no sign-in challenge
	CodeSecondFactorFields     = "second_factor_fields"
	CodeTooManyWrongCodes      = "too_many_wrong_codes"
	CodeConfirmationIncomplete = "confirmation_incomplete"
	CodeTokenRequired          = "token_required" // field
	CodeNotRight               = "not_right"      // field: a code or password that is not right

	// Rate limits and live connections (ratelimit.go, sockets.go).
	CodeTooManyRequestsSeconds = "too_many_requests_seconds" // throttled: wait {seconds}
	CodeTooManyRequestsMinutes = "too_many_requests_minutes" // throttled: wait {minutes}
	CodeTooManySockets         = "too_many_sockets"          // {max} live connections open already

	// Uploads (objects.go).
	CodeUploadLinkUsed  = "upload_link_used"  // the signed link was used already
	CodeUploadFileAgain = "upload_file_again" // a file reference that is not an upload of this user
	CodeNotUploaded     = "not_uploaded"      // field: the same
)

// Catalogue codes of the messages the server sends (not errors): each in the recipient's
// language, from the same catalogue.
const (
	CodeAccessCodeSMS     = "access_code_sms"     // the access code, by SMS to the mobile user
	CodeAccessCodeSubject = "access_code_subject" // the access code e-mail's subject
	CodeAccessCodeEmail   = "access_code_email"   // the access code, by e-mail to an administrator

	// Report PDFs (reports.go), in the reader's language.
	CodeReportGenerated    = "report_generated"
	CodeReportFigure       = "report_figure"
	CodeReportValue        = "report_value"
	CodeReportPeriod       = "report_period"
	CodeReportType         = "report_type"
	CodeReportStatus       = "report_status"
	CodeReportTransactions = "report_transactions"
	CodeReportVolume       = "report_volume"
	CodeReportHighRisk     = "report_high_risk"
	CodeReportOpenAlerts   = "report_open_alerts"
	CodeReportActivePSPs   = "report_active_psps"
	CodeReportKYCScore     = "report_kyc_score"
	CodeReportVolumeIn     = "report_volume_in"
	CodeReportAlertsOf     = "report_alerts_of"
	CodeReportTypeMonthly  = "report_type_monthly_transaction" // "report_type_" + the report's type
	CodeReportTypeAMLCFT   = "report_type_aml_cft"
)

// Query filters and pages (filters.go, audit.go, transactions.go and each list).
const (
	CodeFiltersInvalid      = "filters_invalid"
	CodeNoParams            = "no_params"
	CodeParamsUnknown       = "params_unknown"
	CodePageInvalid         = "page_invalid"
	CodeLimitInvalid        = "limit_invalid"
	CodeUnknownFilter       = "unknown_filter"        // field
	CodeOneOf               = "one_of"                // field: one of {values}
	CodeInstitutionID       = "institution_id"        // field
	CodeAssigneeFormat      = "assignee_format"       // field
	CodeActorFormat         = "actor_format"          // field
	CodeTrueOrFalse         = "true_or_false"         // field
	CodeTrueOrAbsent        = "true_or_absent"        // field
	CodeAgeFormat           = "age_format"            // field
	CodeDateOrTime          = "date_or_time"          // field
	CodeDateFormat          = "date_format"           // field: {example}
	CodeMonthFormat         = "month_format"          // field
	CodeAfterStart          = "after_start"           // field: an end not after its start
	CodeAmountExample       = "amount_example"        // field: {example}
	CodeNotBelowMin         = "not_below_min"         // field
	CodePositiveWholeNumber = "positive_whole_number" // field
)

// Forms and actions of the HTTP layer's own checks.
const (
	CodePeriodInvalid              = "period_invalid"
	CodePeriodDays                 = "period_days" // field
	CodeSectionUnknown             = "section_unknown"
	CodeSection                    = "section" // field
	CodeLogoUploadAgain            = "logo_upload_again"
	CodeLogoTooLarge               = "logo_too_large"          // {megabytes}
	CodeProfileImageTooLarge       = "profile_image_too_large" // {megabytes}
	CodeApplicationDecisionInvalid = "application_decision_invalid"
	CodeApplicationDecision        = "application_decision" // field
	CodeRefusalReason              = "refusal_reason"
	CodeReasonTooLong              = "reason_too_long"
	CodeDateNotPast                = "date_not_past"         // field
	CodeDateWithinTwoYears         = "date_within_two_years" // field
	CodeAuditScope                 = "audit_scope"           // field
	CodeProposalConfirmStatus      = "proposal_confirm_status"
	CodeProposalDismissStatus      = "proposal_dismiss_status"
	CodeLicenseReason              = "license_reason"
	CodePrivilegedRole             = "privileged_role" // {role}
	CodeReportRequestInvalid       = "report_request_invalid"
	CodeReportDraft                = "report_draft" // field
	CodeQuoteInvalid               = "quote_invalid"
	CodeIdempotencyKeyFormat       = "idempotency_key_format"
	CodeLicenseNotActive           = "license_not_active" // {status}

	// Sanctions (sanctions.go) and the ISO 20022 feed (iso20022.go).
	CodeSanctionsMediaType = "sanctions_media_type"
	CodeSanctionsTooLarge  = "sanctions_too_large"
	CodeDecisionInvalid    = "decision_invalid"
	CodeSayWhy             = "say_why" // field: {max}
	CodeNameToCheck        = "name_to_check"
	CodeNameToCheckField   = "name_to_check_field" // field: {max}
	CodeISOMediaType       = "iso_media_type"
	CodeISOTooLarge        = "iso_too_large"
	CodeISOInvalid         = "iso_invalid" // {path}: {detail}
	CodeISOElement         = "iso_element" // field: {detail}
)
