import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeKwtSms, type FakeKwtSms } from "../../tests/fakes/kwtsms";
import { fitsTwoSmsParts, sendSms, smsConfigured, smsParts, smsStatus, smsText, type KwtSmsConfig } from "./kwtsms.server";

let fake: FakeKwtSms;
let config: KwtSmsConfig;

/**
 * These tests take turns 250 ms apart, within the 5 requests a second the fake allows as kwtSMS does; the shop's own
 * turns (2 a second across its processes) are tested in app/models/messaging/kwtsms-pace.server.test.ts.
 */
let lastTurn = 0;
async function turn(): Promise<boolean> {
  const wait = lastTurn + 250 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastTurn = Date.now();
  return true;
}

beforeAll(async () => {
  fake = await startFakeKwtSms({ username: "shopapi", password: "secret-password", senders: ["TIMSAR", "KWT-SMS"], repeatWaitMs: 0 });
  config = { username: "shopapi", password: "secret-password", sender: "TIMSAR", baseUrl: fake.url, timeoutMs: 2_000, turn };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.messages.clear();
  fake.setBalance(1000);
  fake.setRepeatWait(0);
});

const arabic = "طلبك ORD-1234567890 في الطريق إليك. الفاتورة: https://shop.example/view-invoice";

describe("sendSms", () => {
  it("sends to 965 and the 8 digits with the approved sender, Arabic as lang 3, and keeps the msg-id", async () => {
    const outcome = await sendSms(config, { to: "6000 1234", message: arabic });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.providerId).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.calls[0]).toMatchObject({ path: "/API/send/", body: { username: "shopapi", password: "***", sender: "TIMSAR", mobile: "96560001234", message: arabic, lang: "3" } });
    expect(fake.messages.get(outcome.providerId)).toMatchObject({ mobile: "96560001234", lang: "3", points: 2 });
  });

  it("leaves lang out of an English text and strips its emoji", async () => {
    const outcome = await sendSms(config, { to: "+96590001234", message: "Your order is on its way 🚚🎉" });
    expect(outcome.ok).toBe(true);
    expect(fake.calls[0].body).not.toHaveProperty("lang");
    expect(fake.calls[0].body.message).toBe("Your order is on its way");
  });

  it("refuses a number that is not Kuwaiti, and an empty text, without calling kwtSMS", async () => {
    expect(await sendSms(config, { to: "+971501234567", message: "hi" })).toEqual({ ok: false, retry: false, reason: "Not a Kuwaiti phone number" });
    expect(await sendSms(config, { to: "60001234", message: "🎉" })).toMatchObject({ ok: false, retry: false });
    expect(fake.calls).toHaveLength(0);
  });

  it("retries a full queue, the 15-second pause, an empty balance, a 5xx and an unreachable server", async () => {
    fake.failNext(1, { code: "ERR013" });
    expect(await sendSms(config, { to: "60001234", message: "a" })).toMatchObject({ ok: false, retry: true, reason: expect.stringContaining("ERR013") });
    fake.setRepeatWait(15_000);
    expect((await sendSms(config, { to: "60009999", message: "first" })).ok).toBe(true);
    expect(await sendSms(config, { to: "60009999", message: "second" })).toMatchObject({ ok: false, retry: true, reason: expect.stringContaining("ERR028") });
    fake.setBalance(0);
    expect(await sendSms(config, { to: "90001234", message: "a" })).toMatchObject({ ok: false, retry: true, reason: expect.stringContaining("ERR010") });
    fake.setBalance(1000);
    fake.failNext(1, { status: 502 });
    expect(await sendSms(config, { to: "50001234", message: "a" })).toEqual({ ok: false, retry: true, reason: "kwtSMS: HTTP 502" });
    expect(await sendSms({ ...config, baseUrl: "http://127.0.0.1:9" }, { to: "50001234", message: "a" })).toEqual({ ok: false, retry: true, reason: "kwtSMS: unreachable" });
  });

  it("retries what the owner puts right in the kwtSMS account: API off, credentials, blocked, sender, IP whitelist, country, coverage", async () => {
    expect(await sendSms({ ...config, password: "wrong" }, { to: "60001234", message: "a" })).toMatchObject({ ok: false, retry: true, reason: expect.stringContaining("ERR003") });
    expect(await sendSms({ ...config, sender: "timsar" }, { to: "60001234", message: "a" })).toMatchObject({ ok: false, retry: true, reason: expect.stringContaining("ERR008") });
    for (const code of ["ERR001", "ERR002", "ERR004", "ERR005", "ERR024", "ERR026", "ERR033"]) {
      fake.failNext(1, { code });
      expect(await sendSms(config, { to: "60001234", message: "a" })).toMatchObject({ ok: false, retry: true, reason: expect.stringMatching(new RegExp(`^kwtSMS ${code}: \\S`)) });
    }
    expect(JSON.stringify(fake.calls)).not.toContain("secret-password");
  });

  it("does not retry what is wrong with the number or the text", async () => {
    for (const code of ["ERR006", "ERR007", "ERR009", "ERR012", "ERR025", "ERR027", "ERR031", "ERR032"]) {
      fake.failNext(1, { code });
      expect(await sendSms(config, { to: "60001234", message: "a" })).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining(code) });
    }
  });

  it("makes no call without a turn, and says the message was not tried", async () => {
    const noTurn = { ...config, turn: async () => false };
    const untried = { ok: false, retry: true, untried: true, reason: expect.stringContaining("kwtSMS not called") };
    expect(await sendSms(noTurn, { to: "60001234", message: "a" })).toEqual(untried);
    expect(await smsStatus(noTurn, "0".repeat(32))).toEqual(untried);
    expect(fake.calls).toHaveLength(0);
  });

  it("is on only with the whole configuration", () => {
    expect(smsConfigured({ kwtSms: null })).toBe(false);
    expect(smsConfigured({ kwtSms: config })).toBe(true);
  });
});

describe("smsStatus", () => {
  it("reads sent, a message stuck in the queue as failed, and an unknown id as a refusal", async () => {
    const sent = await sendSms(config, { to: "60001234", message: arabic });
    if (!sent.ok) throw new Error(sent.reason);
    expect(await smsStatus(config, sent.providerId)).toEqual({ ok: true, state: "sent", description: "Message successfully sent" });
    fake.stick(sent.providerId);
    expect(await smsStatus(config, sent.providerId)).toMatchObject({ ok: true, state: "failed" });
    expect(await smsStatus(config, "0".repeat(32))).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining("ERR029") });
    expect(await smsStatus({ ...config, baseUrl: "http://127.0.0.1:9" }, sent.providerId)).toMatchObject({ ok: false, retry: true });
  });
});

describe("the kwtSMS fake", () => {
  it("stops answering a client that makes a 6th request within a second, as kwtSMS blocks the IP", async () => {
    const unpaced = { ...config, turn: async () => true };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const outcomes = [];
    for (let i = 0; i < 7; i++) outcomes.push(await sendSms(unpaced, { to: `6000123${i}`, message: "a" }));
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, true, true, false, false]);
    expect(outcomes[5]).toEqual({ ok: false, retry: true, reason: "kwtSMS: unreachable" });
    expect(fake.blocked()).toBe(true);
    expect(fake.calls.slice(5).map((call) => call.answer)).toEqual([{ dropped: true }, { dropped: true }]);
    fake.unblock();
    expect((await sendSms(unpaced, { to: "60001239", message: "a" })).ok).toBe(true);
  });
});

describe("SMS text", () => {
  it("strips emoji, flags, joiners, invisible characters and HTML, and keeps Arabic and line breaks", () => {
    expect(smsText("شكراً لك 🙏🏽 👨‍👩‍👧 🇰🇼 ❤️\nORD-1\u200B2 <b>x</b>")).toBe("شكراً لك\nORD-12 x");
    expect(smsText("1️⃣ done ✅")).toBe("1 done");
  });

  it("counts parts as GSM: 160/153 for Latin, 70/67 for Arabic", () => {
    expect(smsParts("a".repeat(160))).toBe(1);
    expect(smsParts("a".repeat(161))).toBe(2);
    expect(smsParts("a".repeat(306))).toBe(2);
    expect(smsParts("a".repeat(307))).toBe(3);
    expect(smsParts("€".repeat(80))).toBe(1);
    expect(smsParts("ب".repeat(70))).toBe(1);
    expect(smsParts("ب".repeat(71))).toBe(2);
    expect(smsParts("ب".repeat(134))).toBe(2);
    expect(smsParts("ب".repeat(135))).toBe(3);
    expect(smsParts("")).toBe(0);
  });

  it("tells whether a text fits two parts as it will be sent", () => {
    expect(fitsTwoSmsParts(arabic)).toBe(true);
    expect(fitsTwoSmsParts("ب".repeat(134))).toBe(true);
    expect(fitsTwoSmsParts("ب".repeat(135))).toBe(false);
    expect(fitsTwoSmsParts(`${"ب".repeat(134)}🎉🎉`)).toBe(true);
  });
});
