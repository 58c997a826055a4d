/**
 * kwtSMS status by polling (issue 30): the timed pass asks /API/status/ of the local kwtSMS fake (tests/fakes/kwtsms.ts)
 * for each SMS sent in the last day until kwtSMS has answered: one that left kwtSMS's queue stays `sent` (kwtSMS
 * reports no delivery to a Kuwaiti handset), one stuck there goes to `failed` with kwtSMS's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { getAdminOrder } from "~/models/fulfilment/index.server";
import { orderDetailJson } from "~/api/answers/orders.server";
import { queueShopperMessages } from "./outbox-write.server";
import { pollSmsDeliveries, SMS_POLL_WINDOW_MS } from "./sms-delivery.server";
import { createOrder } from "../../../tests/factories/order";
import { startFakeKwtSms } from "../../../tests/fakes/kwtsms";

const sms = await startFakeKwtSms({ username: "timsar", password: "sms-password", senders: ["TIMSAR"], repeatWaitMs: 0 });
// Before the first getEnv() of this file's module graph.
Object.assign(process.env, { APP_URL: "https://timsar.example", KWTSMS_USERNAME: "timsar", KWTSMS_PASSWORD: "sms-password", KWTSMS_SENDER: "TIMSAR", KWTSMS_BASE_URL: sms.url });
afterAll(() => sms.close());
// The pass asks about every SMS of the last day in this worker's database, each question in one of kwtSMS's turns
// (2 a second): those other test files left there are set aside, as if kwtSMS had answered for them.
beforeAll(() => prisma.outboxMessage.updateMany({ where: { channel: "sms", status: "sent" }, data: { nextAttemptAt: new Date(Date.now() + SMS_POLL_WINDOW_MS) } }));

let phoneSerial = 0;
async function sentSms(): Promise<{ id: string; msgId: string; orderId: string }> {
  phoneSerial += 1;
  const phone = `9${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
  const order = await createOrder(prisma, { phone, email: "" });
  await queueShopperMessages(prisma, { id: order.id, email: "", phone, language: "en", notifyWhatsApp: false }, "paid");
  await drainOutbox();
  const row = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, channel: "sms" } });
  expect(row.status).toBe("sent");
  return { id: row.id, msgId: row.providerMessageId!, orderId: order.id };
}

const statusOf = (id: string) => prisma.outboxMessage.findUniqueOrThrow({ where: { id }, select: { status: true, lastError: true } });

describe("polling kwtSMS for delivery", () => {
  it("keeps an SMS that left kwtSMS's queue `sent`, not delivered, fails a stuck one with the reason, and asks about neither again", async () => {
    const left = await sentSms();
    const stuck = await sentSms();
    sms.stick(stuck.msgId);
    const sentAt = (await prisma.outboxMessage.findUniqueOrThrow({ where: { id: left.id } })).updatedAt;
    expect(await pollSmsDeliveries()).toBeGreaterThanOrEqual(2);
    expect(await statusOf(left.id)).toEqual({ status: "sent", lastError: null });
    expect(await statusOf(stuck.id)).toEqual({ status: "failed", lastError: expect.stringMatching(/^kwtSMS: .+/) });
    // The owner's order page says sent, at the time it was sent.
    const shown = orderDetailJson((await getAdminOrder(left.orderId))!).messages.filter((message) => message.channel === "sms");
    expect(shown).toMatchObject([{ status: "sent", at: sentAt.toISOString() }]);

    const asked = sms.calls.filter((call) => call.path === "/API/status/").length;
    await pollSmsDeliveries();
    const askedAgain = sms.calls.filter((call) => call.path === "/API/status/").slice(asked);
    expect(askedAgain.map((call) => call.body.msgid)).not.toContain(left.msgId);
    expect(askedAgain.map((call) => call.body.msgid)).not.toContain(stuck.msgId);
  });

  it("leaves alone an SMS sent more than a day ago, and one kwtSMS does not know once it said so", async () => {
    const old = await sentSms();
    await prisma.outboxMessage.update({ where: { id: old.id }, data: { updatedAt: new Date(Date.now() - SMS_POLL_WINDOW_MS - 60_000) } });
    const unknown = await sentSms();
    await prisma.outboxMessage.update({ where: { id: unknown.id }, data: { providerMessageId: "0123456789abcdef0123456789abcdef" } });
    const asked = sms.calls.length;
    await pollSmsDeliveries();
    expect(sms.calls.slice(asked).map((call) => call.body.msgid)).not.toContain(old.msgId);
    expect(await statusOf(old.id)).toEqual({ status: "sent", lastError: null });
    expect(await statusOf(unknown.id)).toEqual({ status: "sent", lastError: null });
    const askedOnce = sms.calls.length;
    await pollSmsDeliveries();
    expect(sms.calls.slice(askedOnce).map((call) => call.body.msgid)).not.toContain("0123456789abcdef0123456789abcdef");
  });

  it("sends the username, password and msgid that /API/status/ takes", async () => {
    const row = await sentSms();
    const asked = sms.calls.length;
    await pollSmsDeliveries();
    expect(sms.calls.slice(asked).find((call) => call.body.msgid === row.msgId)?.body).toEqual({ username: "timsar", password: "***", msgid: row.msgId });
  });
});
