import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/env.server";
import { logger } from "~/utils/logger.server";
import { mailFailures } from "~/utils/metrics.server";

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

/**
 * Who a mail comes from as its reader sees it: the shop's name from the owner's settings beside MAIL_FROM's address,
 * and where a reply goes (the owner's contact e-mail, when she set one): the mails say "just reply to this e-mail",
 * and MAIL_FROM is often an address nobody reads.
 */
export type MailSender = { name: string; replyTo: string | null };

/** A mail ready to go: what it says, and who it is from. */
export type SentMail = Mail & { sender: MailSender };

/** The sender of every mail of the shop, from its face in the mail's language (`getShopFace`). */
export function shopSender(shop: { name: string; email: string | null }): MailSender {
  return { name: shop.name, replyTo: shop.email };
}

let transport: Transporter | undefined;

function getTransport(smtpUrl: string) {
  transport ??= nodemailer.createTransport(smtpUrl);
  return transport;
}

/**
 * Sends through SMTP_URL; without it each mail is written to ./data/outbox/ as an .eml file and a log line
 * says where (CONTRACT.md), so a fresh `npm start` can still be used end to end.
 */
export async function sendMail(mail: SentMail): Promise<void> {
  const env = getEnv();
  const message = {
    from: { name: mail.sender.name, address: env.mailFrom },
    ...(mail.sender.replyTo ? { replyTo: mail.sender.replyTo } : {}),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
  };
  if (env.smtpUrl) {
    try {
      await getTransport(env.smtpUrl).sendMail(message);
    } catch (error) {
      mailFailures.inc();
      throw error;
    }
    return;
  }
  const outbox = path.join(env.dataDir, "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const streamed = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, streamed.message as Buffer);
  logger.info(`mail written to ${file}`);
}
