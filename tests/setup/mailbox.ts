/** Reads the mail that the e2e SMTP server received (tests/setup/e2e-global.ts), from any test worker. */
import fs from "node:fs";
import path from "node:path";
import { E2E_MAILBOX_FILE } from "../../playwright.config";

type StoredMail = { to: string[]; subject: string; text: string };

function readMailbox(): StoredMail[] {
  const file = path.resolve(E2E_MAILBOX_FILE);
  if (!fs.existsSync(file)) return [];
  // The SMTP server may be writing a mail while another worker reads: only lines it has ended are whole.
  const lines = fs.readFileSync(file, "utf8").split("\n");
  lines.pop();
  return lines.filter(Boolean).map((line) => JSON.parse(line) as StoredMail);
}

export function mailCount(to: string): number {
  return readMailbox().filter((mail) => mail.to.includes(to.toLowerCase())).length;
}

/** The newest mail to this address once there are more than `after`; its 6-digit code and text. */
// A bound, not a pause: the wait ends when the mail is in (as tests/setup/smtp.ts's, for a machine doing much else).
export async function waitForMail(to: string, after = 0, timeoutMs = 30_000): Promise<StoredMail & { code: string | null }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = readMailbox().filter((mail) => mail.to.includes(to.toLowerCase()));
    if (mails.length > after) {
      const mail = mails[mails.length - 1];
      return { ...mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] ?? null };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export async function waitForCode(to: string, after = 0): Promise<string> {
  const mail = await waitForMail(to, after);
  if (!mail.code) throw new Error(`no code in the mail to ${to}`);
  return mail.code;
}
