/**
 * Who the shop's e-mails come from, read as sent from a real SMTP server on loopback (probe 4, item 12): the shop's
 * name from settings beside MAIL_FROM's address, in the mail's language, and a Reply-To of the owner's contact e-mail
 * while she has set one, since the mails say "just reply to this e-mail". Outbox mails and account mails alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startRegistration } from "~/models/accounts/index.server";
import { queueEmail } from "~/models/messaging/index.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { drainOutbox } from "./outbox.server";
import { createOrder } from "../../../tests/factories/order";
import { uniqueEmail } from "../../../tests/factories/unique";
import { startSmtpServer, type ReceivedMail } from "../../../tests/setup/smtp";

const smtp = await startSmtpServer();
// Before the first getEnv() of this file's module graph: the shop reads its variables once.
Object.assign(process.env, { APP_URL: "http://shop.test", SMTP_URL: smtp.url, MAIL_FROM: "no-reply@shop.test" });

const SHOP_NAME = { en: "Reem Gifts House", ar: "بيت ريم للهدايا" };
const CONTACT = "reem@gifts-house.test";
const before = await getShopSettings();
beforeAll(() => saveShopSettings({ shopName: SHOP_NAME, contactEmail: CONTACT }));
afterAll(async () => {
  await saveShopSettings({ shopName: before.shopName, contactEmail: before.contactEmail });
  await smtp.close();
});

/** A header of the mail as sent, unfolded, its encoded words (RFC 2047) read back as the mail program shows them. */
function header(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const value = new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1];
  if (value === undefined) return null;
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}

const mailTo = (email: string) => smtp.waitForMail(email);

describe("every e-mail", () => {
  it("comes from the shop's name in the order's language, and a reply goes to the owner's contact e-mail", async () => {
    const email = uniqueEmail("paid-ar");
    const order = await createOrder(prisma, { email, fullName: "سارة" });
    await prisma.order.update({ where: { id: order.id }, data: { language: "ar" } });
    await queueEmail(prisma, { to: email, kind: "paid", orderId: order.id, language: "ar" });
    await drainOutbox();

    const mail = await mailTo(email);
    expect(header(mail, "From")).toMatch(/^"?بيت ريم للهدايا"? <no-reply@shop\.test>$/);
    expect(header(mail, "Reply-To")).toBe(CONTACT);
    // The confirmation itself names the shop as the status mails do.
    expect(mail.text).toContain("شكرًا لتسوقك من بيت ريم للهدايا.");
  });

  it("is from the English name for a mail in English, a mail drawn when it was queued included", async () => {
    const email = uniqueEmail("drawn-en");
    await queueEmail(prisma, { to: email, kind: "mail", language: "en", params: { subject: "Confirm", text: "Hello", html: "<p>Hello</p>" } });
    await drainOutbox();
    const mail = await mailTo(email);
    expect(header(mail, "From")).toMatch(/^"?Reem Gifts House"? <no-reply@shop\.test>$/);
    expect(header(mail, "Reply-To")).toBe(CONTACT);
  });

  it("carries no Reply-To while the owner has no contact e-mail: a reply then goes to MAIL_FROM, as before", async () => {
    await saveShopSettings({ contactEmail: null });
    try {
      const email = uniqueEmail("no-contact");
      await queueEmail(prisma, { to: email, kind: "mail", language: "en", params: { subject: "Hi", text: "Hello", html: "<p>Hello</p>" } });
      await drainOutbox();
      const mail = await mailTo(email);
      expect(header(mail, "From")).toMatch(/^"?Reem Gifts House"? <no-reply@shop\.test>$/);
      expect(header(mail, "Reply-To")).toBeNull();
    } finally {
      await saveShopSettings({ contactEmail: CONTACT });
    }
  });

  it("of an account (a sign-up's code) is from the shop's name in the request's language too", async () => {
    const email = uniqueEmail("code-ar");
    await startRegistration(email, null, { language: "ar", address: "192.0.2.77" });
    const mail = await mailTo(email);
    expect(header(mail, "From")).toMatch(/^"?بيت ريم للهدايا"? <no-reply@shop\.test>$/);
    expect(header(mail, "Reply-To")).toBe(CONTACT);
    expect(mail.subject).toBe("رمز التحقق من بيت ريم للهدايا");
  });
});
