import type { HeadersFunction } from "@remix-run/node";

/**
 * A page's answer carries only the headers its route's `headers` function gives (Remix keeps just the cookies of a
 * loader's or action's own headers). A page that refuses with 429 exports this, so the real wait it set reaches the
 * browser instead of server/security.ts's 60-second fallback (CONTRACT: every 429 carries `Retry-After`).
 */
export const retryAfterPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const answer = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) answer.set("Retry-After", retryAfter);
  return answer;
};

/** A refused account step's status, with its real wait when it is a 429. */
export function refusalInit(outcome: { status: number; retryAfterSeconds?: number }): ResponseInit {
  if (outcome.status !== 429 || outcome.retryAfterSeconds === undefined) return { status: outcome.status };
  return { status: 429, headers: { "Retry-After": String(Math.max(1, Math.ceil(outcome.retryAfterSeconds))) } };
}
