/**
 * What the gateway clients (myfatoorah.server.ts, tap.server.ts) share about talking HTTP to a gateway: the time
 * limit, transport faults and busy answers as typed PaymentGatewayErrors, JSON read without throwing, KWD amounts,
 * and credentials kept out of messages. How a refusal or an answer's fields read stays with each provider.
 */
import { PaymentGatewayError } from "./provider.server";

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The parsed body, or undefined when it is not JSON: the caller decides whether that is a refusal or garbage. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Both gateways take KWD as a JSON number with three decimals. */
export function filsToKwd(fils: number): number {
  if (!Number.isSafeInteger(fils) || fils <= 0) throw new RangeError("An amount must be a positive whole number of fils");
  // n / 1000 prints as the exact 3-decimal value (12345 → 12.345); toFixed keeps that true for any caller change.
  return Number((fils / 1000).toFixed(3));
}

export function kwdToFils(kwd: number): number {
  return Math.round(kwd * 1000);
}

/** Gateway text goes into error messages shown in logs and on refunds; it must never echo a credential back. */
export function withoutSecrets(text: string, secrets: readonly string[], mask: string): string {
  let cleaned = text;
  for (const secret of secrets) cleaned = cleaned.split(secret).join(mask);
  return cleaned;
}

/** How a provider words the faults this module raises, in its own log messages. */
export type FaultWords = { timeout: string; unreachable: string; busy: (status: number) => string };

export type GatewayRequest = {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  fetch: typeof fetch;
  words: FaultWords;
};

/**
 * Sends one request and reads its whole body within `timeoutMs` (a server that stalls halfway is as slow as one that
 * never answers). No answer in time is a "timeout" fault, no connection an "unavailable" one, and so are HTTP 5xx
 * and 429 (the gateway asking us to slow down, as MyFatoorah's GetPaymentStatus rate limit does): trying again later
 * can succeed, which "refused" would deny. Any other status is the caller's to read, with the body as text.
 */
export async function sendGatewayRequest(request: GatewayRequest): Promise<{ status: number; text: string }> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await request.fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (signal.aborted || (error instanceof Error && error.name === "TimeoutError")) throw new PaymentGatewayError("timeout", request.words.timeout);
    throw new PaymentGatewayError("unavailable", request.words.unreachable);
  }
  if (status >= 500 || status === 429) throw new PaymentGatewayError("unavailable", request.words.busy(status));
  return { status, text };
}
