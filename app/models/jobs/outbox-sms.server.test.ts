/**
 * The outbox's SMS against the local kwtSMS fake (tests/fakes/kwtsms.ts, which names kwtSMS's pages): what kwtSMS
 * refuses because of the account's own settings waits and is retried, as an outage is (CONTRACT.md "Messages to
 * shoppers"), while what it refuses because of the number or the text fails at once.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getAdminOrder } from "~/models/fulfilment/index.server";
import { queueShopperMessages } from "~/models/messaging/index.server";
import { orderDetailJson } from "~/api/answers/orders.server";
import { drainOutbox } from "./outbox.server";
import { createOrder } from "../../../tests/factories/order";
import { startFakeKwtSms } from "../../../tests/fakes/kwtsms";

const sms = await startFakeKwtSms({ username: "timsar", password: "sms-password", senders: ["TIMSAR"], repeatWaitMs: 0 });
// Before the first getEnv() of this file's module graph.
Object.assign(process.env, { APP_URL: "https://timsar.example", KWTSMS_USERNAME: "timsar", KWTSMS_PASSWORD: "sms-password", KWTSMS_SENDER: "TIMSAR", KWTSMS_BASE_URL: sms.url });
afterAll(() => sms.close());

let phoneSerial = 0;
/** An order whose paid message waits to go as an SMS, to a number of this run's own. */
async function smsOrder() {
  phoneSerial += 1;
  const phone = `5${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
  const order = await createOrder(prisma, { phone, email: "" });
  await queueShopperMessages(prisma, { id: order.id, email: "", phone, language: "en", notifyWhatsApp: false }, "paid");
  return { orderId: order.id, phone };
}

const smsTo = (phone: string) => [...sms.messages.values()].filter((message) => message.mobile === `965${phone}`);
const shownStatus = async (orderId: string) => orderDetailJson((await getAdminOrder(orderId))!).messages.filter((message) => message.channel === "sms").map((message) => message.status);
const smsRow = (orderId: string) => prisma.outboxMessage.findFirstOrThrow({ where: { orderId, channel: "sms" }, select: { status: true, attempts: true, lastError: true } });

describe("an SMS kwtSMS refuses", () => {
  it("waits while the account's settings refuse it (credentials, IP whitelist, sender), and goes once the owner has put them right", async () => {
    const { orderId, phone } = await smsOrder();
    let later = Date.now();
    for (const code of ["ERR003", "ERR024", "ERR008"]) {
      sms.failNext(1, { code, mobile: `965${phone}` });
      later += 2 * 60 * 60 * 1000;
      await drainOutbox({ now: () => new Date(later) });
      // The owner's order page shows it still waiting, and the row keeps which code kwtSMS answered.
      expect(await smsRow(orderId)).toMatchObject({ status: "queued", lastError: expect.stringContaining(`kwtSMS ${code}`) });
      expect(await shownStatus(orderId)).toEqual(["queued"]);
    }
    expect(smsTo(phone)).toHaveLength(0);

    await drainOutbox({ now: () => new Date(later + 2 * 60 * 60 * 1000) });
    expect(smsTo(phone)).toHaveLength(1);
    expect(await smsRow(orderId)).toMatchObject({ status: "sent", attempts: 4, lastError: null });
    expect(await shownStatus(orderId)).toEqual(["sent"]);
  });

  it("fails at once when kwtSMS refuses the number", async () => {
    const { orderId, phone } = await smsOrder();
    sms.failNext(1, { code: "ERR025", mobile: `965${phone}` });
    await drainOutbox();
    expect(await smsRow(orderId)).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringContaining("kwtSMS ERR025") });
    expect(await shownStatus(orderId)).toEqual(["failed"]);
    expect(smsTo(phone)).toHaveLength(0);
  });
});
