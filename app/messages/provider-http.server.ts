/**
 * What the message providers' clients (whatsapp.server.ts, kwtsms.server.ts) share: the outcome the outbox's sender
 * reads, one JSON POST within a time limit, and the recipient's number in the form both providers take.
 */
import { KUWAIT_PHONE_PATTERN, normalizeKuwaitiPhone } from "~/shared/phone";

/**
 * A send's result. `retry: true` means trying the same message later can succeed (the provider is down, busy or
 * asked us to slow down); `retry: false` means it never will (the number cannot receive it, the text is refused), so
 * the sender moves on to the next channel. `untried: true` means the provider was not called at all (its pace had no
 * turn free soon): the message waits for a later pass without counting as a try. `reason` is for the owner's message
 * list: no number, no credential.
 */
export type SendOutcome = { ok: true; providerId: string } | { ok: false; retry: boolean; reason: string; untried?: true };

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Both providers take a Kuwaiti number as 965 and its 8 digits, no `+` or `00` (CONTRACT.md). */
export function kuwaitMsisdn(phone: string): string | null {
  const local = normalizeKuwaitiPhone(phone);
  return KUWAIT_PHONE_PATTERN.test(local) ? `965${local}` : null;
}

/** A provider's text goes to logs and the admin page: long digit runs (a phone number) are masked. */
export function withoutNumbers(text: string): string {
  return text.replace(/\+?\d{8,}/g, "…");
}

export type PostResult = { kind: "answer"; status: number; json: unknown } | { kind: "fault"; reason: string };

export type HttpOptions = { fetch?: typeof fetch; timeoutMs?: number };

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * One JSON POST, its whole answer read within the time limit. No answer, no connection, HTTP 5xx and 429 are
 * faults (worth retrying); any other status is the caller's to read, with the body parsed (undefined when not JSON).
 */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, options: HttpOptions = {}): Promise<PostResult> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let status: number;
  let text: string;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
    });
    status = response.status;
    text = await response.text();
  } catch {
    return { kind: "fault", reason: signal.aborted ? "no answer in time" : "unreachable" };
  }
  if (status >= 500 || status === 429) return { kind: "fault", reason: `HTTP ${status}` };
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  return { kind: "answer", status, json };
}
