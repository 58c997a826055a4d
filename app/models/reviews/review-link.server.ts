import crypto from "node:crypto";
import { getEnv } from "~/env.server";

/**
 * The review page's link (issue 47): it opens the review page of one order without signing in, until it expires. The
 * token is the order's number, the expiry and an HMAC of both with SESSION_SECRET (any rotated secret is accepted),
 * so it cannot be made for another order nor kept working past its time.
 */
const PURPOSE = "review";
/** Long enough for a shopper who opens the invitation weeks later; short enough that an old message stops working. */
export const REVIEW_LINK_DAYS = 60;

/**
 * A token carries the HMAC's first 128 bits (22 characters): the link then fits an Arabic SMS of two parts beside the
 * shop's name (probe 4, item 10). A link sent with the whole HMAC (43 characters) before still works until it expires.
 */
const SIGNATURE_CHARACTERS = 22;
const WHOLE_SIGNATURE_CHARACTERS = 43;

function signature(orderNumber: string, expires: number, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`${PURPOSE}:${orderNumber}:${expires}`).digest("base64url");
}

/** `secret` is the shop's current one unless given: the browser journeys sign with their server's secret, as the invitation does. */
export function reviewToken(orderNumber: string, now = Date.now(), secret = getEnv().sessionSecrets[0]): string {
  const expires = Math.floor(now / 1000) + REVIEW_LINK_DAYS * 86_400;
  return `${expires}.${signature(orderNumber, expires, secret).slice(0, SIGNATURE_CHARACTERS)}`;
}

/** The review page of an order: with a token for a message, without for the signed-in owner (My Orders). */
export function reviewPagePath(orderNumber: string, token?: string): string {
  return `/review/${encodeURIComponent(orderNumber)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}

export function reviewLinkPath(orderNumber: string, now = Date.now(), secret?: string): string {
  return reviewPagePath(orderNumber, reviewToken(orderNumber, now, secret));
}

/** Whether `token` was signed for this order and has not expired. */
export function isValidReviewToken(orderNumber: string, token: string | null | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const dot = token.indexOf(".");
  const expires = Number(token.slice(0, dot));
  if (dot <= 0 || !Number.isInteger(expires) || expires * 1000 < now) return false;
  const given = Buffer.from(token.slice(dot + 1));
  const length = given.length === WHOLE_SIGNATURE_CHARACTERS ? WHOLE_SIGNATURE_CHARACTERS : SIGNATURE_CHARACTERS;
  return getEnv().sessionSecrets.some((secret) => {
    const expected = Buffer.from(signature(orderNumber, expires, secret).slice(0, length));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}
