/**
 * kwtSMS delivery by polling (issue 30): the timed pass asks /API/status/ of the local kwtSMS fake (tests/fakes/kwtsms.ts)
 * for each SMS sent in the last day, and moves its row to `delivered`, or to `failed` with kwtSMS's reason.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { queueShopperMessages } from "./outbox-write.server";
import { pollSmsDeliveries, SMS_POLL_WINDOW_MS } from "./sms-delivery.server";
import { createOrder } from "../../../tests/factories/order";
import { startFakeKwtSms } from "../../../tests/fakes/kwtsms";

const sms = await startFakeKwtSms({ username: "timsar", password: "sms-password", senders: ["TIMSAR"], repeatWaitMs: 0 });
// Before the first getEnv() of this file's module graph.
Object.assign(process.env, { APP_URL: "https://timsar.example", KWTSMS_USERNAME: "timsar", KWTSMS_PASSWORD: "sms-password", KWTSMS_SENDER: "TIMSAR", KWTSMS_BASE_URL: sms.url });
afterAll(() => sms.close());

let phoneSerial = 0;
async function sentSms(): Promise<{ id: string; msgId: string }> {
  phoneSerial += 1;
  const phone = `9${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
  const order = await createOrder(prisma, { phone, email: "" });
  await queueShopperMessages(prisma, { id: order.id, email: "", phone, language: "en", notifyWhatsApp: false }, "paid");
  await drainOutbox();
  const row = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, channel: "sms" } });
  expect(row.status).toBe("sent");
  return { id: row.id, msgId: row.providerMessageId! };
}

const statusOf = (id: string) => prisma.outboxMessage.findUniqueOrThrow({ where: { id }, select: { status: true, lastError: true } });

describe("polling kwtSMS for delivery", () => {
  it("marks a sent SMS delivered and a stuck one failed with the reason, and asks about neither again", async () => {
    const delivered = await sentSms();
    const stuck = await sentSms();
    sms.stick(stuck.msgId);
    expect(await pollSmsDeliveries()).toBeGreaterThanOrEqual(2);
    expect(await statusOf(delivered.id)).toEqual({ status: "delivered", lastError: null });
    expect(await statusOf(stuck.id)).toEqual({ status: "failed", lastError: expect.stringMatching(/^kwtSMS: .+/) });

    const asked = sms.calls.filter((call) => call.path === "/API/status/").length;
    await pollSmsDeliveries();
    const askedAgain = sms.calls.filter((call) => call.path === "/API/status/").slice(asked);
    expect(askedAgain.map((call) => call.body.msgid)).not.toContain(delivered.msgId);
    expect(askedAgain.map((call) => call.body.msgid)).not.toContain(stuck.msgId);
  });

  it("leaves alone an SMS sent more than a day ago, and one kwtSMS does not know", async () => {
    const old = await sentSms();
    await prisma.outboxMessage.update({ where: { id: old.id }, data: { updatedAt: new Date(Date.now() - SMS_POLL_WINDOW_MS - 60_000) } });
    const unknown = await sentSms();
    await prisma.outboxMessage.update({ where: { id: unknown.id }, data: { providerMessageId: "0123456789abcdef0123456789abcdef" } });
    const asked = sms.calls.length;
    await pollSmsDeliveries();
    expect(sms.calls.slice(asked).map((call) => call.body.msgid)).not.toContain(old.msgId);
    expect(await statusOf(old.id)).toEqual({ status: "sent", lastError: null });
    expect(await statusOf(unknown.id)).toEqual({ status: "sent", lastError: null });
  });

  it("sends the username, password and msgid that /API/status/ takes", async () => {
    const row = await sentSms();
    const asked = sms.calls.length;
    await pollSmsDeliveries();
    expect(sms.calls.slice(asked).find((call) => call.body.msgid === row.msgId)?.body).toEqual({ username: "timsar", password: "***", msgid: row.msgId });
  });
});
