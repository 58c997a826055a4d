/**
 * The kwtSMS client: SMS when WhatsApp is off, refuses, or reports a message failed. Written from kwtSMS's pages:
 * - https://www.kwtsms.com/api-documentation.html (REST/JSON v4.1: POST only, `Content-Type` and `Accept`
 *   application/json; /API/send/ with `username`, `password`, `sender`, `mobile` (digits with the country code, no
 *   `+` or `00`), `message`, `test`; the answer `{"result":"OK","msg-id","numbers","points-charged","balance-after",
 *   "unix-timestamp"}` or `{"result":"ERROR","code":"ERR0xx","description"}`; /API/status/ with `msgid`; the error
 *   codes ERR001–ERR033; emoji and HTML are refused or stuck in the queue)
 * - kwtSMS API documentation v3.7 (2024, PDF): the `lang` parameter, 1 English, 2 Arabic (CP1256), 3 Arabic (UTF-8),
 *   4 Unicode. The v4.1 page and the official SDKs no longer send it; it is sent for Arabic only (see smsLang).
 * - GSM 03.38 / 3GPP TS 23.040 for the part sizes: 160 GSM-7 characters or 70 UCS-2 in one SMS; 153 and 67 per part
 *   once split (the concatenation header takes the rest).
 */
import type { Env } from "~/env.server";
import { logger } from "~/utils/logger.server";
import { isRecord, kuwaitMsisdn, postJson, withoutNumbers, type HttpOptions, type PostResult, type SendOutcome } from "./provider-http.server";

/**
 * `turn` waits until this call may go: kwtSMS blocks an IP that makes more than 5 requests a second, and every process
 * of the shop shares the server's IP (app/models/messaging/kwtsms-pace.server.ts hands out the turns). False means no
 * turn is free soon, and no call is made.
 */
export type KwtSmsConfig = NonNullable<Env["kwtSms"]> & HttpOptions & { test?: boolean; turn: () => Promise<boolean> };

export type SmsStatus = { ok: true; state: "queued" | "sent" | "failed"; description: string } | { ok: false; retry: boolean; reason: string; untried?: true };

const NO_TURN = { ok: false, retry: true, untried: true, reason: "kwtSMS not called: no turn free soon at its pace of 2 requests a second" } as const;

/** One call to kwtSMS in its turn; null when there was none. */
async function post(config: KwtSmsConfig, path: string, body: Record<string, unknown>): Promise<PostResult | null> {
  if (!(await config.turn())) return null;
  return postJson(`${config.baseUrl}${path}`, {}, body, config);
}

/** All three variables turn SMS on (CONTRACT.md); env.server.ts refuses a partial set. */
export function smsConfigured(env: Pick<Env, "kwtSms">): boolean {
  return env.kwtSms !== null;
}

/**
 * The codes that say the message or the number itself is wrong (kwtSMS's error list, as the official SDK words it in
 * github.com/boxlinknet/kwtsms-js, src/errors.ts): no valid number (ERR006), over 200 numbers (ERR007), an empty
 * text (ERR009), over 6 pages (ERR012), an invalid number (ERR025), HTML (ERR027), bad language or spam (ERR031,
 * ERR032), and for a status question an id kwtSMS does not know (ERR029). The same request is refused however long
 * one waits, so the message fails at once.
 *
 * Every other code is retried with the outbox's growing waits, as an outage is (CONTRACT.md: a kwtSMS that "answers
 * errors is retried with growing waits for at least 24 hours"): a full queue (ERR013), the 15-second pause per number
 * (ERR028), an empty or short balance (ERR010, ERR011), the account's settings below, and a code this list does not
 * know.
 */
const FINAL_CODES = new Set(["ERR006", "ERR007", "ERR009", "ERR012", "ERR025", "ERR027", "ERR029", "ERR031", "ERR032"]);

/**
 * The account's own settings, which the owner puts right at kwtsms.com or in the shop's KWTSMS_* variables while the
 * messages wait: the API disabled or not allowed (ERR001, ERR004), a parameter missing or wrong credentials (ERR002,
 * ERR003), the account blocked (ERR005), the sender id banned or not found (ERR008), the server's IP not in the API
 * whitelist (ERR024), the country not activated (ERR026), no active coverage (ERR033). Each is logged with its code,
 * since only the owner can act on it.
 */
const ACCOUNT_CODES = new Set(["ERR001", "ERR002", "ERR003", "ERR004", "ERR005", "ERR008", "ERR024", "ERR026", "ERR033"]);

function kwtError(json: unknown): { code: string; description: string } | null {
  if (!isRecord(json) || json.result !== "ERROR") return null;
  return { code: typeof json.code === "string" ? json.code : "unknown", description: typeof json.description === "string" ? json.description : "" };
}

function refusal(error: { code: string; description: string }): { ok: false; retry: boolean; reason: string } {
  const reason = withoutNumbers(`kwtSMS ${error.code}${error.description ? `: ${error.description}` : ""}`).slice(0, 500);
  if (ACCOUNT_CODES.has(error.code)) logger.warn(`${reason} (the kwtSMS account's settings: SMS wait and are retried until they are put right)`);
  return { ok: false, retry: !FINAL_CODES.has(error.code), reason };
}

// Emoji never reach a handset through kwtSMS (stuck in the queue, credits spent): pictographs, flags, skin tones and
// tag characters go, and so do the joiners and selectors that build them (read one by one, as code points).
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;
const EMOJI_GLUE = new Set([0x200d, 0x20e3, ...Array.from({ length: 16 }, (_, i) => 0xfe00 + i)]);
// Invisible characters that break delivery: zero-width ones, soft hyphen, BOM, direction marks; and C0/C1 controls
// but the line break.
const INVISIBLE = new Set([0x200b, 0x200c, 0x2060, 0x00ad, 0xfeff, 0xfffc, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

function kept(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (char === "\n") return true;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  return !EMOJI.test(char) && !EMOJI_GLUE.has(code) && !INVISIBLE.has(code);
}

/** The text as kwtSMS can deliver it: no emoji, no invisible characters, no HTML tags, no doubled spaces. */
export function smsText(text: string): string {
  return [...text.replace(/<[^>]*>/g, "")]
    .filter(kept)
    .join("")
    .replace(/ {2,}/g, " ")
    .replace(/ +\n|\n +/g, "\n")
    .trim();
}

const GSM7 = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€";

/** How many SMS parts a text takes: GSM-7 160 alone, 153 a part; otherwise (Arabic) UCS-2, 70 alone, 67 a part. */
export function smsParts(text: string): number {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM7.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else gsm = false;
  }
  // UCS-2 counts UTF-16 units: a character outside the BMP takes two.
  const [length, single, part] = gsm ? [septets, 160, 153] : [text.length, 70, 67];
  if (length === 0) return 0;
  return length <= single ? 1 : Math.ceil(length / part);
}

/** CONTRACT.md: an SMS stays within two parts. The check runs on the text as it would be sent. */
export function fitsTwoSmsParts(text: string): boolean {
  return smsParts(smsText(text)) <= 2;
}

/** `lang` 3 is Arabic in UTF-8 (the JSON API's encoding); Latin texts are left to kwtSMS's default, English. */
function smsLang(text: string): { lang?: string } {
  return /[\u0600-\u06FF]/.test(text) ? { lang: "3" } : {};
}

export async function sendSms(config: KwtSmsConfig, message: { to: string; message: string }): Promise<SendOutcome> {
  const mobile = kuwaitMsisdn(message.to);
  if (!mobile) return { ok: false, retry: false, reason: "Not a Kuwaiti phone number" };
  const text = smsText(message.message);
  if (!text) return { ok: false, retry: false, reason: "The message is empty once emoji are removed" };
  const body = {
    username: config.username,
    password: config.password,
    sender: config.sender,
    mobile,
    message: text,
    ...smsLang(text),
    ...(config.test ? { test: "1" } : {}),
  };
  const answer = await post(config, "/API/send/", body);
  if (!answer) return NO_TURN;
  if (answer.kind === "fault") return { ok: false, retry: true, reason: `kwtSMS: ${answer.reason}` };
  const error = kwtError(answer.json);
  if (error) return refusal(error);
  const json = answer.json;
  if (isRecord(json) && json.result === "OK" && (typeof json["msg-id"] === "string" || typeof json["msg-id"] === "number")) {
    return { ok: true, providerId: String(json["msg-id"]) };
  }
  return { ok: false, retry: true, reason: `kwtSMS answered HTTP ${answer.status} without a result` };
}

/**
 * Where a sent SMS is: /API/status/ answers `{"result":"OK","status":"sent",…}` once it left kwtSMS's queue;
 * ERR030 means it is stuck in the queue with an error (failed), ERR029 that the id is unknown.
 */
export async function smsStatus(config: KwtSmsConfig, msgId: string): Promise<SmsStatus> {
  const answer = await post(config, "/API/status/", { username: config.username, password: config.password, msgid: msgId });
  if (!answer) return NO_TURN;
  if (answer.kind === "fault") return { ok: false, retry: true, reason: `kwtSMS: ${answer.reason}` };
  const error = kwtError(answer.json);
  if (error?.code === "ERR030") return { ok: true, state: "failed", description: withoutNumbers(error.description || "Stuck in the queue with an error") };
  if (error) return refusal(error);
  const json = answer.json;
  if (!isRecord(json) || json.result !== "OK") return { ok: false, retry: true, reason: `kwtSMS answered HTTP ${answer.status} without a result` };
  const description = typeof json.description === "string" ? withoutNumbers(json.description) : "";
  return { ok: true, state: json.status === "sent" ? "sent" : "queued", description };
}
