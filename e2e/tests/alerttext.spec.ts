import { test, expect, demo, signIn, en, so, dictionaries, tr } from "./fixtures";

// Issue 17 part 3: an alert is said in the reader's language from its code and params, names its
// transaction by TXN number and its institution by name, both linking on; a held or failed
// transaction's log says why.
const texts = {
  en: {
    title: "Large transfer: 15,000.00 USD from a wallet never seen before",
    evidence: "The amount is at or above the 10,000.00 USD large-value threshold.",
    held: "Held for AML review: risk score 70 of 100",
    failed: "The sender's balance was too low.",
    dict: en,
  },
  so: {
    title: "Wareejin weyn: 15,000.00 USD, oo ka timid boorsad aan weligeed hore loo arag",
    evidence: "Qaddarku wuu la mid yahay ama ka badan yahay xadka qiimaha weyn ee 10,000.00 USD.",
    held: "Waa la joojiyay si loogu eego AML: dhibcaha khatarta 70 ee 100",
    failed: "Haraaga diraha ayaa ku yaraa.",
    dict: so,
  },
  // French groups digits with a narrow no-break space (Intl, fr-FR).
  fr: {
    title: "Virement important : 15\u202f000,00 USD depuis un portefeuille jamais vu auparavant",
    evidence: "Le montant atteint ou dépasse le seuil de montant élevé de 10\u202f000,00 USD.",
    held: "Retenue pour examen LBC : score de risque de 70 sur 100",
    failed: "Le solde de l'émetteur était insuffisant.",
    dict: dictionaries.fr,
  },
} as const;

test("an alert's text, its TXN number and a failed transaction's reason, in English, Somali and French", async ({ page, playwright, portal }) => {
  const api = await playwright.request.newContext({ baseURL: portal.url });
  const login = await api.post("/api/auth/login", { data: { email: demo.admin.email, password: demo.admin.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  const psps = await (await api.get("/api/psps", { headers })).json();
  const psp = psps[0] as { id: string; name: string };
  const now = Date.now();
  const res = await api.post("/api/transactions/batch", {
    headers,
    data: [
      // A round large amount from a number never seen: large value, round amount and new wallet.
      { externalId: `E2E-TEXT-${now}-1`, amount: "15000.00", currency: "USD", senderNumber: `+252 65 ${String(now % 10_000_000).padStart(7, "0")}`,
        receiverNumber: "+252 64 7654321", institutionId: psp.id },
      { externalId: `E2E-TEXT-${now}-2`, amount: "20.00", currency: "USD", status: "failed", failureReason: "insufficient_funds",
        senderNumber: "+252 65 1234567", receiverNumber: "+252 64 7654321", institutionId: psp.id },
    ],
  });
  expect(res.status()).toBe(200);
  const [large, failed] = (await res.json()).results as { id: string; transactionId: string; riskLevel: string }[];
  expect(large.riskLevel).toBe("high");
  await api.dispose();

  await signIn(page, demo.admin.email, demo.admin.password);
  for (const lang of ["en", "so", "fr"] as const) {
    const want = texts[lang];
    await page.evaluate((l) => localStorage.setItem("kormeer-language", l), lang);
    await page.goto("/compliance/alerts");
    const row = page.getByTestId("compliance-alert").filter({ hasText: large.transactionId });
    await expect(row.getByTestId("alert-title")).toHaveText(want.title);
    await expect(row.getByTestId("alert-description")).toContainText(want.evidence);
    await expect(row.getByTestId("institution-link")).toHaveText(psp.name);
    await page.setViewportSize({ width: 1366, height: 900 });
    await row.screenshot({ path: `test-results/alerttext-${lang}-1366.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await row.screenshot({ path: `test-results/alerttext-${lang}-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The TXN number links to the transaction, whose log says why it was held.
    await row.getByTestId("alert-related").click();
    await expect(page).toHaveURL(new RegExp(`/transactions\\?id=${large.id}`));
    const detail = page.getByTestId("tx-detail");
    await expect(detail.getByTestId("tx-log-reason")).toContainText(want.held);
    await expect(detail.getByTestId("institution-link")).toHaveText(psp.name);
    await expect(detail).toContainText(tr(want.dict, `amlSettings.rules.large_value.title`));
    await detail.screenshot({ path: `test-results/alerttext-held-${lang}.png` });
    await page.keyboard.press("Escape");

    await page.goto(`/transactions?id=${failed.id}`);
    await expect(page.getByTestId("tx-detail").getByTestId("tx-log-reason")).toHaveText(want.failed);
    await expect(page.getByTestId("tx-detail").getByTestId("tx-detail-log")).toContainText(tr(want.dict, "transactions.status.failed"));
    await page.getByTestId("tx-detail").screenshot({ path: `test-results/alerttext-failed-${lang}.png` });
    await page.keyboard.press("Escape");
  }

  // The institution's name links to its registry, searched for it.
  await page.goto("/compliance/alerts");
  await page.getByTestId("compliance-alert").filter({ hasText: large.transactionId }).getByTestId("institution-link").click();
  await expect(page).toHaveURL(/\/psps\?q=/);
  await expect(page.getByTestId("registry-search")).toHaveValue(psp.name);
});
