import { afterAll } from "vitest";
import { prisma } from "~/db.server";
import { startOutbox } from "~/models/jobs/index.server";
import { startSmtpServer } from "../setup/smtp";
import { startGateway } from "./gateway-helpers";

/**
 * For model tests that pay and refund through the gateways: both fake gateways and a loopback SMTP server, the shop
 * pointed at them (MyFatoorah by default), all closed after the file. Call it before anything reads getEnv(): vitest
 * runs each file in a process of its own, so the first read sees these addresses.
 */
export async function startModelFakes() {
  const smtp = await startSmtpServer();
  const gateways = { myfatoorah: await startGateway("myfatoorah"), tap: await startGateway("tap") };
  Object.assign(process.env, gateways.myfatoorah.env, gateways.tap.env, { PAYMENT_PROVIDER: "myfatoorah", APP_URL: "http://shop.test", SMTP_URL: smtp.url });
  // The worker's database still holds what earlier files queued and never sent (they ran no sender). A paid order's
  // mail renders its invoice, and those go first, oldest first: on a machine busy with another run this file's first
  // mail once came after its test's 10 s. They are no test's here; mark them failed before this file's sender starts.
  await prisma.outboxMessage.updateMany({ where: { status: "queued" }, data: { status: "failed", lastError: "left queued by an earlier test file" } });
  // The outbox's sender, as a server runs it: mails go after the commit that queued them (decision 0054).
  const stopOutbox = startOutbox({ intervalMs: 200 });
  afterAll(async () => {
    await stopOutbox();
    await Promise.all([gateways.myfatoorah.close(), gateways.tap.close(), smtp.close()]);
  });
  return { smtp, gateways };
}
