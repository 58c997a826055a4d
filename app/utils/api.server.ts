import { createHash } from "node:crypto";
import { bilingual, inLanguage, namedLanguage } from "~/i18n/bilingual.server";
import { readWholeNumber, type WholeNumberRule } from "~/shared/paging";
import { noneMatchHits } from "~/utils/etag";
import { SHARED_PAGE_HEADER } from "~/utils/shared-page";

/** The bilingual answer to a client over a rate limit (the same words as `account.messages.tooManyAttempts`). */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  "Too many attempts. Please wait a few minutes and try again. / محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.";

/**
 * CONTRACT.md's error shape: `{ message }`, plus field errors where there are any, both languages in each (the
 * server answers one of them when the request names it: `inNamedLanguage`). A 429 is `tooManyRequests`, which
 * cannot leave `Retry-After` out: the typecheck refuses `jsonError(429, …)`.
 */
export function jsonError<Status extends number>(status: Status extends 429 ? never : Status, message: string, fieldErrors?: Record<string, string[]>) {
  return Response.json(fieldErrors ? { message, fieldErrors } : { message }, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/**
 * The one way to answer 429 (CONTRACT.md: every 429 carries `Retry-After`): the seconds until the client may try
 * again, usually a rate limit's `retryAfterSeconds`, and the message, by default "too many attempts".
 */
export function tooManyRequests(retryAfterSeconds: number, message: string = TOO_MANY_ATTEMPTS_MESSAGE) {
  return Response.json(
    { message },
    { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } },
  );
}

/**
 * An API error answer in the one language the request names (`namedLanguage`: the `lang` cookie or Accept-Language),
 * applied where every answer leaves the server (server/page-cache.ts), so no route has to think of it; a server error
 * that is not JSON becomes CONTRACT's `{ message }` first. Anything else, or a request that names no language, is
 * passed through as it is.
 */
export async function inNamedLanguage(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || !new URL(request.url).pathname.startsWith("/api/")) return response;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("application/json")) {
    if (response.status < 500) return response;
    // Remix answers a route's unexpected error in plain text ("Unexpected Server Error"); an API client reads JSON.
    response = jsonError(response.status, bilingual("errors.errorBody"));
  }
  const language = namedLanguage(request);
  if (!language) return response;
  const body = (await response.clone().json().catch(() => null)) as { message?: unknown; fieldErrors?: unknown } | null;
  if (!body || typeof body.message !== "string") return response;
  const translated: Record<string, unknown> = { ...body, message: inLanguage(body.message, language) };
  if (body.fieldErrors && typeof body.fieldErrors === "object") {
    translated.fieldErrors = Object.fromEntries(
      Object.entries(body.fieldErrors).map(([field, messages]) => [field, Array.isArray(messages) ? messages.map((text) => (typeof text === "string" ? inLanguage(text, language) : text)) : messages]),
    );
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set("Content-Language", language);
  return new Response(JSON.stringify(translated), { status: response.status, statusText: response.statusText, headers });
}

/**
 * True when a text, or any text or key inside a parsed body, holds U+0000: PostgreSQL cannot store it in a text
 * column (it answered 500, "invalid byte sequence"), and SQLite stored it where mail would send to another address.
 * No field of the shop takes one, so the request is refused whole, on both engines alike.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === "object" && value !== null) return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || containsNul(inner));
  return false;
}

/** The refusal of a request carrying U+0000 (`containsNul`), in the API's error shape. */
export function nulCharacterError() {
  return jsonError(400, bilingual("api.nulCharacter"));
}

/** Reads a JSON body, answering 400 instead of throwing on malformed input or on a text holding U+0000. */
export async function readJsonBody(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw jsonError(400, bilingual("api.invalidJson"));
  }
  if (containsNul(body)) throw nulCharacterError();
  return body;
}

/**
 * Paging parameters of an API call (`page`, `pageSize`): each a whole number within its rule, or the rule's default
 * when left out. Anything else is the client's mistake and is answered 400 rather than guessed at.
 */
export function readApiPaging<Name extends string>(params: URLSearchParams, rules: Record<Name, WholeNumberRule>): Record<Name, number> {
  const values = {} as Record<Name, number>;
  for (const [name, rule] of Object.entries(rules) as [Name, WholeNumberRule][]) {
    const value = readWholeNumber(params.get(name), rule);
    if (value === null) throw jsonError(400, bilingual("api.invalidPaging", { name, min: rule.min, max: rule.max }));
    values[name] = value;
  }
  return values;
}

/**
 * A catalogue answer (`/api/categories`, `/api/products`, one category or product): public, the same for every
 * caller until the catalogue changes. It carries a strong `ETag` (a hash of its JSON) and is `304` without a body
 * when the client's `If-None-Match` already names it; `no-cache` makes clients ask again, cheaply, each time. The
 * shared-page header lets the server keep the answer for the next caller, as it keeps catalogue pages
 * (server/page-cache.ts), until the database changes.
 */
export function catalogueJson(request: Request, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers = { "Cache-Control": "no-cache", ETag: etag, [SHARED_PAGE_HEADER]: "1" };
  if (noneMatchHits(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { "Content-Type": "application/json", ...headers } });
}
