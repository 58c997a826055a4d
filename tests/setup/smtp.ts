/**
 * A real SMTP server on loopback for tests: the shop sends through nodemailer exactly as in production, and
 * tests read the codes from the mail that arrived, never from the database.
 */
import { SMTPServer } from "smtp-server";

/** How long a test waits for a mail the shop must send: a bound, never a pause (the wait ends when the mail is in). */
export const MAIL_WAIT_MS = 30_000;

export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string; html: string };

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? "").trim().toLowerCase();
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (kind === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
    } catch {
      return bytes;
    }
  }
  return body;
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
  );
}

function headerOf(block: string, name: string): string | undefined {
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded);
  return match?.[1];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Enough MIME to read nodemailer's own messages: the subject and the text and HTML parts, also inside the
 * multipart/alternative that a message with an attachment (the invoice) nests in its multipart/mixed.
 */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head] = raw.split(/\r?\n\r?\n/);
  const parts: Record<string, string> = {};
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => escapeRegExp(match[1]));
  const chunks = boundaries.length ? raw.split(new RegExp(`--(?:${boundaries.join("|")})`)).slice(1) : [raw];
  for (const chunk of chunks) {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const partHead = chunk.slice(0, split);
    const type = (headerOf(partHead, "Content-Type") ?? "").toLowerCase();
    const body = decodeBody(chunk.slice(split).trim(), headerOf(partHead, "Content-Transfer-Encoding"));
    if (type.startsWith("text/plain")) parts.text ??= body;
    if (type.startsWith("text/html")) parts.html ??= body;
  }
  return { to, raw, subject: decodeHeaderWords(headerOf(head, "Subject") ?? ""), text: parts.text ?? "", html: parts.html ?? "" };
}

export async function startSmtpServer(port = 0, onMail?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), to);
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    /**
     * The latest mail to this address that arrived after `since` mails were already there, and whose subject holds
     * `subject` when given: an address other tests' orders also write to (the owner's) gets their mails too. It
     * answers as soon as the mail is in; the bound is for a machine doing much else (a fresh clone's run beside other
     * work took over 10 s to pass a paid order's mail from the shop's process to this one's).
     */
    async waitForMail(to: string, { after = 0, subject = "", timeoutMs = MAIL_WAIT_MS } = {}): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.slice(after).filter((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subject));
        if (found.length) return found[found.length - 1];
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to}${subject ? ` about "${subject}"` : ""} within ${timeoutMs} ms`);
    },
    isListening: () => server.server.listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeFromMail(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no 6-digit code in mail: ${mail.text}`);
  return match[1];
}
