import { connect } from "node:net";
import { randomUUID } from "node:crypto";
import { test, expect, demo, dictionaries, expectNoSeriousAxe, LANGUAGES, signIn, tr } from "./fixtures";

// The portal of this file consumes a JetStream stream of its own on the NATS server of the
// machine (.ci/run starts one when none listens on 4222).
const natsPort = 4222;
const tag = `E2E${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
const subject = `${tag.toLowerCase()}.iso`;
test.use({ portalEnv: { KORMEER_NATS_URL: `nats://127.0.0.1:${natsPort}`, KORMEER_NATS_STREAM: tag, KORMEER_NATS_SUBJECT: subject, KORMEER_NATS_DEAD_LETTER_SUBJECT: "" } });

/** Publishes documents with NATS's text protocol (CONNECT, PUB): the stream stores what arrives on its subject. */
function publish(docs: string[], to = subject): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(natsPort, "127.0.0.1");
    let sent = false;
    socket.on("data", (chunk) => {
      const text = chunk.toString();
      if (text.startsWith("INFO") && !sent) {
        sent = true;
        let out = 'CONNECT {"verbose":false,"pedantic":false}\r\n';
        for (const d of docs) out += `PUB ${to} ${Buffer.byteLength(d)}\r\n${d}\r\n`;
        socket.write(out + "PING\r\n");
      } else if (text.includes("PONG")) {
        socket.end();
        resolve();
      } else if (text.includes("-ERR")) reject(new Error(text));
    });
    socket.on("error", reject);
  });
}

const now = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");

function creditTransfer(msgId: string, e2e: string, uetr: string, creditor: string): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"><FIToFICstmrCdtTrf>
<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>${now()}</CreDtTm><NbOfTxs>1</NbOfTxs><SttlmInf><SttlmMtd>CLRG</SttlmMtd></SttlmInf></GrpHdr>
<CdtTrfTxInf><PmtId><EndToEndId>${e2e}</EndToEndId><UETR>${uetr}</UETR></PmtId>
<IntrBkSttlmAmt Ccy="USD">75.25</IntrBkSttlmAmt><ChrgBr>SLEV</ChrgBr>
<Dbtr><Nm>Amina Yusuf</Nm></Dbtr><DbtrAcct><Id><Othr><Id>+252651234567</Id></Othr></Id></DbtrAcct>
<DbtrAgt><FinInstnId><ClrSysMmbId><MmbId>PREMIUM-WALLET</MmbId></ClrSysMmbId></FinInstnId></DbtrAgt>
<CdtrAgt><FinInstnId><Othr><Id>${creditor}</Id></Othr></FinInstnId></CdtrAgt>
<Cdtr><Nm>Hodan Ali</Nm></Cdtr><CdtrAcct><Id><Othr><Id>DBI-12345</Id></Othr></Id></CdtrAcct>
</CdtTrfTxInf></FIToFICstmrCdtTrf></Document>`;
}

function settlement(msgId: string, uetr: string): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.002.001.10"><FIToFIPmtStsRpt>
<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>${now()}</CreDtTm></GrpHdr>
<TxInfAndSts><OrgnlUETR>${uetr}</OrgnlUETR><TxSts>ACSC</TxSts></TxInfAndSts></FIToFIPmtStsRpt></Document>`;
}

test.beforeAll(async () => {
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect(natsPort, "127.0.0.1");
    socket.once("connect", () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
  expect(reachable, `these tests need NATS with JetStream on 127.0.0.1:${natsPort} (nats-server -js; .ci/run starts one)`).toBe(true);
});

// The stream was this file's own: delete it through the JetStream API.
test.afterAll(async () => {
  await publish([""], `$JS.API.STREAM.DELETE.${tag}`);
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("e2e-init")) {
      localStorage.setItem("kormeer-language", "en");
      sessionStorage.setItem("e2e-init", "1");
    }
  });
});

test("the switch's payments arrive over JetStream with their ISO identifiers and status history; a regulator handles the dead letters", async ({ page }) => {
  const uetr = randomUUID();
  const e2e = `E2E-${tag}`;
  await publish([
    settlement(`STS-${tag}`, uetr), // the settlement overtakes its transfer
    creditTransfer(`MSG-${tag}`, e2e, uetr, "CB-BNK-0001"),
    creditTransfer(`MSG-${tag}`, e2e, uetr, "CB-BNK-0001"), // sent again by the switch
    creditTransfer(`BAD-${tag}`, `E2E-X-${tag}`, randomUUID(), "CB-BNK-0999"), // names no registered bank
    "<Document>not ISO 20022", // not even XML
  ]);
  await signIn(page, demo.admin.email, demo.admin.password);

  // The transfer is found by its UETR, settled, with its identifiers and the early report applied.
  await page.goto("/transactions");
  await page.getByTestId("tx-search").fill(uetr);
  const row = page.getByTestId("tx-row");
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.click();
  const detail = page.getByTestId("tx-detail");
  const iso = detail.getByTestId("tx-detail-iso");
  await expect(iso).toContainText(uetr);
  await expect(iso).toContainText(e2e);
  await expect(iso.getByTestId("tx-iso-status")).toHaveCount(1);
  await expect(iso.getByTestId("tx-iso-status")).toContainText(tr(dictionaries.en, "switchFeed.outcome.settled"));
  await expectNoSeriousAxe(page);
  await page.keyboard.press("Escape");

  // /metrics shows the feed connected, with the two dead letters waiting.
  await page.goto("/metrics");
  const card = page.getByTestId("card-switch-feed");
  await expect(card).toContainText(tr(dictionaries.en, "switchFeed.metrics.connected"));
  await expect(card.getByTestId("feed-open-dead-letters")).toContainText("2");

  // The dead letters, in every language, with their reasons.
  for (const lang of LANGUAGES) {
    await page.evaluate((l) => localStorage.setItem("kormeer-language", l), lang);
    await page.goto("/switch-feed");
    await expect(page.getByRole("heading", { level: 1, name: tr(dictionaries[lang], "switchFeed.title") })).toBeVisible();
    await expect(page.getByTestId("dead-letter")).toHaveCount(2);
    await expect(page.getByRole("button", { name: tr(dictionaries[lang], "switchFeed.retry") }).first()).toBeVisible();
  }
  await page.evaluate(() => localStorage.setItem("kormeer-language", "en"));
  await page.goto("/switch-feed");
  await expectNoSeriousAxe(page);
  const unknownBank = page.getByTestId("dead-letter").filter({ hasText: "CdtrAgt" });
  await expect(unknownBank.getByTestId("dead-letter-reason")).toContainText("Unknown institution CB-BNK-0999");
  const broken = page.getByTestId("dead-letter").filter({ hasText: "Not well-formed XML" });

  // Retrying before the bank is registered still fails, and says why; discarding the broken one removes it.
  await unknownBank.getByTestId("dead-letter-retry").click();
  await expect(unknownBank.getByTestId("dead-letter-error")).toContainText("CB-BNK-0999");
  await broken.getByTestId("dead-letter-discard").click();
  await expect(page.getByTestId("dead-letter")).toHaveCount(1);
  await page.getByRole("button", { name: tr(dictionaries.en, "switchFeed.status.discarded") }).click();
  await expect(page.getByTestId("dead-letter")).toHaveCount(1);
  await expect(page.getByTestId("dead-letter")).toContainText("Not well-formed XML");
});

test("institution staff do not see the dead letters", async ({ page }) => {
  await signIn(page, demo.psp.email, demo.psp.password);
  await page.goto("/switch-feed");
  await expect(page.getByRole("alert")).toHaveText(tr(dictionaries.en, "switchFeed.notAllowed"));
  await expect(page.getByTestId("nav-switch-feed")).toHaveCount(0);
});
