/**
 * Playwright's global setup: a real SMTP server on loopback that the shop (started as webServer with
 * SMTP_URL pointing here) sends to. Test workers are other processes, so each received mail is appended
 * to a JSON-lines file they read (tests/e2e/support/mailbox.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { startSmtpServer } from "./smtp";
import { E2E_MAILBOX_FILE, E2E_SETTINGS_TURN, E2E_SMTP_PORT } from "../../playwright.config";

export default async function globalSetup() {
  const file = path.resolve(E2E_MAILBOX_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "");
  fs.rmSync(E2E_SETTINGS_TURN, { recursive: true, force: true });
  const smtp = await startSmtpServer(E2E_SMTP_PORT, (mail) => {
    fs.appendFileSync(file, `${JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text })}\n`);
  });
  return async () => {
    await smtp.close();
  };
}
