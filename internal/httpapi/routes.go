package httpapi

import "github.com/kormeer/kormeer/internal/domain"

// routes is the whole API: every endpoint, who may call it, and its handler. A route cannot be
// added without an access rule, and TestRouteAccess walks this table for every role.
func (s *Server) routes() []route {
	admin := domain.RoleCBSLAdmin
	return []route{
		// Browser sign-in (000 §7): a page, a JSON post, the sign-out (a POST, so that another site
		// cannot sign anyone out with a link or an image; GET answers 405), the current user.
		{"GET /api/login", public(), s.loginPage},
		{"POST /api/login", public().limited(signIns), s.login},
		{"POST /api/login/totp", public().limited(signIns), s.loginTOTP},
		{"POST /api/logout", public(), s.logout},
		{"GET /api/auth/user", anyAccount().duringPasswordChange().duringTOTPEnrolment(), s.currentUser},

		// The token API (001 §7). Sign-ins, registration and other anonymous work that costs CPU
		// or writes are rate-limited per client address and overall (ratelimit.go).
		{"POST /api/auth/register", public().limited(signUps), s.register},
		{"POST /api/auth/confirm-email", public().limited(signUps), s.confirmEmail},
		{"POST /api/auth/login", public().limited(signIns), s.tokenLogin},
		{"POST /api/auth/login/totp", public().limited(signIns), s.tokenLoginTOTP},
		{"POST /api/auth/guest-login", public().limited(signIns), s.guestLogin},
		{"POST /api/auth/logout", public(), s.logout},
		{"GET /api/auth/profile", anyAccount(), s.profile},
		{"GET /api/auth/admin-only", staff(admin), s.profile},
		{"GET /api/auth/cbsl-only", staff(regulators...), s.profile},
		{"GET /api/auth/psp-only", staff(domain.RolePSPAdmin), s.profile},
		{"GET /api/auth/mno-only", staff(domain.RoleMNOAdmin), s.profile},

		// Alerts (001 §7) with the case workflow, and the real-time connection (000 §4).
		{"GET /api/alerts", staff(allRoles...), s.listAlerts},
		{"GET /api/alerts/summary", staff(allRoles...), s.alertSummary},
		{"GET /api/alerts/{id}", staff(allRoles...), s.getAlert},
		{"PATCH /api/alerts/{id}/read", staff(allRoles...), s.readAlert},
		{"PATCH /api/alerts/{id}/resolve", staff(regulators...), s.resolveAlert},
		{"POST /api/alerts/{id}/actions", staff(regulators...), s.alertAction},
		{"GET /ws", anyAccount(), s.socket},

		// Compliance reports (001 §7): guests read published reports, one unit each.
		{"POST /api/compliance-reports", staff(regulators...), s.createReport},
		{"GET /api/compliance-reports", staff(allRoles...).metered(), s.listReports},
		{"POST /api/compliance-reports/{id}/publish", staff(regulators...), s.publishReport},
		{"GET /api/compliance-reports/{id}/pdf", staff(allRoles...).metered(), s.reportPDF},
		{"GET /api/compliance-reports/{id}/csv", staff(allRoles...).metered(), s.reportCSV},

		// The compliance page's audit scheduling and data export.
		{"POST /api/compliance-audits", staff(regulators...), s.scheduleAudit},
		{"GET /api/compliance-audits", staff(staffAndRegulators...), s.listAudits},
		{"POST /api/compliance-audits/{id}/complete", staff(regulators...), s.completeAudit},
		{"GET /api/compliance/export", staff(regulators...), s.exportCompliance},

		// Mobile access (001 §2, §7): mobile users, access codes and their delivery, redemption.
		{"GET /api/mobile/users", staff(regulators...), s.listMobileUsers},
		{"POST /api/mobile/users", public().limited(signUps), s.registerMobileUser},
		{"PATCH /api/mobile/users/{id}/status", staff(regulators...), s.setMobileUserStatus},
		{"POST /api/admin/mobile-access/generate", staff(regulators...), s.generateAccessCode},
		{"GET /api/admin/mobile-access/codes", staff(regulators...), s.listAccessCodes},
		{"POST /api/admin/mobile-access/expire", staff(regulators...), s.expireAccessCode},
		{"GET /api/admin/notifications", staff(regulators...), s.listNotifications},
		{"POST /api/mobile/access/redeem", public().limited(signIns), s.redeemAccessCode},

		// KYC (001 §7).
		{"POST /api/kyc", staff(allRoles...), s.submitKYC},
		{"GET /api/kyc", staff(allRoles...), s.listKYC},
		{"GET /api/kyc/summary", staff(allRoles...), s.kycSummary},
		{"GET /api/kyc-applications/summary", staff(allRoles...), s.kycSummary},
		{"GET /api/kyc-applications", staff(allRoles...), s.listKYC},
		{"PATCH /api/kyc-applications/{id}/review", staff(regulators...), s.reviewKYC},

		// User management (cbsl_admin) and one's own profile.
		{"GET /api/users", staff(admin), s.listUsers},
		{"POST /api/users", staff(admin), s.createUser},
		{"PATCH /api/users/{id}", staff(admin), s.updateUser},
		{"POST /api/users/{id}/reset-password", staff(admin), s.resetPassword},
		{"PATCH /api/profile", staff(allRoles...), s.updateProfile},
		{"PUT /api/profile-images", staff(allRoles...), s.profileImage},
		{"POST /api/profile/password", staff(allRoles...).duringPasswordChange(), s.changePassword},
		{"GET /api/profile/sessions", staff(allRoles...), s.listSessions},
		{"DELETE /api/profile/sessions/{id}", staff(allRoles...), s.endSession},
		{"GET /api/profile/tokens", staff(allRoles...), s.listTokens},
		{"DELETE /api/profile/tokens/{id}", staff(allRoles...), s.revokeToken},

		// API keys for institutions' systems (apikeys.go).
		{"GET /api/api-keys", staff(staffAndRegulators...), s.listAPIKeys},
		{"POST /api/api-keys", staff(staffAndRegulators...), s.createAPIKey},
		{"DELETE /api/api-keys/{id}", staff(staffAndRegulators...), s.revokeAPIKey},

		// Dual control: account changes that wait for a second administrator.
		{"GET /api/approvals", staff(admin), s.listApprovals},
		{"POST /api/approvals/{id}/approve", staff(admin), s.approveApproval},
		{"POST /api/approvals/{id}/reject", staff(admin), s.rejectApproval},

		// Two-step verification (TOTP): any account may turn it on; --require-totp holds
		// regulators without it to these routes.
		{"GET /api/profile/totp", anyAccount().duringTOTPEnrolment(), s.totpStatus},
		{"POST /api/profile/totp", anyAccount().duringTOTPEnrolment(), s.startTOTP},
		{"POST /api/profile/totp/confirm", anyAccount().duringTOTPEnrolment(), s.confirmTOTP},
		{"DELETE /api/profile/totp", anyAccount(), s.disableTOTP},

		// AML thresholds with maker-checker: regulators propose, another cbsl_admin approves.
		{"GET /api/settings/aml", staff(regulators...), s.amlSettings},
		{"POST /api/settings/aml/proposals", staff(regulators...), s.proposeRules},
		{"GET /api/settings/aml/proposals/{version}/backtest", staff(regulators...), s.backtestRules},
		{"POST /api/settings/aml/proposals/{version}/approve", staff(admin), s.approveRules},
		{"POST /api/settings/aml/proposals/{version}/reject", staff(admin), s.rejectRules},

		// The audit trail: regulators read and export it; an administrator checks its hash chains.
		{"GET /api/audit", staff(regulators...), s.listAudit},
		{"GET /api/audit/export", staff(regulators...), s.exportAudit},
		{"GET /api/audit/verify", staff(admin), s.verifyAudit},

		// Analytics (regulators; PSP and MNO staff see their own institution).
		{"GET /api/analytics", staff(staffAndRegulators...), s.analytics},
		{"GET /api/analytics/export", staff(staffAndRegulators...), s.analyticsExport},

		// Health and live system metrics (001 §3, §7).
		{"GET /health", public(), s.health},
		{"GET /livez", public(), s.livez},
		{"GET /readyz", public(), s.readyz},
		// The running system's load and pools, and the national figures, are regulators' oversight
		// (issue 17): institution staff read their own institution's analytics, citizens their own.
		{"GET /metrics-system", staff(regulators...), s.metricsSystem},
		{"GET /api/metrics", staff(regulators...), s.summaryMetrics},

		// The landing page's figures: aggregates the central bank publishes, so public.
		{"GET /api/public/summary", public().limited(publicReads), s.publicSummary},

		// Transactions (001 §7): transfers, which the administrator does not originate
		// (transferRoles); reads that guests may make, one unit each.
		{"POST /api/transfer", staff(transferRoles...).limited(citizenTransfers).scoped(domain.ScopeCreateTransfers), s.createTransfer},
		{"GET /api/transfer/institutions", staff(transferRoles...).scoped(domain.ScopeCreateTransfers), s.transferInstitutions},
		{"GET /api/transfer/quote", staff(transferRoles...).scoped(domain.ScopeCreateTransfers), s.transferQuote},
		{"POST /api/transactions/batch", staff(staffAndRegulators...).scoped(domain.ScopeSubmitTransactions), s.submitBatch},
		// The national switch feed in ISO 20022 (iso20022.go, docs/ISO20022.md).
		{"POST /api/iso20022", staff(staffAndRegulators...).scoped(domain.ScopeSubmitISO20022), s.submitISO20022},
		{"GET /api/transactions/{id}/iso20022", staff(staffAndRegulators...).scoped(domain.ScopeReadTransactions), s.getTransactionISO},
		{"GET /api/switch-feed/dead-letters", staff(regulators...), s.listDeadLetters},
		{"POST /api/switch-feed/dead-letters/{id}/retry", staff(regulators...), s.retryDeadLetter},
		{"POST /api/switch-feed/dead-letters/{id}/discard", staff(regulators...), s.discardDeadLetter},
		{"GET /api/transactions", staff(allRoles...).metered().scoped(domain.ScopeReadTransactions), s.listTransactions},
		{"GET /api/transactions/search", staff(allRoles...).metered().scoped(domain.ScopeReadTransactions), s.searchTransactions},
		{"GET /api/transactions/export", staff(allRoles...).scoped(domain.ScopeReadTransactions), s.exportTransactions},
		{"GET /api/transactions/{id}", staff(allRoles...).metered().scoped(domain.ScopeReadTransactions), s.getTransaction},

		// Uploads (000 §7): a signed URL, the upload itself, and turning an upload into a logo.
		{"POST /api/objects/upload", staff(allRoles...), s.requestUpload},
		{"PUT /api/objects/upload/{token}", staff(allRoles...), s.receiveUpload},
		{"PUT /api/institution-logos", staff(allRoles...), s.normalizeLogo},
		{"GET /objects/{kind}/{file}", public(), s.serveObject},

		// Licence applications and their review (000 §2, §7; 001 §7).
		{"POST /api/institution-applications", staff(allRoles...), s.submitApplication},
		{"GET /api/institution-applications", staff(allRoles...), s.listApplications},
		{"GET /api/institution-applications/{id}", staff(allRoles...), s.getApplication},
		{"POST /api/institution-applications/{id}/approve", staff(regulators...), s.approveApplication},
		{"POST /api/institution-applications/{id}/reject", staff(regulators...), s.rejectApplication},
		{"GET /api/onboarding", staff(regulators...), s.listOnboarding},
		{"PATCH /api/onboarding/{id}/status", staff(regulators...), s.setOnboardingStatus},

		// Registries of licensed institutions and the public register.
		{"GET /api/psps", staff(staffAndRegulators...), s.listPSPs},
		{"GET /api/mnos", staff(staffAndRegulators...), s.listMNOs},
		{"PATCH /api/psps/{id}/license", staff(regulators...), s.changePSPLicense},
		{"PATCH /api/mnos/{id}/license", staff(regulators...), s.changeMNOLicense},
		// Compliance status with its lifecycle and the system's proposals (issue 16, part 5).
		{"PATCH /api/psps/{id}/compliance", staff(regulators...), ofKind("psp", s.changeCompliance)},
		{"PATCH /api/mnos/{id}/compliance", staff(regulators...), ofKind("mno", s.changeCompliance)},
		{"GET /api/psps/{id}/compliance", staff(staffAndRegulators...), ofKind("psp", s.complianceDetail)},
		{"GET /api/mnos/{id}/compliance", staff(staffAndRegulators...), ofKind("mno", s.complianceDetail)},
		{"POST /api/psps/{id}/compliance/proposal/confirm", staff(regulators...), ofKind("psp", s.confirmProposal)},
		{"POST /api/mnos/{id}/compliance/proposal/confirm", staff(regulators...), ofKind("mno", s.confirmProposal)},
		{"POST /api/psps/{id}/compliance/proposal/dismiss", staff(regulators...), ofKind("psp", s.dismissProposal)},
		{"POST /api/mnos/{id}/compliance/proposal/dismiss", staff(regulators...), ofKind("mno", s.dismissProposal)},
		// Banks have no staff accounts: only regulators read and change their registry.
		{"GET /api/banks", staff(regulators...), s.listBanks},
		{"PATCH /api/banks/{id}/license", staff(regulators...), s.changeBankLicense},
		// The routing attributes the transfer engine reads are set by administrators.
		{"PATCH /api/psps/{id}/routing", staff(admin), s.changePSPRouting},
		{"PATCH /api/banks/{id}/routing", staff(admin), s.changeBankRouting},
		{"GET /api/public/register", public().limited(publicReads), s.publicRegister},

		// Sanctions screening (issue 20): administrators load list versions; regulators read them,
		// check a name by hand and decide the review queue's matches.
		{"POST /api/sanctions/lists/{list}", staff(admin), s.importSanctionsList},
		{"GET /api/sanctions/versions", staff(regulators...), s.listSanctionsVersions},
		{"GET /api/sanctions/versions/{id}", staff(regulators...), s.getSanctionsVersion},
		{"GET /api/sanctions/matches", staff(regulators...), s.listSanctionsMatches},
		{"POST /api/sanctions/matches/{id}/decision", staff(regulators...), s.decideSanctionsMatch},
		{"GET /api/sanctions/search", staff(regulators...), s.searchSanctions},
		// A transaction's matches for its detail panel: regulators only, like the queue; institutions
		// see only that it is held (its log), never the list entry.
		{"GET /api/transactions/{id}/sanctions", staff(regulators...), s.listTransactionSanctions},

		// The API's OpenAPI 3.1 contract (apidoc.go) and its reference page.
		{"GET /api/openapi.json", public(), s.serveOpenAPI},
		{"GET /api/docs", public(), s.serveAPIDocs},
		{"GET /api/docs/viewer.js", public(), s.serveAPIDocsScript},
	}
}
