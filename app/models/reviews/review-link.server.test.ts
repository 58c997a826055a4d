import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { isValidReviewToken, reviewToken } from "./review-link.server";

/**
 * The review link's token is short enough for an Arabic SMS of two parts beside the shop's name (probe 4, item 10),
 * and a link sent with the whole signature before still opens until it expires.
 */
describe("the review link's token", () => {
  it("signs with 22 characters, and still takes a link sent with the whole signature, but no other length", () => {
    const orderNumber = "ORD-883987358391";
    const token = reviewToken(orderNumber);
    const [expires, short] = token.split(".");
    expect(short).toHaveLength(22);
    expect(isValidReviewToken(orderNumber, token)).toBe(true);
    expect(isValidReviewToken("ORD-000000000000", token)).toBe(false);

    const whole = crypto.createHmac("sha256", getEnv().sessionSecrets[0]).update(`review:${orderNumber}:${expires}`).digest("base64url");
    expect(whole.startsWith(short)).toBe(true);
    expect(isValidReviewToken(orderNumber, `${expires}.${whole}`)).toBe(true);
    expect(isValidReviewToken(orderNumber, `${expires}.${whole.slice(0, 30)}`)).toBe(false);
    expect(isValidReviewToken(orderNumber, `${expires}.${short.slice(0, 21)}`)).toBe(false);
    const altered = `${short.slice(0, 21)}${short.endsWith("A") ? "B" : "A"}`;
    expect(isValidReviewToken(orderNumber, `${expires}.${altered}`)).toBe(false);
  });
});
