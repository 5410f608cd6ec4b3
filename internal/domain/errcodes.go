package domain

// Error codes of the domain's rules: the stable machine codes of error answers and of their
// fields (docs/API.md, Errors), each with its message in every language in internal/i18n. A
// client acts on these, never on a message; renaming one breaks clients.
const (
	CodeRequired = "required" // a field that must be given is empty

	// Transfers (001 §5).
	CodeTransferInvalid   = "transfer_invalid"    // the transfer's fields are at fault
	CodeNoRoute           = "no_route"            // no payment route takes the transfer
	CodeNoRouteAmount     = "no_route_amount"     // field: no route takes this amount in this mode
	CodeAccountType       = "account_type"        // field: neither wallet nor bank
	CodeCurrency          = "currency"            // field: neither SHS nor USD
	CodeMode              = "mode"                // field: neither online nor offline
	CodeAmountNotPositive = "amount_not_positive" // field: zero or negative
	CodeAmountFormat      = "amount_format"       // field: not a plain decimal number
	CodeAmountTooLarge    = "amount_too_large"    // field: above the maximum
	CodeWalletFormat      = "wallet_format"       // field: not a wallet number
	CodeBankFormat        = "bank_format"         // field: not a bank account number
	CodeUnknownOperator   = "unknown_operator"    // field: no such wallet operator
	CodeUnknownBank       = "unknown_bank"        // field: no such bank
	CodeNotLicensed       = "not_licensed"        // field: the institution's licence is not active
	CodeOperatorMode      = "operator_mode"       // field: the institution does not serve this mode
	CodeWrongPrefix       = "wrong_prefix"        // field: the number is not the operator's

	// Field names written before a fault's message (Fault.For).
	CodeLabelSenderType          = "label_sender_type"
	CodeLabelReceiverType        = "label_receiver_type"
	CodeLabelSenderNumber        = "label_sender_number"
	CodeLabelReceiverNumber      = "label_receiver_number"
	CodeLabelSenderInstitution   = "label_sender_institution"
	CodeLabelReceiverInstitution = "label_receiver_institution"
)

// Codes shared by several areas.
const (
	CodeFieldsInvalid  = "fields_invalid"   // some fields are at fault; see each
	CodeSignInRequired = "sign_in_required" // no or bad credentials
	CodeTooLong        = "too_long"         // field: longer than allowed
	CodeLicenseTaken   = "license_taken"    // a licence number already held
	CodeLicenseInUse   = "license_in_use"   // field: the licence number is held already
)

// KYC applications (001 §5): one rule, and one message, per field.
const (
	CodeKYCFullName       = "kyc_full_name"
	CodeKYCNationalID     = "kyc_national_id"
	CodeKYCPhone          = "kyc_phone"
	CodeKYCEmail          = "kyc_email"
	CodeKYCAddress        = "kyc_address"
	CodeKYCDocumentType   = "kyc_document_type"
	CodeKYCDocumentNumber = "kyc_document_number"
)

// Institution applications (internal/domain/institution.go) and other forms that name a field in
// its message ("{label} is required", the label being one of the label codes).
const (
	CodeNamedRequired      = "named_required"
	CodeNamedTooShort      = "named_too_short"
	CodeNamedTooLong       = "named_too_long"
	CodeInstitutionType    = "institution_type"     // field: neither PSP nor MNO
	CodeLicenseCharacters  = "license_characters"   // field: characters a licence number may not hold
	CodeEmailInvalid       = "email_invalid"        // field: not an e-mail address
	CodePhoneInvalid       = "phone_invalid"        // field: not a phone number
	CodeDescriptionTooLong = "description_too_long" // field: above 2000 characters
	CodeUploadAgain        = "upload_again"         // field: not a file uploaded here
	CodeApplicationPending = "application_pending"  // field: a new application is always pending
	CodeRejectionReason    = "rejection_reason"     // a rejection without a reason
	CodeReasonRequired     = "reason_required"      // field: a reason must be given

	CodeLabelInstitutionName = "label_institution_name"
	CodeLabelLicenseNumber   = "label_license_number"
	CodeLabelContactEmail    = "label_contact_email"
	CodeLabelContactPhone    = "label_contact_phone"
	CodeLabelContactPerson   = "label_contact_person"
	CodeLabelBusinessAddress = "label_business_address"
)

// Records not found (404).
const (
	CodeAlertNotFound          = "alert_not_found"
	CodeAPIKeyNotFound         = "api_key_not_found"
	CodeApplicationNotFound    = "application_not_found"
	CodeApprovalNotFound       = "approval_not_found"
	CodeAuditNotFound          = "audit_not_found"
	CodeFileNotFound           = "file_not_found"
	CodeInstitutionNotFound    = "institution_not_found"
	CodeKYCApplicationNotFound = "kyc_application_not_found"
	CodeMobileUserNotFound     = "mobile_user_not_found"
	CodeReportNotFound         = "report_not_found"
	CodeRuleVersionNotFound    = "rule_version_not_found"
	CodeSessionNotFound        = "session_not_found"
	CodeTokenNotFound          = "token_not_found"
	CodeTOTPNotFound           = "totp_not_found"
	CodeTransactionNotFound    = "transaction_not_found"
	CodeUserNotFound           = "user_not_found"
)

// Accounts and passwords (internal/domain/user.go, password.go).
const (
	CodePasswordRequired    = "password_required"
	CodePasswordTooShort    = "password_too_short"
	CodePasswordTooLong     = "password_too_long"
	CodePasswordCommon      = "password_common"
	CodePasswordPersonal    = "password_personal"
	CodeNamedMax100         = "named_max_100"
	CodeRoleUnknown         = "role_unknown"
	CodeInstitutionTooLong  = "institution_too_long"
	CodeInstitutionRequired = "institution_required"
	CodeLabelEmail          = "label_email"
	CodeLabelFirstName      = "label_first_name"
	CodeLabelLastName       = "label_last_name"
)

// Signing in, second factor and registration (shared by internal/store and internal/httpapi).
const (
	CodeTOTPAlreadyOn           = "totp_already_on"
	CodeTOTPSetupStale          = "totp_setup_stale"
	CodeTOTPCodeInvalid         = "totp_code_invalid"
	CodeSignInExpired           = "sign_in_expired"
	CodeServerBusy              = "server_busy"
	CodeConfirmationLinkInvalid = "confirmation_link_invalid"
	CodeAddressHasAccount       = "address_has_account"
	CodeAccountExists           = "account_exists"
	CodeEmailHasAccount         = "email_has_account"
	CodeGuestUnitsUsedUp        = "guest_units_used_up"
)

// Dual control: who may approve a proposal (internal/domain/approval.go).
const (
	CodeApproverNotAdmin           = "approver_not_admin"
	CodeApproverIsProposer         = "approver_is_proposer"
	CodeApproverCreatedByProposer  = "approver_created_by_proposer"
	CodeApproverPromotedByProposer = "approver_promoted_by_proposer"
	CodeApproverIsTarget           = "approver_is_target"
	CodeApproverCreatedTarget      = "approver_created_target"
)

// Mobile access (internal/domain/mobile.go, internal/store/mobile.go, internal/httpapi/mobile.go).
const (
	CodeMobileUserExists      = "mobile_user_exists"       // a phone number or national ID already registered
	CodeMobileTransition      = "mobile_transition"        // the user's status cannot move to the one asked
	CodeMobileStatusInvalid   = "mobile_status_invalid"    // a status that is not approved, suspended or revoked
	CodeMobileStatus          = "mobile_status"            // field: the same
	CodeMobileReasonRequired  = "mobile_reason_required"   // a suspension or revocation without a reason
	CodeMobilePhone           = "mobile_phone"             // field: not a Somali mobile number
	CodePlatform              = "platform"                 // field: neither android nor ios
	CodeMaxChars              = "max_chars"                // field: longer than {max} characters
	CodeAccessCodeNeedsUser   = "access_code_needs_user"   // codes go to approved users only
	CodeMobileUserNotApproved = "mobile_user_not_approved" // field: the user is not approved
	CodeChooseApprovedUser    = "choose_approved_user"     // field: no user chosen
	CodeNotificationMethod    = "notification_method"      // field: neither both, sms nor email
	CodeAdminEmailInvalid     = "admin_email_invalid"      // field: the administrator's address is not one
	CodeAccessCodeNotFound    = "access_code_not_found"
	CodeAccessCodeNotActive   = "access_code_not_active" // only active codes can be revoked
	CodeAccessCodeRequired    = "access_code_required"   // field
	CodeAccessCodeInvalid     = "access_code_invalid"    // the one answer to a failed redemption
	CodeRedeemLocked          = "redeem_locked"          // too many failed redemptions: {minutes}
)

// Lists, alerts and their cases, AML rule versions, dual-control proposals, users and institutions.
const (
	CodeCursorInvalid       = "cursor_invalid"        // a page cursor that is not one of this list
	CodeCursor              = "cursor"                // field: the same
	CodeAlertActionInvalid  = "alert_action_invalid"  // an action a case does not know
	CodeAlertAction         = "alert_action"          // field: the same
	CodeAlertOutcomeInvalid = "alert_outcome_invalid" // a case closed neither resolved nor false_positive
	CodeAlertOutcome        = "alert_outcome"         // field: the same
	CodeAlertTransition     = "alert_transition"      // the alert's status does not allow the action
	CodeNoteTooLong         = "note_too_long"         // a case note above its maximum
	CodeWriteNote           = "write_note"            // an action that needs a note, without one
	CodeNoteRequired        = "note_required"         // field: the same
	CodeNoticeNoCase        = "notice_no_case"        // case actions on a system notice
	CodeRuleVersionDecided  = "rule_version_decided"  // a version that is no longer a proposal
	CodeRuleVersionRaced    = "rule_version_raced"    // decided by someone else meanwhile
	CodeRoleAlreadyHeld     = "role_already_held"     // a proposal to give a role already held
	CodeApprovalWaiting     = "approval_waiting"      // another change to the account awaits approval
	CodeApprovalDecided     = "approval_decided"      // the proposal is no longer pending
	CodeApprovalRaced       = "approval_raced"        // decided by another administrator meanwhile
	CodeSelfChange          = "self_change"           // disabling oneself or changing one's own role
	CodeNotLinked           = "not_linked"            // an institution's user without an institution
	CodeInstitutionKind     = "institution_kind"      // a kind of institution that does not exist
	CodeUploadLinkInvalid   = "upload_link_invalid"   // a signed upload link that is wrong or expired
)

// Compliance statuses, licences and reviews (internal/domain/compliance.go, institution.go).
const (
	CodeComplianceStatusInvalid = "compliance_status_invalid" // not a status a regulator may set
	CodeComplianceStatus        = "compliance_status"         // field: the same
	CodeComplianceUnchanged     = "compliance_unchanged"      // the institution has that status already
	CodeComplianceReason        = "compliance_reason"         // no reason, or one above 2000 characters
	CodeReviewNotesTooLong      = "review_notes_too_long"
	CodeFindingsTooLong         = "findings_too_long"
	CodeLicenseActionInvalid    = "license_action_invalid" // neither suspend, reinstate nor revoke
	CodeLicenseAction           = "license_action"         // field: the same
)

// Routing of wallet operators and banks (internal/domain/transfer.go ValidateRouting).
const (
	CodeRoutingInvalid            = "routing_invalid"
	CodeRoutingNotApplicable      = "routing_not_applicable"       // an institution that is neither
	CodeRoutingModes              = "routing_modes"                // field
	CodeNumberPrefixFormat        = "number_prefix_format"         // field
	CodeNumberPrefixRequired      = "number_prefix_required"       // field
	CodeNumberPrefixesTooMany     = "number_prefixes_too_many"     // field
	CodeNumberPrefixesWalletsOnly = "number_prefixes_wallets_only" // field
	CodeUSSDFormat                = "ussd_format"                  // field
	CodeUSSDRequired              = "ussd_required"                // field
	CodeUSSDWalletsOnly           = "ussd_wallets_only"            // field
	CodeAccountPrefixFormat       = "account_prefix_format"        // field
	CodeAccountPrefixRequired     = "account_prefix_required"      // field
	CodeAccountPrefixBanksOnly    = "account_prefix_banks_only"    // field
)

// Users and profiles (internal/httpapi/users.go, profile.go).
const (
	CodeGuestUnitsInvalid        = "guest_units_invalid"        // a guest that is not a citizen, or units out of range
	CodeGuestUnitsRange          = "guest_units_range"          // field
	CodeStaffInstitutionRequired = "staff_institution_required" // field institution_required says the same
	CodeNameLength               = "name_length"                // field: a first or last name
	CodeLanguageUnknown          = "language_unknown"           // field
	CodeUploadImageAgain         = "upload_image_again"         // field: a profile image that is not one uploaded
)

// API keys (internal/domain/apikey.go, internal/httpapi/apikeys.go).
const (
	CodeAPIKeyName                = "api_key_name"                 // field
	CodeAPIKeyScopesRequired      = "api_key_scopes_required"      // field
	CodeAPIKeyScopesUnknown       = "api_key_scopes_unknown"       // field: {scopes} lists the known ones
	CodeAPIKeyInstitutionRequired = "api_key_institution_required" // field: a regulator names no institution
	CodeAPIKeyInstitutionUnknown  = "api_key_institution_unknown"  // field
)

// Transaction batches (internal/httpapi/batch.go).
const (
	CodeBatchTooLarge     = "batch_too_large"
	CodeBatchLineTooLong  = "batch_line_too_long"
	CodeBatchMediaType    = "batch_media_type"
	CodeBatchEmpty        = "batch_empty"
	CodeBatchTooManyItems = "batch_too_many_items"
)

// AML thresholds (internal/domain/amlrules.go).
const (
	CodeThresholdsInvalid = "thresholds_invalid"
	CodeAboveZero         = "above_zero"   // field
	CodeWindowRange       = "window_range" // field: a window outside 1 minute to 7 days
	CodeRange             = "range"        // field: outside {min} to {max}
	CodeRiskLevels        = "risk_levels"  // field: levels out of order
)

// Decisions, reviews and the state they find (internal/store, shared with internal/httpapi).
const (
	CodeKYCDecisionInvalid     = "kyc_decision_invalid"
	CodeKYCDecision            = "kyc_decision" // field
	CodeKYCDecided             = "kyc_decided"  // already decided: {status}
	CodeMatchDecisionInvalid   = "match_decision_invalid"
	CodeMatchDecision          = "match_decision" // field
	CodeMatchDecided           = "match_decided"  // already decided: {status}
	CodeApplicationDecided     = "application_decided"
	CodeProposalChanged        = "proposal_changed" // the compliance proposal now proposes {status}
	CodeNoComplianceProposal   = "no_compliance_proposal"
	CodeComplianceChanged      = "compliance_changed"
	CodeComplianceChangedTo    = "compliance_changed_to"
	CodeAuditDetailsInvalid    = "audit_details_invalid"
	CodeLicensedInstitution    = "licensed_institution" // field: not a licensed PSP or MNO
	CodeAuditNotScheduled      = "audit_not_scheduled"
	CodeLicenseCannotSuspend   = "license_cannot_suspend"
	CodeLicenseCannotReinstate = "license_cannot_reinstate"
	CodeLicenseCannotRevoke    = "license_cannot_revoke"
	CodeReportPublished        = "report_published"
	CodeDeadLetterDecided      = "dead_letter_decided"
	CodeAdoptInstitution       = "adopt_institution"
	CodeIdempotencyInProgress  = "idempotency_in_progress"
	CodeIdempotencyKeyReused   = "idempotency_key_reused"
	CodeISOWritersRaced        = "iso_writers_raced" // ISO 20022 payments kept changing while stored
)

// Sanctions lists (internal/screening, internal/store/sanctions.go).
const (
	CodeSanctionsListName    = "sanctions_list_name"
	CodeSanctionsList        = "sanctions_list" // field
	CodeSanctionsListEmpty   = "sanctions_list_empty"
	CodeSanctionsListRefused = "sanctions_list_refused" // the parser's {detail}
	CodeSanctionsFileFault   = "sanctions_file_fault"   // field: the same
	CodeSanctionsImportRaced = "sanctions_import_raced"
)

// Uploaded images (internal/objects).
const (
	CodeFileTooLarge    = "file_too_large" // above {megabytes} MB
	CodeFileEmpty       = "file_empty"
	CodeImageType       = "image_type"
	CodeImageTypeText   = "image_type_text"
	CodeImageTypePDF    = "image_type_pdf"
	CodeImageTypeGIF    = "image_type_gif"
	CodeImageUnreadable = "image_unreadable"
	CodeImagePixels     = "image_pixels" // {width} × {height} above the maximum
	CodeImageCost       = "image_cost"   // {needed} MB to decode, {allowed} allowed
)
