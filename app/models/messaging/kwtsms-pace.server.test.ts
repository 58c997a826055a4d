/**
 * kwtSMS's pace on both engines, against the local kwtSMS fake (tests/fakes/kwtsms.ts), which blocks a client that
 * makes more than 5 requests in one second as kwtSMS blocks an IP: the calls of several processes sharing the database
 * take turns 550 ms apart, so no second holds more than four of them (a turn is used up to a second late on a busy
 * machine), and so do the outbox's sends and the status pass's questions.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { sendSms } from "~/messages/kwtsms.server";
import { waitForTurn } from "~/models/shop/index.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { KWTSMS_PACE } from "./kwtsms-pace.server";
import { queueShopperMessages } from "./outbox-write.server";
import { pollSmsDeliveries, SMS_POLL_WINDOW_MS } from "./sms-delivery.server";
import { createOrder } from "../../../tests/factories/order";
import { startFakeKwtSms, type FakeCall } from "../../../tests/fakes/kwtsms";

const sms = await startFakeKwtSms({ username: "timsar", password: "sms-password", senders: ["TIMSAR"], repeatWaitMs: 0 });
// Before the first getEnv() of this file's module graph.
Object.assign(process.env, { APP_URL: "https://timsar.example", KWTSMS_USERNAME: "timsar", KWTSMS_PASSWORD: "sms-password", KWTSMS_SENDER: "TIMSAR", KWTSMS_BASE_URL: sms.url });
afterAll(() => sms.close());

const config = { username: "timsar", password: "sms-password", sender: "TIMSAR", baseUrl: sms.url, timeoutMs: 5_000 };

/** The calls since `from` that the fake dropped, as kwtSMS blocks an IP past 5 requests a second. */
const droppedSince = (from: number): FakeCall[] => sms.calls.slice(from).filter((call) => "dropped" in call.answer);

/** kwtSMS blocks past 5 requests a second: any five calls in a row span more than a second. */
function expectNoFiveWithinASecond(setOff: number[]) {
  for (let i = 4; i < setOff.length; i++) expect(setOff[i] - setOff[i - 4]).toBeGreaterThan(1000);
}

let phoneSerial = 0;
function uniquePhone(): string {
  phoneSerial += 1;
  return `9${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
}

describe("kwtSMS's pace", () => {
  it("spaces the calls of two processes into turns, never five of them within a second", async () => {
    // When each request sets off: the turns are the shop's to keep, while their arrival at the fake, in this same
    // thread, can lag by whatever else the thread was doing.
    const setOff: number[] = [];
    const timedFetch: typeof fetch = (...args) => {
      setOff.push(Date.now());
      return fetch(...args);
    };
    const from = sms.calls.length;
    await Promise.all(
      ["server-a:101", "server-b:202"].map(async (holder) => {
        const client = { ...config, fetch: timedFetch, turn: () => waitForTurn("kwtsms", KWTSMS_PACE, holder) };
        for (let i = 0; i < 3; i++) expect((await sendSms(client, { to: uniquePhone(), message: "Your order is on its way" })).ok).toBe(true);
      }),
    );
    expect(sms.calls.slice(from)).toHaveLength(6);
    expect(droppedSince(from)).toEqual([]);
    expect(sms.blocked()).toBe(false);
    // Six turns 550 ms apart, each used at most a second late.
    expect(setOff[5] - setOff[0]).toBeGreaterThanOrEqual(5 * KWTSMS_PACE.spacingMs - KWTSMS_PACE.lateMs);
    expectNoFiveWithinASecond(setOff);
  });

  it("waits for a turn on a timer, so the process goes on meanwhile", async () => {
    expect(await waitForTurn("kwtsms", KWTSMS_PACE, "server-a:101")).toBe(true);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const asked = Date.now();
    try {
      expect(await waitForTurn("kwtsms", KWTSMS_PACE, "server-b:202")).toBe(true);
    } finally {
      clearInterval(ticker);
    }
    expect(Date.now() - asked).toBeGreaterThanOrEqual(400);
    expect(ticks).toBeGreaterThanOrEqual(4);
  });

  it("paces the outbox's sends of two senders and the status pass together", async () => {
    const queueSms = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const phone = uniquePhone();
        const order = await createOrder(prisma, { phone, email: "" });
        await queueShopperMessages(prisma, { id: order.id, email: "", phone, language: "en", notifyWhatsApp: false }, "paid");
      }
    };
    // Four SMS sent already, for the status pass to ask about while the senders send four more; those other test files
    // left in this worker's database are set aside, so that the pass does not spend its turns on them.
    await prisma.outboxMessage.updateMany({ where: { channel: "sms", status: "sent" }, data: { nextAttemptAt: new Date(Date.now() + SMS_POLL_WINDOW_MS) } });
    await queueSms(4);
    await drainOutbox();
    await queueSms(4);
    const from = sms.calls.length;
    const setOff: number[] = [];
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation((...args) => {
      if (String(args[0]).startsWith(sms.url)) setOff.push(Date.now());
      return realFetch(...args);
    });
    try {
      await Promise.all([drainOutbox({ holder: "server-a:sender" }), drainOutbox({ holder: "server-b:sender" }), pollSmsDeliveries()]);
    } finally {
      fetchSpy.mockRestore();
    }
    const calls = sms.calls.slice(from);
    expect(calls.filter((call) => call.path === "/API/send/")).toHaveLength(4);
    expect(calls.filter((call) => call.path === "/API/status/").length).toBeGreaterThanOrEqual(4);
    expect(droppedSince(from)).toEqual([]);
    expect(sms.blocked()).toBe(false);
    expect(setOff).toHaveLength(calls.length);
    expectNoFiveWithinASecond(setOff);
  });

  it("leaves a message for a later pass, untried, when no turn is free within 10 s, and the status pass stops", async () => {
    const phone = uniquePhone();
    const order = await createOrder(prisma, { phone, email: "" });
    await queueShopperMessages(prisma, { id: order.id, email: "", phone, language: "en", notifyWhatsApp: false }, "paid");
    // Turns handed out for the next minute: more callers wait than kwtSMS's pace serves.
    const aMinute = new Date(Date.now() + 60_000);
    await prisma.jobLease.upsert({ where: { name: "kwtsms" }, create: { name: "kwtsms", holder: "server-c:303", until: aMinute }, update: { until: aMinute } });
    const from = sms.calls.length;
    const asked = Date.now();
    try {
      await drainOutbox();
      await pollSmsDeliveries();
    } finally {
      await prisma.jobLease.update({ where: { name: "kwtsms" }, data: { until: new Date(Date.now() - 1000) } });
    }
    expect(Date.now() - asked).toBeLessThan(KWTSMS_PACE.maxWaitMs);
    expect(sms.calls.slice(from)).toEqual([]);
    const waiting = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, channel: "sms" } });
    // Not a failed try: no reason shown, no longer wait; due again at the next timed pass.
    expect(waiting).toMatchObject({ status: "queued", attempts: 0, lastError: null });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await drainOutbox({ now: () => new Date(Date.now() + 20_000) });
    expect(await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, channel: "sms" } })).toMatchObject({ status: "sent", attempts: 1 });
    expect([...sms.messages.values()].filter((message) => message.mobile === `965${phone}`)).toHaveLength(1);
  });
});
