import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/env.server";
import { logger } from "~/utils/logger.server";
import { mailFailures } from "~/utils/metrics.server";

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

let transport: Transporter | undefined;

function getTransport(smtpUrl: string) {
  transport ??= nodemailer.createTransport(smtpUrl);
  return transport;
}

/**
 * Sends through SMTP_URL; without it each mail is written to ./data/outbox/ as an .eml file and a log line
 * says where (CONTRACT.md), so a fresh `npm start` can still be used end to end.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  const message = { from: env.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments };
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
