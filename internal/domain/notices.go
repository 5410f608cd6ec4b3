package domain

import "strings"

// NoticeText is a notice in one language: an e-mail's subject and body, or a system alert's
// title and message.
type NoticeText struct{ Subject, Body string }

// Notice is what the portal tells a person about a decision that concerns them (issue 16, part
// 7), written in each interface language.
type Notice struct{ En, So, Fr NoticeText }

// In returns the notice in a person's language (one of Languages). Without a known language (an
// application's contact address that has no account) English and Somali are sent, English first,
// so that nobody receives a message they cannot read: the country's two languages, where French
// is a language a person chooses for their account.
func (n Notice) In(lang string) NoticeText {
	switch lang {
	case "en":
		return n.En
	case "so":
		return n.So
	case "fr":
		return n.Fr
	}
	return NoticeText{Subject: n.En.Subject + " / " + n.So.Subject, Body: n.En.Body + "\n\n— Soomaali —\n\n" + n.So.Body}
}

// Status words in Somali, as the web app's registry shows them.
var somaliStatus = map[string]string{
	ComplianceCompliant: "u hoggaansan", ComplianceUnderReview: "dib-u-eegis ku jira", ComplianceNonCompliant: "aan u hoggaansanayn",
	CompliancePending: "sugaya", LicenseActive: "firfircoon", LicenseSuspended: "la hakiyey", LicenseRevoked: "la buriyey",
}

// Status words in French, as the web app's registry shows them (fr.json).
var frenchStatus = map[string]string{
	ComplianceCompliant: "conforme", ComplianceUnderReview: "en cours d'examen", ComplianceNonCompliant: "non conforme",
	CompliancePending: "en attente", LicenseActive: "actif", LicenseSuspended: "suspendu", LicenseRevoked: "révoqué",
}

// englishStatus spells a status for a sentence ("non_compliant" → "non-compliant").
func englishStatus(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "non_compliant", "non-compliant"), "_", " ")
}

// ApplicationReceivedNotice tells an applicant that their licence application has arrived.
func ApplicationReceivedNotice(institution, licenseNumber string) Notice {
	return Notice{
		En: NoticeText{Subject: "Licence application received: " + institution,
			Body: "The central bank has received the licence application of " + institution + " (licence number " + licenseNumber +
				"). It will be reviewed, and you will be told of the decision."},
		So: NoticeText{Subject: "Codsiga shatiga waa la helay: " + institution,
			Body: "Bangiga dhexe wuxuu helay codsiga shatiga ee " + institution + " (lambarka shatiga " + licenseNumber +
				"). Dib ayaa loo eegi doonaa, waxaana lagugu wargelin doonaa go'aanka."},
		Fr: NoticeText{Subject: "Demande d'agrément reçue : " + institution,
			Body: "La banque centrale a reçu la demande d'agrément de " + institution + " (numéro d'agrément " + licenseNumber +
				"). Elle sera examinée, et la décision vous sera communiquée."},
	}
}

// ApplicationDecidedNotice tells an applicant the decision on their application, with the
// reviewer's notes (a rejection always has them).
func ApplicationDecidedNotice(institution, decision, notes string) Notice {
	n := Notice{
		En: NoticeText{Subject: "Licence application approved: " + institution,
			Body: "The central bank has approved the licence application of " + institution + ". The licence is now in the register."},
		So: NoticeText{Subject: "Codsiga shatiga waa la ansixiyey: " + institution,
			Body: "Bangiga dhexe wuxuu ansixiyey codsiga shatiga ee " + institution + ". Shatigu hadda wuxuu ku jiraa diiwaanka."},
		Fr: NoticeText{Subject: "Demande d'agrément approuvée : " + institution,
			Body: "La banque centrale a approuvé la demande d'agrément de " + institution + ". L'agrément figure désormais au registre."},
	}
	if decision == ApplicationRejected {
		n.En = NoticeText{Subject: "Licence application rejected: " + institution,
			Body: "The central bank has rejected the licence application of " + institution + "."}
		n.So = NoticeText{Subject: "Codsiga shatiga waa la diiday: " + institution,
			Body: "Bangiga dhexe wuxuu diiday codsiga shatiga ee " + institution + "."}
		n.Fr = NoticeText{Subject: "Demande d'agrément rejetée : " + institution,
			Body: "La banque centrale a rejeté la demande d'agrément de " + institution + "."}
	}
	if notes != "" {
		n.En.Body += "\n\nReviewer's notes: " + notes
		n.So.Body += "\n\nFaallooyinka dib-u-eegaha: " + notes
		n.Fr.Body += "\n\nNotes de l'examinateur : " + notes
	}
	return n
}

// LicenseChangedNotice tells an institution's staff that its licence status changed.
func LicenseChangedNotice(institution, to, reason string) Notice {
	return Notice{
		En: NoticeText{Subject: "Licence " + englishStatus(to) + ": " + institution,
			Body: "The central bank has changed the licence status of " + institution + " to " + englishStatus(to) + ".\n\nReason: " + reason},
		So: NoticeText{Subject: "Shatiga " + institution + ": " + somaliStatus[to],
			Body: "Bangiga dhexe wuxuu xaaladda shatiga " + institution + " u beddelay: " + somaliStatus[to] + ".\n\nSababta: " + reason},
		Fr: NoticeText{Subject: "Agrément " + frenchStatus[to] + " : " + institution,
			Body: "La banque centrale a fait passer le statut de l'agrément de " + institution + " à « " + frenchStatus[to] + " ».\n\nMotif : " + reason},
	}
}

// ComplianceChangedNotice tells an institution's staff that its compliance status changed.
func ComplianceChangedNotice(institution, from, to, reason string) Notice {
	return Notice{
		En: NoticeText{Subject: "Compliance status " + englishStatus(to) + ": " + institution,
			Body: "The central bank has changed the compliance status of " + institution + " from " + englishStatus(from) + " to " +
				englishStatus(to) + ".\n\nReason: " + reason},
		So: NoticeText{Subject: "Xaaladda u hoggaansanaanta " + institution + ": " + somaliStatus[to],
			Body: "Bangiga dhexe wuxuu xaaladda u hoggaansanaanta " + institution + " ka beddelay \"" + somaliStatus[from] +
				"\" una beddelay \"" + somaliStatus[to] + "\".\n\nSababta: " + reason},
		Fr: NoticeText{Subject: "Statut de conformité " + frenchStatus[to] + " : " + institution,
			Body: "La banque centrale a fait passer le statut de conformité de " + institution + " de « " + frenchStatus[from] +
				" » à « " + frenchStatus[to] + " ».\n\nMotif : " + reason},
	}
}
