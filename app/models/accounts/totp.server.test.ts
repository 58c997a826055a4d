import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { matchTotp, newTotpSecret, totpAt, totpUri } from "./totp.server";

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; the RFC's 8-digit values end in these 6.
const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC's test values", () => {
    expect(totpAt(SECRET, 59_000)).toBe("287082");
    expect(totpAt(SECRET, 1111111109_000)).toBe("081804");
    expect(totpAt(SECRET, 1234567890_000)).toBe("005924");
    expect(totpAt(SECRET, 2000000000_000)).toBe("279037");
  });

  it("takes the code of the step before or after, answering its step, and nothing further or malformed", () => {
    const now = 1234567890_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(SECRET, totpAt(SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(SECRET, totpAt(SECRET, now), now)).toBe(step);
    expect(matchTotp(SECRET, totpAt(SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(SECRET, totpAt(SECRET, now - 90_000), now)).toBeNull();
    expect(matchTotp(SECRET, "12345", now)).toBeNull();
    expect(matchTotp(SECRET, "１２３４５６", now)).toBeNull();
  });

  it("makes 160-bit secrets and a key URI the apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, "owner@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    // The shop's host name, the owner's own value (decision 0075).
    expect(uri.searchParams.get("issuer")).toBe(new URL(getEnv().appUrl).hostname);
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(uri.pathname)).toContain("owner@example.com");
  });
});
